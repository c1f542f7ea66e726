/**
 * The staff list sorted or filtered by status (issue 27, docs/benchmarks.md "List API ... varied
 * URLs"): at 100,000 users a page sorted by status was a sequential scan with an external sort
 * (445-470 ms), and the COUNT under a status filter a sequential scan (82 ms). The list orders
 * by the sort column and then the id, so (tenant_id, status, id) serves the sort, the filter and
 * its count. Sorting by name is served by users_tenant_name_id_idx (0008).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_tenant_status_id_idx on users (tenant_id, status, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_tenant_status_id_idx`.execute(db);
}

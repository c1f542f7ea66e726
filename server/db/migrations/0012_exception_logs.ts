/**
 * The exception log (menu 29, issue 16): one row per code the mobile app scanned in a batch
 * that was refused (unknown or another tenant's code, ship-out without stock-in, already bound).
 * The batch itself rolls back (all or nothing); its exception rows are written after, in their
 * own transaction, once per (tenant, batch id, code): a retry of the same batch adds nothing.
 *  - `kind`: ScanBatchKind (binding 1, stock 2, ship 3), `sheet_type`: LogisticSheetType (null
 *    for a binding); `error_code` the catalogue code answered, `reason` its data.key (ScanRefusal).
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create table exception_logs (
    id bigint generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    batch_id text not null,
    user_id integer references users (id) on delete set null,
    account text not null,
    kind smallint not null check (kind between 1 and 3),
    sheet_type smallint check (sheet_type between 1 and 6),
    code text not null,
    error_code integer not null,
    reason text not null,
    created_at timestamptz not null default now()
  )`,
  `create unique index exception_logs_batch_code_uq on exception_logs (tenant_id, batch_id, code)`,
  `create index exception_logs_tenant_created_idx on exception_logs (tenant_id, created_at)`,
];

const DOWN = [`drop table if exists exception_logs`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

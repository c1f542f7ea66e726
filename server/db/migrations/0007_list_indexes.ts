/**
 * Indexes for the default list order (createdAt desc, then id) of the staff and role lists,
 * found by `npm run bench` (docs/benchmarks.md): at 100,000 users the first page went from a
 * sort of the whole tenant to an index scan. A b-tree serves both directions.
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create index users_tenant_created_idx on users (tenant_id, created_at, id)`,
  `create index roles_tenant_created_idx on roles (tenant_id, created_at, id)`,
];
const DOWN = [`drop index roles_tenant_created_idx`, `drop index users_tenant_created_idx`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

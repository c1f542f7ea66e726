/**
 * Fast lists at depth (issue 10, section 5), on PostgreSQL and PGlite alike (PGlite is opened
 * with its pg_trgm extension bundle, db/index.ts createPglite):
 *  - pg_trgm GIN indexes for the keyword searches (`ILIKE '%text%'`, db/list.ts
 *    containsPattern) of the lists that grow large: staff, products, packaging materials,
 *    brands, roles, clients;
 *  - the staff list's sortable text columns as (tenant_id, lower(x), id), so a page, first or
 *    deep (db/list.ts keyset), is an index range scan in order.
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create extension if not exists pg_trgm`,
  `create index users_account_trgm_idx on users using gin (account gin_trgm_ops)`,
  `create index users_name_trgm_idx on users using gin (name gin_trgm_ops)`,
  `create index users_tenant_account_id_idx on users (tenant_id, lower(account), id)`,
  `create index users_tenant_name_id_idx on users (tenant_id, lower(name), id)`,
  `create index client_products_name_trgm_idx on client_products using gin (name gin_trgm_ops)`,
  `create index packaging_materials_name_trgm_idx on packaging_materials using gin (name gin_trgm_ops)`,
  `create index packaging_materials_no_trgm_idx on packaging_materials using gin (no gin_trgm_ops)`,
  `create index brands_name_trgm_idx on brands using gin (name gin_trgm_ops)`,
  `create index roles_name_trgm_idx on roles using gin (name gin_trgm_ops)`,
  `create index tenants_code_trgm_idx on tenants using gin (code gin_trgm_ops)`,
];
const DOWN = [
  `drop index tenants_code_trgm_idx`, `drop index roles_name_trgm_idx`, `drop index brands_name_trgm_idx`,
  `drop index packaging_materials_no_trgm_idx`, `drop index packaging_materials_name_trgm_idx`, `drop index client_products_name_trgm_idx`,
  `drop index users_tenant_name_id_idx`, `drop index users_tenant_account_id_idx`, `drop index users_name_trgm_idx`,
  `drop index users_account_trgm_idx`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

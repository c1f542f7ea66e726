/**
 * Distributors (menu 12) and suppliers (menu 13), issue 16: accounts of the tenant that sign in
 * (back office and the mobile app) with their own function flags instead of a role.
 *  - `users.role_id` may be null, for a supplier (type 3) or distributor (type 4) only: their
 *    menu follows from `app_functions` (SupplierFunction flags; C gives the logistics queries),
 *    never from a role;
 *  - `users.telephone`: the landline (the mobile is phone_country_code + phone); a partner
 *    holds at least one of them (1501);
 *  - `partner_warehouses`: the warehouses of the tenant a partner may scan into or ship from.
 *    A warehouse named there cannot be deleted (foreign key); a partner holding one cannot be
 *    deleted (1503).
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `alter table users alter column role_id drop not null`,
  `alter table users add constraint users_role_or_partner_ck check (role_id is not null or type in (3, 4))`,
  `alter table users add column telephone text`,
  `create index users_tenant_type_created_idx on users (tenant_id, type, created_at)`,
  `create table partner_warehouses (
    user_id integer not null references users (id) on delete cascade,
    warehouse_id integer not null references warehouses (id),
    tenant_id integer not null references tenants (id),
    primary key (user_id, warehouse_id)
  )`,
  `create index partner_warehouses_warehouse_idx on partner_warehouses (warehouse_id)`,
];

const DOWN = [
  `drop table if exists partner_warehouses`,
  `drop index if exists users_tenant_type_created_idx`,
  `alter table users drop column if exists telephone`,
  `delete from users where role_id is null`,
  `alter table users drop constraint if exists users_role_or_partner_ck`,
  `alter table users alter column role_id set not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

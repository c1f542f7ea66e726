/**
 * Logistics (issue 16): binding (factories, production lines, shifts, warehouses, package
 * ratios: menu ids 20-24), the state of a code in the supply chain, the scan batches of the
 * mobile app and the sheets and movements they write.
 *  - `code_logistics`: one row per code that the app has bound or moved, keyed like `codes`
 *    (package_id, seq); `parent_*` is the outer package it was packed into (the package ratio),
 *    `status` 1 in stock / 2 shipped with its current `warehouse_id`;
 *  - `scan_batches`: every batch the app posted, unique per tenant by the client's batch id, with
 *    the hash of its body and the answer given (a retry answers the same and changes nothing);
 *  - `logistic_sheets`: a stock-in or ship-out batch (LogisticSheetType), the stock (26) and
 *    ship (27) lists; `logistic_movements`: every code it moved, scanned or inside a scanned one.
 * Every row carries the client tenant that owns the code (code_packages.client_id).
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `alter table users add column app_functions smallint not null default 0`,

  `create table factories (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    name text not null,
    address text,
    enabled boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index factories_name_uq on factories (tenant_id, lower(name))`,
  `create index factories_tenant_created_idx on factories (tenant_id, created_at)`,

  `create table production_lines (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    factory_id integer not null references factories (id),
    name text not null,
    enabled boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index production_lines_name_uq on production_lines (factory_id, lower(name))`,
  `create index production_lines_tenant_created_idx on production_lines (tenant_id, created_at)`,

  `create table shifts (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    factory_id integer not null references factories (id),
    line_id integer not null references production_lines (id),
    name text not null,
    start_time text,
    end_time text,
    enabled boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index shifts_name_uq on shifts (line_id, lower(name))`,
  `create index shifts_factory_idx on shifts (factory_id)`,
  `create index shifts_tenant_created_idx on shifts (tenant_id, created_at)`,

  `create table warehouses (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    name text not null,
    type smallint not null check (type between 1 and 4),
    address text,
    enabled boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index warehouses_name_uq on warehouses (tenant_id, lower(name))`,
  `create index warehouses_tenant_created_idx on warehouses (tenant_id, created_at)`,

  `create table package_ratios (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    name text not null,
    level smallint not null check (level between 1 and 5),
    units jsonb not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index package_ratios_name_uq on package_ratios (tenant_id, lower(name))`,
  `create index package_ratios_tenant_created_idx on package_ratios (tenant_id, created_at)`,

  `create table code_logistics (
    package_id integer not null,
    seq integer not null,
    tenant_id integer not null references tenants (id),
    parent_package_id integer,
    parent_seq integer,
    level smallint,
    ratio_id integer references package_ratios (id),
    factory_id integer references factories (id),
    line_id integer references production_lines (id),
    shift_id integer references shifts (id),
    bound_at timestamptz,
    bound_by integer references users (id) on delete set null,
    status smallint not null default 0 check (status between 0 and 2),
    warehouse_id integer references warehouses (id),
    moved_at timestamptz,
    primary key (package_id, seq)
  )`,
  `create index code_logistics_parent_idx on code_logistics (parent_package_id, parent_seq) where parent_package_id is not null`,

  `create table scan_batches (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    batch_id text not null,
    user_id integer references users (id) on delete set null,
    kind smallint not null,
    body_hash text not null,
    answer jsonb,
    created_at timestamptz not null default now()
  )`,
  `create unique index scan_batches_batch_uq on scan_batches (tenant_id, batch_id)`,

  `create table logistic_sheets (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    batch_id integer not null references scan_batches (id),
    sheet_type smallint not null check (sheet_type between 1 and 6),
    warehouse_id integer not null references warehouses (id),
    to_warehouse_id integer references warehouses (id),
    user_id integer references users (id) on delete set null,
    account text not null,
    scanned_count integer not null,
    code_count integer not null,
    created_at timestamptz not null default now()
  )`,
  `create index logistic_sheets_tenant_created_idx on logistic_sheets (tenant_id, created_at)`,

  `create table logistic_movements (
    id bigint generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    sheet_id integer not null references logistic_sheets (id),
    package_id integer not null,
    seq integer not null,
    code text not null,
    scanned boolean not null,
    created_at timestamptz not null default now()
  )`,
  `create index logistic_movements_code_idx on logistic_movements (package_id, seq, created_at)`,
  `create index logistic_movements_sheet_idx on logistic_movements (sheet_id)`,
];

const DOWN = [
  `drop table if exists logistic_movements`,
  `drop table if exists logistic_sheets`,
  `drop table if exists scan_batches`,
  `drop table if exists code_logistics`,
  `drop table if exists package_ratios`,
  `drop table if exists warehouses`,
  `drop table if exists shifts`,
  `drop table if exists production_lines`,
  `drop table if exists factories`,
  `alter table users drop column if exists app_functions`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

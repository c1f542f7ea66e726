/**
 * The marketing module (issue 13, menu 6: layout 31, product info 32, banner 33, product master
 * 34, popular products 35, contact info 36). Every row belongs to a client tenant (tenant_id).
 *
 *  - marketing_layouts: at most one `current` and one `coming_soon` layout per tenant (slot);
 *    the coming-soon one carries its effective instant (`effective_at`, UTC) and the zone it was
 *    entered in; once that instant has passed it is the live layout (and replaces the current
 *    one at the next write). Page layout A/B/C, one of the 11 colours, logo, navigator and
 *    query-page flags, scan messages, privacy information, copyright, and the safe scan count
 *    (a code scanned more often shows the exception message);
 *  - marketing_settings: one row per tenant: the title display name per language;
 *  - marketing_brand_products: the "product info" of a brand product (brand_products, menu 19):
 *    enable, currency and price, names per language, first-page flags, qualification. A brand
 *    product with such a row is "completed in product info" (banners need one);
 *  - marketing_banners: a brand product's banner in force from..to, its two images;
 *  - marketing_categories / marketing_products: the product master (names per language, enable,
 *    image); a product belongs to one category, which cannot be deleted while it has products;
 *  - marketing_popular_products: a product shown as popular in a period (one row per product);
 *  - marketing_contacts: one row per tenant: company, more-info links (at most 4) and platforms.
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create table marketing_layouts (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    slot text not null check (slot in ('current', 'coming_soon')),
    effective_at timestamptz,
    timezone_id integer,
    layout smallint not null check (layout in (1, 2, 4)),
    color_code text not null,
    logo_url text,
    navigator_functions smallint not null check (navigator_functions between 0 and 7),
    query_page_functions smallint not null check (query_page_functions between 0 and 15),
    scan_general_message text not null default '',
    scan_exception_message text not null default '',
    privacy_title text not null default '',
    privacy_content text not null default '',
    privacy_version integer not null default 1,
    privacy_force boolean not null default false,
    copyright text not null default '',
    safe_scan_count integer not null default 10 check (safe_scan_count >= 1),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (slot = 'current' or effective_at is not null)
  )`,
  `create unique index marketing_layouts_slot_uq on marketing_layouts (tenant_id, slot)`,

  `create table marketing_settings (
    tenant_id integer primary key references tenants (id),
    title_display_name jsonb not null default '{}',
    updated_at timestamptz not null default now()
  )`,

  `create table marketing_brand_products (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    brand_product_id integer not null references brand_products (id) on delete cascade,
    enable boolean not null default true,
    currency text not null,
    price numeric(12, 2) not null check (price >= 0),
    names jsonb not null default '{}',
    first_page smallint not null default 0 check (first_page between 0 and 15),
    qualification smallint not null check (qualification in (1, 2, 3)),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index marketing_brand_products_uq on marketing_brand_products (brand_product_id)`,
  `create index marketing_brand_products_tenant_idx on marketing_brand_products (tenant_id, created_at)`,

  `create table marketing_banners (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    brand_product_id integer not null references brand_products (id) on delete cascade,
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    timezone_id integer not null,
    image_small text not null,
    image_large text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (ends_at >= starts_at)
  )`,
  `create index marketing_banners_tenant_idx on marketing_banners (tenant_id, starts_at, ends_at)`,
  `create index marketing_banners_product_idx on marketing_banners (brand_product_id)`,

  `create table marketing_categories (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    names jsonb not null,
    enable boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index marketing_categories_tenant_idx on marketing_categories (tenant_id, created_at)`,

  `create table marketing_products (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    category_id integer not null references marketing_categories (id),
    names jsonb not null,
    image text,
    enable boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index marketing_products_tenant_idx on marketing_products (tenant_id, created_at)`,
  `create index marketing_products_category_idx on marketing_products (category_id)`,

  `create table marketing_popular_products (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    product_id integer not null references marketing_products (id) on delete cascade,
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    timezone_id integer not null,
    names jsonb not null default '{}',
    price numeric(12, 2) check (price >= 0),
    currency text,
    url text,
    image text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (ends_at >= starts_at)
  )`,
  `create unique index marketing_popular_products_uq on marketing_popular_products (product_id)`,
  `create index marketing_popular_products_tenant_idx on marketing_popular_products (tenant_id, starts_at, ends_at)`,

  `create table marketing_contacts (
    tenant_id integer primary key references tenants (id),
    company jsonb not null default '{}',
    more_info jsonb not null default '[]',
    platforms jsonb not null default '[]',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
];

const DOWN = [
  `drop table if exists marketing_contacts`,
  `drop table if exists marketing_popular_products`,
  `drop table if exists marketing_products`,
  `drop table if exists marketing_categories`,
  `drop table if exists marketing_banners`,
  `drop table if exists marketing_brand_products`,
  `drop table if exists marketing_settings`,
  `drop table if exists marketing_layouts`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

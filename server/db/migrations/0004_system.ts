/**
 * System module: client accounts (the client fields of a tenant, its soft deletion with a
 * reason), announcement categories, other settings and typed text-key entries (other
 * settings and help documents, SPEC.md 3 "Text key entries").
 *
 * The tenant's forgot-password hint, logo and login background move from tenants columns to
 * text-key rows (copied, then the columns dropped): one place holds them.
 * A client code is unique whatever its case (it is the tenant code of /login?code=).
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  // --- Clients (tenants of type 2) ---
  `alter table tenants add column status smallint not null default 1 check (status in (1, 2))`,
  `alter table tenants add column proxy_type smallint not null default 1 check (proxy_type in (1, 2))`,
  `alter table tenants add column layouts integer not null default 1 check (layouts between 0 and 7)`,
  `alter table tenants add column domain_type smallint not null default 1 check (domain_type in (1, 2, 3))`,
  `alter table tenants add column domain text`,
  `alter table tenants add column contacts jsonb not null default '{}'::jsonb`,
  `alter table tenants add column country_id integer`,
  `alter table tenants add column address text`,
  `alter table tenants add column activation_code_hash text`,
  `alter table tenants add column delete_reason text`,
  `create unique index tenants_code_lower_uq on tenants (lower(code))`,
  `create index tenants_type_created_idx on tenants (type, created_at) where deleted_at is null`,

  // --- Announcement categories ---
  `create table announcement_categories (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    names jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index announcement_categories_tenant_idx on announcement_categories (tenant_id, created_at)`,
  `alter table announcements add constraint announcements_category_id_fkey foreign key (category_id) references announcement_categories (id)`,
  `create index announcements_category_idx on announcements (category_id)`,
  `create index announcements_tenant_created_idx on announcements (tenant_id, created_at)`,

  // --- Other settings and text keys ---
  `create table other_settings (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index other_settings_tenant_uq on other_settings (tenant_id)`,
  `create table text_keys (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    key text not null,
    type smallint not null check (type between 1 and 5),
    lang text check (lang in ('zh_TW', 'zh_CN', 'en')),
    value text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index text_keys_tenant_key_lang_uq on text_keys (tenant_id, key, lang) nulls not distinct`,

  // The settings kept on tenants so far become text keys.
  `insert into other_settings (tenant_id)
    select id from tenants where forgot_password_hint is not null or logo_url is not null or login_background_url is not null`,
  `insert into text_keys (tenant_id, key, type, value)
    select id, 'other.forgotPasswordHint', 2, forgot_password_hint from tenants where forgot_password_hint is not null`,
  `insert into text_keys (tenant_id, key, type, value)
    select id, 'other.logo', 5, logo_url from tenants where logo_url is not null`,
  `insert into text_keys (tenant_id, key, type, value)
    select id, 'other.loginBackground', 5, login_background_url from tenants where login_background_url is not null`,
  `alter table tenants drop column forgot_password_hint`,
  `alter table tenants drop column logo_url`,
  `alter table tenants drop column login_background_url`,
];

const DOWN = [
  `alter table tenants add column forgot_password_hint text`,
  `alter table tenants add column logo_url text`,
  `alter table tenants add column login_background_url text`,
  `update tenants t set forgot_password_hint = k.value from text_keys k where k.tenant_id = t.id and k.key = 'other.forgotPasswordHint'`,
  `update tenants t set logo_url = k.value from text_keys k where k.tenant_id = t.id and k.key = 'other.logo'`,
  `update tenants t set login_background_url = k.value from text_keys k where k.tenant_id = t.id and k.key = 'other.loginBackground'`,
  `drop table if exists text_keys`,
  `drop table if exists other_settings`,
  `drop index if exists announcements_tenant_created_idx`,
  `drop index if exists announcements_category_idx`,
  `alter table announcements drop constraint if exists announcements_category_id_fkey`,
  `drop table if exists announcement_categories`,
  `drop index if exists tenants_type_created_idx`,
  `drop index if exists tenants_code_lower_uq`,
  ...['delete_reason', 'activation_code_hash', 'address', 'country_id', 'contacts', 'domain', 'domain_type', 'layouts', 'proxy_type', 'status']
    .map((c) => `alter table tenants drop column ${c}`),
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

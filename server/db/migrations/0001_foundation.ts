/**
 * Foundation: tenants, roles, users, sessions, server secrets, and the two tables the home
 * page reads before later issues write them (announcements, export_reports).
 * Plain SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept; one statement per
 * call because PGlite's extended protocol takes a single statement.
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create table tenants (
    id integer generated always as identity primary key,
    code text not null,
    type smallint not null check (type in (1, 2)),
    names jsonb not null default '{}'::jsonb,
    function_flags integer not null default 0,
    default_language text not null default 'zh_TW',
    excluded_menu_ids jsonb not null default '[]'::jsonb,
    forgot_password_hint text,
    logo_url text,
    login_background_url text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index tenants_code_uq on tenants (code)`,

  `create table roles (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    name text not null,
    type smallint not null check (type in (1, 2)),
    functions jsonb not null default '[]'::jsonb,
    manage_clients boolean not null default false,
    manage_brands boolean not null default false,
    app_stock boolean not null default false,
    customers jsonb not null default '[]'::jsonb,
    brands jsonb not null default '[]'::jsonb,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index roles_tenant_idx on roles (tenant_id)`,

  `create table users (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    account text not null,
    name text not null,
    type smallint not null check (type between 1 and 4),
    status smallint not null default 1 check (status in (1, 2, 3)),
    role_id integer not null references roles (id),
    mima_hash text not null,
    mima_status smallint not null default 2 check (mima_status in (1, 2)),
    mima_changed_at timestamptz not null default now(),
    failed_signins integer not null default 0,
    phone_country_code text,
    phone text,
    email text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index users_tenant_account_uq on users (tenant_id, lower(account))`,
  `create index users_role_idx on users (role_id)`,

  `create table sessions (
    id integer generated always as identity primary key,
    token_hash text not null,
    user_id integer not null references users (id) on delete cascade,
    tenant_id integer not null references tenants (id),
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`,
  `create unique index sessions_token_hash_uq on sessions (token_hash)`,
  `create index sessions_user_idx on sessions (user_id)`,
  `create index sessions_expires_idx on sessions (expires_at)`,

  `create table server_secrets (
    name text primary key,
    value text not null
  )`,

  `create table announcements (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    category_id integer,
    contents jsonb not null default '{}'::jsonb,
    start_time timestamptz not null,
    end_time timestamptz,
    timezone_id integer,
    target smallint not null check (target between 1 and 5),
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index announcements_tenant_time_idx on announcements (tenant_id, start_time desc)`,

  `create table export_reports (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    user_id integer not null references users (id),
    function_type integer not null,
    progress integer not null default 0,
    status smallint not null default 1,
    downloaded boolean not null default false,
    file_url text,
    created_at timestamptz not null default now()
  )`,
  `create index export_reports_pending_idx on export_reports (tenant_id) where progress = 100 and downloaded = false`,
];

const DOWN = ['export_reports', 'announcements', 'server_secrets', 'sessions', 'users', 'roles', 'tenants'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of DOWN) await sql.raw(`drop table if exists ${table}`).execute(db);
}

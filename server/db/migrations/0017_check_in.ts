/**
 * Check-in activities (issue 15, menu 51): a tenant's named period (in a time zone) during
 * which members check in once a day; `required_days` check-ins complete it. `entries` holds one
 * picture-and-text entry per required day, in day order: [{ image, text }] (1 to 60 entries,
 * as many as required_days). Rules: src/domain/activity/checkIn.ts.
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create table check_in_activities (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    name text not null,
    timezone_id integer not null,
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    enable boolean not null default true,
    required_days smallint not null check (required_days between 1 and 60),
    entries jsonb not null default '[]',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (ends_at > starts_at)
  )`,
  `create index check_in_activities_tenant_idx on check_in_activities (tenant_id, created_at)`,
];

const DOWN = [`drop table if exists check_in_activities`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

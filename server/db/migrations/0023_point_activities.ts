/**
 * Point activities (issue 15, menu 50; src/domain/activity/pointActivity.ts):
 *  - point_activities: one activity of a client tenant; the period is two calendar dates in the
 *    activity's zone; qualification ({ product } | { order } | { shipment }, as the lottery's)
 *    and reward_rules ([{ type, value, probability }]) as jsonb;
 *  - member_points.point_activity_id: the ledger rows an activity credited (type ScanCode 1,
 *    the scan that earned them). The code's "once per code" index of the member settings'
 *    reward now covers only rows without an activity, and a code earns once per activity
 *    (point_activity_id, code), whoever scans it: two scans at once, one credit.
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create table point_activities (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    name text not null,
    enable boolean not null default true,
    enter_limit_hours integer not null default 0,
    timezone_id integer not null,
    from_date date not null,
    to_date date not null,
    image_url text,
    expiry_type smallint not null check (expiry_type between 1 and 2),
    expiry_date date,
    expiry_days integer,
    description text,
    qualification_text text,
    notice text,
    icon smallint not null check (icon between 1 and 2),
    qualification_type smallint not null check (qualification_type between 1 and 3),
    qualification jsonb not null default '{}',
    reward_rules jsonb not null default '[]',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index point_activities_tenant_created_idx on point_activities (tenant_id, created_at)`,
  `alter table member_points add column point_activity_id integer references point_activities (id)`,
  `drop index member_points_code_uq`,
  `create unique index member_points_code_uq on member_points (tenant_id, code) where type = 1 and point_activity_id is null`,
  `create unique index member_points_activity_code_uq on member_points (point_activity_id, code) where point_activity_id is not null`,
  `create index member_points_activity_member_idx on member_points (point_activity_id, member_id, created_at) where point_activity_id is not null`,
];

const DOWN = [
  `drop index if exists member_points_activity_member_idx`,
  `drop index if exists member_points_activity_code_uq`,
  `delete from member_points where point_activity_id is not null`,
  `drop index if exists member_points_code_uq`,
  `create unique index member_points_code_uq on member_points (tenant_id, code) where type = 1`,
  `alter table member_points drop column if exists point_activity_id`,
  `drop table if exists point_activities`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

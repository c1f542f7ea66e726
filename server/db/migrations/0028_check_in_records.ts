/**
 * Shoppers' check-ins (issue 29): what a check-in activity grants (points_per_day on every
 * check-in, completion_points once on the check-in that reaches required_days) and one row per
 * member, activity and day in the activity's zone (`day`, unique: twice a day, or in parallel,
 * grants once), with the streak and points of that check-in. Points go to member_points as the
 * new PointChangeLogType CheckIn 6 (the type check widens to 1..6).
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `alter table check_in_activities
    add column points_per_day integer not null default 0 check (points_per_day between 0 and 100000),
    add column completion_points integer not null default 0 check (completion_points between 0 and 1000000)`,
  `create table check_in_records (
    id bigint generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    activity_id integer not null references check_in_activities (id) on delete cascade,
    member_id integer not null references members (id),
    day date not null,
    streak integer not null check (streak >= 1),
    points integer not null check (points >= 0),
    checked_at timestamptz not null,
    constraint check_in_records_day_uq unique (activity_id, member_id, day)
  )`,
  `create index check_in_records_member_idx on check_in_records (member_id, activity_id, day desc)`,
  `create index check_in_records_activity_idx on check_in_records (tenant_id, activity_id, checked_at)`,
  `alter table member_points drop constraint if exists member_points_type_check`,
  `alter table member_points add constraint member_points_type_check check (type between 1 and 6)`,
];

const DOWN = [
  `alter table member_points drop constraint if exists member_points_type_check`,
  `alter table member_points add constraint member_points_type_check check (type between 1 and 5)`,
  `drop table if exists check_in_records`,
  `alter table check_in_activities drop column if exists points_per_day, drop column if exists completion_points`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

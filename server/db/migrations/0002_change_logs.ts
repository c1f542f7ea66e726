/**
 * The schema engine: the change log of every write (change_logs), soft deletion of tenants
 * (an active client is a client tenant without deleted_at), and export reports that outlive
 * the user who asked for them (deleting an employee keeps the tenant's reports).
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create table change_logs (
    id bigint generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    user_id integer references users (id) on delete set null,
    account text not null,
    resource text not null,
    resource_id text not null,
    action text not null check (action in ('create', 'update', 'delete')),
    before jsonb,
    after jsonb,
    created_at timestamptz not null default now()
  )`,
  `create index change_logs_tenant_time_idx on change_logs (tenant_id, created_at)`,
  `create index change_logs_resource_idx on change_logs (tenant_id, resource, resource_id)`,

  `alter table tenants add column deleted_at timestamptz`,

  `alter table export_reports alter column user_id drop not null`,
  `alter table export_reports drop constraint export_reports_user_id_fkey`,
  `alter table export_reports add constraint export_reports_user_id_fkey foreign key (user_id) references users (id) on delete set null`,
];

const DOWN = [
  `alter table export_reports drop constraint export_reports_user_id_fkey`,
  `delete from export_reports where user_id is null`,
  `alter table export_reports alter column user_id set not null`,
  `alter table export_reports add constraint export_reports_user_id_fkey foreign key (user_id) references users (id)`,
  `alter table tenants drop column deleted_at`,
  `drop table if exists change_logs`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

/**
 * The export-job machinery (server/jobs): a durable queue in the database and the export
 * report columns the download screen (menu 42) shows.
 *
 * `jobs` is claimed with `FOR UPDATE SKIP LOCKED` (PostgreSQL and PGlite alike): a worker
 * takes a job by setting a lease (`lock_token`, `locked_until`) and renews it while the
 * handler runs; a job whose lease ran out (its process died) is taken again until
 * `max_attempts`, then ends in Error with a message. Status values are those of
 * ReportExportStatus: Preparing 1 (queued), Processing 2, Completed 3, Error 4.
 *
 * export_reports gains the file (its storage key, never public, and the name shown), the
 * failure message and the job that writes it.
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `alter table export_reports add column file_name text`,
  `alter table export_reports add column file_key text`,
  `alter table export_reports add column message text`,
  `alter table export_reports add column updated_at timestamptz not null default now()`,
  `create index export_reports_tenant_created_idx on export_reports (tenant_id, created_at desc)`,

  `create table jobs (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    user_id integer references users (id) on delete set null,
    category integer not null,
    payload jsonb not null default '{}'::jsonb,
    status smallint not null default 1 check (status between 1 and 4),
    progress integer not null default 0 check (progress between 0 and 100),
    attempts integer not null default 0,
    max_attempts integer not null default 3 check (max_attempts >= 1),
    run_after timestamptz not null default now(),
    lock_token text,
    locked_until timestamptz,
    report_id integer references export_reports (id) on delete set null,
    result jsonb,
    message text,
    created_at timestamptz not null default now(),
    started_at timestamptz,
    finished_at timestamptz,
    updated_at timestamptz not null default now()
  )`,
  // What a worker looks for: queued jobs that are due, running jobs whose lease ran out.
  `create index jobs_queued_idx on jobs (run_after, id) where status = 1`,
  `create index jobs_running_idx on jobs (locked_until) where status = 2`,
  `create index jobs_tenant_idx on jobs (tenant_id, id)`,
  `create index jobs_report_idx on jobs (report_id)`,
];

const DOWN = [
  `drop table if exists jobs`,
  `drop index if exists export_reports_tenant_created_idx`,
  ...['updated_at', 'message', 'file_key', 'file_name'].map((c) => `alter table export_reports drop column if exists ${c}`),
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

/**
 * Issue 25, nothing grows forever: the indexes the retention clean-up (server/ops/retention.ts)
 * scans by, so an hourly run over millions of rows reads only what it removes
 * (sessions (expires_at) has its index since 0001).
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create index export_reports_finished_created_idx on export_reports (created_at) where status in (3, 4)`,
  `create index jobs_finished_idx on jobs (finished_at) where status in (3, 4)`,
  `create index sessions_last_seen_idx on sessions (last_seen_at)`,
  `create index member_sessions_expires_idx on member_sessions (expires_at)`,
  `create index member_otps_expires_idx on member_otps (expires_at)`,
];

const DOWN = [
  `drop index if exists member_otps_expires_idx`,
  `drop index if exists member_sessions_expires_idx`,
  `drop index if exists sessions_last_seen_idx`,
  `drop index if exists jobs_finished_idx`,
  `drop index if exists export_reports_finished_created_idx`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

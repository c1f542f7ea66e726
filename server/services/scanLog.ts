/**
 * The app's scans into the scan log (issue 27): a scan_logs row per scanned code, counted in
 * code_scan_counts (migrations/0030_scan_log_partitions.ts), so the count a shopper sees on the
 * consumer page (services/consumerScan.ts) includes the app's scans without counting the log.
 * Three CTEs for the batch's one write statement (services/appBinding.ts,
 * appSheet.ts): both rows or neither. Counter rows are taken in (package, seq) order, so two
 * batches sharing codes cannot deadlock on them.
 */
import { sql } from 'kysely';
import { ScanLogType, ScanSource } from '../../src/domain/enums';
import { COUNT_SCANS } from './scanCounter';

export interface AppScan {
  tenantId: number;
  userId: number;
  /** The codes scanned, each once. */
  codes: { package_id: number; seq: number; code: string }[];
  location: string;
  at: Date;
}

/** `app_scans`, `app_scan_logs`, `app_scan_counts`: the CTEs that log and count the scans. */
export function appScanCtes(scan: AppScan) {
  return sql`app_scans as (
      select * from unnest(${scan.codes.map((c) => c.package_id)}::integer[], ${scan.codes.map((c) => c.seq)}::integer[], ${scan.codes.map((c) => c.code)}::text[]) as u(p, s, c)
    ),
    app_scan_logs as (
      insert into scan_logs (tenant_id, package_id, seq, code, source, type, scanned_at, location, user_id)
      select ${scan.tenantId}::integer, u.p, u.s, u.c, ${ScanSource.App}::smallint, ${ScanLogType.Mobile}::smallint, ${scan.at}::timestamptz, ${scan.location}::text, ${scan.userId}::integer
      from app_scans u
    ),
    app_scan_counts as (
      insert into code_scan_counts as k (package_id, seq, scans, last_at, last_location, last_latitude, last_longitude)
      select u.p, u.s, count(*), ${scan.at}::timestamptz, ${scan.location}::text, null, null from app_scans u group by u.p, u.s order by u.p, u.s
      ${COUNT_SCANS}
    )`;
}

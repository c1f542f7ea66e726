/**
 * How a scan is counted in code_scan_counts (migrations/0030_scan_log_partitions.ts), for both
 * writers: the shopper's scans (services/scanBatch.ts) and the app's (services/scanLog.ts).
 * Each inserts `(package_id, seq, scans, last_at, last_location, last_latitude, last_longitude)`
 * as `k`, one row per code, and ends with this clause: the count grows by the row's scans, the
 * latest scan becomes the one before it (prev_*, which the statement can read back: RETURNING
 * shows the new row only), and the new latest takes its place.
 */
import { sql } from 'kysely';

export const COUNT_SCANS = sql`
  on conflict (package_id, seq) do update set scans = k.scans + excluded.scans,
    prev_at = k.last_at, prev_location = k.last_location, prev_latitude = k.last_latitude, prev_longitude = k.last_longitude,
    last_at = excluded.last_at, last_location = excluded.last_location, last_latitude = excluded.last_latitude, last_longitude = excluded.last_longitude`;

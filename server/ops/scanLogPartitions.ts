/**
 * The scan log's months (issue 27; the partitions: migrations/0030_scan_log_partitions.ts), kept
 * by the hourly clean-up (ops/retention.ts) in a transaction of their own:
 *
 * - the current month and the next MONTHS_AHEAD each have their partition before a scan lands
 *   there (rows that reached scan_logs_default for a month created now move into it);
 * - with SCAN_LOG_RETENTION_MONTHS = n > 0, the months that ended before the last n full months
 *   and the current one are dropped whole (and older rows of the default partition deleted):
 *   a scan stays at least n months. 0 (the default) keeps every scan. The counts a shopper sees
 *   (code_scan_counts) stay: a code scanned before keeps its number.
 *
 * DDL takes the table's lock: it waits at most LOCK_TIMEOUT for running scans, else the run
 * gives up and the next hour tries again (the default partition takes the month meanwhile).
 */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/index';
import type { Database } from '../db/schema';

const MONTHS_AHEAD = 3;
const LOCK_TIMEOUT = '2s';
const PARTITION_LOCK = 25_250_027;

export interface ScanLogMonths { created: string[]; dropped: string[]; deleted: number }

const monthStart = (d: Date, add = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));
const nameOf = (start: Date) => `scan_logs_y${start.getUTCFullYear()}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
const NAME = /^scan_logs_y(\d{4})m(\d{2})$/;

async function monthPartitions(trx: Transaction<Database>): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'scan_logs'::regclass`.execute(trx);
  return rows.rows.map((r) => r.name).filter((n) => NAME.test(n));
}

async function createMonth(trx: Transaction<Database>, start: Date): Promise<void> {
  const end = monthStart(start, 1);
  const name = nameOf(start);
  const range = sql`scanned_at >= ${start.toISOString()}::timestamptz and scanned_at < ${end.toISOString()}::timestamptz`;
  // Rows of that month in the default partition would make the new partition's bounds fail: they move.
  await sql`create temporary table scan_logs_moving on commit drop as
    with moved as (delete from scan_logs_default where ${range} returning *) select * from moved`.execute(trx);
  await sql.raw(`create table ${name} partition of scan_logs for values from ('${start.toISOString()}') to ('${end.toISOString()}')`).execute(trx);
  await sql`insert into scan_logs overriding system value select * from scan_logs_moving`.execute(trx);
  await sql`drop table scan_logs_moving`.execute(trx);
}

/** Creates the coming months and drops those past the retention; once across nodes (advisory lock). */
export async function maintainScanLogMonths(db: Db, retentionMonths: number, now = new Date()): Promise<ScanLogMonths | null> {
  return db.transaction().execute(async (trx) => {
    const lock = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(${sql.raw(String(PARTITION_LOCK))}) as got`.execute(trx);
    if (!lock.rows[0]?.got) return null;
    await sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`).execute(trx);
    const existing = new Set(await monthPartitions(trx));
    const out: ScanLogMonths = { created: [], dropped: [], deleted: 0 };
    for (let i = 0; i <= MONTHS_AHEAD; i++) {
      const start = monthStart(now, i);
      if (existing.has(nameOf(start))) continue;
      await createMonth(trx, start);
      out.created.push(nameOf(start));
    }
    if (retentionMonths > 0) {
      const cutoff = monthStart(now, -retentionMonths);
      for (const name of existing) {
        const [, y, m] = NAME.exec(name)!;
        if (monthStart(new Date(Date.UTC(Number(y), Number(m) - 1, 1)), 1) <= cutoff) {
          await sql.raw(`drop table ${name}`).execute(trx);
          out.dropped.push(name);
        }
      }
      const deleted = await sql`delete from scan_logs_default where scanned_at < ${cutoff.toISOString()}::timestamptz`.execute(trx);
      out.deleted = Number(deleted.numAffectedRows ?? 0);
    }
    return out;
  });
}

/**
 * The scan log's months (issue 27; migrations/0030_scan_log_partitions.ts,
 * server/ops/scanLogPartitions.ts): the maintenance creates the coming months (moving rows that
 * reached the default partition into their month), and with SCAN_LOG_RETENTION_MONTHS = n drops
 * the months older than n full months whole; the counts shoppers see (code_scan_counts) stay.
 * The app's scans count into code_scan_counts in their batch's statement (services/scanLog.ts).
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { maintainScanLogMonths } from '../../server/ops/scanLogPartitions';
import { type AppScan, appScanCtes } from '../../server/services/scanLog';
import { describeApi } from './harness';

const monthStart = (d: Date, add = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));
const nameOf = (d: Date) => `scan_logs_y${d.getUTCFullYear()}m${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

describeApi('The scan log by month', (h) => {
  const partitionOf = async (code: string) => (await sql<{ p: string }>`select tableoid::regclass::text as p from scan_logs where code = ${code}`.execute(h.db)).rows.map((r) => r.p);
  const months = async () => (await sql<{ n: string }>`select c.relname as n from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'scan_logs'::regclass`.execute(h.db)).rows.map((r) => r.n);

  it('creates the coming months ahead, moving rows the default partition took meanwhile', async () => {
    const tenantId = await h.tenantId('demo');
    const now = new Date();
    const later = monthStart(now, 8);
    // A scan dated in a month that has no partition yet lands in the default one.
    await h.db.insertInto('scan_logs').values({ tenant_id: tenantId, package_id: 900_001, seq: 1, code: 'MONTHS-LATER', source: 1, type: 1, scanned_at: new Date(later.getTime() + 3_600_000) }).execute();
    expect(await partitionOf('MONTHS-LATER')).toEqual(['scan_logs_default']);
    const done = await maintainScanLogMonths(h.db, 0, monthStart(now, 6));
    expect(done?.created).toEqual(expect.arrayContaining([nameOf(later)]));
    expect(await partitionOf('MONTHS-LATER')).toEqual([nameOf(later)]);
    expect(await months()).toEqual(expect.arrayContaining([nameOf(now), nameOf(monthStart(now, 1)), nameOf(monthStart(now, 9))]));
    // Run again: nothing left to create.
    expect((await maintainScanLogMonths(h.db, 0, monthStart(now, 6)))?.created).toEqual([]);
  });

  it('drops the months past the retention whole, and keeps the counts', async () => {
    const tenantId = await h.tenantId('demo');
    const now = new Date();
    const old = monthStart(now, -14);
    await maintainScanLogMonths(h.db, 0, old); // that month's partition, as it was created back then
    await h.db.insertInto('scan_logs').values({ tenant_id: tenantId, package_id: 900_002, seq: 1, code: 'MONTHS-OLD', source: 1, type: 1, scanned_at: new Date(old.getTime() + 3_600_000) }).execute();
    await h.db.insertInto('scan_logs').values({ tenant_id: tenantId, package_id: 900_002, seq: 2, code: 'MONTHS-RECENT', source: 1, type: 1, scanned_at: new Date(monthStart(now, -2).getTime() + 3_600_000) }).execute();
    await h.db.insertInto('code_scan_counts').values({ package_id: 900_002, seq: 1, scans: 1, last_at: old }).execute();
    expect(await partitionOf('MONTHS-OLD')).toEqual([nameOf(old)]);

    // 0 keeps everything.
    expect((await maintainScanLogMonths(h.db, 0, now))?.dropped).toEqual([]);
    const done = await maintainScanLogMonths(h.db, 6, now);
    expect(done?.dropped).toContain(nameOf(old));
    expect(await months()).not.toContain(nameOf(old));
    expect(await partitionOf('MONTHS-OLD')).toEqual([]);
    expect((await partitionOf('MONTHS-RECENT')).length).toBe(1);
    const kept = await h.db.selectFrom('code_scan_counts').select('scans').where('package_id', '=', 900_002).where('seq', '=', 1).executeTakeFirstOrThrow();
    expect(Number(kept.scans)).toBe(1);
  });

  it('counts the app\'s scans with the log rows, in one statement', async () => {
    const tenantId = await h.tenantId('demo');
    const user = await h.signedInUser({ tenant: 'demo' });
    const codes = [{ package_id: 900_003, seq: 1, code: 'APP-1' }, { package_id: 900_003, seq: 2, code: 'APP-2' }];
    const append = (scan: AppScan) => sql`with ${appScanCtes(scan)} select 1`.execute(h.db);
    await append({ tenantId, userId: user.id, codes, location: 'Plant / Line 1', at: new Date() });
    await append({ tenantId, userId: user.id, codes: codes.slice(0, 1), location: 'Store', at: new Date() });
    const counts = await h.db.selectFrom('code_scan_counts').select(['seq', 'scans', 'last_location', 'prev_location']).where('package_id', '=', 900_003).orderBy('seq').execute();
    expect(counts.map((c) => ({ ...c, scans: Number(c.scans) }))).toEqual([
      { seq: 1, scans: 2, last_location: 'Store', prev_location: 'Plant / Line 1' },
      { seq: 2, scans: 1, last_location: 'Plant / Line 1', prev_location: null },
    ]);
    const logs = await h.db.selectFrom('scan_logs').select(['seq', 'source', 'user_id']).where('package_id', '=', 900_003).orderBy('id').execute();
    expect(logs).toEqual([{ seq: 1, source: 2, user_id: user.id }, { seq: 2, source: 2, user_id: user.id }, { seq: 1, source: 2, user_id: user.id }]);
  });
});

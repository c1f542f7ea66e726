/**
 * The shoppers' scans written together (issue 27, services/scanBatch.ts and scanQueue.ts), on
 * both databases:
 *  - one statement with several scans of one code, another code and an unknown one: each scan
 *    its own number in the order they came, the scan before each the one before it (its place),
 *    the code's product on every answer, nothing recorded for the unknown code, one log row per
 *    scan and the counter equal to the log;
 *  - a burst through the queue (more scans than statement slots): every count distinct and
 *    gap-free, and each answer's "scan before" the place of the scan counted just before it;
 *  - a scan the database refuses fails alone: the others of its statement are answered and
 *    recorded.
 */
import { expect, it } from 'vitest';
import { recordScans, type ScanInput, type ScanRow } from '../../server/services/scanBatch';
import { queuedScan } from '../../server/services/scanQueue';
import { ScanLogType } from '../../src/domain/enums';
import { describeApi } from './harness';
import { brandProduct, generatedCodes, marketingClient } from './marketingSetup';

describeApi('The shoppers\' scans written together', (h) => {
  const scan = (tenantId: number, code: string, lat: number | null): ScanInput => ({ tenantId, code, userAgent: 'test', ip: '127.0.0.1', type: ScanLogType.PC, lat, lng: lat === null ? null : 121.5 });
  const logRows = (code: string) => h.db.selectFrom('scan_logs').select(['latitude', 'longitude']).where('code', '=', code).orderBy('id').execute();
  const counter = async (code: string) => {
    const row = await h.db.selectFrom('code_scan_counts as k').innerJoin('codes as c', (j) => j.onRef('c.package_id', '=', 'k.package_id').onRef('c.seq', '=', 'k.seq'))
      .select('k.scans').where('c.code', '=', code).executeTakeFirst();
    return row ? Number(row.scans) : 0;
  };

  it('numbers the scans of one statement in their order, each after the one before it', async () => {
    const c = await marketingClient(h);
    const bp = await brandProduct(h, c.id, 'Green tea');
    const [x, y] = await generatedCodes(h, c.id, 2, bp.id);
    // x scanned once before, with a place.
    const [before] = await recordScans(h.db, [scan(c.id, x, 10)]);
    expect(Number(before!.scans)).toBe(1);

    const answers = await recordScans(h.db, [scan(c.id, x, 11), scan(c.id, y, 20), scan(c.id, x, null), scan(c.id, 'NOT-A-CODE', 30), scan(c.id, x, 13)]);
    const seen = answers.map((a) => a && { scans: Number(a.scans), lat: a.prev_latitude, at: a.prev_at !== null, product: a.brand_product_id });
    expect(seen).toEqual([
      { scans: 2, lat: 10, at: true, product: bp.id },
      { scans: 1, lat: null, at: false, product: bp.id },
      { scans: 3, lat: 11, at: true, product: bp.id },
      undefined,
      { scans: 4, lat: null, at: true, product: bp.id },
    ]);
    expect((await logRows(x)).map((r) => r.latitude)).toEqual([10, 11, null, 13]);
    expect(await counter(x)).toBe(4);
    expect(await counter(y)).toBe(1);
    expect(await logRows('NOT-A-CODE')).toEqual([]);

    // The next statement's first scan of x follows the last one here.
    const [next] = await recordScans(h.db, [scan(c.id, x, 14)]);
    expect({ scans: Number(next!.scans), lat: next!.prev_latitude }).toEqual({ scans: 5, lat: 13 });
  });

  it('gives every scan of a burst its own number and the place of the scan counted before it', async () => {
    const c = await marketingClient(h);
    const [code, other] = await generatedCodes(h, c.id, 2);
    const places = Array.from({ length: 40 }, (_, i) => i + 1);
    // All at once, more than the statement slots: some go together.
    const answers = await Promise.all(places.map((lat, i) => queuedScan(h.db, scan(c.id, i % 4 === 3 ? other : code, lat))));
    const mine = answers.flatMap((a, i) => (i % 4 === 3 ? [] : [{ row: a as ScanRow, lat: places[i] }]));
    const byCount = new Map(mine.map((m) => [Number(m.row.scans), m]));
    expect([...byCount.keys()].sort((p, q) => p - q)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const [n, m] of byCount) expect(m.row.prev_latitude, `scan ${n}`).toBe(n === 1 ? null : byCount.get(n - 1)!.lat);
    expect(await counter(code)).toBe(30);
    expect((await logRows(code)).length).toBe(30);
    expect(await counter(other)).toBe(10);
  });

  it('fails only the scan the database refuses; the others of its statement are recorded', async () => {
    const c = await marketingClient(h);
    const [code] = await generatedCodes(h, c.id, 1);
    // A tenant id out of the integer range: the database refuses the statement that holds it.
    const results = await Promise.allSettled([
      ...Array.from({ length: 8 }, (_, i) => queuedScan(h.db, scan(c.id, code, i))),
      queuedScan(h.db, scan(2 ** 31, code, 99)),
      ...Array.from({ length: 8 }, (_, i) => queuedScan(h.db, scan(c.id, code, 8 + i))),
    ]);
    expect(results.map((r) => r.status)).toEqual([...Array(8).fill('fulfilled'), 'rejected', ...Array(8).fill('fulfilled')]);
    const counts = results.flatMap((r) => (r.status === 'fulfilled' ? [Number((r.value as ScanRow).scans)] : []));
    expect(counts.sort((p, q) => p - q)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(await counter(code)).toBe(16);
    expect((await logRows(code)).length).toBe(16);
  });
});

/**
 * The home dashboard (issue 16; GET Home/dashboard), on both databases: figures per day in the
 * user's zone, suspicious codes, each part only with its function, scoped to the caller's
 * tenant or the operator role's clients.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LogisticSheetType } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import type { Dashboard } from '../../src/domain/dashboard';
import { describeApi, expectFailure } from './harness';
import { appUser, codesFor, logisticsClient, releaseEverything } from './logisticsSetup';
import { jobWorker, ok, operatorUser } from './productSetup';

describeApi('The home dashboard', (h) => {
  releaseEverything(h);
  let jobs: Awaited<ReturnType<typeof jobWorker>>;
  beforeAll(async () => { jobs = await jobWorker(h); });
  afterAll(async () => { await jobs?.stop(); });

  const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000);
  async function scan(tenantId: number, code: string, at: Date, place?: [number, number]) {
    const key = await h.db.selectFrom('codes').select(['package_id', 'seq']).where('code', '=', code).executeTakeFirstOrThrow();
    await h.db.insertInto('scan_logs').values({
      tenant_id: tenantId, package_id: key.package_id, seq: key.seq, code, source: 1, type: 2, scanned_at: at,
      latitude: place?.[0] ?? null, longitude: place?.[1] ?? null,
    }).execute();
  }

  it('counts scans and stock per day, and flags codes scanned too often or far apart', async () => {
    const s = await logisticsClient(h);
    const [often, traveller, quiet] = await codesFor(h, s.tenant.id, 3);
    for (let i = 0; i < 12; i++) await scan(s.tenant.id, often, hoursAgo(1));
    await scan(s.tenant.id, traveller, hoursAgo(5), [25.03, 121.56]); // Taipei
    await scan(s.tenant.id, traveller, hoursAgo(4), [35.68, 139.69]); // Tokyo, about 2,100 km away
    await scan(s.tenant.id, quiet, hoursAgo(24 * 40)); // before the period
    const warehouse = await ok<{ id: number }>(h, 'POST', 'Binding/warehouse', s.token, { name: 'Main', type: 2 });
    const app = await appUser(h, s.tenant.code);
    expect((await h.call('POST', 'App/stock', { token: app.token, body: { batchId: 'b1', sheetType: LogisticSheetType.ProductionStock, warehouseId: warehouse.id, codes: [often, traveller] } })).statusCode).toBe(201);

    const d = await ok<Dashboard>(h, 'GET', 'Home/dashboard?days=30&tz=Asia%2FTaipei', s.token);
    const total = (rows: Dashboard['scans'], key: string) => (rows ?? []).reduce((n, r) => n + (r.values[key] ?? 0), 0);
    expect(total(d.scans, 'consumer')).toBe(14);
    expect(total(d.scans, 'app')).toBe(2);
    expect(d.scans!.every((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.day))).toBe(true);
    expect(d.suspicious!.overScanned).toMatchObject([{ code: often, scans: 12, safeScanCount: 10 }]);
    expect(d.suspicious!.farApart).toHaveLength(1);
    expect(d.suspicious!.farApart[0].code).toBe(traveller);
    expect(d.suspicious!.farApart[0].km).toBeGreaterThan(2000);
    expect(total(d.logistics, 'stocked')).toBe(2);
    expect(total(d.logistics, 'shipped')).toBe(0);
    expect(d.codes).toBeUndefined(); // a client holds no code packages menu

    // Another client sees none of it.
    const other = await logisticsClient(h);
    const theirs = await ok<Dashboard>(h, 'GET', 'Home/dashboard', other.token);
    expect(theirs.scans).toEqual([]);
    expect(theirs.suspicious).toEqual({ overScanned: [], farApart: [] });
  });

  it('shows the operator the codes generated for its clients, and only the parts of the functions held', async () => {
    const s = await logisticsClient(h);
    await codesFor(h, s.tenant.id, 5);
    const operator = await operatorUser(h, { customers: [s.tenant.id], functions: [4, 25] });
    const d = await ok<Dashboard>(h, 'GET', 'Home/dashboard', operator.token);
    expect(d.codes!.reduce((n, r) => n + r.values.codes, 0)).toBe(5);
    expect(d.scans).toBeUndefined();
    expect(d.logistics).toBeUndefined();
    const plain = await h.signedInUser({ tenant: s.tenant.code, functions: [] });
    expect(await ok<Dashboard>(h, 'GET', 'Home/dashboard', plain.token)).toMatchObject({ days: 30 });
    expect(Object.keys(await ok<Dashboard>(h, 'GET', 'Home/dashboard', plain.token)).sort()).toEqual(['days', 'since']);
  });

  it('refuses an unknown zone and a period outside 7 to 90 days', async () => {
    const s = await logisticsClient(h);
    expectFailure(await h.call('GET', 'Home/dashboard?tz=Mars%2FOlympus', { token: s.token }), 400, ErrorCode.BadRequest);
    expectFailure(await h.call('GET', 'Home/dashboard?days=365', { token: s.token }), 400, ErrorCode.BadRequest);
    expectFailure(await h.call('GET', 'Home/dashboard'), 401, ErrorCode.NotAllowed);
  });
});

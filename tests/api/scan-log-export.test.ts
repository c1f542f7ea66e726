/**
 * The scan log exports (issue 16), on both databases: every scan of one code
 * (POST Logistics/code/file, ExportCodeInfos) and every scan of a period
 * (POST Report/scanLog/file, CustomerExportScanLog), each scoped to what the caller may read.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobCategory, LogisticSheetType } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { describeApi, expectFailure } from './harness';
import { appUser, codesFor, logisticsClient, releaseEverything } from './logisticsSetup';
import { exportedFile, jobWorker, ok, operatorUser } from './productSetup';

describeApi('The scan log exports', (h) => {
  releaseEverything(h);
  let jobs: Awaited<ReturnType<typeof jobWorker>>;
  beforeAll(async () => { jobs = await jobWorker(h); });
  afterAll(async () => { await jobs?.stop(); });

  /** A client with two codes: `a` stocked in by the app (one app scan) and scanned twice by shoppers. */
  async function setup() {
    const client = await logisticsClient(h);
    const warehouse = await ok<{ id: number }>(h, 'POST', 'Binding/warehouse', client.token, { name: 'Main store', type: 2 });
    const app = await appUser(h, client.tenant.code);
    const [a, b] = await codesFor(h, client.tenant.id, 2);
    const stocked = await h.call('POST', 'App/stock', { token: app.token, body: { batchId: `in-${a}`, sheetType: LogisticSheetType.ProductionStock, warehouseId: warehouse.id, codes: [a] } });
    expect(stocked.statusCode, stocked.body).toBe(201);
    const key = await h.db.selectFrom('codes').select(['package_id', 'seq']).where('code', '=', a).executeTakeFirstOrThrow();
    for (const [hoursAgo, place] of [[30, 'Taipei'], [2, 'Tainan']] as const) {
      await h.db.insertInto('scan_logs').values({
        tenant_id: client.tenant.id, package_id: key.package_id, seq: key.seq, code: a, source: 1, type: 2,
        scanned_at: new Date(Date.now() - hoursAgo * 3_600_000), location: place, latitude: 25.03, longitude: 121.56,
      }).execute();
    }
    return { ...client, app, a, b };
  }

  it('exports every scan of one code, newest first, in the chosen language (ExportCodeInfos)', async () => {
    const s = await setup();
    const queued = await ok<{ id: number }>(h, 'POST', 'Logistics/code/file', s.token, { code: s.a, lang: 'en' });
    expect((await h.db.selectFrom('jobs').select('category').where('id', '=', queued.id).executeTakeFirstOrThrow()).category).toBe(JobCategory.ExportCodeInfos);
    const { lines } = await exportedFile(h, jobs.store, queued.id);
    expect(lines[0]).toBe('Barcode,Time,Scanned by,Device,Place,Latitude,Longitude,Account');
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((l) => l.split(',')[2])).toEqual(['App', 'Consumer', 'Consumer']);
    expect(lines[2]).toContain(`${s.a},`);
    expect(lines[2]).toContain(',Consumer,Mobile,Tainan,25.03,121.56,');
    expect(lines[1].endsWith(`,${s.app.account}`)).toBe(true);

    const zh = await ok<{ id: number }>(h, 'POST', 'Logistics/code/file', s.token, { code: s.a, lang: 'zh_TW', format: 'txt' });
    expect((await exportedFile(h, jobs.store, zh.id)).lines[0].split('\t')[0]).toBe('條碼');
  });

  it("writes the times and names the file in the zone of the user who asked (X-Time-Zone), else Taipei's (issue 23)", async () => {
    const s = await setup();
    const key = await h.db.selectFrom('codes').select(['package_id', 'seq']).where('code', '=', s.b).executeTakeFirstOrThrow();
    await h.db.insertInto('scan_logs').values({
      tenant_id: s.tenant.id, package_id: key.package_id, seq: key.seq, code: s.b, source: 1, type: 2, scanned_at: new Date('2026-01-15T16:30:00Z'),
    }).execute();
    const exportIn = async (zone: string | null) => {
      const res = await h.call('POST', 'Logistics/code/file', { token: s.token, body: { code: s.b, lang: 'en' }, headers: zone ? { 'x-time-zone': zone } : {} });
      expect(res.statusCode, res.body).toBe(201);
      const at = Date.now();
      const file = await exportedFile(h, jobs.store, (res.json() as { id: number }).id);
      return { time: file.lines[1].split(',')[1], name: String(file.name), at };
    };
    // The file name's stamp is the time of the export in that zone (not UTC), within the minute.
    const stampIn = (at: number, zone: string) => new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(new Date(at)).replace(/\D/g, '');
    const ny = await exportIn('America/New_York');
    expect(ny.time).toBe('2026-01-15 11:30:00');
    expect(ny.name).toMatch(/^Scans_.+_\d{14}\.csv$/);
    expect([stampIn(ny.at, 'America/New_York'), stampIn(ny.at - 60_000, 'America/New_York')]).toContain(ny.name.slice(-18, -6));
    for (const zone of [null, 'Mars/Olympus']) {
      const tw = await exportIn(zone);
      expect(tw.time).toBe('2026-01-16 00:30:00');
      expect([stampIn(tw.at, 'Asia/Taipei'), stampIn(tw.at - 60_000, 'Asia/Taipei')]).toContain(tw.name.slice(-18, -6));
    }
  });

  it('refuses a code the caller cannot read as "this barcode does not exist", and bad bodies with code 1', async () => {
    const s = await setup();
    const other = await setup();
    const foreign = expectFailure(await h.call('POST', 'Logistics/code/file', { token: s.token, body: { code: other.a } }), 404, ErrorCode.NotFound);
    expect(foreign.data).toMatchObject({ key: 'barcodeNotExist' });
    expectFailure(await h.call('POST', 'Logistics/code/file', { token: s.token, body: {} }), 400, ErrorCode.BadRequest);
    expectFailure(await h.call('POST', 'Logistics/code/file', { token: s.token, body: { code: s.a, format: 'pdf' } }), 400, ErrorCode.BadRequest);
    const period = { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() - 7_200_000).toISOString() };
    expect(expectFailure(await h.call('POST', 'Report/scanLog/file', { token: s.token, body: period }), 400, ErrorCode.BadRequest).data).toMatchObject({ to: { key: 'fromToDatetime' } });
    expectFailure(await h.call('POST', 'Report/scanLog/file', { token: s.token, body: { from: 'yesterday', to: period.to } }), 400, ErrorCode.BadRequest);
  });

  it('exports the scans of a period: the client its own, the operator those of its clients (CustomerExportScanLog)', async () => {
    const s = await setup();
    const other = await setup();
    const lastDay = { from: new Date(Date.now() - 24 * 3_600_000).toISOString(), to: new Date().toISOString(), lang: 'en' };

    const mine = await ok<{ id: number }>(h, 'POST', 'Report/scanLog/file', s.token, lastDay);
    expect((await h.db.selectFrom('jobs').select('category').where('id', '=', mine.id).executeTakeFirstOrThrow()).category).toBe(JobCategory.CustomerExportScanLog);
    const rows = (await exportedFile(h, jobs.store, mine.id)).lines.slice(1);
    // The app's stock-in and the shopper 2 hours ago; not the scan of 30 hours ago, nothing of the other client.
    expect(rows.map((l) => l.split(',').slice(2, 5).join(','))).toEqual(['App,Mobile,Main store', 'Consumer,Mobile,Tainan']);
    expect(rows.every((l) => l.startsWith(`${s.a},`))).toBe(true);

    const consumerOnly = await ok<{ id: number }>(h, 'POST', 'Report/scanLog/file', s.token, { ...lastDay, source: 1 });
    expect((await exportedFile(h, jobs.store, consumerOnly.id)).lines).toHaveLength(2);

    // An operator whose role manages only the first client: its scans; naming the other is refused.
    const operator = await operatorUser(h, { customers: [s.tenant.id], functions: [28] });
    const scoped = await ok<{ id: number }>(h, 'POST', 'Report/scanLog/file', operator.token, lastDay);
    expect((await exportedFile(h, jobs.store, scoped.id)).lines.slice(1).every((l) => l.startsWith(`${s.a},`))).toBe(true);
    expectFailure(await h.call('POST', 'Report/scanLog/file', { token: operator.token, body: { ...lastDay, clientId: other.tenant.id } }), 400, ErrorCode.BadRequest);
  });

  it('is the barcode query\'s menu (28): a user without it is refused', async () => {
    const s = await setup();
    const plain = await h.signedInUser({ tenant: s.tenant.code, functions: [26] });
    expectFailure(await h.call('POST', 'Logistics/code/file', { token: plain.token, body: { code: s.a } }), 403, ErrorCode.NotAllowed);
    expectFailure(await h.call('POST', 'Report/scanLog/file', { token: plain.token, body: {} }), 403, ErrorCode.NotAllowed);
  });
});

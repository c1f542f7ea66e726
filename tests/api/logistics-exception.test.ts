/**
 * The exception log (menu 29, issue 16), released, on both databases: a refused scan batch of
 * the app rolls back and leaves one exception row per refused code (written after the rollback,
 * once per batch id), scoped to the tenant; the list filters by time, code and reason; the
 * export job (ExportExceptionLogs) writes the filtered rows.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobCategory, LogisticSheetType, ScanBatchKind, ScanRefusal } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { describeApi, expectFailure } from './harness';
import { appUser, codesFor, logisticsClient, releaseEverything } from './logisticsSetup';
import { exportedFile, jobWorker, ok } from './productSetup';

interface ExceptionItem { id: number; createdAt: string; account: string; kind: number; sheetType: number | null; code: string; reason: string; errorCode: number; batchId: string }

describeApi('The exception log of refused scan batches', (h) => {
  releaseEverything(h);
  let jobs: Awaited<ReturnType<typeof jobWorker>>;
  beforeAll(async () => { jobs = await jobWorker(h); });
  afterAll(async () => { await jobs?.stop(); });

  async function setup() {
    const client = await logisticsClient(h);
    const warehouse = await ok<{ id: number }>(h, 'POST', 'Binding/warehouse', client.token, { name: 'Main store', type: 2 });
    const app = await appUser(h, client.tenant.code);
    expect(app.res.statusCode, app.res.body).toBe(200);
    return { ...client, warehouse, app };
  }
  const post = (url: string, token: string, body: unknown) => h.call('POST', url, { token, body });
  const list = (token: string, query = '') => ok<{ total: number; items: ExceptionItem[] }>(h, 'GET', `Logistics/exception${query}`, token);

  it('logs each refused code of a refused ship-out and of an unknown code, once per batch id, for the tenant only', async () => {
    const s = await setup();
    const other = await setup();
    const [a, b, c] = await codesFor(h, s.tenant.id, 3);
    const [foreign] = await codesFor(h, other.tenant.id, 1);
    expect((await post('App/stock', s.app.token, { batchId: 'in-1', sheetType: LogisticSheetType.ProductionStock, warehouseId: s.warehouse.id, codes: [c] })).statusCode).toBe(201);

    // Ship-out of a, b (not stocked in) and c (in stock): refused, nothing moves, a and b logged.
    const shipBody = { batchId: 'ship-1', sheetType: LogisticSheetType.SaleShip, warehouseId: s.warehouse.id, codes: [a, b, c] };
    expect(expectFailure(await post('App/ship', s.app.token, shipBody), 400, ErrorCode.NotAllowed).data).toEqual({ code: a, key: 'notStockedIn' });
    expect(await h.db.selectFrom('logistic_sheets').select('id').where('tenant_id', '=', s.tenant.id).where('sheet_type', '=', LogisticSheetType.SaleShip).execute()).toEqual([]);
    expect(await h.db.selectFrom('scan_batches').select('id').where('tenant_id', '=', s.tenant.id).where('batch_id', '=', 'ship-1').execute()).toEqual([]);
    // The same batch again (a retry): refused again, no second row.
    expectFailure(await post('App/ship', s.app.token, shipBody), 400, ErrorCode.NotAllowed);

    // A stock-in naming an unknown code and another tenant's code: both "do not exist".
    const stockBody = { batchId: 'stock-2', sheetType: LogisticSheetType.TransferStock, warehouseId: s.warehouse.id, codes: [a, 'NOSUCHCODE77', foreign] };
    expectFailure(await post('App/stock', s.app.token, stockBody), 404, ErrorCode.NotFound);

    const page = await list(s.token, '?sort=code&order=asc');
    expect(page.total).toBe(4);
    const rows = page.items.map((r) => [r.batchId, r.kind, r.sheetType, r.code, r.reason, r.errorCode, r.account]);
    expect(rows).toEqual(expect.arrayContaining([
      ['ship-1', ScanBatchKind.Ship, LogisticSheetType.SaleShip, a, ScanRefusal.NotStockedIn, ErrorCode.NotAllowed, s.app.account],
      ['ship-1', ScanBatchKind.Ship, LogisticSheetType.SaleShip, b, ScanRefusal.NotStockedIn, ErrorCode.NotAllowed, s.app.account],
      ['stock-2', ScanBatchKind.Stock, LogisticSheetType.TransferStock, 'NOSUCHCODE77', ScanRefusal.BarcodeNotExist, ErrorCode.NotFound, s.app.account],
      ['stock-2', ScanBatchKind.Stock, LogisticSheetType.TransferStock, foreign, ScanRefusal.BarcodeNotExist, ErrorCode.NotFound, s.app.account],
    ]));
    expect(page.items.map((r) => r.code)).toEqual([a, b, 'NOSUCHCODE77', foreign].sort());
    // The other tenant (whose code was named) sees nothing of it.
    expect((await list(other.token)).total).toBe(0);

    // The batch id, fixed, still goes through: its refusal left no batch behind.
    expect((await post('App/ship', s.app.token, { ...shipBody, codes: [c] })).statusCode).toBe(201);
    expect((await list(s.token)).total).toBe(4);
  });

  it('logs a refused binding (already bound) with no sheet type', async () => {
    const s = await setup();
    const factory = await ok<{ id: number }>(h, 'POST', 'Binding/factory', s.token, { name: 'Plant' });
    const line = await ok<{ id: number }>(h, 'POST', 'Binding/line', s.token, { factoryId: factory.id, name: 'L1' });
    const shift = await ok<{ id: number }>(h, 'POST', 'Binding/shift', s.token, { lineId: line.id, name: 'Day' });
    const ratio = await ok<{ id: number }>(h, 'POST', 'Binding/package', s.token, { name: 'Box', level: 2, unit1: 1, unit2: 7, quantity2: 10 });
    const [x] = await codesFor(h, s.tenant.id, 1);
    const bind = (batchId: string) => post('App/binding', s.app.token, { batchId, factoryId: factory.id, lineId: line.id, shiftId: shift.id, ratioId: ratio.id, items: [{ code: x }] });
    expect((await bind('bind-1')).statusCode).toBe(201);
    expectFailure(await bind('bind-2'), 400, ErrorCode.NotAllowed);
    expect((await list(s.token)).items).toMatchObject([{ batchId: 'bind-2', kind: ScanBatchKind.Binding, sheetType: null, code: x, reason: ScanRefusal.AlreadyBound }]);
  });

  it('filters by time, code and reason, and exports the filtered rows (ExportExceptionLogs)', async () => {
    const s = await setup();
    const [a, b] = await codesFor(h, s.tenant.id, 2);
    const ship = (batchId: string, codes: string[]) => post('App/ship', s.app.token, { batchId, sheetType: LogisticSheetType.SaleShip, warehouseId: s.warehouse.id, codes });
    expectFailure(await ship('s1', [a, b]), 400, ErrorCode.NotAllowed);
    expectFailure(await ship('s2', ['UNKNOWN-1']), 404, ErrorCode.NotFound);
    // Move the first batch's rows a day back, to filter by time.
    const yesterday = new Date(Date.now() - 86_400_000);
    await h.db.updateTable('exception_logs').set({ created_at: yesterday }).where('tenant_id', '=', s.tenant.id).where('batch_id', '=', 's1').execute();
    const since = new Date(Date.now() - 3_600_000).toISOString();

    expect((await list(s.token)).items.map((r) => r.code)).toEqual(['UNKNOWN-1', expect.any(String), expect.any(String)]);
    expect((await list(s.token, `?from=${encodeURIComponent(since)}`)).items.map((r) => r.code)).toEqual(['UNKNOWN-1']);
    expect((await list(s.token, `?to=${encodeURIComponent(since)}`)).items.map((r) => r.code).sort()).toEqual([a, b].sort());
    expect((await list(s.token, `?code=${b}`)).items.map((r) => r.code)).toEqual([b]);
    expect((await list(s.token, '?reason=barcodeNotExist')).items.map((r) => r.code)).toEqual(['UNKNOWN-1']);
    expectFailure(await h.call('GET', 'Logistics/exception?reason=other', { token: s.token }), 400, ErrorCode.BadRequest);
    expectFailure(await h.call('GET', 'Logistics/exception?from=yesterday', { token: s.token }), 400, ErrorCode.BadRequest);

    const queued = await ok<{ id: number }>(h, 'POST', 'Logistics/exception/file', s.token, { reason: 'notStockedIn', lang: 'en' });
    expect((await h.db.selectFrom('jobs').select('category').where('id', '=', queued.id).executeTakeFirstOrThrow()).category).toBe(JobCategory.ExportExceptionLogs);
    const { lines } = await exportedFile(h, jobs.store, queued.id);
    expect(lines[0]).toBe('Time,Scanned by,Scan,Sheet type,Barcode,Reason,Batch');
    expect(lines.slice(1).map((l) => l.split(',').slice(1).join(',')).sort()).toEqual([
      `${s.app.account},Shipment,Sales shipment,${a},Shipped without stock-in,s1`,
      `${s.app.account},Shipment,Sales shipment,${b},Shipped without stock-in,s1`,
    ].sort());
    const zh = await ok<{ id: number }>(h, 'POST', 'Logistics/exception/file', s.token, { lang: 'zh_TW', format: 'txt' });
    const txt = await exportedFile(h, jobs.store, zh.id);
    expect(txt.lines[0]).toBe('時間\t掃描帳號\t掃描作業\t單據類型\t條碼\t原因\t批次');
    expect(txt.lines).toHaveLength(4);
  });

  it('is menu 29: a user without it is refused', async () => {
    const s = await setup();
    const plain = await h.signedInUser({ tenant: s.tenant.code, functions: [26] });
    expectFailure(await h.call('GET', 'Logistics/exception', { token: plain.token }), 403, ErrorCode.NotAllowed);
    expectFailure(await h.call('POST', 'Logistics/exception/file', { token: plain.token, body: {} }), 403, ErrorCode.NotAllowed);
  });
});

/**
 * The scan API of the mobile app and the barcode query (issue 16), released, on both
 * databases. One test acts as the app end to end: it signs in with function type App, binds
 * 1,000 codes into 100 boxes and 10 cartons, stocks them in, ships out one carton, posts one
 * batch twice, and the barcode query of one bottle shows the whole path. Others: who may sign
 * in from the app and scan, every refusal (unknown code, another tenant's, ship-out without
 * stock-in, already bound, the ratio), all or nothing, the batch id replay, tenant isolation.
 */
import { sql } from 'kysely';
import { json } from '../../server/db/schema';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FunctionType, LogisticSheetType, ScanLogType, ScanSource, SupplierFunction, UserType } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { CodeStockStatus } from '../../src/domain/logistics';
import { apiClient, type ApiBody } from './apiClient';
import { describeApi, expectFailure, uniqueAccount } from './harness';
import { appUser, codesFor, logisticsClient, releaseEverything, scanPlace } from './logisticsSetup';
import { exportedFile, jobWorker, ok } from './productSetup';

interface CodeInfo {
  code: string;
  product: { name: string };
  packagingMaterial: { no: string };
  client: { id: number; code: string };
  generatedAt: string;
  logistics: { level: number; unit: number; factory: { name: string }; line: { name: string }; shift: { name: string }; status: number; warehouse: { name: string } | null; boundAt: string } | null;
  parent: { code: string; level: number } | null;
  parents: { code: string; level: number }[];
  children: { code: string; level: number }[];
  scanCount: number;
  scans: { source: number; type: number; scannedAt: string; location: string | null }[];
  movements: { sheetType: number; scanned: boolean; warehouse: { name: string }; toWarehouse: { name: string } | null }[];
}

describeApi('The app scan API and the barcode query', (h) => {
  releaseEverything(h);
  let jobs: Awaited<ReturnType<typeof jobWorker>>;
  beforeAll(async () => { jobs = await jobWorker(h); });
  afterAll(async () => { await jobs?.stop(); });

  /** A tenant set up in the back office: factory, line, shift, two warehouses and a 3-level ratio 10 x 10. */
  async function setup() {
    const client = await logisticsClient(h);
    const { token } = client;
    const { factory, line, shift, warehouse } = await scanPlace(h, token);
    const distributor = await ok<{ id: number }>(h, 'POST', 'Binding/warehouse', token, { name: 'Dealer store', type: 3 });
    const ratio = await ok<{ id: number }>(h, 'POST', 'Binding/package', token, { name: 'Bottle-box-carton', level: 3, unit1: 1, unit2: 7, quantity2: 10, unit3: 10, quantity3: 10 });
    const app = await appUser(h, client.tenant.code);
    expect(app.res.statusCode, app.res.body).toBe(200);
    const binding = { factoryId: factory.id, lineId: line.id, shiftId: shift.id, ratioId: ratio.id };
    return { ...client, factory, line, shift, warehouse, distributor, ratio, app, binding };
  }

  /** The app's calls through the typed client generated from the OpenAPI document (tests/api/apiClient.ts). */
  const scanUrl = { 'App/binding': '/v1/App/binding', 'App/stock': '/v1/App/stock', 'App/ship': '/v1/App/ship' } as const;
  const post = async (url: keyof typeof scanUrl, token: string, body: unknown) => {
    const { data, error, response } = await apiClient(h.app, token).POST(scanUrl[url], { body: body as never });
    const answer = data ?? error;
    const text = JSON.stringify(answer);
    return { statusCode: response.status, body: text, json: () => JSON.parse(text) } as unknown as Awaited<ReturnType<typeof h.call>>;
  };
  const query = async (token: string, code: string) => ok<CodeInfo>(h, 'GET', `Logistics/code?code=${encodeURIComponent(code)}`, token);

  it('acts as the app: binds 1,000 bottles into 100 boxes and 10 cartons, stocks in, ships a carton; the barcode query shows the path', async () => {
    const s = await setup();
    expect(s.app.res.json()).toMatchObject({ functionType: FunctionType.App, appFunctions: SupplierFunction.A | SupplierFunction.B });
    const options = await ok<{ factories: { id: number; lines: { id: number; shifts: { id: number }[] }[] }[]; warehouses: unknown[]; ratios: unknown[] }>(h, 'GET', 'App/options', s.app.token);
    expect(options.factories).toMatchObject([{ id: s.factory.id, lines: [{ id: s.line.id, shifts: [{ id: s.shift.id }] }] }]);
    expect(options.warehouses).toHaveLength(2);

    const codes = await codesFor(h, s.tenant.id, 1110);
    const bottles = codes.slice(0, 1000);
    const boxes = codes.slice(1000, 1100);
    const cartons = codes.slice(1100, 1110);
    const items = cartons.map((carton, c) => ({
      code: carton,
      children: boxes.slice(c * 10, c * 10 + 10).map((box, b) => ({ code: box, children: bottles.slice((c * 10 + b) * 10, (c * 10 + b) * 10 + 10).map((code) => ({ code })) })),
    }));
    const bindBody: ApiBody<'/v1/App/binding', 'post'> = { batchId: 'bind-0001', ...s.binding, items };
    const scanApp = apiClient(h.app, s.app.token);
    const first = await scanApp.POST('/v1/App/binding', { body: bindBody });
    expect(first.response.status, JSON.stringify(first.error)).toBe(201);
    expect(first.data).toMatchObject({ batchId: 'bind-0001', codes: 1110, packages: 110 });

    // The same batch again (a retry after a lost answer): the same answer, nothing changed.
    const countAll = async () => {
      const r = await sql<{ logs: number; states: number; sheets: number; moves: number }>`select
        (select count(*) from scan_logs where tenant_id = ${s.tenant.id})::integer as logs,
        (select count(*) from code_logistics where tenant_id = ${s.tenant.id})::integer as states,
        (select count(*) from logistic_sheets where tenant_id = ${s.tenant.id})::integer as sheets,
        (select count(*) from logistic_movements where tenant_id = ${s.tenant.id})::integer as moves`.execute(h.db);
      return r.rows[0];
    };
    const afterBind = await countAll();
    expect(afterBind).toEqual({ logs: 1110, states: 1110, sheets: 0, moves: 0 });
    const again = await post('App/binding', s.app.token, bindBody);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.data);
    expect(await countAll()).toEqual(afterBind);

    const stockBody: ApiBody<'/v1/App/stock', 'post'> = { batchId: 'stock-0001', sheetType: LogisticSheetType.ProductionStock, warehouseId: s.warehouse.id, codes: cartons };
    const stockedRes = await scanApp.POST('/v1/App/stock', { body: stockBody });
    expect(stockedRes.response.status, JSON.stringify(stockedRes.error)).toBe(201);
    expect(stockedRes.data).toMatchObject({ sheetType: 1, scanned: 10, moved: 1110 });
    const afterStock = await countAll();
    expect(afterStock).toEqual({ logs: 1120, states: 1110, sheets: 1, moves: 1110 });
    expect((await post('App/stock', s.app.token, stockBody)).json()).toEqual(stockedRes.data);
    expect(await countAll()).toEqual(afterStock);

    const shipped = await scanApp.POST('/v1/App/ship', { body: { batchId: 'ship-0001', sheetType: LogisticSheetType.SaleShip, warehouseId: s.warehouse.id, toWarehouseId: s.distributor.id, codes: [cartons[0]] } });
    expect(shipped.response.status, JSON.stringify(shipped.error)).toBe(201);
    expect(shipped.data).toMatchObject({ sheetType: 4, scanned: 1, moved: 111 });

    // A bottle of the shipped carton: its whole life, seen from the back office.
    const bottle = await query(s.token, bottles[5]);
    expect(bottle).toMatchObject({
      code: bottles[5],
      client: { id: s.tenant.id, code: s.tenant.code },
      logistics: { level: 1, unit: 1, factory: { name: 'Plant 1' }, line: { name: 'Line 1' }, shift: { name: 'Day' }, status: CodeStockStatus.Shipped, warehouse: { name: 'Dealer store' } },
      parent: { code: boxes[0], level: 2 },
      parents: [{ code: boxes[0], level: 2 }, { code: cartons[0], level: 3 }],
      children: [],
    });
    expect(bottle.generatedAt).toBeTruthy();
    expect(bottle.scans).toHaveLength(1); // scanned once, at binding; moved inside its carton since
    expect(bottle.scans[0]).toMatchObject({ source: ScanSource.App, type: ScanLogType.Mobile, location: 'Plant 1 / Line 1 / Day' });
    expect(bottle.movements.map((m) => [m.sheetType, m.scanned, m.warehouse.name, m.toWarehouse?.name ?? null])).toEqual([
      [LogisticSheetType.SaleShip, false, 'Main store', 'Dealer store'],
      [LogisticSheetType.ProductionStock, false, 'Main store', null],
    ]);
    const carton = await query(s.token, cartons[0]);
    expect(carton.children.map((c) => c.code)).toEqual([...boxes.slice(0, 10)].sort());
    expect(carton.children.every((c) => c.level === 2)).toBe(true);
    expect(carton.logistics).toMatchObject({ level: 3, unit: 10 });
    expect(carton.scans.map((x) => x.location)).toEqual(['Main store', 'Main store', 'Plant 1 / Line 1 / Day']);
    expect(carton.movements.every((m) => m.scanned)).toBe(true);
    // A shopper's scan and a short address: both in the answer, the newest scan first.
    const key = await h.db.selectFrom('codes').select(['package_id', 'seq']).where('code', '=', bottles[5]).executeTakeFirstOrThrow();
    const token = `t${Date.now().toString(36)}`;
    await h.db.insertInto('short_urls').values({ token, tenant_id: s.tenant.id, package_id: key.package_id, seq: key.seq, code: bottles[5] }).execute();
    await h.db.insertInto('scan_logs').values({ tenant_id: s.tenant.id, package_id: key.package_id, seq: key.seq, code: bottles[5], source: ScanSource.Consumer, type: ScanLogType.PC, latitude: 25.03, longitude: 121.56, location: 'Taipei' }).execute();
    // ... and its count, as the consumer page's scan statement keeps it (services/scanBatch.ts).
    await h.db.updateTable('code_scan_counts').set({ scans: sql<number>`scans + 1` }).where('package_id', '=', key.package_id).where('seq', '=', key.seq).execute();
    const scanned = await query(s.token, bottles[5]) as CodeInfo & { shortUrl: string | null };
    expect(scanned.shortUrl).toMatch(new RegExp(`/s/${token}$`));
    expect(scanned.scanCount).toBe(2);
    expect(scanned.scans[0]).toMatchObject({ source: ScanSource.Consumer, type: ScanLogType.PC, location: 'Taipei', latitude: 25.03, longitude: 121.56 });
    expect(scanned.movements).toEqual(bottle.movements);
    // The retention dropped the binding's month of the log: the count stays what the shopper saw.
    await h.db.deleteFrom('scan_logs').where('package_id', '=', key.package_id).where('seq', '=', key.seq).where('source', '=', ScanSource.App).execute();
    const later = await query(s.token, bottles[5]);
    expect(later.scanCount).toBe(2);
    expect(later.scans).toHaveLength(1);
    const other = await query(s.token, bottles[999]);
    expect(other.logistics).toMatchObject({ status: CodeStockStatus.InStock, warehouse: { name: 'Main store' } });
    expect(other.movements).toHaveLength(1);
  });

  it('refuses ship-out without stock-in, unknown codes and codes of another tenant (the same answer), all or nothing', async () => {
    const s = await setup();
    const other = await setup();
    const [a, b, c] = await codesFor(h, s.tenant.id, 3);
    const [foreign] = await codesFor(h, other.tenant.id, 1);
    const ship = (codes: string[], batchId = uniqueAccount('b')) =>
      post('App/ship', s.app.token, { batchId, sheetType: LogisticSheetType.SaleShip, warehouseId: s.warehouse.id, codes });

    const notIn = expectFailure(await ship([a]), 400, ErrorCode.NotAllowed);
    expect(notIn).toMatchObject({ message: 'Not allowed to ship out without stock in', data: { code: a, key: 'notStockedIn' } });
    const unknown = expectFailure(await ship(['NOSUCHCODE99']), 404, ErrorCode.NotFound);
    expect(unknown).toMatchObject({ message: 'This barcode does not exist', data: { code: 'NOSUCHCODE99', key: 'barcodeNotExist' } });
    const theirs = expectFailure(await ship([foreign]), 404, ErrorCode.NotFound);
    expect(theirs).toEqual({ ...unknown, data: { code: foreign, key: 'barcodeNotExist' } });

    // A batch with one bad code changes nothing, and the same id may be posted again once fixed.
    const stockBody = (codes: string[]) => ({ batchId: 'stock-x', sheetType: LogisticSheetType.ProductionStock, warehouseId: s.warehouse.id, codes });
    expectFailure(await post('App/stock', s.app.token, stockBody([a, b, foreign])), 404, 2);
    const counted = async () => Number((await h.db.selectFrom('code_logistics').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', s.tenant.id).executeTakeFirstOrThrow()).n);
    expect(await counted()).toBe(0);
    expect((await h.db.selectFrom('scan_logs').select('id').where('tenant_id', '=', s.tenant.id).execute())).toEqual([]);
    expect((await post('App/stock', s.app.token, stockBody([a, b]))).statusCode).toBe(201);
    // The same id with another body is refused (code 1 on batchId), nothing moves.
    expect(expectFailure(await post('App/stock', s.app.token, stockBody([a, b, c])), 400, 1).data).toEqual({ batchId: { key: 'batchReused' } });
    expect(await counted()).toBe(2);

    // In stock elsewhere is not in stock here; shipped codes cannot ship again.
    const ship2 = await post('App/ship', s.app.token, { batchId: 'ship-x', sheetType: LogisticSheetType.SaleShip, warehouseId: s.distributor.id, codes: [a] });
    expect(expectFailure(ship2, 400, 3).data).toEqual({ code: a, key: 'notStockedIn' });
    expect((await ship([a])).statusCode).toBe(201);
    expect(expectFailure(await ship([a]), 400, 3).data).toEqual({ code: a, key: 'notStockedIn' });
    // A return stock brings it back; then it may ship again.
    expect((await post('App/stock', s.app.token, { batchId: 'ret-1', sheetType: LogisticSheetType.ReturnStock, warehouseId: s.warehouse.id, codes: [a] })).statusCode).toBe(201);
    expect((await ship([a])).statusCode).toBe(201);

    // Codes of the other tenant stay untouched and their barcode query is unknown to this one.
    expectFailure(await h.call('GET', `Logistics/code?code=${foreign}`, { token: s.token }), 404, 2);
    expect((await query(other.token, foreign)).logistics).toBeNull();
    expect(expectFailure(await h.call('GET', 'Logistics/code?code=NOSUCHCODE99', { token: s.token }), 404, 2).message).toBe('This barcode does not exist');
  });

  it('binds by the package ratio: too many per box, mixed levels, too deep, already bound, disabled line', async () => {
    const s = await setup();
    const codes = await codesFor(h, s.tenant.id, 40);
    const bind = (items: unknown, batchId = uniqueAccount('b')) => post('App/binding', s.app.token, { batchId, ...s.binding, items });
    expect(expectFailure(await bind([{ code: codes[0], children: codes.slice(1, 12).map((code) => ({ code })) }]), 400, 1).data)
      .toEqual({ items: { key: 'ratioExceeded', params: { code: codes[0], max: 10 } } });
    expect(expectFailure(await bind([{ code: codes[0], children: [{ code: codes[1] }, { code: codes[2], children: [{ code: codes[3] }] }] }]), 400, 1).data.items.key).toBe('mixedLevels');
    expect(expectFailure(await bind([{ code: codes[0], children: [{ code: codes[1], children: [{ code: codes[2], children: [{ code: codes[3] }] }] }] }]), 400, 1).data.items.key).toBe('max_value');
    expect(expectFailure(await bind([{ code: codes[0] }, { code: codes[0] }]), 400, 1).data.items.key).toBe('checkRepeatName');

    // A box now, its carton later: a bound box can be packed once.
    expect((await bind([{ code: codes[10], children: codes.slice(11, 21).map((code) => ({ code })) }])).statusCode).toBe(201);
    expect((await bind([{ code: codes[30], children: [{ code: codes[10] }] }])).statusCode).toBe(201);
    expect((await query(s.token, codes[11])).parents.map((p) => p.code)).toEqual([codes[10], codes[30]]);
    expect(expectFailure(await bind([{ code: codes[31], children: [{ code: codes[10] }] }]), 400, 3).data).toEqual({ code: codes[10], key: 'alreadyBound' });
    expect(expectFailure(await bind([{ code: codes[12] }]), 400, 3).data).toEqual({ code: codes[12], key: 'alreadyBound' });

    await ok(h, 'PUT', 'Binding/line', s.token, { id: s.line.id, factoryId: s.factory.id, name: 'Line 1', enabled: false }, 200);
    expectFailure(await bind([{ code: codes[35] }]), 400, ErrorCode.LineNotEnabled);
    await ok(h, 'PUT', 'Binding/factory', s.token, { id: s.factory.id, name: 'Plant 1', enabled: false }, 200);
    expectFailure(await bind([{ code: codes[35] }]), 400, ErrorCode.FactoryNotEnabled);
    expect((await query(s.token, codes[35])).logistics).toBeNull();
  });

  it('refuses to delete a shift, a ratio or a warehouse a code was bound or stocked with (400 inUse), deletes unused ones', async () => {
    // The per-code rows carry no foreign keys (migration 0032): the delete's own check is the guard.
    const s = await setup();
    const [box, bottle] = await codesFor(h, s.tenant.id, 2);
    expect((await post('App/binding', s.app.token, { batchId: uniqueAccount('b'), ...s.binding, items: [{ code: box, children: [{ code: bottle }] }] })).statusCode).toBe(201);
    expect((await post('App/stock', s.app.token, { batchId: uniqueAccount('s'), sheetType: 1, warehouseId: s.warehouse.id, codes: [box] })).statusCode).toBe(201);
    for (const url of [`Binding/shift/${s.shift.id}`, `Binding/package/${s.ratio.id}`, `Binding/warehouse/${s.warehouse.id}`]) {
      expect(expectFailure(await h.call('DELETE', url, { token: s.token }), 400, ErrorCode.NotAllowed).data, url).toEqual({ key: 'inUse' });
    }
    expect((await query(s.token, bottle)).logistics).toMatchObject({ shift: { id: s.shift.id }, ratio: { id: s.ratio.id } });
    await ok(h, 'DELETE', `Binding/warehouse/${s.distributor.id}`, s.token);
  });

  it('lets only accounts holding an app function sign in from the app and scan', async () => {
    const s = await setup();
    const [code] = await codesFor(h, s.tenant.id, 1);
    const noApp = await appUser(h, s.tenant.code, { appStock: false });
    expect(expectFailure(noApp.res, 400, 3).data).toEqual({ functionType: 2 });
    // The same account signs in to the back office, but cannot scan.
    const backOffice = await h.session(s.tenant.code, noApp.account, noApp.password);
    expectFailure(await post('App/stock', backOffice.token, { batchId: 'x1', sheetType: 1, warehouseId: s.warehouse.id, codes: [code] }), 403, 3);
    expectFailure(await h.call('GET', 'App/options', { token: backOffice.token }), 403, 3);

    // A supplier with flag B only: stock and ship, no production binding.
    const supplier = await h.createUser({ tenant: s.tenant.code, functions: [] });
    await h.db.updateTable('users').set({ type: UserType.Supplier, app_functions: SupplierFunction.B }).where('id', '=', supplier.id).execute();
    // A supplier scans in its authorized warehouses only (tests/api/partners.test.ts).
    await h.db.insertInto('partner_warehouses').values({ user_id: supplier.id, warehouse_id: s.warehouse.id, tenant_id: s.tenant.id }).execute();
    const res = await h.call('POST', 'Identity/token', { body: { tenantCode: s.tenant.code, account: supplier.account, mima: h.encrypt(supplier.password), functionType: 2 } });
    expect(res.json()).toMatchObject({ appFunctions: SupplierFunction.B });
    const token = (res.json() as { token: string }).token;
    expect((await post('App/stock', token, { batchId: 'sup-1', sheetType: 1, warehouseId: s.warehouse.id, codes: [code] })).statusCode).toBe(201);
    expectFailure(await post('App/binding', token, { batchId: 'sup-2', ...s.binding, items: [{ code }] }), 403, 3);

    // A tenant without the logistics function: nobody signs in from the app.
    const plain = await logisticsClient(h, 2);
    const admin = await appUser(h, plain.tenant.code);
    expectFailure(admin.res, 400, 3);
    // Bad bodies are code 1, never 500.
    expectFailure(await post('App/stock', s.app.token, { batchId: 'bad id!', sheetType: 1, warehouseId: s.warehouse.id, codes: [code] }), 400, 1);
    expectFailure(await post('App/stock', s.app.token, { batchId: 'x2', sheetType: 4, warehouseId: s.warehouse.id, codes: [code] }), 400, 1);
    expectFailure(await post('App/ship', s.app.token, { batchId: 'x3', sheetType: 1, warehouseId: s.warehouse.id, codes: [code] }), 400, 1);
    expectFailure(await post('App/stock', s.app.token, { batchId: 'x4', sheetType: 1, warehouseId: s.warehouse.id, codes: [] }), 400, 1);
    expect(expectFailure(await post('App/stock', s.app.token, { batchId: 'x5', sheetType: 1, warehouseId: 999999, codes: [code] }), 400, 1).data).toEqual({ warehouseId: { key: 'oneOf' } });
    const rival = await logisticsClient(h);
    const theirs = await ok<{ id: number }>(h, 'POST', 'Binding/warehouse', rival.token, { name: 'Theirs', type: 2 });
    expect(expectFailure(await post('App/stock', s.app.token, { batchId: 'x6', sheetType: 1, warehouseId: theirs.id, codes: [code] }), 400, 1).data).toEqual({ warehouseId: { key: 'oneOf' } });
    expect((await h.db.selectFrom('code_logistics').select('status').where('tenant_id', '=', s.tenant.id).execute()).map((r) => r.status)).toEqual([CodeStockStatus.InStock]);
  });

  it('lists the stock (26) and ship (27) sheets of the tenant, filtered by a code they moved, with the codes scanned', async () => {
    const s = await setup();
    const other = await setup();
    const codes = await codesFor(h, s.tenant.id, 12);
    const box = { code: codes[0], children: codes.slice(1, 11).map((code) => ({ code })) };
    expect((await post('App/binding', s.app.token, { batchId: 'b1', ...s.binding, items: [box] })).statusCode).toBe(201);
    const stock1 = (await post('App/stock', s.app.token, { batchId: 's1', sheetType: 1, warehouseId: s.warehouse.id, codes: [codes[0]] })).json() as { sheetId: number };
    const stock2 = (await post('App/stock', s.app.token, { batchId: 's2', sheetType: 2, warehouseId: s.distributor.id, codes: [codes[11]] })).json() as { sheetId: number };
    const ship1 = (await post('App/ship', s.app.token, { batchId: 'p1', sheetType: 4, warehouseId: s.warehouse.id, toWarehouseId: s.distributor.id, codes: [codes[0]] })).json() as { sheetId: number };

    type Sheet = { id: number; sheetType: number; warehouseName: string; toWarehouseName: string | null; account: string; scannedCount: number; codeCount: number; scannedCodes?: string[] };
    const stock = await ok<{ items: Sheet[]; total: number }>(h, 'GET', 'Logistics/stock?sort=id&order=asc', s.token);
    expect(stock.items.map((x) => [x.id, x.sheetType, x.warehouseName, x.scannedCount, x.codeCount, x.account])).toEqual([
      [stock1.sheetId, 1, 'Main store', 1, 11, s.app.account],
      [stock2.sheetId, 2, 'Dealer store', 1, 1, s.app.account],
    ]);
    const ship = await ok<{ items: Sheet[]; total: number }>(h, 'GET', 'Logistics/ship', s.token);
    expect(ship.items).toMatchObject([{ id: ship1.sheetId, sheetType: 4, warehouseName: 'Main store', toWarehouseName: 'Dealer store', codeCount: 11 }]);
    // A bottle inside the box finds the sheets that moved it.
    expect((await ok<{ items: Sheet[] }>(h, 'GET', `Logistics/stock?code=${codes[5]}`, s.token)).items.map((x) => x.id)).toEqual([stock1.sheetId]);
    expect((await ok<{ items: Sheet[] }>(h, 'GET', `Logistics/stock?warehouseId=${s.distributor.id}`, s.token)).items.map((x) => x.id)).toEqual([stock2.sheetId]);
    expect(await ok(h, 'GET', `Logistics/ship/${ship1.sheetId}`, s.token)).toMatchObject({ scannedCodes: [codes[0]], codeCount: 11 });
    // A ship sheet is not a stock sheet; another tenant sees none of them.
    expectFailure(await h.call('GET', `Logistics/stock/${ship1.sheetId}`, { token: s.token }), 404, 2);
    expectFailure(await h.call('GET', `Logistics/ship/${ship1.sheetId}`, { token: other.token }), 404, 2);
    expect((await ok<{ total: number }>(h, 'GET', 'Logistics/stock', other.token)).total).toBe(0);

    // Exports as jobs: the filtered list (ExportLogistics 5) and one sheet's codes (ExportLogisticsDetails 6).
    const listJob = await ok<{ id: number }>(h, 'POST', 'Logistics/stock/file', s.token, { warehouseId: s.warehouse.id, lang: 'en' }, 201);
    expect((await h.db.selectFrom('jobs').select('category').where('id', '=', listJob.id).executeTakeFirstOrThrow()).category).toBe(5);
    const list = await exportedFile(h, jobs.store, listJob.id);
    expect(list.lines[0]).toBe('Sheet no.,Sheet type,Warehouse,Shipped to,Scanned by,Codes scanned,Codes moved,Time');
    expect(list.lines).toHaveLength(2);
    expect(list.lines[1]).toMatch(new RegExp(`^${stock1.sheetId},Production stock-in,Main store,,${s.app.account},1,11,`));
    const shipList = await exportedFile(h, jobs.store, (await ok<{ id: number }>(h, 'POST', 'Logistics/ship/file', s.token, { lang: 'en' }, 201)).id);
    expect(shipList.lines.slice(1).map((l) => l.split(',')[0])).toEqual([String(ship1.sheetId)]);
    const detailJob = await ok<{ id: number }>(h, 'GET', `Logistics/ship/file/${ship1.sheetId}?lang=en`, s.token);
    expect((await h.db.selectFrom('jobs').select('category').where('id', '=', detailJob.id).executeTakeFirstOrThrow()).category).toBe(6);
    const detail = await exportedFile(h, jobs.store, detailJob.id);
    expect(detail.lines[0]).toBe('Sheet no.,Sheet type,Warehouse,Shipped to,Barcode,How,Time');
    expect(detail.lines).toHaveLength(12);
    expect(detail.text).toContain(`,${codes[0]},Scanned,`);
    expect(detail.text).toContain(`,${codes[5]},Inside a scanned package,`);
    // Another tenant's sheet, or a sheet of the other list, is unknown; bad filters are code 1.
    expectFailure(await h.call('GET', `Logistics/ship/file/${ship1.sheetId}`, { token: other.token }), 404, 2);
    expectFailure(await h.call('GET', `Logistics/stock/file/${ship1.sheetId}`, { token: s.token }), 404, 2);
    expectFailure(await h.call('POST', 'Logistics/stock/file', { token: s.token, body: { sheetType: 'x' } }), 400, 1);
    const otherList = await exportedFile(h, jobs.store, (await ok<{ id: number }>(h, 'POST', 'Logistics/stock/file', other.token, {}, 201)).id);
    expect(otherList.lines).toHaveLength(1);

    // A retry whose fields come in another order is the same batch: the same answer, nothing changed.
    const moves = async () => Number((await sql<{ n: number }>`select count(*)::integer as n from logistic_movements where tenant_id = ${s.tenant.id}`.execute(h.db)).rows[0].n);
    const before = await moves();
    const retry = await post('App/stock', s.app.token, { codes: [codes[11]], warehouseId: s.distributor.id, sheetType: 2, batchId: 's2' });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json()).toMatchObject({ sheetId: stock2.sheetId });
    expect(await moves()).toBe(before);
  });

  it('lets the operator query the codes it keeps for the clients its role manages', async () => {
    const s = await setup();
    const [code] = await codesFor(h, s.tenant.id, 1);
    const operator = await h.signedInUser({ tenant: 'platform' });
    await h.db.updateTable('roles').set({ type: 1 }).where('id', '=', operator.roleId).execute();
    expect((await query(operator.token, code)).client.id).toBe(s.tenant.id);
    // A General role reads only the codes of the clients it manages (its role read afresh).
    await h.db.updateTable('roles').set({ type: 2, customers: json([s.tenant.id + 100000]) }).where('id', '=', operator.roleId).execute();
    expectFailure(await h.call('GET', `Logistics/code?code=${code}`, { token: operator.token }), 404, 2);
    await h.db.updateTable('roles').set({ customers: json([s.tenant.id]) }).where('id', '=', operator.roleId).execute();
    expect((await query(operator.token, code)).client.id).toBe(s.tenant.id);
    // A client never reads the operator's view of another client's code.
    const other = await logisticsClient(h);
    expectFailure(await h.call('GET', `Logistics/code?code=${code}`, { token: other.token }), 404, 2);
  });

  it('documents the app routes and the barcode query in the OpenAPI document', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/docs/openapi.json' });
    type Schema = { $ref?: string; properties?: Record<string, unknown> };
    const doc = res.json() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, unknown> }>>; components: { schemas: Record<string, Schema> } };
    const named = (schema: Schema) => (schema.$ref ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema);
    for (const path of ['/v1/App/binding', '/v1/App/stock', '/v1/App/ship']) {
      const op = doc.paths[path]?.post;
      expect(op, path).toBeDefined();
      expect(Object.keys(named(op.requestBody!.content['application/json'].schema).properties!)).toContain('batchId');
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '404']));
    }
    expect(doc.paths['/v1/App/options']?.get).toBeDefined();
    expect(doc.paths['/v1/Logistics/code']?.get).toBeDefined();
  });

  it('keeps the lookup an index lookup (codes_code_uq, scan_logs and movements by code)', async () => {
    const idx = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
      where tablename in ('codes', 'code_logistics', 'scan_logs', 'logistic_movements')`.execute(h.db);
    const defs = idx.rows.map((r) => r.indexdef).join('\n');
    // codes is partitioned by hash of the code (migration 0031): the parent's index is `ON ONLY`, each partition has its own.
    expect(defs).toMatch(/UNIQUE INDEX codes_code_uq ON (ONLY )?public\.codes USING btree \(code\)/);
    expect(defs).toMatch(/code_logistics_parent_idx ON public\.code_logistics USING btree \(parent_package_id, parent_seq\)/);
    expect(defs).toMatch(/scan_logs_code_idx ON (ONLY )?public\.scan_logs USING btree \(package_id, seq, scanned_at\)/);
    expect(defs).toMatch(/logistic_movements_code_idx ON public\.logistic_movements USING btree \(package_id, seq, created_at\)/);
  });
});

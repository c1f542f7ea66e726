/**
 * Suppliers (menu 13) and distributors (menu 12), released, on both databases: the declared
 * CRUD with 1501 (telephone or mobile), 1502 (duplicate account), 1503 (authorized warehouses
 * left), flags per kind, warehouses of the tenant only, the change log, tenant isolation; a
 * partner signs in (no role: its menu follows from flag C) and from the app, where flag A / B
 * decide the scans and only its authorized warehouses are usable; disable and password reset
 * end its sessions; unreleased by default and never the operator's.
 */
import { expect, it } from 'vitest';
import { FunctionType, MimaStatus, SupplierFunction, UserStatus, UserType } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { describeApi, expectFailure, uniqueAccount, type Harness } from './harness';
import { LOGISTICS_FUNCTIONS, logisticsClient, releaseEverything } from './logisticsSetup';
import { ok, operatorUser } from './productSetup';

interface Partner {
  id: number; account: string; name: string; status: number; functions: number; telephone: string | null;
  phoneCountryCode: string | null; phone: string | null; contact: string; warehouseIds: number[]; warehouseNames: string; defaultPassword?: string;
}

const PARTNER_FUNCTIONS = [1, 12, 13, ...LOGISTICS_FUNCTIONS];

/**
 * A logistics client with a back-office user holding the partner screens, the logistics
 * queries and the app switch (so it may give every flag), and two warehouses.
 */
async function tenantWithWarehouses(h: Harness) {
  const client = await logisticsClient(h);
  const user = await h.signedInUser({ tenant: client.tenant.code, functions: PARTNER_FUNCTIONS });
  await h.db.updateTable('roles').set({ app_stock: true }).where('id', '=', user.roleId).execute();
  const main = await ok<{ id: number }>(h, 'POST', 'Binding/warehouse', user.token, { name: 'Main store', type: 2 });
  const own = await ok<{ id: number }>(h, 'POST', 'Binding/warehouse', user.token, { name: 'Supplier store', type: 4 });
  return { tenant: client.tenant, token: user.token, main, own };
}

const supplierBody = (extra: Record<string, unknown> = {}) => ({
  account: uniqueAccount('sup'), name: 'Acme Supplies', status: UserStatus.Enabled, functions: SupplierFunction.B, telephone: '0223456789', ...extra,
});

describeApi('Suppliers and distributors', (h) => {
  releaseEverything(h);

  it('creates, lists, edits and deletes suppliers with 1501, 1502, 1503 and the change log', async () => {
    const s = await tenantWithWarehouses(h);
    const created = await ok<Partner>(h, 'POST', 'system/supplier', s.token, supplierBody({ account: 'Acme-01', warehouseIds: [s.own.id, s.main.id] }));
    expect(created).toMatchObject({ account: 'Acme-01', functions: SupplierFunction.B, telephone: '0223456789', contact: '0223456789', warehouseIds: [s.main.id, s.own.id], warehouseNames: 'Main store, Supplier store' });
    expect(created.defaultPassword).toMatch(/^.{16}$/);
    const row = await h.db.selectFrom('users').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: UserType.Supplier, role_id: null, app_functions: SupplierFunction.B, mima_status: MimaStatus.MustChange });
    // The answer of a read never carries the password; the change log neither.
    expect((await ok<Partner>(h, 'GET', `system/supplier/${created.id}`, s.token)).defaultPassword).toBeUndefined();
    const log = await h.db.selectFrom('change_logs').select(['action', 'after']).where('resource', '=', 'supplier').where('resource_id', '=', String(created.id)).execute();
    expect(log.map((l) => l.action)).toEqual(['create']);
    expect(JSON.stringify(log[0].after)).not.toMatch(/assword/);

    // 1501: neither telephone nor mobile; a mobile alone is enough.
    expectFailure(await h.call('POST', 'system/supplier', { token: s.token, body: supplierBody({ telephone: '' }) }), 400, ErrorCode.PhoneOrLandlineRequired);
    const mobileOnly = await ok<Partner>(h, 'POST', 'system/supplier', s.token, supplierBody({ telephone: undefined, phoneCountryCode: '886', phone: '912345678', name: 'Beta' }));
    expect(mobileOnly.contact).toBe('+886 912345678');
    // 1502: the account of anybody in the tenant, whatever the case (a staff account too).
    expectFailure(await h.call('POST', 'system/supplier', { token: s.token, body: supplierBody({ account: 'ACME-01' }) }), 400, ErrorCode.DuplicateSupplierAccount);
    const staff = await h.createUser({ tenant: s.tenant.code });
    expectFailure(await h.call('POST', 'system/distributor', { token: s.token, body: supplierBody({ account: staff.account }) }), 400, ErrorCode.DuplicateSupplierAccount);
    // Another tenant's warehouse, an unknown flag: code 1.
    const rival = await tenantWithWarehouses(h);
    expect(expectFailure(await h.call('POST', 'system/supplier', { token: s.token, body: supplierBody({ warehouseIds: [rival.main.id] }) }), 400, 1).data).toEqual({ warehouseIds: { key: 'oneOf' } });
    expectFailure(await h.call('POST', 'system/supplier', { token: s.token, body: supplierBody({ functions: 8 }) }), 400, 1);
    // The account cannot change; everything else can.
    expectFailure(await h.call('PUT', 'system/supplier', { token: s.token, body: { ...supplierBody({ account: 'other' }), id: created.id } }), 400, 1);
    const edited = await ok<Partner>(h, 'PUT', 'system/supplier', s.token, { id: created.id, account: 'Acme-01', name: 'Acme Ltd', status: 1, functions: 7, telephone: '0229999999', warehouseIds: [s.own.id] });
    expect(edited).toMatchObject({ name: 'Acme Ltd', functions: 7, warehouseIds: [s.own.id] });
    expectFailure(await h.call('PUT', 'system/supplier', { token: s.token, body: { id: created.id, account: 'Acme-01', name: 'Acme Ltd', status: 1, telephone: '' } }), 400, ErrorCode.PhoneOrLandlineRequired);

    // List: the tenant's suppliers only, sorted and filtered in the database.
    const list = await ok<{ items: Partner[]; total: number }>(h, 'GET', 'system/supplier?sort=account&order=asc', s.token);
    expect(list.items.map((p) => p.id)).toEqual([created.id, mobileOnly.id]);
    expect(list.total).toBe(2);
    expect((await ok<{ items: Partner[] }>(h, 'GET', `system/supplier?warehouseId=${s.own.id}`, s.token)).items.map((p) => p.id)).toEqual([created.id]);
    expect((await ok<{ items: Partner[] }>(h, 'GET', 'system/supplier?keyword=beta', s.token)).items.map((p) => p.id)).toEqual([mobileOnly.id]);
    expect((await ok<{ total: number }>(h, 'GET', 'system/distributor', s.token)).total).toBe(0);
    expect((await ok<{ total: number }>(h, 'GET', 'system/supplier', rival.token)).total).toBe(0);
    expectFailure(await h.call('GET', `system/supplier/${created.id}`, { token: rival.token }), 404, ErrorCode.NotFound);
    expectFailure(await h.call('DELETE', `system/supplier/${created.id}`, { token: rival.token }), 404, ErrorCode.NotFound);
    expectFailure(await h.call('GET', `system/distributor/${created.id}`, { token: s.token }), 404, ErrorCode.NotFound);
    // The warehouse options of the form: the tenant's own.
    expect((await ok<{ label: string }[]>(h, 'GET', 'system/partner/warehouses', s.token)).map((o) => o.label)).toEqual(['Main store', 'Supplier store']);

    // 1503 while it holds warehouses (and the warehouse cannot go either); then delete.
    expect(expectFailure(await h.call('DELETE', `system/supplier/${created.id}`, { token: s.token }), 400, ErrorCode.SupplierHasFactoryOrWarehouse).data).toEqual({ warehouses: 'Supplier store' });
    expectFailure(await h.call('DELETE', `Binding/warehouse/${s.own.id}`, { token: s.token }), 400, ErrorCode.NotAllowed);
    await ok(h, 'PUT', 'system/supplier', s.token, { id: created.id, account: 'Acme-01', name: 'Acme Ltd', status: 1, telephone: '0229999999', warehouseIds: [] });
    await ok(h, 'DELETE', `system/supplier/${created.id}`, s.token);
    expect(await h.db.selectFrom('users').select('id').where('id', '=', created.id).executeTakeFirst()).toBeUndefined();
    const actions = await h.db.selectFrom('change_logs').select('action').where('resource', '=', 'supplier').where('resource_id', '=', String(created.id)).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'update', 'delete']);

    // Distributors: the same screen less production scan (A).
    expectFailure(await h.call('POST', 'system/distributor', { token: s.token, body: supplierBody({ functions: SupplierFunction.A }) }), 400, 1);
    const dist = await ok<Partner>(h, 'POST', 'system/distributor', s.token, supplierBody({ functions: SupplierFunction.B | SupplierFunction.C }));
    expect((await h.db.selectFrom('users').select('type').where('id', '=', dist.id).executeTakeFirstOrThrow()).type).toBe(UserType.Distributor);
  });

  it('lets a supplier sign in with its flags: C the logistics queries, A binding, B stock and ship in its warehouses only', async () => {
    const s = await tenantWithWarehouses(h);
    const created = await ok<Partner>(h, 'POST', 'system/supplier', s.token, supplierBody({ functions: SupplierFunction.B, warehouseIds: [s.own.id] }));
    const password = created.defaultPassword!;
    // Back office: no role, no C: home only (the profile works, its role name is empty).
    const first = await h.session(s.tenant.code, created.account, password);
    expect(first).toMatchObject({ mimaStatus: MimaStatus.MustChange, roleId: 0, userType: UserType.Supplier });
    await h.db.updateTable('users').set({ mima_status: MimaStatus.Normal }).where('id', '=', created.id).execute();
    const back = await h.session(s.tenant.code, created.account, password);
    expect((await ok<{ Backend: unknown[] }>(h, 'GET', 'system/menu/nested', back.token)).Backend).toEqual([]);
    expect(await ok<{ roleName: string }>(h, 'GET', 'System/user', back.token)).toMatchObject({ account: created.account, roleName: '' });
    expectFailure(await h.call('GET', 'Logistics/stock', { token: back.token }), 403, ErrorCode.NotAllowed);
    expectFailure(await h.call('GET', 'system/supplier', { token: back.token }), 403, ErrorCode.NotAllowed);

    // The app: B only; its warehouses only.
    const appRes = await h.call('POST', 'Identity/token', { body: { tenantCode: s.tenant.code, account: created.account, mima: h.encrypt(password), functionType: FunctionType.App } });
    expect(appRes.json()).toMatchObject({ functionType: FunctionType.App, appFunctions: SupplierFunction.B });
    const app = (appRes.json() as { token: string }).token;
    const options = await ok<{ warehouses: { id: number }[] }>(h, 'GET', 'App/options', app);
    expect(options.warehouses.map((w) => w.id)).toEqual([s.own.id]);
    const refused = expectFailure(await h.call('POST', 'App/stock', { token: app, body: { batchId: 'p-1', sheetType: 1, warehouseId: s.main.id, codes: ['NOPE'] } }), 403, ErrorCode.NotAllowed);
    expect(refused.data).toEqual({ warehouseId: s.main.id, key: 'warehouseNotAuthorized' });
    expectFailure(await h.call('POST', 'App/ship', { token: app, body: { batchId: 'p-2', sheetType: 4, warehouseId: s.main.id, codes: ['NOPE'] } }), 403, ErrorCode.NotAllowed);
    // In its own warehouse the scan reaches the codes (an unknown one: 404 code 2).
    expectFailure(await h.call('POST', 'App/stock', { token: app, body: { batchId: 'p-3', sheetType: 1, warehouseId: s.own.id, codes: ['NOPE'] } }), 404, ErrorCode.NotFound);
    expectFailure(await h.call('POST', 'App/binding', { token: app, body: { batchId: 'p-4', factoryId: 1, lineId: 1, shiftId: 1, ratioId: 1, items: [{ code: 'NOPE' }] } }), 403, ErrorCode.NotAllowed);

    // A and C given: binding passes the flag check, and the logistics queries show in the menu.
    await ok(h, 'PUT', 'system/supplier', s.token, { id: created.id, account: created.account, name: created.name, status: 1, functions: 7, telephone: '0223456789', warehouseIds: [s.own.id] });
    const bound = await h.call('POST', 'App/binding', { token: app, body: { batchId: 'p-5', factoryId: 999999, lineId: 999999, shiftId: 999999, ratioId: 999999, items: [{ code: 'NOPE' }] } });
    expectFailure(bound, 400, 1);
    const menu = await ok<{ Backend: { id: number; children: { id: number }[] }[] }>(h, 'GET', 'system/menu/nested', back.token);
    expect(menu.Backend.flatMap((g) => g.children.map((c) => c.id))).toEqual([26, 27, 28, 29]);
    expect((await ok<{ total: number }>(h, 'GET', 'Logistics/stock', back.token)).total).toBe(0);

    // A distributor's flags: never A, even if stored.
    const dist = await ok<Partner>(h, 'POST', 'system/distributor', s.token, supplierBody({ functions: SupplierFunction.B, warehouseIds: [s.main.id] }));
    await h.db.updateTable('users').set({ app_functions: 7 }).where('id', '=', dist.id).execute();
    const distApp = await h.call('POST', 'Identity/token', { body: { tenantCode: s.tenant.code, account: dist.account, mima: h.encrypt(dist.defaultPassword!), functionType: FunctionType.App } });
    expect(distApp.json()).toMatchObject({ appFunctions: SupplierFunction.B });

    // A partner without an app flag cannot sign in from the app (400 code 3 after the password).
    await ok(h, 'PUT', 'system/supplier', s.token, { id: created.id, account: created.account, name: created.name, status: 1, functions: SupplierFunction.C, telephone: '0223456789', warehouseIds: [s.own.id] });
    expectFailure(await h.call('POST', 'Identity/token', { body: { tenantCode: s.tenant.code, account: created.account, mima: h.encrypt(password), functionType: FunctionType.App } }), 400, ErrorCode.NotAllowed);

    // A password reset and a disable end its sessions.
    const reset = await ok<{ account: string; defaultPassword: string }>(h, 'PUT', `system/supplier/initial/${created.id}`, s.token);
    expect(reset.account).toBe(created.account);
    expect((await h.call('GET', 'System/user', { token: back.token })).statusCode).toBe(401);
    const again = await h.session(s.tenant.code, created.account, reset.defaultPassword);
    expect(again.mimaStatus).toBe(MimaStatus.MustChange);
    await ok(h, 'PUT', 'system/supplier', s.token, { id: created.id, account: created.account, name: created.name, status: UserStatus.Disabled, functions: 7, telephone: '0223456789', warehouseIds: [s.own.id] });
    expect((await h.call('GET', 'System/user', { token: again.token })).statusCode).toBe(401);
    expectFailure(await h.signIn(s.tenant.code, created.account, reset.defaultPassword), 400, ErrorCode.UserLocked);
    expectFailure(await h.call('PUT', `system/supplier/initial/${created.id}`, { token: (await tenantWithWarehouses(h)).token }), 404, ErrorCode.NotFound);
  });

  it('is unreleased by default and never the operator\'s', async () => {
    const s = await tenantWithWarehouses(h);
    const defaults = await h.appWith({ unreleasedMenuIds: [3, 12, 13, 26, 27, 29, 30, 43, 37, 41, 51] });
    expectFailure(await h.call('GET', 'system/supplier', { token: s.token, app: defaults }), 403, ErrorCode.NotAllowed);
    expectFailure(await h.call('GET', 'system/distributor', { token: s.token, app: defaults }), 403, ErrorCode.NotAllowed);
    const operator = await operatorUser(h);
    expectFailure(await h.call('GET', 'system/supplier', { token: operator.token }), 403, ErrorCode.NotAllowed);
    expectFailure(await h.call('GET', 'system/partner/warehouses', { token: operator.token }), 403, ErrorCode.NotAllowed);
  });
});

/**
 * Logistics end to end (issue 16), the functions released (tests/e2e/server.ts), on the real
 * server and database, checked in the DATABASE:
 *  - a client with the logistics function sets up a factory, a line, a shift, a warehouse and a
 *    package ratio in the browser, and adds a supplier with function B authorized on that
 *    warehouse (the default password shown once);
 *  - the app (through the API, as the app does: sign in with functionType 2) binds generated
 *    codes (a staff account of the factory), the supplier stocks them in and ships them out and
 *    is refused a production binding (403) and a ship-out of a code not in stock (the exception
 *    log); the barcode query shows the code's path, the stock and ship sheets list them;
 *  - every setup write left its change-log row with the values; clients never hold the
 *    transaction-log screen (menu 43, SPEC.md section 6), so the operator's reads them: an
 *    operator whose role manages this client finds the client's setup changes (and a rename of
 *    the factory, before and after) in its transaction log, filtered by the client.
 * Screenshots of the supplier screen, the barcode query and the transaction log at 1440 and 390 px.
 */
import crypto from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test';
import { createUser, query } from './db';
import { choose, screenshot, signInAsNewUser, STRONG_PASSWORD } from './helpers';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const state = {
  tenant: `lg${stamp}`,
  tenantId: 0,
  factory: `第一工廠 ${stamp}`,
  line: `A 線 ${stamp}`,
  shift: `早班 ${stamp}`,
  warehouse: `北區倉 ${stamp}`,
  ratio: `瓶入盒 ${stamp}`,
  supplier: `sup${stamp}`,
  supplierPassword: '',
  codes: [] as string[],
};

/** A client tenant with the logistics function, its Admin role holding every menu id and its `admin`. */
async function logisticsTenant(): Promise<number> {
  const [tenant] = await query<{ id: number }>(
    `insert into tenants (code, type, names, function_flags) values ($1, 2, $2::jsonb, 1) returning id`,
    [state.tenant, JSON.stringify({ zh_TW: '物流測試客戶', zh_CN: '物流测试客户', en: 'Logistics client' })],
  );
  const functions = [1, 9, 10, 12, 13, 14, 16, 3, 20, 21, 22, 23, 24, 5, 26, 27, 28, 29, 8, 42];
  const [role] = await query<{ id: number }>(`insert into roles (tenant_id, name, type, functions) values ($1, '管理員', 1, $2::jsonb) returning id`, [tenant.id, JSON.stringify(functions)]);
  await query(`insert into users (tenant_id, account, name, type, role_id, mima_hash, mima_status) values ($1, 'admin', '管理員', 1, $2, 'x', 1)`, [tenant.id, role.id]);
  return tenant.id;
}

/** `count` codes of a Generated code package made for the tenant (written in the database, as the generation job does). */
async function codesOfTenant(count: number): Promise<string[]> {
  const [operator] = await query<{ id: number }>(`select id from tenants where code = 'platform'`);
  const [product] = await query<{ id: number }>(`insert into client_products (tenant_id, client_id, name) values ($1, $2, $3) returning id`, [operator.id, state.tenantId, `瓶裝水 ${stamp}`]);
  const [category] = await query<{ id: number }>(`insert into packaging_categories (tenant_id, name) values ($1, $2) returning id`, [operator.id, `標籤 ${stamp}`]);
  const [material] = await query<{ id: number }>(
    `insert into packaging_materials (tenant_id, client_id, product_id, category_id, name, no, code_type, binding_sheet_type, code_format, code_length)
     values ($1, $2, $3, $4, '瓶身標籤', $5, 1, 2, 3, 12) returning id`,
    [operator.id, state.tenantId, product.id, category.id, `LG-${stamp}`],
  );
  const [pkg] = await query<{ id: number }>(
    `insert into code_packages (tenant_id, client_id, packaging_material_id, type, code_type, code_format, code_length, quantity, status, progress, generated_at)
     values ($1, $2, $3, 1, 1, 3, 12, $4, 2, 100, now()) returning id`,
    [operator.id, state.tenantId, material.id, count],
  );
  const codes = Array.from({ length: count }, () => `LG${crypto.randomBytes(5).toString('hex').toUpperCase()}`);
  for (const [i, code] of codes.entries()) await query(`insert into codes (package_id, seq, code) values ($1, $2, $3)`, [pkg.id, i + 1, code]);
  return codes;
}

/** Signs in from the app (function type 2) and answers the bearer token and app functions. */
async function appSignIn(request: APIRequestContext, account: string, password: string): Promise<{ token: string; appFunctions: number }> {
  const config = await request.get(`/v1/Config/tenant/${state.tenant}`);
  const { passwordPublicKey } = (await config.json()) as { passwordPublicKey: string };
  const mima = crypto.publicEncrypt({ key: passwordPublicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password, 'utf8')).toString('base64');
  const res = await request.post('/v1/Identity/token', { data: { tenantCode: state.tenant, account, mima, functionType: 2 } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { token: string; appFunctions: number };
}

async function add(page: Page, path: string, fill: (form: ReturnType<Page['getByTestId']>) => Promise<void>): Promise<void> {
  await page.goto(path);
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await expect(form).toBeVisible();
  await fill(form);
  await form.getByTestId('crud-form-save').click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('toast')).toHaveText('新增成功');
}

test('a client sets up a factory, line, shift, warehouse and package ratio, and adds a supplier with function B', async ({ page }) => {
  state.tenantId = await logisticsTenant();
  await signInAsNewUser(page, state.tenant);

  await add(page, '/binding/factory', async (form) => {
    await form.locator('input[name="name"]').fill(state.factory);
    await form.locator('input[name="address"]').fill('桃園市觀音區工業路 1 號');
  });
  await add(page, '/binding/production-line', async (form) => {
    await choose(form, page, 'factoryId', '第一工廠', state.factory);
    await form.locator('input[name="name"]').fill(state.line);
  });
  await add(page, '/binding/shift', async (form) => {
    await choose(form, page, 'lineId', 'A 線', `${state.factory} / ${state.line}`);
    await form.locator('input[name="name"]').fill(state.shift);
  });
  await add(page, '/binding/warehouse', async (form) => {
    await form.locator('input[name="name"]').fill(state.warehouse);
    await form.getByLabel('供應商').check();
  });
  await add(page, '/binding/package', async (form) => {
    await form.locator('input[name="name"]').fill(state.ratio);
    await choose(form, page, 'unit2', '盒', '盒');
    await form.locator('input[name="quantity2"]').fill('6');
  });
  const [ratio] = await query<{ level: number; units: unknown }>(`select level, units from package_ratios where tenant_id = $1`, [state.tenantId]);
  expect(ratio).toEqual({ level: 2, units: [{ unit: 1, quantity: 1 }, { unit: 7, quantity: 6 }] });

  // The supplier: telephone or mobile required (1501, checked by the form before sending), then saved with B and the warehouse.
  await page.goto('/system/supplier');
  await expect(page.getByTestId('page-title')).toHaveText('供應商設定');
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await form.locator('input[name="account"]').fill(state.supplier);
  await form.locator('input[name="name"]').fill('大成包材供應商');
  await form.locator('input[name="functions"][value="2"]').check();
  await choose(form, page, 'warehouseIds', '北區倉', state.warehouse);
  await form.getByTestId('crud-form-save').click();
  const invalid = page.getByTestId('alert-modal');
  await expect(invalid).toBeVisible();
  await invalid.getByTestId('modal-confirm').click();
  await expect(form.locator('[data-testid="field-error"][data-field="telephone"]')).toBeVisible();
  await form.locator('input[name="telephone"]').fill('034731234');
  await screenshot(page, 'supplier-form-1440');
  await form.getByTestId('crud-form-save').click();
  const result = page.getByTestId('result-modal');
  await expect(result).toContainText(state.supplier);
  state.supplierPassword = (await result.getByTestId('result-value').innerText()).trim();
  await result.getByTestId('modal-confirm').click();
  await expect(page.locator('.MuiDataGrid-row').first()).toContainText('大成包材供應商');
  await expect(page.locator('.MuiDataGrid-row').first()).toContainText(state.warehouse);

  const [supplier] = await query<{ id: number; type: number; role_id: number | null; app_functions: number; telephone: string; mima_status: number }>(
    `select id, type, role_id, app_functions, telephone, mima_status from users where tenant_id = $1 and account = $2`, [state.tenantId, state.supplier]);
  expect(supplier).toMatchObject({ type: 3, role_id: null, app_functions: 2, telephone: '034731234', mima_status: 2 });
  const authorized = await query<{ name: string }>(`select w.name from partner_warehouses pw join warehouses w on w.id = pw.warehouse_id where pw.user_id = $1`, [supplier.id]);
  expect(authorized.map((w) => w.name)).toEqual([state.warehouse]);

  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'supplier-list-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'supplier-list-390');
  await page.getByTestId(`row-view-${supplier.id}`).click();
  await expect(form).toBeVisible();
  await screenshot(page, 'supplier-view-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Every setup write is in the change log with its values (the transaction log of SPEC is the operator's: 43 is never a client's).
  const logged = await query<{ resource: string; action: string; after: Record<string, unknown> }>(
    `select resource, action, after from change_logs where tenant_id = $1 order by id`, [state.tenantId]);
  expect(logged.map((l) => `${l.resource}:${l.action}`)).toEqual(['factory:create', 'productionLine:create', 'shift:create', 'warehouse:create', 'packageRatio:create', 'supplier:create']);
  expect(logged[5].after).toMatchObject({ account: state.supplier, functions: 2, warehouseNames: state.warehouse });
  expect(JSON.stringify(logged[5].after)).not.toContain(state.supplierPassword);
});

test('the app binds, the supplier stocks in and ships; the barcode query, sheets and exception log show it', async ({ page, request }) => {
  expect(state.supplierPassword, 'the first test ran').not.toBe('');
  state.codes = await codesOfTenant(8);
  const [box, ...rest] = state.codes;
  const bottles = rest.slice(0, 6);
  const loose = rest[6];
  const ids = async (table: string, name: string) => (await query<{ id: number }>(`select id from ${table} where tenant_id = $1 and name = $2`, [state.tenantId, name]))[0].id;
  const binding = {
    factoryId: await ids('factories', state.factory), lineId: await ids('production_lines', state.line),
    shiftId: await ids('shifts', state.shift), ratioId: await ids('package_ratios', state.ratio),
  };
  const warehouseId = await ids('warehouses', state.warehouse);

  // The factory's staff account scans the production binding (its Admin role holds A and B).
  const staff = await signInAsNewUser(page, state.tenant);
  const factoryApp = await appSignIn(request, staff.account, STRONG_PASSWORD);
  expect(factoryApp.appFunctions).toBe(3);
  const post = (url: string, token: string, data: unknown) => request.post(`/v1/${url}`, { headers: { authorization: `Bearer ${token}` }, data });
  const bound = await post('App/binding', factoryApp.token, { batchId: `bind-${stamp}`, ...binding, items: [{ code: box, children: bottles.map((code) => ({ code })) }] });
  expect(bound.status(), await bound.text()).toBe(201);

  // The supplier (B): binding refused, stock-in and ship-out in its warehouse.
  await query(`update users set mima_status = 1 where tenant_id = $1 and account = $2`, [state.tenantId, state.supplier]);
  const supplierApp = await appSignIn(request, state.supplier, state.supplierPassword);
  expect(supplierApp.appFunctions).toBe(2);
  const refusedBinding = await post('App/binding', supplierApp.token, { batchId: `sb-${stamp}`, ...binding, items: [{ code: loose }] });
  expect(refusedBinding.status()).toBe(403);
  expect(await refusedBinding.json()).toMatchObject({ code: 3 });
  const stocked = await post('App/stock', supplierApp.token, { batchId: `in-${stamp}`, sheetType: 1, warehouseId, codes: [box] });
  expect(stocked.status(), await stocked.text()).toBe(201);
  const shipped = await post('App/ship', supplierApp.token, { batchId: `out-${stamp}`, sheetType: 4, warehouseId, codes: [box] });
  expect(shipped.status(), await shipped.text()).toBe(201);
  const notInStock = await post('App/ship', supplierApp.token, { batchId: `bad-${stamp}`, sheetType: 4, warehouseId, codes: [loose] });
  expect(notInStock.status()).toBe(400);
  expect(await notInStock.json()).toMatchObject({ code: 3, data: { code: loose, key: 'notStockedIn' } });

  const states = await query<{ status: number }>(
    `select cl.status from code_logistics cl join codes c on c.package_id = cl.package_id and c.seq = cl.seq where c.code = any($1::text[])`, [[box, ...bottles]]);
  expect(states.map((s) => s.status)).toEqual(Array(7).fill(2));
  const sheets = await query<{ sheet_type: number; account: string; code_count: number }>(`select sheet_type, account, code_count from logistic_sheets where tenant_id = $1 order by id`, [state.tenantId]);
  expect(sheets).toEqual([{ sheet_type: 1, account: state.supplier, code_count: 7 }, { sheet_type: 4, account: state.supplier, code_count: 7 }]);
  const exceptions = await query<{ code: string; reason: string; account: string }>(`select code, reason, account from exception_logs where tenant_id = $1`, [state.tenantId]);
  expect(exceptions).toEqual([{ code: loose, reason: 'notStockedIn', account: state.supplier }]);

  // The barcode query of a bottle: bound at the factory, inside the box, stocked in and shipped.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/logistics/code');
  await page.locator('input[name="code"]').fill(bottles[0]);
  await page.getByTestId('barcode-search').click();
  const found = page.getByTestId('barcode-result');
  await expect(found).toContainText(state.factory);
  await expect(found).toContainText(state.line);
  await expect(found).toContainText(box);
  await expect(found).toContainText('已出貨');
  await expect(found).toContainText('生產入庫');
  await expect(found).toContainText('銷售出貨');
  await screenshot(page, 'barcode-query-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'barcode-query-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The stock and ship sheets list the supplier's batches; the exception log the refused code.
  await page.goto('/logistics/stock');
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1);
  await expect(page.locator('.MuiDataGrid-row').first()).toContainText(state.supplier);
  await page.goto('/logistics/ship');
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1);
  await expect(page.locator('.MuiDataGrid-row').first()).toContainText(state.warehouse);
  await page.goto('/logistics/exception');
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1);
  await expect(page.locator('.MuiDataGrid-row').first()).toContainText(loose);
  await expect(page.locator('.MuiDataGrid-row').first()).toContainText('未入庫即出貨');
  await screenshot(page, 'exception-log-1440');
});

test('the supplier (B, no C) signs in to the back office: home only; deleting it while it holds a warehouse answers 1503', async ({ page }) => {
  const [supplier] = await query<{ id: number }>(`select id from users where tenant_id = $1 and account = $2`, [state.tenantId, state.supplier]);
  // Signed in as the login page does (no role: its menu follows from its flags, none without C).
  const config = await page.request.get(`/v1/Config/tenant/${state.tenant}`);
  const { passwordPublicKey } = (await config.json()) as { passwordPublicKey: string };
  const mima = crypto.publicEncrypt({ key: passwordPublicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(state.supplierPassword, 'utf8')).toString('base64');
  const signedIn = await page.request.post('/v1/Identity/token', { data: { tenantCode: state.tenant, account: state.supplier, mima } });
  expect(signedIn.status()).toBe(200);
  await page.goto('/favicon.svg');
  await page.evaluate(([session, code]) => { localStorage.setItem('oioc.session', session); localStorage.setItem('oioc.tenant', code); },
    [JSON.stringify({ user: { ...(await signedIn.json()), tenantCode: state.tenant }, menu: null }), state.tenant] as const);
  await page.goto('/home');
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('side-menu').locator('[data-menu-id="1"]')).toHaveCount(0);
  await page.goto('/system/supplier');
  await expect(page).toHaveURL(/\/home$/);

  await signInAsNewUser(page, state.tenant, {}, '/system/supplier');
  await page.getByTestId(`row-remove-${supplier.id}`).click();
  await page.getByTestId('confirm-modal').getByTestId('modal-confirm').click();
  const fail = page.getByTestId('fail-modal');
  await expect(fail).toContainText('請先移除相關的工廠或倉庫。 (1503)');
  await fail.getByTestId('modal-confirm').click();
  expect((await query(`select id from users where id = $1`, [supplier.id])).length).toBe(1);
});

test("the operator's transaction log shows the client's setup changes with their details", async ({ page }) => {
  const [factory] = await query<{ id: number }>(`select id from factories where tenant_id = $1 and name = $2`, [state.tenantId, state.factory]);
  expect(factory, 'the first test ran').toBeTruthy();
  // The client renames its factory: an edit, with a before and an after.
  const renamed = `${state.factory} 二廠`;
  await signInAsNewUser(page, state.tenant, {}, '/binding/factory');
  await page.getByTestId(`row-edit-${factory.id}`).click();
  const form = page.getByTestId('crud-form');
  await form.locator('input[name="name"]').fill(renamed);
  await form.getByTestId('crud-form-save').click();
  await expect(form).toBeHidden();
  const [edit] = await query<{ id: number; before: { name: string }; after: { name: string } }>(
    `select id, before, after from change_logs where tenant_id = $1 and resource = 'factory' and action = 'update'`, [state.tenantId]);
  expect([edit.before.name, edit.after.name]).toEqual([state.factory, renamed]);

  // An operator account whose General role manages this client only and holds the report menu.
  const [operator] = await query<{ id: number }>(`select id from tenants where code = 'platform'`);
  const [role] = await query<{ id: number }>(
    `insert into roles (tenant_id, name, type, functions, customers) values ($1, $2, 2, '[8, 42, 43]'::jsonb, $3::jsonb) returning id`,
    [operator.id, `物流稽核 ${stamp}`, JSON.stringify([state.tenantId])]);
  const account = `audit${stamp}`;
  await createUser({ tenantCode: 'platform', account, password: STRONG_PASSWORD });
  await query(`update users set role_id = $1 where account = $2 and tenant_id = $3`, [role.id, account, operator.id]);
  const config = await page.request.get('/v1/Config/tenant/platform');
  const { passwordPublicKey } = (await config.json()) as { passwordPublicKey: string };
  const mima = crypto.publicEncrypt({ key: passwordPublicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(STRONG_PASSWORD, 'utf8')).toString('base64');
  const signedIn = await page.request.post('/v1/Identity/token', { data: { tenantCode: 'platform', account, mima } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  await page.goto('/favicon.svg');
  await page.evaluate(([session]) => { localStorage.setItem('oioc.session', session); localStorage.setItem('oioc.tenant', 'platform'); },
    [JSON.stringify({ user: { ...(await signedIn.json()), tenantCode: 'platform' }, menu: null })] as const);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/report/transaction-log');
  await expect(page.getByTestId('page-title')).toHaveText('異動紀錄');
  const filters = page.getByTestId('crud-filters');
  await choose(filters, page, 'clientId', '物流', '物流測試客戶');
  await page.getByTestId('crud-search').click();
  const rows = page.locator('.MuiDataGrid-row');
  // The six setup writes and the rename, newest first, each naming the client.
  await expect(rows).toHaveCount(7);
  await expect(rows.first()).toContainText('修改');
  await expect(rows.first()).toContainText('物流測試客戶');
  await expect(rows.last()).toContainText('新增');
  const logged = await query<{ id: number; resource: string }>(`select id, resource from change_logs where tenant_id = $1 order by id desc`, [state.tenantId]);
  expect(logged.map((l) => l.resource)).toEqual(['factory', 'supplier', 'packageRatio', 'warehouse', 'shift', 'productionLine', 'factory']);
  await screenshot(page, 'transaction-log-client-1440');

  // The rename's detail: one compact row per changed field, labelled as the factory form
  // labels it (not its key), the name before and after.
  await page.getByTestId(`row-view-${edit.id}`).click();
  const view = page.getByTestId('crud-form');
  await expect(view).toBeVisible();
  const nameRow = view.getByTestId('change-row').filter({ hasText: renamed });
  await expect(nameRow).toHaveCount(1);
  await expect(nameRow.locator('td')).toHaveText(['工廠名稱', state.factory, renamed]);
  await expect(view.locator('textarea:not([aria-hidden="true"])')).toHaveCount(0);
  await screenshot(page, 'transaction-log-detail-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'transaction-log-detail-390');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The line's creation: its after values, no before.
  await page.goto('/report/transaction-log');
  await choose(page.getByTestId('crud-filters'), page, 'clientId', '物流', '物流測試客戶');
  await page.getByTestId('crud-search').click();
  const line = logged.find((l) => l.resource === 'productionLine')!;
  await page.getByTestId(`row-view-${line.id}`).click();
  // The dialog's change rows arrive with the detail call: wait for them, not only for the
  // frame. A create shows the values after only.
  const lineView = page.getByTestId('crud-form');
  await expect(lineView.getByTestId('change-row').filter({ hasText: state.line }).locator('td')).toHaveText(['產線名稱', state.line]);
});


test('disabling a factory asks first, then disables its line and shift with it', async ({ page }) => {
  const [factory] = await query<{ id: number }>(`select id from factories where tenant_id = $1 order by id limit 1`, [state.tenantId]);
  expect(factory, 'the first test ran').toBeTruthy();
  const enabled = async () => (await query<{ t: string; enabled: boolean }>(
    `select 'factory' as t, enabled from factories where id = $1
     union all select 'line', enabled from production_lines where factory_id = $1
     union all select 'shift', enabled from shifts where factory_id = $1`, [factory.id])).map((r) => `${r.t}:${r.enabled}`);
  expect(await enabled()).toEqual(['factory:true', 'line:true', 'shift:true']);
  await signInAsNewUser(page, state.tenant);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/binding/factory');
  await page.getByTestId(`row-edit-${factory.id}`).click();
  const form = page.getByTestId('crud-form');
  await form.locator('input[name="enabled"]').uncheck();
  await form.getByTestId('crud-form-save').click();
  const question = page.getByTestId('confirm-modal');
  await expect(question).toContainText('其下的產線與班別將一併停用');
  await screenshot(page, 'factory-disable-confirm-1440');
  // Cancelled: nothing sent, the form still open.
  await question.getByTestId('modal-cancel').click();
  await expect(question).toBeHidden();
  await expect(form).toBeVisible();
  expect(await enabled()).toEqual(['factory:true', 'line:true', 'shift:true']);
  // Confirmed: the factory, its line and its shift disabled in one write.
  await form.getByTestId('crud-form-save').click();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'factory-disable-confirm-390');
  await question.getByTestId('modal-confirm').click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('toast')).toBeVisible();
  expect(await enabled()).toEqual(['factory:false', 'line:false', 'shift:false']);
  // Renaming a disabled factory asks nothing.
  await page.getByTestId(`row-edit-${factory.id}`).click();
  await form.locator('input[name="address"]').fill('桃園市觀音區工業路 2 號');
  await form.getByTestId('crud-form-save').click();
  await expect(form).toBeHidden();
  await expect(question).toHaveCount(0);
});

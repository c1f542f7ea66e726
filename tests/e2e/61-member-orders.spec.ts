/**
 * Point products and member orders end to end (src/schemas/member/*.json on the engine, the
 * /v1 member API, the consumer page's redeem sheet), on the real server and PostgreSQL, checked
 * in the DATABASE after each step, on a client tenant of its own with the Marketing and Member
 * functions (made by the fixture in beforeAll; every spec works on tenants of its own).
 *  - the client adds a point product (add closes the dialog; an edit reopens the view);
 *  - a signed-in shopper redeems it on the consumer page at 390 px: order number and balance;
 *  - the order is in Member > orders, goes Created -> Stocking -> Shipped in its detail;
 *  - the list exports as a job whose file holds the order;
 *  - a CSV import changes another order's status; a bad file changes nothing and names its line.
 * Screenshots at 1440 px and 390 px go to tests/e2e/artifacts/.
 */
import crypto from 'node:crypto';
import { expect, test } from './test';
import { query } from './db';
import { clientTenant } from './fixtures';
import { choose, screenshot, screenshotsAtWidths, sessionToken, signInAsNewUser, taipeiDigits, typeDateTime } from './helpers';

const stamp = Date.now().toString(36);
const state = {
  tenant: '',
  tenantId: 0,
  productName: `保溫杯 ${stamp}`,
  pointProductId: 0,
  memberId: 0,
  memberToken: crypto.randomBytes(32).toString('base64url'),
  phone: `9${String(Date.now() % 1e8).padStart(8, '0')}`,
  orderNo: '',
  secondOrderNo: '',
};

test.describe.configure({ mode: 'serial' });

/** A client tenant with Marketing and Member, its Admin role holding those menus, its member settings the defaults. */
async function memberTenant(): Promise<void> {
  const { tenant, clientId } = await clientTenant({
    prefix: 'mo', names: { zh_TW: '會員測試客戶', zh_CN: '会员测试客户', en: 'Member client' },
    functions: [1, 9, 10, 14, 16, 6, 31, 32, 33, 34, 35, 36, 7, 38, 39, 40, 8, 42], functionFlags: 6, material: false,
  });
  await query(`insert into member_settings (tenant_id) values ($1)`, [clientId]);
  state.tenant = tenant;
  state.tenantId = clientId;
}

test.beforeAll(async () => {
  await memberTenant();
  // A marketing product of the client (the marketing screens are tested elsewhere).
  const [cat] = await query<{ id: number }>(`insert into marketing_categories (tenant_id, names) values ($1, $2) returning id`, [state.tenantId, JSON.stringify({ zh_TW: `周邊 ${stamp}` })]);
  await query(`insert into marketing_products (tenant_id, category_id, names) values ($1, $2, $3)`, [state.tenantId, cat.id, JSON.stringify({ zh_TW: state.productName, en: `Tumbler ${stamp}` })]);
  // A member with 1,000 points and a session (joining and sign-in are the members-core screens).
  const [m] = await query<{ id: number }>(`insert into members (tenant_id, phone_country_code, phone, name) values ($1, '886', $2, '林小美') returning id`, [state.tenantId, state.phone]);
  state.memberId = m.id;
  await query(`insert into member_points (tenant_id, member_id, type, points, code) values ($1, $2, 1, 1000, $3)`, [state.tenantId, m.id, `e2e-${stamp}`]);
  await query(`insert into member_sessions (token_hash, member_id, tenant_id, expires_at) values ($1, $2, $3, now() + interval '1 day')`, [
    crypto.createHash('sha256').update(state.memberToken, 'utf8').digest('hex'), m.id, state.tenantId,
  ]);
});

test('the client adds a point product (add closes, an edit reopens the view)', async ({ page }) => {
  await signInAsNewUser(page, state.tenant, {}, '/member/product');
  await expect(page.getByTestId('crud-member.product')).toBeVisible();
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await choose(form, page, 'productId', '保溫杯', state.productName);
  const now = Date.now();
  await typeDateTime(form, page, 'from', taipeiDigits(new Date(now - 3_600_000)));
  await typeDateTime(form, page, 'to', taipeiDigits(new Date(now + 30 * 86_400_000)));
  await form.locator('input[name="points"]').fill('300');
  await form.locator('input[name="stock"]').fill('5');
  await screenshot(page, 'member-product-add-1440');
  await form.getByTestId('crud-form-save').click();
  await expect(page.getByTestId('toast')).toContainText('新增成功');
  await expect(page.getByTestId('crud-form')).toHaveCount(0);
  const [row] = await query<{ id: number; points: number; stock: number; timezone_id: number; enable: boolean }>(
    `select id, points, stock, timezone_id, enable from point_products where tenant_id = $1 order by id desc limit 1`, [state.tenantId]);
  expect(row).toMatchObject({ points: 300, stock: 5, timezone_id: 103, enable: true });
  state.pointProductId = row.id;

  await page.locator('.MuiDataGrid-row', { hasText: state.productName }).locator('[data-testid^="row-edit-"]').click();
  const edit = page.getByTestId('crud-form');
  await edit.locator('input[name="stock"]').fill('8');
  await edit.getByTestId('crud-form-save').click();
  await expect(page.getByTestId('toast')).toContainText('儲存成功');
  await expect(edit.locator('[data-mode]')).toHaveAttribute('data-mode', 'view');
  await expect(edit.locator('input[name="stock"]')).toHaveValue('8');
  expect((await query<{ stock: number }>(`select stock from point_products where id = $1`, [row.id]))[0].stock).toBe(8);
  await page.getByTestId('crud-form-close').click();
  await screenshotsAtWidths(page, 'member-product', { path: '/member/product' });
});

test('a signed-in shopper redeems it on the consumer page at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/favicon.svg');
  await page.evaluate(([key, token]) => localStorage.setItem(key, token), [`oioc.member.${state.tenant}`, state.memberToken] as const);
  await page.goto(`/m/${state.tenant}`);
  const points = page.locator('#points');
  await expect(points.getByText(state.productName)).toBeVisible();
  await points.locator(`[data-redeem="${state.pointProductId}"]`).scrollIntoViewIfNeeded();
  await screenshot(page, 'member-consumer-points-390');
  await points.locator(`[data-redeem="${state.pointProductId}"]`).click();
  const sheet = page.getByRole('dialog');
  await sheet.locator('input[name="quantity"]').fill('2');
  await sheet.locator('input[name="name"]').fill('林小美');
  await sheet.locator('input[name="phone"]').fill('0912345678');
  await sheet.locator('input[name="address"]').fill('臺北市信義區松高路 1 號');
  await expect(sheet.getByText('共需 600')).toBeVisible();
  await screenshot(page, 'member-consumer-redeem-390');
  await sheet.locator('[data-confirm-redeem]').click();
  await expect(sheet.locator('[data-redeemed]')).toBeVisible();
  await expect(sheet.locator('[data-balance]')).toHaveText('400');
  state.orderNo = (await sheet.locator('[data-order-no]').textContent())!.trim();
  expect(state.orderNo).toMatch(/^M\d{6}-[2-9A-Z]{6}$/);
  await screenshot(page, 'member-consumer-redeemed-390');
  const [order] = await query<{ status: number; points: number; recipient: Record<string, string> }>(
    `select status, points, recipient from member_orders where tenant_id = $1 and order_no = $2`, [state.tenantId, state.orderNo]);
  expect(order).toMatchObject({ status: 1, points: 600, recipient: { name: '林小美', phone: '0912345678' } });
  const [{ sum }] = await query<{ sum: string }>(`select sum(points) from member_points where member_id = $1`, [state.memberId]);
  expect(Number(sum)).toBe(400);
  expect((await query<{ stock: number }>(`select stock from point_products where id = $1`, [state.pointProductId]))[0].stock).toBe(6);
});

test('the order moves Created -> Stocking -> Shipped, exports, and a CSV import updates another', async ({ page }) => {
  await signInAsNewUser(page, state.tenant, {}, '/member/order');
  await expect(page.getByTestId('crud-member.order')).toBeVisible();
  const row = page.locator('.MuiDataGrid-row', { hasText: state.orderNo });
  await expect(row).toBeVisible();
  await row.locator('[data-testid^="row-view-"]').click();
  const form = page.getByTestId('crud-form');
  await expect(form.locator('input[name="orderNo"]')).toHaveValue(state.orderNo);
  await expect(form.getByText(state.productName).or(form.locator(`input[value="${state.productName}"]`)).first()).toBeVisible();
  await screenshot(page, 'member-order-view-1440');

  for (const [status, label] of [[2, '備貨中'], [3, '已出貨']] as const) {
    await form.getByTestId('crud-form-edit').click();
    await expect(form.locator('[data-mode]')).toHaveAttribute('data-mode', 'edit');
    await form.locator('input[name="status"]').click();
    await page.getByRole('option', { name: label }).click();
    await form.getByTestId('crud-form-save').click();
    await expect(page.getByTestId('toast')).toContainText('儲存成功');
    await expect(form.locator('[data-mode]')).toHaveAttribute('data-mode', 'view');
    expect((await query<{ status: number }>(`select status from member_orders where order_no = $1 and tenant_id = $2`, [state.orderNo, state.tenantId]))[0].status).toBe(status);
  }
  await expect(row.getByText('已出貨')).toBeVisible();
  await page.getByTestId('crud-form-close').click();

  // Export (csv): a job of category ExportMemberOrders whose file holds the order.
  await page.getByTestId('crud-export').click();
  await page.getByTestId('crud-export-csv').click();
  await expect.poll(async () => (await query<{ status: number }>(`select status from jobs where tenant_id = $1 and category = 12 order by id desc limit 1`, [state.tenantId]))[0]?.status, { timeout: 30_000 }).toBe(3);
  const [report] = await query<{ id: number }>(`select id from export_reports where tenant_id = $1 order by id desc limit 1`, [state.tenantId]);
  const file = await page.request.get(`/v1/Report/exportReport/${report.id}/file`, { headers: { authorization: `Bearer ${await sessionToken(page)}` } });
  expect(file.status()).toBe(200);
  const text = (await file.text()).replace(/^\uFEFF/, '');
  expect(text.split('\r\n')[0]).toMatch(/^訂單編號,狀態,/);
  expect(text).toContain(`${state.orderNo},已出貨`);

  // A second order through the API as the shopper, then a CSV import moves it to Stocking.
  const redeemed = await page.request.post(`/mapi/v1/member/${state.tenant}/order`, {
    headers: { authorization: `Bearer ${state.memberToken}` },
    data: { items: [{ pointProductId: state.pointProductId, quantity: 1 }], points: 300, recipient: { name: '林小美', phone: '0912345678', address: '臺北市' } },
  });
  expect(redeemed.status(), await redeemed.text()).toBe(201);
  state.secondOrderNo = ((await redeemed.json()) as { orderNo: string }).orderNo;
  await page.reload();
  await expect(page.locator('.MuiDataGrid-row', { hasText: state.secondOrderNo })).toBeVisible();

  // A bad file (the shipped order cannot go back): nothing changes, the line is named.
  await page.getByTestId('crud-import-file').setInputFiles({
    name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(`訂單編號,狀態\r\n${state.secondOrderNo},備貨中\r\n${state.orderNo},已建立\r\n`),
  });
  await expect(page.getByTestId('app-modal-message')).toContainText('第 3 行');
  await screenshot(page, 'member-order-import-refused-1440');
  await page.getByTestId('modal-confirm').click();
  expect((await query<{ status: number }>(`select status from member_orders where order_no = $1 and tenant_id = $2`, [state.secondOrderNo, state.tenantId]))[0].status).toBe(1);

  await page.getByTestId('crud-import-file').setInputFiles({
    name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(`訂單編號,狀態\r\n${state.secondOrderNo},備貨中\r\n${state.orderNo},已出貨\r\n`),
  });
  await expect(page.getByTestId('toast')).toContainText('匯入成功');
  expect((await query<{ status: number }>(`select status from member_orders where order_no = $1 and tenant_id = $2`, [state.secondOrderNo, state.tenantId]))[0].status).toBe(2);
  await expect(page.locator('.MuiDataGrid-row', { hasText: state.secondOrderNo }).getByText('備貨中')).toBeVisible();
  await screenshotsAtWidths(page, 'member-order', { path: '/member/order' });
  // The detail at 390 px.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/member/order');
  await page.getByTestId('page-title').waitFor();
  await page.locator(`[data-testid^="row-view-"]`).first().click();
  await expect(page.getByTestId('crud-form').locator('input[name="orderNo"]')).not.toHaveValue('');
  await screenshot(page, 'member-order-view-390');
});

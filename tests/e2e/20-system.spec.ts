/**
 * The system module end to end (src/schemas/system/client.json, announcement.json,
 * document.json, other.json on the generic engine), checked in the DATABASE after each write:
 *  - the operator creates a client with the functions Marketing + Member in the browser and
 *    reads its activation info from the dialog; the client's admin signs in at
 *    /login?code=<clientCode> with the default password (forced change) and sees the menu of
 *    those flags;
 *  - the operator publishes an announcement to all clients: the client's home shows it with
 *    the operator label;
 *  - the client's other settings refuse a logo of the wrong size (upload-failed dialog, the
 *    stored logo unchanged) and save a 162x38 one, which the top bar and the login page show;
 *  - the operator uploads a help PDF for staff roles (menu 9) in zh_TW: the client's admin
 *    finds the help button on /system/role and it opens the PDF;
 *  - the operator deletes the client with a reason.
 * Screenshots in zh_TW and en (and a 390 px window) go to tests/e2e/artifacts/.
 */
import { png } from '../support/png';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { query } from './db';
import { choose, screenshot, signIn, signInAsNewUser, STRONG_PASSWORD, fillLogin, openTab, taipeiDigits, typeDateTime } from './helpers';

const OPERATOR = 'platform';

test.describe.configure({ mode: 'serial' });

// --- Test files ---------------------------------------------------------------------------

/** A brand-red field with a dark square and a lighter band, so a logo is recognisable on screen. */
function logoPng(width: number, height: number): Buffer {
  return png(width, height, {
    fill: (x, y) => (x < height ? [0x24, 0x1a, 0x1d] : y > height * 0.3 && y < height * 0.7 ? [0xf3, 0xd9, 0xd2] : [0xb8, 0x3a, 0x24]),
  });
}

/** A one-page PDF saying "Help". */
function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 24 Tf 40 60 Td (Staff roles help) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// --- Helpers --------------------------------------------------------------------------------

async function logout(page: Page): Promise<void> {
  await page.getByTestId('logout').click();
  await page.getByTestId('logout-modal').getByTestId('modal-confirm').click();
  await expect(page).toHaveURL(/\/login\?code=/);
}

async function search(page: Page, keyword: string): Promise<void> {
  await page.getByTestId('crud-filters').locator('input[name="keyword"]').fill(keyword);
  await page.getByTestId('crud-search').click();
}

const state = {
  clientCode: `e2e${Date.now().toString(36)}`,
  clientId: 0,
  defaultPassword: '',
  operatorAccount: '',
  adminPassword: STRONG_PASSWORD,
};

// --- Clients ---------------------------------------------------------------------------------

test('the operator creates a client with Marketing and Member; its admin signs in and sees the menu of those flags', async ({ page }) => {
  const operator = await signInAsNewUser(page, OPERATOR, {}, '/system/client');
  state.operatorAccount = operator.account;

  await expect(page.getByTestId('page-title')).toHaveText('客戶帳號設定');
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await expect(form).toContainText('新增客戶');

  await form.locator('input[name="names.zh_TW"]').fill('晨光食品股份有限公司');
  await form.locator('input[name="names.en"]').fill('Morning Light Foods');
  await form.locator('input[name="code"]').fill(state.clientCode);
  // Functions and layouts are flag checkboxes: Marketing + Member, not Logistics.
  await expect(form.locator('input[name="functions"]')).toHaveCount(3);
  await form.locator('input[name="functions"][value="2"]').check();
  await form.locator('input[name="functions"][value="4"]').check();
  await expect(form.locator('input[name="functions"][value="1"]')).not.toBeChecked();
  await expect(form.locator('input[name="layouts"][value="1"]')).toBeChecked();
  await form.locator('input[name="layouts"][value="2"]').check();
  // The domain shows (and is required) only when the domain type is not General.
  await expect(form.locator('input[name="domainType"][value="1"]')).toBeChecked();
  await expect(form.locator('input[name="domain"]')).toBeHidden();
  await form.locator('input[name="domainType"][value="2"]').check();
  await expect(form.locator('input[name="domain"]')).toBeVisible();
  await form.getByTestId('crud-form-save').click();
  await page.getByTestId('alert-modal').getByTestId('modal-confirm').click();
  await expect(form.locator('[data-testid="field-error"][data-field="domain"]')).toHaveText('此欄位為必填。');
  await form.locator('input[name="domainType"][value="1"]').check();
  await expect(form.locator('input[name="domain"]')).toBeHidden();
  await expect(form.locator('[data-testid="field-error"][data-field="domain"]')).toHaveCount(0);

  await choose(form, page, 'country', '台灣', '台灣');
  await form.locator('textarea[name="address"]').fill('臺北市信義區市府路 1 號');
  await form.locator('input[name="contacts.primary.name"]').fill('王小明');
  await choose(form, page, 'contacts.primary.phoneCountryCode', '886', /\+886/);
  await form.locator('input[name="contacts.primary.phone"]').fill('0912345678');
  await form.locator('input[name="contacts.primary.email"]').fill('ming@example.com');
  await form.locator('input[name="contacts.secondary.name"]').fill('陳美麗');
  await form.locator('input[name="contacts.secondary.email"]').fill('mei@example.com');
  await form.locator('.MuiDialogContent-root').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await screenshot(page, 'client-form-contacts-zh_TW');
  await form.locator('.MuiDialogContent-root').evaluate((el) => el.scrollTo(0, 0));
  await screenshot(page, 'client-form-zh_TW');
  await form.getByTestId('crud-form-save').click();

  // The activation info, shown once, each value with its label, copied together.
  const result = page.getByTestId('result-modal');
  await expect(result).toBeVisible();
  await expect(result.getByTestId('result-value-clientCode')).toHaveText(state.clientCode);
  await expect(result.getByTestId('result-value-account')).toHaveText('admin');
  const activationCode = (await result.getByTestId('result-value-activationCode').innerText()).trim();
  expect(activationCode).toMatch(/^[A-Z2-9]{16}$/);
  state.defaultPassword = (await result.getByTestId('result-value-defaultPassword').innerText()).trim();
  expect(state.defaultPassword.length).toBeGreaterThanOrEqual(8);
  await expect(result).toContainText(`/login?code=${state.clientCode}`);
  await expect(result.getByTestId('result-copy')).toHaveText('全部複製');
  await screenshot(page, 'client-activation-zh_TW');
  await result.getByTestId('modal-confirm').click();

  const [tenant] = await query<{ id: number; type: number; function_flags: number; layouts: number; domain_type: number }>(
    `select id, type, function_flags, layouts, domain_type from tenants where code = $1`,
    [state.clientCode],
  );
  expect(tenant).toMatchObject({ type: 2, function_flags: 6, layouts: 3, domain_type: 1 });
  state.clientId = tenant.id;
  const [admin] = await query<{ account: string; mima_status: number; type: number }>(`select account, mima_status, type from users where tenant_id = $1`, [tenant.id]);
  expect(admin).toMatchObject({ account: 'admin', mima_status: 2, type: 1 });

  // The list shows the functions' labels.
  await search(page, state.clientCode);
  const row = page.locator('.MuiDataGrid-row');
  await expect(row).toHaveCount(1);
  await expect(row.first()).toContainText('行銷');
  await expect(row.first()).toContainText('會員');
  await expect(row.first()).not.toContainText('物流');
  await screenshot(page, 'client-list-zh_TW');

  // Edit: the client code is read-only.
  await page.getByTestId(`row-edit-${tenant.id}`).click();
  await expect(form.locator('input[name="code"]')).toBeDisabled();
  await expect(form.locator('input[name="code"]')).toHaveValue(state.clientCode);
  await expect(form.locator('input[name="functions"][value="2"]')).toBeChecked();
  await form.getByTestId('crud-form-cancel').click();

  // --- The client's admin: default password, forced change, the menu of the flags ------------
  await logout(page);
  await signIn(page, state.clientCode, 'admin', state.defaultPassword, STRONG_PASSWORD);
  const menu = page.getByTestId('side-menu');
  const ids = await menu.locator('[data-menu-id]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-menu-id'))));
  for (const id of [6, 7, 48, 31, 38, 49, 50]) expect(ids, `menu ${id}`).toContain(id);
  // Without Logistics: no binding, stock, ship, exception or anti-counterfeiting (SPEC 6). The
  // e2e server releases distributors and suppliers (12, 13), which SPEC hides by release only.
  for (const id of [11, 15, 26, 27, 29, 30, 3, 4, 17, 18]) expect(ids, `menu ${id}`).not.toContain(id);
  await expect(page.getByTestId('tenant-name')).toHaveText('晨光食品股份有限公司');
  const [changed] = await query<{ mima_status: number }>(`select mima_status from users where tenant_id = $1 and account = 'admin'`, [tenant.id]);
  expect(changed.mima_status).toBe(1);
});

// --- Announcements ---------------------------------------------------------------------------

test('the operator publishes an announcement to all clients; the client home shows it with the operator label', async ({ page }) => {
  await fillLogin(page, OPERATOR, state.operatorAccount, STRONG_PASSWORD);
  await expect(page.getByTestId('home')).toBeVisible();
  const title = `平台維護公告 ${state.clientCode}`;

  // A category first (the second tab of the screen).
  await page.goto('/system/announcement');
  await expect(page.getByTestId('page-title')).toHaveText('公告管理');
  await openTab(page, 'system.announcement-category');
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  const category = `系統通知${Date.now().toString(36)}`;
  await form.locator('input[name="names.zh_TW"]').fill(category);
  await form.locator('input[name="names.en"]').fill(`System ${Date.now().toString(36)}`);
  await form.getByTestId('crud-form-save').click();
  await expect(page.getByTestId('toast')).toContainText('新增成功');

  await openTab(page, 'system.announcement');
  await page.getByTestId('crud-add').click();
  await expect(form).toContainText('新增公告');
  // The operator may publish to internal staff and to all clients.
  await expect(form.locator('input[name="target"]')).toHaveCount(2);
  await expect(form.locator('input[name="target"][value="1"]')).toBeChecked();
  await expect(form.locator('input[name="timezoneId"]')).toHaveValue(/UTC\+08:00/);
  await choose(form, page, 'categoryId', category.slice(0, 4), category);
  await form.locator('input[name="target"][value="2"]').check();
  const now = Date.now();
  await typeDateTime(form, page, 'startTime', taipeiDigits(new Date(now - 3_600_000)));
  // The end before the start: the rule's message under the end.
  await typeDateTime(form, page, 'endTime', taipeiDigits(new Date(now - 2 * 86_400_000)));
  await form.locator('input[name="contents.zh_TW.title"]').fill(title);
  await form.locator('textarea[name="contents.zh_TW.content"]').fill('本週六 02:00 至 04:00 進行系統維護，期間暫停服務。\n造成不便，敬請見諒。');
  await form.locator('input[name="contents.en.title"]').fill(`Scheduled maintenance ${state.clientCode}`);
  await form.getByTestId('crud-form-save').click();
  await page.getByTestId('alert-modal').getByTestId('modal-confirm').click();
  await expect(form.locator('[data-testid="field-error"][data-field="endTime"]')).toHaveText('結束時間不可早於開始時間。');
  await expect(form.locator('[data-testid="field-error"][data-field="contents.en.content"]')).toHaveText('此欄位為必填。');
  await typeDateTime(form, page, 'endTime', taipeiDigits(new Date(now + 7 * 86_400_000)));
  await expect(form.locator('[data-testid="field-error"][data-field="endTime"]')).toHaveCount(0);
  await form.locator('textarea[name="contents.en.content"]').fill('The system is down for maintenance this Saturday from 02:00 to 04:00.');
  await screenshot(page, 'announcement-form-contents-zh_TW');
  await form.locator('.MuiDialogContent-root').evaluate((el) => el.scrollTo(0, 0));
  await screenshot(page, 'announcement-form-zh_TW');
  await form.getByTestId('crud-form-save').click();
  await expect(page.getByTestId('toast')).toContainText('新增成功');
  await expect(form).toBeHidden();

  const [row] = await query<{ target: number; timezone_id: number; contents: Record<string, { title: string; content: string }>; end_time: Date; start_time: Date }>(
    `select a.target, a.timezone_id, a.contents, a.start_time, a.end_time from announcements a join tenants t on t.id = a.tenant_id
      where t.code = $1 and a.contents->'zh_TW'->>'title' = $2`,
    [OPERATOR, title],
  );
  expect(row).toMatchObject({ target: 2, timezone_id: 103 });
  expect(row.contents.en.title).toBe(`Scheduled maintenance ${state.clientCode}`);
  expect(Math.abs(row.start_time.getTime() - (now - 3_600_000))).toBeLessThan(120_000);
  expect(row.end_time.getTime()).toBeGreaterThan(row.start_time.getTime());
  // Its row (by title: other specs add operator announcements at the same time).
  await expect(page.locator('.MuiDataGrid-row', { hasText: title })).toContainText('所有客戶');

  // English form, for the record.
  await page.goto('/system/announcement?lang=en');
  await page.getByTestId('crud-add').click();
  await expect(form).toContainText('Add announcement');
  await screenshot(page, 'announcement-form-en');
  await form.getByTestId('crud-form-cancel').click();
  await page.goto('/system/announcement?lang=zh_TW');

  // --- The client's home: the announcement with the operator label --------------------------
  await logout(page);
  await fillLogin(page, state.clientCode, 'admin', state.adminPassword);
  await expect(page.getByTestId('home')).toBeVisible();
  const card = page.getByTestId('announcement').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('平台公告');
  await expect(card).toContainText('本週六 02:00 至 04:00 進行系統維護');
  await expect(card).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} ~ \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
  await screenshot(page, 'home-operator-announcement-zh_TW');
  await page.goto('/home?lang=en');
  await expect(page.getByTestId('announcement').filter({ hasText: `Scheduled maintenance ${state.clientCode}` })).toContainText('Platform');
  await screenshot(page, 'home-operator-announcement-en');
  await page.goto('/home?lang=zh_TW');

  // A client publishes to its own staff only.
  await page.goto('/system/announcement');
  await page.getByTestId('crud-add').click();
  await expect(form.locator('input[name="target"]')).toHaveCount(1);
  await expect(form.locator('input[name="target"][value="1"]')).toBeChecked();
  await form.getByTestId('crud-form-cancel').click();
});

// --- Other settings ------------------------------------------------------------------------------

async function logoKey(tenantId: number): Promise<string | null> {
  const rows = await query<{ value: string }>(`select value from text_keys where tenant_id = $1 and key = 'other.logo'`, [tenantId]);
  return rows[0]?.value ?? null;
}

/** Saves the other-settings form and waits for its own answer (the previous save's toast may still show). */
async function saveOther(page: Page): Promise<void> {
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/v1/System/other');
  await page.getByTestId('form-system.other').getByTestId('form-save').click();
  expect([200, 201]).toContain((await answered).status());
  await expect(page.getByTestId('toast')).toContainText('儲存成功');
}

test('other settings: a logo of the wrong size is refused, a 162x38 one is saved and shown by the top bar and the login page', async ({ page }) => {
  await fillLogin(page, state.clientCode, 'admin', state.adminPassword);
  await expect(page.getByTestId('home')).toBeVisible();
  await page.goto('/system/other');
  await expect(page.getByTestId('page-title')).toHaveText('其他設定');
  const screen = page.getByTestId('form-system.other');
  await screen.locator('textarea[name="forgotPasswordHint"]').fill('請聯絡晨光食品資訊部 (分機 123)');
  await saveOther(page);
  const [settings] = await query<{ id: number }>(`select id from other_settings where tenant_id = $1`, [state.clientId]);
  expect(settings).toBeDefined();
  expect(await logoKey(state.clientId)).toBeNull();

  // Wrong size: the upload-failed dialog, nothing stored, the logo unchanged.
  await screen.locator('input[type="file"][name="logo"]').setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: logoPng(100, 100) });
  const failed = page.getByTestId('alert-modal');
  await expect(failed).toContainText('上傳失敗');
  await expect(failed).toContainText('square.png');
  await expect(failed).toContainText('162x38');
  await screenshot(page, 'other-logo-wrong-size-zh_TW');
  await failed.getByTestId('modal-confirm').click();
  await expect(screen.getByTestId('upload-logo').getByTestId('upload-item')).toHaveCount(0);
  await saveOther(page);
  expect(await logoKey(state.clientId)).toBeNull();

  // The right size: uploaded, saved, shown by the top bar at once (and a login background).
  await screen.locator('input[type="file"][name="logo"]').setInputFiles({ name: 'morning-light.png', mimeType: 'image/png', buffer: logoPng(162, 38) });
  await expect(screen.getByTestId('upload-logo').getByTestId('upload-item')).toHaveCount(1);
  await screen.locator('input[type="file"][name="loginBackground"]').setInputFiles({ name: 'background.png', mimeType: 'image/png', buffer: logoPng(1280, 768) });
  await expect(screen.getByTestId('upload-loginBackground').getByTestId('upload-item')).toHaveCount(1);
  await screenshot(page, 'other-settings-zh_TW');
  await saveOther(page);
  const stored = await logoKey(state.clientId);
  expect(stored).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
  const [background] = await query<{ value: string }>(`select value from text_keys where tenant_id = $1 and key = 'other.loginBackground'`, [state.clientId]);
  expect(background.value).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
  await expect(page.getByTestId('logo-link').locator('img')).toHaveAttribute('src', stored!);
  await page.goto('/system/other?lang=en');
  await expect(page.getByTestId('page-title')).toHaveText('Other settings');
  await expect(screen.locator('textarea[name="forgotPasswordHint"]')).toHaveValue('請聯絡晨光食品資訊部 (分機 123)');
  await screenshot(page, 'other-settings-en');
  await page.goto('/home?lang=zh_TW');

  // The login page shows the new logo and hint.
  await logout(page);
  await expect(page.getByTestId('login-page').locator(`img[src="${stored}"]`)).toBeVisible();
  await expect(page.getByTestId('forgot-hint')).toContainText('請聯絡晨光食品資訊部');
  expect(await page.getByTestId('login-page').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(background.value);
  await screenshot(page, 'login-client-logo');
});

// --- Help documents ----------------------------------------------------------------------------

test('the operator uploads a help PDF for staff roles in zh_TW; the client admin opens it from the help button', async ({ page, context }) => {
  await fillLogin(page, OPERATOR, state.operatorAccount, STRONG_PASSWORD);
  await expect(page.getByTestId('home')).toBeVisible();
  await page.goto('/system/document');
  await expect(page.getByTestId('page-title')).toHaveText('說明文件');
  const cell = page.getByTestId('doc-cell-9-zh_TW');
  await expect(page.getByTestId('doc-row-9')).toContainText('員工角色設定');
  // Excluded functions are not offered.
  await expect(page.getByTestId('doc-row-12')).toHaveCount(0);
  await expect(page.getByTestId('doc-row-26')).toHaveCount(0);
  await cell.locator('input[type="file"]').setInputFiles({ name: 'staff-roles.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await expect(page.getByTestId('toast')).toContainText('文件已儲存');
  await expect(cell.getByTestId('doc-open-9-zh_TW')).toBeVisible();
  const [doc] = await query<{ value: string }>(
    `select k.value from text_keys k join tenants t on t.id = k.tenant_id where t.code = $1 and k.key = 'document.9' and k.lang = 'zh_TW'`,
    [OPERATOR],
  );
  expect(doc.value).toMatch(/^\/files\/[0-9a-f]{32}\.pdf$/);
  await expect(cell.getByTestId('doc-open-9-zh_TW')).toHaveAttribute('href', doc.value);
  await screenshot(page, 'help-documents-zh_TW');
  await page.goto('/system/document?lang=en');
  await expect(page.getByTestId('doc-row-9')).toContainText('Staff roles');
  await screenshot(page, 'help-documents-en');
  // The operator's own screen shows the help button too.
  await page.goto('/system/role?lang=zh_TW');
  await expect(page.getByTestId('help-document')).toHaveAttribute('href', doc.value);
  await page.goto('/system/employee');
  await expect(page.getByTestId('help-document')).toHaveCount(0);

  // --- A client's admin on staff roles: the help button opens the PDF ------------------------
  await logout(page);
  await fillLogin(page, state.clientCode, 'admin', state.adminPassword);
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('help-document')).toHaveCount(0);
  await page.goto('/system/role');
  const help = page.getByTestId('help-document');
  await expect(help).toHaveText('說明文件');
  await expect(help).toHaveAttribute('target', '_blank');
  await screenshot(page, 'help-button-zh_TW');
  // A new tab asks the document (a browser without a PDF viewer then saves it instead).
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    context.waitForEvent('request', (r) => r.url().includes(doc.value) && r.isNavigationRequest()),
    help.click(),
  ]);
  await popup.close();
  const res = await page.request.get(doc.value);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  // English users fall back to the zh_TW document.
  await page.goto('/system/role?lang=en');
  await expect(page.getByTestId('help-document')).toHaveText('Help document');
  await page.goto('/system/role?lang=zh_TW');

  // Cleared: the button goes.
  await logout(page);
  await fillLogin(page, OPERATOR, state.operatorAccount, STRONG_PASSWORD);
  await expect(page.getByTestId('home')).toBeVisible();
  await page.goto('/system/document');
  await page.getByTestId('doc-clear-9-zh_TW').click();
  const ask = page.getByTestId('confirm-modal');
  await expect(ask).toContainText('員工角色設定');
  await ask.getByTestId('modal-confirm').click();
  await expect(page.getByTestId('toast')).toContainText('文件已移除');
  await expect(page.getByTestId('doc-open-9-zh_TW')).toHaveCount(0);
  expect(await query(`select 1 from text_keys k join tenants t on t.id = k.tenant_id where t.code = $1 and k.key = 'document.9'`, [OPERATOR])).toHaveLength(0);
  await page.goto('/system/role');
  await expect(page.getByTestId('help-document')).toHaveCount(0);
});

// --- Deleting a client ---------------------------------------------------------------------------

test('the operator deletes the client with a reason; the reason is required', async ({ page }) => {
  await fillLogin(page, OPERATOR, state.operatorAccount, STRONG_PASSWORD);
  await expect(page.getByTestId('home')).toBeVisible();
  await page.goto('/system/client?lang=en');
  await search(page, state.clientCode);
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1);
  await expect(page.locator('.MuiDataGrid-row').first()).toContainText('Marketing');
  await expect(page.locator('.MuiDataGrid-row').first()).toContainText('繁體中文');
  await screenshot(page, 'client-list-en');
  await page.getByTestId(`row-edit-${state.clientId}`).click();
  await expect(page.getByTestId('crud-form')).toContainText('Edit client');
  await screenshot(page, 'client-form-en');
  await page.getByTestId('crud-form-cancel').click();
  await page.goto('/system/client?lang=zh_TW');
  await search(page, state.clientCode);

  await page.getByTestId(`row-remove-${state.clientId}`).click();
  const ask = page.getByTestId('confirm-modal');
  await expect(ask).toContainText(`確定刪除客戶「${state.clientCode}」`);
  await ask.getByTestId('modal-confirm').click();
  const input = page.getByTestId('action-input');
  await expect(input).toContainText('刪除客戶');
  await input.getByTestId('action-input-submit').click();
  await page.getByTestId('alert-modal').getByTestId('modal-confirm').click();
  await expect(input.locator('[data-testid="field-error"][data-field="reason"]')).toHaveText('此欄位為必填。');
  await expect(input.locator('textarea[name="reason"]')).toBeFocused();
  await input.locator('textarea[name="reason"]').fill('合約終止\n客戶要求停用帳號');
  await expect(input.locator('[data-testid="field-error"][data-field="reason"]')).toHaveCount(0);
  await screenshot(page, 'client-remove-reason-zh_TW');
  await input.getByTestId('action-input-submit').click();
  await expect(page.getByTestId('toast')).toContainText('刪除成功');
  await expect(input).toBeHidden();
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(0);

  const [tenant] = await query<{ deleted_at: Date | null; delete_reason: string | null }>(`select deleted_at, delete_reason from tenants where id = $1`, [state.clientId]);
  expect(tenant.deleted_at).not.toBeNull();
  expect(tenant.delete_reason).toBe('合約終止\n客戶要求停用帳號');

  // Its code no longer signs in.
  await logout(page);
  await page.goto(`/login?code=${state.clientCode}`);
  await expect(page.getByTestId('tenant-unknown')).toBeVisible();
});

// --- A phone-sized window ------------------------------------------------------------------------

test('the client form in a 390 px window', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInAsNewUser(page, OPERATOR, {}, '/system/client');
  // A card per row, its actions in sight.
  const card = page.getByTestId('crud-cards').locator('li').first();
  await expect(card).toBeVisible();
  await expect(card.locator('[data-testid^="row-edit-"]')).toBeInViewport();
  await screenshot(page, 'client-list-mobile');
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await expect(form.locator('input[name="names.zh_TW"]')).toBeVisible();
  await expect(form.getByTestId('crud-form-save')).toBeInViewport();
  const overflow = await form.locator('.MuiDialogContent-root').evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'client-form-mobile');
  await form.locator('.MuiDialogContent-root').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await screenshot(page, 'client-form-mobile-contacts');
});

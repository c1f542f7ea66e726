/**
 * Products, packaging and code packages end to end (src/schemas/product/*.json,
 * src/schemas/code/package.json, src/schemas/report/download.json on the generic engine), on
 * the real server and database, checked in the DATABASE after each write:
 *  - the operator adds a client product for a client of this spec's own, a packaging category and a
 *    packaging material (the product select offers the chosen client's products only);
 *  - the material list's toolbar export (csv) runs as a job and its file downloads by itself;
 *  - that client adds a brand and a brand product packed in that material and exports its
 *    list as xlsx; the operator then cannot delete the material (3501);
 *  - a code package of 1,000 codes is created and generates (the list follows it until
 *    Generated); its codes are exported (row action, csv) and the download holds exactly the
 *    package's 1,000 unique codes, in the material's format and length;
 *  - an export whose tab went away before it finished waits on Report > download: the side
 *    menu shows its count, the row downloads it and the count goes away.
 * Screenshots in zh_TW and en (and a 390 px window) go to tests/e2e/artifacts/.
 */
import fs from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import { ReportExportStatus } from '../../src/domain/enums';
import { query } from './db';
import { fullClient } from './fixtures';
import { choose, screenshot, signInAsNewUser, openTab } from './helpers';

const OPERATOR = 'platform';
const QUANTITY = 1000;
const SEASONS = ['春季', '夏季', '秋季', '冬季'];

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const state = {
  /** The client of this spec (made in beforeAll): its tenant code, id and name. */
  client: '',
  clientId: 0,
  clientName: `晨光乳業 ${stamp}`,
  productName: `晨光鮮乳 ${stamp}`,
  categoryName: `瓶身 ${stamp}`,
  materialName: `鮮乳瓶身標籤 ${stamp}`,
  materialNo: `MLK-${stamp}`.toUpperCase(),
  materialId: 0,
  packageId: 0,
};

// --- Helpers --------------------------------------------------------------------------------

/** The labels an Autocomplete offers when opened empty. */
async function offered(scope: Locator, page: Page, name: string): Promise<string[]> {
  const input = scope.locator(`input[name="${name}"]`);
  await input.click();
  await input.fill('');
  await expect(page.getByRole('listbox')).toBeVisible();
  const labels = await page.getByRole('option').allInnerTexts();
  await input.press('Escape');
  return labels.map((l) => l.trim());
}

/** The rows of a csv file as cells (no quoted commas in these files), BOM and blank lines dropped. */
async function csvRows(download: Download): Promise<string[][]> {
  const text = (await fs.readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  return text.split(/\r?\n/).filter((l) => l !== '').map((l) => l.split(','));
}

/** The newest export report of a user (other specs export at the same time). */
async function lastReport(userId: number): Promise<Record<string, unknown>> {
  const [row] = await query(`select status, progress, downloaded, function_type from export_reports where user_id = $1 order by id desc limit 1`, [userId]);
  return row;
}

test.beforeAll(async () => {
  const { tenant, clientId } = await fullClient('milk', { zh_TW: state.clientName, zh_CN: state.clientName, en: `Morning Dairy ${stamp}` });
  state.client = tenant;
  state.clientId = clientId;
});

// --- Products and packaging -------------------------------------------------------------------

test('the operator adds a client product, a packaging category and a material; the material list exports by itself', async ({ page }) => {
  const { id: userId } = await signInAsNewUser(page, OPERATOR, {}, '/product/client-product');
  const { clientId } = state;

  // Client product for this spec's client.
  await expect(page.getByTestId('page-title')).toHaveText('客戶產品');
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await choose(form, page, 'clientId', state.clientName, state.clientName);
  await form.locator('input[name="name"]').fill(state.productName);
  await form.getByTestId('crud-form-save').click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('toast')).toHaveText('新增成功');
  const [product] = await query<{ id: number; client_id: number }>(`select id, client_id from client_products where name = $1`, [state.productName]);
  expect(product.client_id).toBe(clientId);

  // A packaging category (the second tab of the packaging page).
  await page.goto('/product/packaging-material');
  await openTab(page, 'product.packaging-category');
  await page.getByTestId('crud-add').click();
  await form.locator('input[name="name"]').fill(state.categoryName);
  await form.getByTestId('crud-form-save').click();
  await expect(form).toBeHidden();
  const [category] = await query<{ id: number }>(`select id from packaging_categories where name = $1`, [state.categoryName]);
  expect(category).toBeDefined();

  // A material: the product select offers only the chosen client's products.
  await openTab(page, 'product.packaging-material');
  await page.getByTestId('crud-add').click();
  await expect(form).toBeVisible();
  await choose(form, page, 'clientId', state.clientName, state.clientName);
  expect(await offered(form, page, 'productId')).toContain(state.productName);
  await choose(form, page, 'productId', state.productName, state.productName);
  await choose(form, page, 'categoryId', state.categoryName, state.categoryName);
  await form.locator('input[name="name"]').fill(state.materialName);
  await form.locator('input[name="no"]').fill(state.materialNo);
  await form.locator('input[name="codeLength"]').fill('12');
  await screenshot(page, 'packaging-material-form-zh_TW');
  await form.getByTestId('crud-form-save').click();
  await expect(form).toBeHidden();
  const [material] = await query<{ id: number; client_id: number; product_id: number; category_id: number; code_length: number; code_format: number }>(
    `select id, client_id, product_id, category_id, code_length, code_format from packaging_materials where no = $1`,
    [state.materialNo],
  );
  expect(material).toMatchObject({ client_id: clientId, product_id: product.id, category_id: category.id, code_length: 12 });
  state.materialId = material.id;
  // Its row (by id: other specs add materials for their own clients at the same time).
  await expect(page.locator(`.MuiDataGrid-row[data-id="${material.id}"]`)).toContainText(state.materialNo);
  await screenshot(page, 'packaging-material-list-zh_TW');

  // The toolbar export: a job, the notice, then the file by itself.
  await page.getByTestId('crud-export').click();
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByTestId('crud-export-csv').click();
  await expect(page.getByTestId('toast')).toContainText('匯出');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const rows = await csvRows(download);
  expect(rows.some((r) => r.includes(state.materialNo))).toBe(true);
  // The report is marked downloaded right after the file arrived.
  await expect.poll(() => lastReport(userId)).toMatchObject({ status: 3, progress: 100, downloaded: true, function_type: 1 });
});

// --- Brands (the client's own screen) ----------------------------------------------------------

test('the client adds a brand and a brand product packed in the operator\'s material; the operator cannot delete that material (3501)', async ({ page }) => {
  const brandName = `晨光 ${stamp}`;
  const brandProductName = `晨光全脂鮮乳 ${stamp}`;
  const { id: userId } = await signInAsNewUser(page, state.client, {}, '/product/brand-product');
  const { clientId } = state;

  await openTab(page, 'product.brand');
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await form.locator('input[name="name"]').fill(brandName);
  await form.getByTestId('crud-form-save').click();
  await expect(form).toBeHidden();
  const [brand] = await query<{ id: number; tenant_id: number }>(`select id, tenant_id from brands where name = $1`, [brandName]);
  expect(brand.tenant_id).toBe(clientId);

  await openTab(page, 'product.brand-product');
  await page.getByTestId('crud-add').click();
  await choose(form, page, 'brandId', '晨光', brandName);
  await form.locator('input[name="name"]').fill(brandProductName);
  // The materials the operator keeps for this client.
  await choose(form, page, 'materialIds', state.materialNo, new RegExp(state.materialNo));
  await form.locator('input[name="materialIds"]').press('Escape');
  await screenshot(page, 'brand-product-form-zh_TW');
  await form.getByTestId('crud-form-save').click();
  await expect(form).toBeHidden();
  const [product] = await query<{ id: number; brand_id: number }>(`select id, brand_id from brand_products where name = $1`, [brandProductName]);
  expect(product.brand_id).toBe(brand.id);
  const links = await query<{ material_id: number }>(`select material_id from brand_product_materials where brand_product_id = $1`, [product.id]);
  expect(links.map((l) => l.material_id)).toEqual([state.materialId]);
  await expect(page.locator('.MuiDataGrid-row').first()).toContainText(brandProductName);
  await screenshot(page, 'brand-product-list-zh_TW');

  // A General role of the client may be limited to this brand (authorized clients are the operator's).
  await page.goto('/system/role');
  await page.getByTestId('crud-add').click();
  await expect(form.locator('input[name="brands"]')).toBeVisible();
  await expect(form.locator('input[name="customers"]')).toHaveCount(0);
  await choose(form, page, 'brands', '晨光', brandName);
  await form.locator('input[name="brands"]').press('Escape');
  await screenshot(page, 'role-form-client-brands-zh_TW');
  await form.getByTestId('crud-form-cancel').click();
  await page.goto('/product/brand-product');

  // The list exports as a workbook by itself (an xlsx file is a zip: it starts with PK).
  await page.getByTestId('crud-export').click();
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByTestId('crud-export-xlsx').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  expect((await fs.readFile(await download.path())).subarray(0, 2).toString('latin1')).toBe('PK');
  await expect.poll(() => lastReport(userId)).toMatchObject({ status: 3, downloaded: true, function_type: 2 });

  // The operator's material is now linked: deleting it answers 3501 and keeps it.
  await page.context().clearCookies();
  await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await signInAsNewUser(page, OPERATOR, {}, '/product/packaging-material');
  await page.getByTestId(`row-remove-${state.materialId}`).click();
  await page.getByTestId('confirm-modal').getByTestId('modal-confirm').click();
  await expect(page.getByTestId('fail-modal')).toContainText('已與品牌產品關聯。');
  await expect(page.getByTestId('fail-modal')).toContainText('(3501)');
  const [kept] = await query<{ n: string }>(`select count(*) as n from packaging_materials where id = $1`, [state.materialId]);
  expect(Number(kept.n)).toBe(1);
});

// --- Code packages ----------------------------------------------------------------------------

test('a 1,000-code package generates; its export downloads by itself and holds its 1,000 unique codes', async ({ page }) => {
  const { id: userId } = await signInAsNewUser(page, OPERATOR, {}, '/code/package');
  const { clientId } = state;

  await expect(page.getByTestId('page-title')).toHaveText('碼包管理');
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await choose(form, page, 'clientId', state.clientName, state.clientName);
  await choose(form, page, 'packagingMaterialId', state.materialNo, new RegExp(state.materialNo));
  await form.locator('input[name="quantity"]').fill(String(QUANTITY));
  // Four keywords, each marking 250 consecutive codes (typed as chips: a comma adds one).
  const keywords = form.locator('input[name="keywords"]');
  await keywords.pressSequentially('春季,夏季,');
  await keywords.fill('秋季');
  await keywords.press('Enter');
  await keywords.fill('冬季');
  await form.locator('input[name="keywordInterval"]').click();
  await form.locator('input[name="keywordInterval"]').fill('250');
  await expect(form).toContainText('已輸入 4 個');
  await screenshot(page, 'code-package-form-zh_TW');
  await form.getByTestId('crud-form-save').click();
  await expect(form).toBeHidden();

  const [pkg] = await query<{ id: number; client_id: number; quantity: number; keywords: string[]; keyword_interval: number }>(
    `select id, client_id, quantity, keywords, keyword_interval from code_packages where packaging_material_id = $1 order by id desc limit 1`,
    [state.materialId],
  );
  expect(pkg).toMatchObject({ client_id: clientId, quantity: QUANTITY, keywords: SEASONS, keyword_interval: 250 });
  state.packageId = pkg.id;

  // The list follows the package (every 30 s while one is generating) until it is Generated.
  const row = page.locator(`.MuiDataGrid-row[data-id="${pkg.id}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-field="status"]')).toHaveText('已產生', { timeout: 60_000 });
  await expect(row.locator('[data-field="progress"]')).toHaveText('100%');
  await screenshot(page, 'code-package-list-zh_TW');

  const codes = await query<{ code: string }>(`select code from codes where package_id = $1 order by seq`, [pkg.id]);
  expect(codes).toHaveLength(QUANTITY);
  expect(new Set(codes.map((c) => c.code)).size).toBe(QUANTITY);

  // Export its codes (csv; the default columns seq and code, plus the keyword): the file arrives by itself.
  await page.getByTestId(`row-exportCodes-${pkg.id}`).click();
  const dialog = page.getByTestId('action-input');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('input[name="format"][value="csv"]')).toBeChecked();
  await choose(dialog, page, 'columns', '關鍵', '關鍵字');
  await dialog.locator('input[name="columns"]').press('Escape');
  await screenshot(page, 'code-package-export-zh_TW');
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByTestId('action-input-submit').click();
  await expect(page.getByTestId('export-jobs')).toBeVisible();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const [header, ...lines] = await csvRows(download);
  expect(header).toEqual(['序號', '碼', '關鍵字']);
  expect(lines).toHaveLength(QUANTITY);
  lines.forEach((l, i) => { expect(l[2], `line ${i + 1}`).toBe(SEASONS[Math.floor(i / 250)]); });
  const exported = lines.map((l) => l[1]);
  expect(new Set(exported).size).toBe(QUANTITY);
  expect(exported).toEqual(codes.map((c) => c.code));
  // The material's format (3: digits and upper-case letters) and length (12).
  for (const code of exported) expect(code).toMatch(/^[0-9A-Z]{12}$/);
  await expect(page.getByTestId('export-jobs')).toBeHidden();

  await expect.poll(() => lastReport(userId)).toMatchObject({ status: 3, progress: 100, downloaded: true, function_type: 4 });
});

test('an export left behind waits on Report > download: the menu counts it, the row downloads it, the count goes', async ({ page }) => {
  await signInAsNewUser(page, OPERATOR, {}, '/code/package');
  const amount = page.getByTestId('export-amount');
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(amount).toBeHidden();

  // Export as txt, then leave the page before the browser follows the job.
  await page.getByTestId(`row-exportCodes-${state.packageId}`).click();
  const dialog = page.getByTestId('action-input');
  await dialog.locator('input[name="format"][value="txt"]').check();
  const queued = page.waitForResponse((r) => r.request().method() === 'POST' && /\/v1\/Code\/package\/\d+\/file$/.test(r.url()));
  await dialog.getByTestId('action-input-submit').click();
  const { reportId } = (await (await queued).json()) as { reportId: number };
  // Away from the app (it would follow the job and download the file itself); the job ends on
  // the server meanwhile, so the menu's count is read once it has.
  await page.goto('/favicon.svg');
  await expect.poll(async () => (await query<{ status: number }>(`select status from export_reports where id = $1`, [reportId]))[0]?.status, { timeout: 45_000 }).toBe(ReportExportStatus.Completed);
  await page.goto('/report/download');

  // The side menu counts the finished, undownloaded report (read on start, then every 30 s).
  await expect(amount).toHaveText('1');
  await expect(page.getByTestId('report-dot').locator('.MuiBadge-badge')).toBeVisible();
  const row = page.locator(`.MuiDataGrid-row[data-id="${reportId}"]`);
  await expect(row.locator('[data-field="status"]')).toHaveText('已完成', { timeout: 45_000 });
  await expect(row.locator('[data-field="functionType"]')).toHaveText('匯出碼');
  await screenshot(page, 'report-download-zh_TW');

  const downloading = page.waitForEvent('download');
  await page.getByTestId(`row-download-${reportId}`).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.txt$/);
  const lines = (await fs.readFile(await download.path())).toString('utf8').split(/\r?\n/).filter((l) => l !== '');
  expect(lines).toHaveLength(QUANTITY + 1);

  await expect(amount).toBeHidden();
  await expect(row.locator('[data-field="downloaded"]')).toHaveText('是');
  const [report] = await query<{ downloaded: boolean; status: number }>(`select downloaded, status from export_reports where id = $1`, [reportId]);
  expect(report).toMatchObject({ downloaded: true, status: 3 });
});

test('the code package screens in English and in a 390 px window', async ({ page }) => {
  await signInAsNewUser(page, OPERATOR, {}, '/code/package?lang=en');
  await expect(page.getByTestId('page-title')).toHaveText('Code packages');
  await expect(page.locator(`.MuiDataGrid-row[data-id="${state.packageId}"] [data-field="status"]`)).toHaveText('Generated');
  await screenshot(page, 'code-package-list-en');
  await page.goto('/product/packaging-material?lang=en');
  await expect(page.getByTestId('crud-export')).toHaveText(/Export/);
  await screenshot(page, 'packaging-material-list-en');

  await page.setViewportSize({ width: 390, height: 780 });
  await page.goto('/code/package?lang=en');
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await expect(form.locator('input[name="quantity"]')).toBeVisible();
  const box = await form.locator('.MuiDialog-paper').boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  await screenshot(page, 'code-package-form-390');
});

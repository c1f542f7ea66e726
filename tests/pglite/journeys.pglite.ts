/**
 * The main journeys on the default database (issue 28): `npm start` with no DATABASE_URL, so
 * the server runs on PGlite in a fresh DATA_DIR (tests/pglite/server.ts). What each step saved
 * is read back from that database through the server (the list after a reload, the export's
 * file, the consumer page's scan count): PGlite is the server's own, no other process opens it.
 *  - the seeded operator admin's first sign-in forces a new password;
 *  - a list and its form: a client product for the seeded demo client, then a packaging
 *    category and a material, each found in its list after a reload;
 *  - a 10-code package generates and its codes' export downloads (csv);
 *  - a shopper on a phone scans one of those codes on the consumer page, twice.
 */
import fs from 'node:fs/promises';
import { type Download, expect, test as base } from '@playwright/test';
import { ADMIN_INITIAL_PASSWORD } from '../e2e/env';
import { choose, openTab, signIn } from '../e2e/helpers';
import { type PgliteServer, startPgliteServer } from './server';

// A fresh install for each run of the journeys (tests/pglite/server.ts): one per copy under
// `--repeat-each`, started by the copy's first test and stopped after its last.
const test = base.extend<{ baseURL: string }, { installs: Map<number, Promise<PgliteServer>> }>({
  // biome-ignore lint/correctness/noEmptyPattern: a Playwright fixture names its dependencies there (none)
  installs: [async ({}, use) => {
    const installs = new Map<number, Promise<PgliteServer>>();
    await use(installs);
    await Promise.all([...installs.values()].map(async (s) => (await s.catch(() => null))?.stop()));
  }, { scope: 'worker' }],
  baseURL: async ({ installs }, use, testInfo) => {
    const copy = testInfo.repeatEachIndex;
    if (!installs.has(copy)) installs.set(copy, startPgliteServer());
    await use((await installs.get(copy)!).origin);
  },
});

test.describe.configure({ mode: 'serial' });
test.afterAll(async ({ installs }, testInfo) => {
  const server = installs.get(testInfo.repeatEachIndex);
  installs.delete(testInfo.repeatEachIndex);
  await (await server?.catch(() => null))?.stop();
});

const NEW_PASSWORD = 'Pglite2025ok';
const state = { codes: [] as string[] };

async function csvRows(download: Download): Promise<string[][]> {
  const text = (await fs.readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  return text.split(/\r?\n/).filter((l) => l !== '').map((l) => l.split(','));
}

test('the seeded admin signs in with the forced password change; a client product, a category and a material are saved and listed', async ({ page }) => {
  // The forced change (signIn answers the dialog), then the new password works.
  expect(await signIn(page, 'platform', 'admin', ADMIN_INITIAL_PASSWORD, NEW_PASSWORD)).toBe(NEW_PASSWORD);
  await expect(page.getByTestId('default-password-modal')).toHaveCount(0);

  await page.goto('/product/client-product');
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await choose(form, page, 'clientId', '示範', '示範客戶');
  await form.locator('input[name="name"]').fill('PGlite 烏龍');
  await form.getByTestId('crud-form-save').click();
  await expect(form).toBeHidden();
  await page.reload();
  await expect(page.locator('.MuiDataGrid-row').filter({ hasText: 'PGlite 烏龍' })).toBeVisible();

  await page.goto('/product/packaging-material');
  await openTab(page, 'product.packaging-category');
  await page.getByTestId('crud-add').click();
  await form.locator('input[name="name"]').fill('PGlite 瓶標');
  await form.getByTestId('crud-form-save').click();
  await expect(form).toBeHidden();
  await openTab(page, 'product.packaging-material');
  await page.getByTestId('crud-add').click();
  await choose(form, page, 'clientId', '示範', '示範客戶');
  await choose(form, page, 'productId', 'PGlite', 'PGlite 烏龍');
  await choose(form, page, 'categoryId', 'PGlite', 'PGlite 瓶標');
  await form.locator('input[name="name"]').fill('PGlite 標籤');
  await form.locator('input[name="no"]').fill('PGL-001');
  await form.locator('input[name="codeLength"]').fill('12');
  await form.getByTestId('crud-form-save').click();
  await expect(form).toBeHidden();
  await page.reload();
  await expect(page.locator('.MuiDataGrid-row').filter({ hasText: 'PGL-001' })).toBeVisible();
});

test('a 10-code package generates on PGlite and its codes export downloads', async ({ page }) => {
  await signIn(page, 'platform', 'admin', NEW_PASSWORD);
  await page.goto('/code/package');
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await choose(form, page, 'clientId', '示範', '示範客戶');
  await choose(form, page, 'packagingMaterialId', 'PGL-001', /PGL-001/);
  await form.locator('input[name="quantity"]').fill('10');
  await form.getByTestId('crud-form-save').click();
  await expect(form).toBeHidden();

  // The list follows the package until the generation job has made it.
  const row = page.locator('.MuiDataGrid-row').first();
  await expect(row.locator('[data-field="status"]')).toHaveText('已產生', { timeout: 60_000 });
  const id = await row.getAttribute('data-id');
  await page.getByTestId(`row-exportCodes-${id}`).click();
  const dialog = page.getByTestId('action-input');
  await expect(dialog.locator('input[name="format"][value="csv"]')).toBeChecked();
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await dialog.getByTestId('action-input-submit').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const [header, ...lines] = await csvRows(download);
  expect(header).toEqual(['序號', '碼']);
  state.codes = lines.map((l) => l[1]);
  expect(state.codes).toHaveLength(10);
  expect(new Set(state.codes).size).toBe(10);
  for (const code of state.codes) expect(code).toMatch(/^[0-9A-Z]{12}$/);
});

test('a shopper scans an exported code on the consumer page; the second scan counts two', async ({ browser }) => {
  expect(state.codes.length).toBe(10);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-TW' });
  const page = await context.newPage();
  await page.goto(`/m/demo?c=${state.codes[3]}`);
  await expect(page.locator('.count')).toHaveText('1');
  await page.reload();
  await expect(page.locator('.count')).toHaveText('2');
  // A code nobody made is refused.
  await page.goto('/m/demo?c=NOSUCHCODE99');
  await expect(page.getByText('此條碼不存在')).toBeVisible();
  await context.close();
});

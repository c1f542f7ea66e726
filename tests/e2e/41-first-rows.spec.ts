/**
 * A list's first rows drawn before the app loads (issue 27, src/engine/firstRows): signed in on a
 * list's path, the page shows that list's first page from the head script's early call while the
 * app's code is still on its way (held here), the same rows the data grid then shows in their
 * place, and the list's call is made once; another list opened from the side menu asks its
 * first page once too (at the click). Below the table's width (cards) nothing is drawn before
 * the app. Screenshots: tests/e2e/artifacts/first-rows-*.png.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { query } from './db';
import { fullClient } from './fixtures';
import { screenshot, signInAsNewUser } from './helpers';

const BOOT = /\/assets\/boot-[^/]+\.js$/;

/** Holds the app's code (its boot chunk) until the returned function is called. */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  await page.route(BOOT, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

// The phone test exposes a function and adds an init script: this file's tests get pages of their own.
test.use({ freshPage: true });

test('the first rows show before the app, are the list\'s, and give way to the grid with the same rows; another list\'s page is asked at the menu click', async ({ page }) => {
  const { tenant } = await fullClient('firstrows', { zh_TW: '首列客戶', zh_CN: '首列客户', en: 'First rows client' });
  await signInAsNewUser(page, tenant);
  const accounts = (await query<{ account: string }>('select u.account from users u join tenants t on t.id = u.tenant_id where t.code = $1', [tenant])).map((r) => r.account);
  expect(accounts.length).toBeGreaterThan(0);

  const listCalls: string[] = [];
  page.on('request', (req) => { if (new URL(req.url()).pathname === '/v1/system/employee') listCalls.push(req.url()); });
  const release = await holdApp(page);
  await page.goto('/system/employee');
  const layer = page.getByTestId('first-rows');
  const drawn = layer.getByTestId('first-rows-row');
  await expect(drawn).toHaveCount(accounts.length);
  await expect(layer.locator('h1')).toHaveText('員工帳號設定');
  await expect(layer.locator('th').first()).toHaveText('帳號');
  const drawnAccounts = await drawn.evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent ?? ''));
  expect([...drawnAccounts].sort()).toEqual([...accounts].sort());
  // The app has not run: no grid yet, and the layer is all there is to see.
  await expect(page.locator('.MuiDataGrid-root')).toHaveCount(0);
  await screenshot(page, 'first-rows-1440-before-app');

  release();
  const grid = page.getByTestId('crud-system.employee');
  await expect(grid.locator('.MuiDataGrid-row')).toHaveCount(accounts.length);
  await expect(layer).toHaveCount(0);
  const gridAccounts = await grid.locator('.MuiDataGrid-row [data-field="account"]').allTextContents();
  expect(gridAccounts).toEqual(drawnAccounts);
  // One call for the list: the app took the head script's answer the first rows were drawn from.
  expect(listCalls).toHaveLength(1);
  await screenshot(page, 'first-rows-1440-app');

  // Another list from the side menu: its first page is asked with the click, and the list takes
  // that answer (one call, not two).
  const roleCalls: string[] = [];
  page.on('request', (req) => { if (new URL(req.url()).pathname === '/v1/system/role') roleCalls.push(req.url()); });
  // What is asked ahead when the click has been handled (the page's early answers, api/early.ts).
  await page.evaluate(() => {
    const w = window as unknown as { askedAtClick?: string[]; __oiocEarly?: Record<string, unknown> };
    window.addEventListener('click', () => { w.askedAtClick = Object.keys(w.__oiocEarly ?? {}); }, { once: true });
  });
  await page.locator('[data-menu-path="/system/role"]').click();
  await expect(page.getByTestId('crud-system.role').locator('.MuiDataGrid-row').first()).toBeVisible();
  await expect(page.getByTestId('crud-total')).toBeVisible();
  expect(roleCalls).toEqual([expect.stringContaining('/v1/system/role?page=1&pageSize=10&sort=')]);
  const askedAtClick = await page.evaluate(() => (window as unknown as { askedAtClick?: string[] }).askedAtClick);
  expect(askedAtClick).toEqual([new URL(roleCalls[0]).pathname + new URL(roleCalls[0]).search]);
});

test('moving to another list shows none of the previous list\'s rows while the new one is asked, then its own', async ({ page }) => {
  const { tenant } = await fullClient('listswitch', { zh_TW: '換表客戶', zh_CN: '换表客户', en: 'List switch client' });
  await signInAsNewUser(page, tenant, {}, '/system/employee');
  const employees = page.getByTestId('crud-system.employee').locator('.MuiDataGrid-row[data-id]');
  await expect(employees.first()).toBeVisible();
  // The role list's page is held until the grid has been looked at.
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  let asked!: () => void;
  const roleAsked = new Promise<void>((r) => { asked = r; });
  await page.route((url) => url.pathname === '/v1/system/role', async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await page.locator('[data-menu-path="/system/role"]').click();
  await roleAsked;
  const roles = page.getByTestId('crud-system.role');
  await expect(roles).toBeVisible();
  // While its call is held the new list has no rows (the employee rows under the role columns
  // showed here before, with a dash in every cell), and the employee grid is gone.
  // (The grid's loading skeleton draws rows of its own, without a row id.)
  await expect(roles.locator('.MuiDataGrid-row[data-id]')).toHaveCount(0);
  await expect(page.getByTestId('crud-system.employee')).toHaveCount(0);
  // Nor a total: "0 records" would not be true yet.
  await expect(page.getByTestId('crud-total')).not.toContainText('筆');
  release();
  await expect(roles.locator('.MuiDataGrid-row[data-id]').first()).toBeVisible();
  const names = (await query<{ name: string }>('select r.name from roles r join tenants t on t.id = r.tenant_id where t.code = $1', [tenant])).map((r) => r.name);
  const shown = await roles.locator('.MuiDataGrid-row[data-id] [data-field="name"]').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  for (const name of shown) expect(names).toContain(name);
});

test('below the table\'s width the list shows as cards, with nothing drawn before the app', async ({ page }) => {
  const { tenant } = await fullClient('firstrowsphone', { zh_TW: '首列手機客戶', zh_CN: '首列手机客户', en: 'First rows phone client' });
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewUser(page, tenant);
  const layers: number[] = [];
  await page.exposeFunction('firstRowsSeen', (n: number) => layers.push(n));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const n = document.querySelectorAll('[data-testid="first-rows"]').length;
      if (n) (window as unknown as { firstRowsSeen: (n: number) => void }).firstRowsSeen(n);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/system/employee');
  await expect(page.getByTestId('crud-card-title').first()).toBeVisible();
  expect(layers).toEqual([]);
  await screenshot(page, 'first-rows-390-cards');
});

/**
 * Lists as users meet them (issue 12, Tables), on the real server: the packaging materials list
 * at 1440 px shows every header whole in zh_TW and en, keeps every column reachable with a
 * visible horizontal scroll, lets no cell sit under the sticky actions column, folds long chip
 * lists into "+N"; at 390 px it is a card per row with its actions; the selected tab of a
 * multi-list path survives a reload. Screenshots go to tests/e2e/artifacts/tables-*.png.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { query } from './db';
import { fullClient } from './fixtures';
import { screenshot, signInAsNewUser, openTab, sessionToken } from './helpers';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);

async function api(page: Page, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const token = await sessionToken(page);
  const res = await page.request.fetch(`/v1/${path}`, { method, data: body, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * Seeds three materials through the API for a client of this spec's own (the UI of adding them
 * is another spec's subject).
 */
async function seedMaterials(page: Page): Promise<void> {
  const { clientId } = await fullClient('tables', { zh_TW: `表格客戶 ${stamp}`, zh_CN: `表格客户 ${stamp}`, en: `Tables client ${stamp}` });
  const product = await api(page, 'POST', 'Product/client', { clientId, name: `Morning milk ${stamp}` });
  const category = await api(page, 'POST', 'Product/packagingCategory', { name: `Bottle ${stamp}` });
  for (let i = 1; i <= 3; i++) {
    await api(page, 'POST', 'Product/packaging', {
      clientId, productId: product.id, categoryId: category.id, name: `Fresh milk bottle label ${i} ${stamp}`,
      no: `MLK-${stamp}-${i}`.toUpperCase(), codeType: 1, bindingSheetType: 1, codeFormat: 7, codeLength: 16,
    });
  }
}

/** Every header title shows whole (no ellipsis) and every declared column is in the grid. */
async function expectHeadersWhole(page: Page, count: number): Promise<void> {
  const headers = page.locator('.MuiDataGrid-columnHeader');
  await expect(headers).toHaveCount(count + 1);
  const cut = await page.$$eval('.MuiDataGrid-columnHeaderTitle', (els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
  );
  expect(cut, 'truncated headers').toEqual([]);
}

/** No cell's content reaches under the sticky actions column, at the start and the end of the scroll. */
async function expectNothingUnderActions(page: Page): Promise<void> {
  const overlaps = await page.$$eval('.MuiDataGrid-row', (rows) =>
    rows.flatMap((row) => {
      const actions = row.querySelector('[data-field="__actions"]')!.getBoundingClientRect();
      return [...row.querySelectorAll('.MuiDataGrid-cell:not([data-field="__actions"]) .MuiChip-root')]
        .filter((chip) => {
          const r = chip.getBoundingClientRect();
          const cell = chip.closest('.MuiDataGrid-cell')!.getBoundingClientRect();
          // A chip wider than its own cell, or one whose cell is fully in view but runs under the actions.
          return r.right > cell.right + 1 || (cell.right <= actions.left + 1 && r.right > actions.left + 1);
        })
        .map((chip) => chip.textContent);
    }),
  );
  expect(overlaps, 'chips cut or under the actions column').toEqual([]);
}

/**
 * The "more columns" cue hides no data: it overlaps no row, and no header title but that of a
 * column already running under the actions.
 */
async function expectHintOverNoData(page: Page): Promise<void> {
  const covered = await page.evaluate(() => {
    const hint = document.querySelector('[data-testid="crud-scroll-hint"]')!.getBoundingClientRect();
    const meets = (r: DOMRect) => r.left < hint.right && r.right > hint.left && r.top < hint.bottom && r.bottom > hint.top;
    const actions = document.querySelector('.MuiDataGrid-columnHeader[data-field="__actions"]')!.getBoundingClientRect();
    const rows = [...document.querySelectorAll('.MuiDataGrid-row')].filter((r) => meets(r.getBoundingClientRect())).map((r) => `row ${r.getAttribute('data-id')}`);
    const titles = [...document.querySelectorAll('.MuiDataGrid-columnHeader:not([data-field="__actions"])')]
      .filter((h) => h.getBoundingClientRect().right <= actions.left + 1)
      .map((h) => h.querySelector('.MuiDataGrid-columnHeaderTitle')!)
      .filter((title) => meets(title.getBoundingClientRect()))
      .map((title) => title.textContent);
    return [...rows, ...titles];
  });
  expect(covered, 'data under the more-columns cue').toEqual([]);
}

for (const lang of ['zh_TW', 'en'] as const) {
  test(`packaging materials at 1440 px (${lang}): whole headers, every column reachable, nothing under the actions`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsNewUser(page, 'platform');
    if (lang === 'zh_TW') await seedMaterials(page);
    await page.goto(`/product/packaging-material?lang=${lang}`);
    await expect(page.getByTestId('crud-total')).toBeVisible();
    await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
    await expectHeadersWhole(page, 10);
    await expectNothingUnderActions(page);
    // Wider than the screen: the horizontal scrollbar is in view with the rows, and reaches the last column.
    const scroller = page.locator('.MuiDataGrid-virtualScroller');
    const { scrollWidth, clientWidth } = await scroller.evaluate((e) => ({ scrollWidth: e.scrollWidth, clientWidth: e.clientWidth }));
    if (scrollWidth > clientWidth) {
      const bar = page.locator('.MuiDataGrid-scrollbar--horizontal');
      await expect(bar).toBeVisible();
      expect((await bar.boundingBox())!.height).toBeGreaterThanOrEqual(8);
      await expect(page.getByTestId('crud-scroll-hint')).toBeVisible();
      await expectHintOverNoData(page);
    }
    await screenshot(page, `tables-materials-1440-${lang}`);
    await scroller.evaluate((e) => e.scrollTo({ left: e.scrollWidth }));
    await expect(page.locator('.MuiDataGrid-columnHeader[data-field="createdAt"]')).toBeInViewport();
    await expectNothingUnderActions(page);
    await screenshot(page, `tables-materials-1440-${lang}-end`);
  });

  test(`packaging materials at 390 px (${lang}): a card per row with its actions`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsNewUser(page, 'platform', {}, `/product/packaging-material?lang=${lang}`);
    const card = page.locator('[data-testid^="crud-card-"]').filter({ hasText: stamp }).first();
    await expect(card).toBeVisible();
    await expect(card.getByTestId('crud-card-title')).toHaveText(new RegExp(`MLK-${stamp}`, 'i'));
    // Other spec files may add newer materials meanwhile (two workers): bring this card up first.
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator('[data-testid^="row-edit-"]')).toBeInViewport();
    await expect(page.locator('.MuiDataGrid-root')).toHaveCount(0);
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, `tables-materials-390-${lang}`);
  });
}

test('a card at 390 px keeps its chips inside the card (the client functions wrap)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsNewUser(page, 'platform');
  const [{ code }] = await query<{ code: string }>(
    `insert into tenants (code, type, names, function_flags) values ($1, 2, $2::jsonb, 7) returning code`,
    [`chips${stamp}`, JSON.stringify({ zh_TW: `晶片客戶 ${stamp}`, en: `Chips client ${stamp}` })],
  );
  await page.goto(`/system/client?lang=en`);
  await page.getByTestId('crud-filters').locator('input[name="keyword"]').fill(code);
  await page.getByTestId('crud-search').click();
  const card = page.locator('[data-testid^="crud-card-"]').filter({ hasText: code });
  // Logistics, Marketing, Members (and the agency mode's chip).
  await expect(card.locator('.MuiChip-root[data-value="4"]')).toBeVisible();
  const cardBox = (await card.boundingBox())!;
  for (const chip of await card.locator('.MuiChip-root').all()) {
    const box = (await chip.boundingBox())!;
    expect(box.x + box.width, await chip.textContent() ?? '').toBeLessThanOrEqual(cardBox.x + cardBox.width - 8);
  }
  await screenshot(page, 'tables-clients-390-en');
});

test('the selected tab of announcements / categories is in the address and survives a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsNewUser(page, 'platform', {}, '/system/announcement?lang=en');
  await openTab(page, 'system.announcement-category');
  await expect(page).toHaveURL(/[?&]tab=system\.announcement-category/);
  await page.reload();
  await expect(page.getByTestId('crud-tab-system.announcement-category')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('crud-system.announcement-category')).toBeVisible();
  // A link opens that tab too.
  await page.goto('/product/packaging-material?tab=product.packaging-category');
  await expect(page.getByTestId('crud-product.packaging-category')).toBeVisible();
});

/**
 * Every screen declaration as its users see it, compared with its committed baseline
 * (tests/visual/__screenshots__): its list (or form, or pane) at 1440 px in zh_TW, its form in
 * edit mode (the first row's, or the add form when the list is empty), and the list again at
 * 390 px in en. Signed in as the operator when the operator's menu holds the path, else as the
 * fixture's client; the data is fixed (tests/visual/data.ts), the clock too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { PHONE_EN, type Shot, tenantOf, visualContext, WIDE_ZH } from './session';
import { atRest } from './steady';

interface Head { id: string; kind: 'crud' | 'form' | 'custom'; path: string }
/** Every declaration of src/schemas (its JSON files, as src/schemas/index.ts lists them). */
const schemas = path.resolve(import.meta.dirname, '../../src/schemas');
const declarations = (fs.readdirSync(schemas, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
  .sort()
  .map((f) => JSON.parse(fs.readFileSync(path.join(schemas, f), 'utf8')) as Head & { $schema?: unknown })
  // Forms shown outside a screen (the account dialogs') have no screen of their own.
  .filter((d) => d.$schema !== '../form.schema.json');

/** Opens the declaration's screen (its tab when the path holds several) and waits for its data. */
async function openScreen(page: Page, d: Head, shot: Shot): Promise<void> {
  await page.goto(`${d.path}?lang=${shot.lang}`);
  const root = page.getByTestId(`${d.kind}-${d.id}`);
  const tab = page.getByTestId(`crud-tab-${d.id}`);
  await expect(root.or(tab).first()).toBeVisible();
  if (!(await root.isVisible())) {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }
  await expect(root).toBeVisible();
  if (d.kind === 'crud') {
    // A card is crud-card-<id>, or <testId>-row-<id> for a declaration with its own test hooks.
    await expect(root.locator('.MuiDataGrid-row, [data-testid="crud-no-rows"], [data-testid^="crud-card-"], [data-testid*="-row-"]').first()).toBeVisible();
  }
  await atRest(page);
}

/** Puts the screen's form in edit mode; false when the screen has none (a read-only list, a pane). */
async function openForm(page: Page, d: Head): Promise<boolean> {
  if (d.kind === 'form') {
    const edit = page.getByTestId('form-edit');
    if (await edit.isVisible()) await edit.click();
    await expect(page.getByTestId(`form-${d.id}`)).toHaveAttribute('data-mode', 'edit');
  } else if (d.kind === 'crud') {
    const root = page.getByTestId(`crud-${d.id}`);
    const edit = root.locator('[data-testid^="row-edit-"]').first();
    const view = root.locator('[data-testid^="row-view-"]').first();
    const add = page.getByTestId('crud-add');
    if (await edit.isVisible()) await edit.click();
    else if (await view.isVisible()) {
      await view.click();
      const toEdit = page.getByTestId('crud-form-edit');
      await expect(toEdit.or(page.getByTestId('crud-form-close')).first()).toBeVisible();
      if (await toEdit.isVisible()) await toEdit.click();
    } else if (await add.isVisible()) await add.click();
    else return false;
    await expect(page.getByTestId('crud-form')).toBeVisible();
    await expect(page.getByTestId('crud-form-loading')).toHaveCount(0);
  } else return false;
  await atRest(page);
  return true;
}

for (const d of declarations) {
  test(`${d.id} (${d.kind} ${d.path})`, async ({ browser }) => {
    const tenant = tenantOf(d.path);
    expect(tenant, `no fixture user's menu holds ${d.path}`).toBeTruthy();

    const wide = await visualContext(browser, tenant ?? null, WIDE_ZH);
    await openScreen(wide.page, d, WIDE_ZH);
    await expect(wide.page).toHaveScreenshot(`${d.id}-1440-zh_TW.png`);
    if (await openForm(wide.page, d)) await expect(wide.page).toHaveScreenshot(`${d.id}-form-1440-zh_TW.png`);

    const phone = await visualContext(browser, tenant ?? null, PHONE_EN);
    await openScreen(phone.page, d, PHONE_EN);
    await expect(phone.page).toHaveScreenshot(`${d.id}-390-en.png`);
  });
}

/**
 * What users met in the browser (issue 23, UX), in Chromium on the real server:
 *  - a form dialog opens with the focus on its first field; Escape closes an unchanged form and
 *    asks first (localized) when it has changes;
 *  - a shift's start is the time picker, typed with the keyboard (HH:mm);
 *  - a package ratio's level units and quantities carry the required mark; the invalid-form
 *    message names them;
 *  - a list's date-time filter is the forms' picker (YYYY/MM/DD HH:mm), typed with the keyboard;
 *  - the change-log detail is one compact before/after table with the fields' labels.
 * Screenshots at 1440 and 390 px (E2E_SHOTS=1) in tests/e2e/artifacts/ux-*.png.
 */
import { expect, test } from './test';
import { query } from './db';
import { screenshot, signInAsNewUser } from './helpers';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const tenant = `ux${stamp}`;

async function clientTenant(): Promise<void> {
  const [row] = await query<{ id: number }>(`insert into tenants (code, type, names, function_flags) values ($1, 2, $2::jsonb, 1) returning id`,
    [tenant, JSON.stringify({ zh_TW: 'UX 客戶', zh_CN: 'UX 客户', en: 'UX client' })]);
  const [role] = await query<{ id: number }>(`insert into roles (tenant_id, name, type, functions) values ($1, 'Admin', 1, $2::jsonb) returning id`, [row.id, JSON.stringify([1, 9, 10, 3, 20, 21, 22, 23, 24, 5, 26, 27, 28, 29])]);
  await query(`insert into users (tenant_id, account, name, type, role_id, mima_hash, mima_status) values ($1, 'admin', 'Admin', 1, $2, 'x', 1)`, [row.id, role.id]);
}

test('shift and package ratio forms: focus, Escape, the time picker, required marks', async ({ page }) => {
  await clientTenant();
  await signInAsNewUser(page, tenant);
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/binding/shift?lang=en');
    await page.getByTestId('crud-add').click();
    const form = page.getByTestId('crud-form');
    // The first field has the focus, not the close button.
    await expect(form.locator('input[name="lineId"]')).toBeFocused();
    // Unchanged: Escape closes at once.
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect(page.getByTestId('confirm-modal')).toHaveCount(0);

    await page.getByTestId('crud-add').click();
    await form.locator('input[name="name"]').fill('Morning');
    // The start: hour and minute sections typed with the keyboard.
    const start = form.locator('input[name="startTime"]');
    await start.locator('xpath=..').locator('[role="spinbutton"]').first().click();
    await page.keyboard.type('0830');
    await expect(start).toHaveValue('08:30');
    await screenshot(page, `ux-shift-form-${width}`, { idle: true });
    await form.locator('input[name="name"]').focus();
    await page.keyboard.press('Escape');
    const ask = page.getByTestId('confirm-modal');
    await expect(ask).toContainText('Discard changes?');
    await screenshot(page, `ux-shift-discard-${width}`, { idle: true });
    await ask.getByTestId('modal-cancel').click();
    await expect(form.locator('input[name="name"]')).toHaveValue('Morning');
    await form.locator('input[name="name"]').focus();
    await page.keyboard.press('Escape');
    await ask.getByTestId('modal-confirm').click();
    await expect(form).toBeHidden();

    await page.goto('/binding/package?lang=en');
    await page.getByTestId('crud-add').click();
    for (const name of ['name', 'unit2', 'quantity2']) {
      await expect(form.locator(`input[name="${name}"]`).locator('xpath=ancestor::div[contains(@class,"MuiFormControl-root")][1]').locator('.MuiFormLabel-asterisk').first(), name).toBeVisible();
    }
    await form.getByTestId('crud-form-save').click();
    await expect(page.getByTestId('alert-modal')).toContainText('Check: Ratio name, Level 2 unit, Level 1 units per level 2 unit.');
    await screenshot(page, `ux-package-ratio-invalid-${width}`, { idle: true });
    await page.getByTestId('alert-modal').getByTestId('modal-confirm').click();
    await screenshot(page, `ux-package-ratio-marks-${width}`, { idle: true });
  }
});

test('a list\'s date-time filter is the forms\' picker, typed with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsNewUser(page, tenant, {}, '/logistics/exception?lang=en');
  const filters = page.getByTestId('crud-filters');
  await expect(filters.locator('input[type="datetime-local"], input[type="date"]')).toHaveCount(0);
  const from = filters.locator('input[name="from"]');
  await from.locator('xpath=..').locator('[role="spinbutton"]').first().click();
  await page.keyboard.type('202501150830');
  await expect(from).toHaveValue('2025/01/15 08:30');
  await screenshot(page, 'ux-filter-picker-1440', { idle: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'ux-filter-picker-390', { idle: true });
});

test('the change-log detail is a compact table of labelled fields', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { account } = await signInAsNewUser(page, 'platform', {}, '/system/role?lang=en');
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  const roleName = `Auditors ${stamp}`;
  await form.locator('input[name="name"]').fill(roleName);
  await form.getByRole('combobox', { name: /Role type/ }).click();
  await page.getByRole('option', { name: 'General' }).click();
  await form.locator('input[name="functions"][value="10"]').check();
  await form.getByTestId('crud-form-save').click();
  await expect(form).toBeHidden();
  await page.goto('/report/transaction-log?lang=en');
  // Other specs write to the operator's log at the same time: open this user's own change.
  await page.locator('.MuiDataGrid-row').filter({ hasText: account }).first().getByTestId(/^row-view-/).click();
  const view = page.getByTestId('crud-form');
  const table = view.getByTestId('change-table');
  await expect(table.locator('th')).toHaveText(['Field', 'After']);
  await expect(table.getByTestId('change-row').filter({ hasText: roleName }).locator('td').first()).toHaveText('Role name');
  await expect(view.locator('textarea:not([aria-hidden="true"])')).toHaveCount(0);
  await screenshot(page, 'ux-change-log-detail-1440', { idle: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'ux-change-log-detail-390', { idle: true });
});

/**
 * The first declared screens end to end (src/schemas/system/role.json, employee.json on the
 * generic list/form engine): an operator admin creates a role with a few functions and an
 * employee holding it (the default password is shown once), the employee signs in (forced
 * password change first) and sees only the granted menu; deleting the role while it is held
 * answers code 11 listing the account. A list of 25 roles seeded in the database sorts and
 * pages. The database rows are checked after each write. Screenshots in zh_TW and en.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { query, uniqueAccount } from './db';
import { fillLogin, screenshot, signIn, signInAsNewUser, STRONG_PASSWORD } from './helpers';

const TENANT = 'platform';

async function logout(page: Page): Promise<void> {
  await page.getByTestId('logout').click();
  await page.getByTestId('logout-modal').getByTestId('modal-confirm').click();
  await expect(page).toHaveURL(/\/login\?code=platform/);
}

/** The visible rows of the grid, as their text. */
async function rowTexts(page: Page): Promise<string[]> {
  return page.locator('.MuiDataGrid-row').allInnerTexts();
}

async function search(page: Page, keyword: string): Promise<void> {
  await page.getByTestId('crud-filters').locator('input[name="keyword"]').fill(keyword);
  await page.getByTestId('crud-search').click();
}

test('a role with a few functions, an employee holding it, the employee sees only those; the role cannot be deleted while held', async ({ page }) => {
  const admin = await signInAsNewUser(page, TENANT, {}, '/system/role');
  const roleName = `E2E稽核${Date.now().toString(36)}`;

  // --- The role --------------------------------------------------------------------------
  await expect(page.getByTestId('page-title')).toHaveText('員工角色設定');
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await expect(form).toContainText('新增角色');
  await expect(form.getByTestId('menu-group-1')).toBeVisible();

  // Validate on submit first: nothing filled -> the invalid-form modal, fields marked.
  await form.getByTestId('crud-form-save').click();
  const invalid = page.getByTestId('alert-modal');
  await expect(invalid).toContainText('部分欄位驗證未通過');
  await expect(invalid.getByTestId('modal-cancel')).toHaveCount(0);
  await invalid.getByTestId('modal-confirm').click();
  await expect(form.locator('[data-testid="field-error"][data-field="name"]')).toHaveText('此欄位為必填。');
  await expect(form.locator('input[name="name"]')).toBeFocused();

  await form.locator('input[name="name"]').fill(roleName);
  await expect(form.locator('[data-testid="field-error"][data-field="name"]')).toHaveCount(0);
  await form.getByRole('combobox', { name: /角色類型/ }).click();
  await page.getByRole('option', { name: '一般' }).click();
  await form.locator('input[name="functions"][value="10"]').check();
  await form.locator('input[name="functions"][value="42"]').check();
  await expect(form.getByTestId('menu-tree-count')).toContainText('已選 2');
  await screenshot(page, 'role-form-zh_TW');
  await form.getByTestId('crud-form-save').click();
  await expect(page.getByTestId('toast')).toContainText('新增成功');
  await expect(form).toBeHidden();

  const [role] = await query<{ id: number; type: number; functions: number[] }>(
    `select r.id, r.type, r.functions from roles r join tenants t on t.id = r.tenant_id where t.code = $1 and r.name = $2`,
    [TENANT, roleName],
  );
  expect(role).toBeDefined();
  expect(role.type).toBe(2);
  expect(role.functions).toEqual([10, 42]);
  await search(page, roleName);
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1);
  await expect(page.locator('.MuiDataGrid-row').first()).toContainText('一般');

  // --- The employee ----------------------------------------------------------------------
  const account = uniqueAccount('emp');
  await page.goto('/system/employee');
  await expect(page.getByTestId('page-title')).toHaveText('員工帳號設定');
  await page.getByTestId('crud-add').click();
  await expect(form).toContainText('新增員工帳號');
  await form.locator('input[name="account"]').fill(account);
  await form.locator('input[name="name"]').fill('稽核員小林');
  await form.locator('input[name="roleId"]').fill(roleName);
  await page.getByRole('option', { name: roleName }).click();
  await expect(form.locator('input[name="status"][value="1"]')).toBeChecked();
  await expect(form.locator('input[name="status"]')).toHaveCount(2); // Locked is not offered
  await form.locator('input[name="phoneCountryCode"]').fill('886');
  await page.getByRole('option', { name: /\+886/ }).first().click();
  await form.locator('input[name="phone"]').fill('0912-345-678');
  await expect(form.locator('input[name="phone"]')).toHaveValue('0912345678');
  await screenshot(page, 'employee-form-zh_TW');
  await form.getByTestId('crud-form-save').click();

  const result = page.getByTestId('result-modal');
  await expect(result).toContainText(account);
  const defaultPassword = (await result.getByTestId('result-value').innerText()).trim();
  expect(defaultPassword.length).toBeGreaterThanOrEqual(8);
  await expect(result).toContainText(defaultPassword);
  await screenshot(page, 'employee-default-password');
  await result.getByTestId('modal-confirm').click();
  await expect(result).toBeHidden();

  const [employee] = await query<{ role_id: number; mima_status: number; status: number; type: number; phone: string }>(
    `select u.role_id, u.mima_status, u.status, u.type, u.phone from users u join tenants t on t.id = u.tenant_id where t.code = $1 and u.account = $2`,
    [TENANT, account],
  );
  expect(employee).toMatchObject({ role_id: role.id, mima_status: 2, status: 1, type: 2, phone: '0912345678' });
  await search(page, account);
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1);
  await expect(page.locator('.MuiDataGrid-row').first()).toContainText(roleName);

  // --- The employee signs in: forced password change, then only the granted menu ------------
  await logout(page);
  await signIn(page, TENANT, account, defaultPassword, STRONG_PASSWORD);
  const menu = page.getByTestId('side-menu');
  const groups = menu.locator('[data-menu-id][aria-expanded]');
  await expect(groups).toHaveCount(2);
  expect(await groups.evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-id')))).toEqual(['1', '8']);
  await menu.locator('[data-menu-id="1"][aria-expanded]').click();
  await expect(menu.locator('[data-menu-id="10"]')).toBeVisible();
  await expect(menu.locator('[data-menu-id="9"]')).toHaveCount(0);
  await menu.locator('[data-menu-id="8"][aria-expanded]').click();
  await expect(menu.locator('[data-menu-id="42"]')).toBeVisible();
  await expect(menu.locator('[data-menu-id="43"]')).toHaveCount(0);
  // A function outside the role goes home.
  await page.goto('/system/role');
  await expect(page).toHaveURL(/\/home$/);

  // --- Back as the admin: the role is held, so it cannot be deleted (code 11 lists the account)
  await logout(page);
  await fillLogin(page, TENANT, admin.account, STRONG_PASSWORD);
  await expect(page.getByTestId('home')).toBeVisible();
  await page.goto('/system/role');
  await search(page, roleName);
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(1);
  await page.getByTestId(`row-remove-${role.id}`).click();
  await page.getByTestId('confirm-modal').getByTestId('modal-confirm').click();
  const fail = page.getByTestId('fail-modal');
  await expect(fail).toBeVisible();
  await expect(fail).toContainText('(11)');
  await expect(fail).toContainText(account);
  await fail.getByTestId('modal-confirm').click();
  expect((await query(`select id from roles where id = $1`, [role.id])).length).toBe(1);
});

test('25 roles seeded in the database: a header click sorts ascending, again descending; page 3 holds 5 rows', async ({ page }) => {
  const prefix = `P${Date.now().toString(36)}`;
  await query(
    `insert into roles (tenant_id, name, type, functions, customers, brands, created_at, updated_at)
     select t.id, $2 || '-' || lpad(g::text, 2, '0'), case when g % 3 = 0 then 1 else 2 end, '[9]'::jsonb, '[]'::jsonb, '[]'::jsonb,
            now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
       from tenants t, generate_series(1, 25) g
      where t.code = $1`,
    [TENANT, prefix],
  );
  await signInAsNewUser(page, TENANT, {}, '/system/role');
  await search(page, prefix);
  await expect(page.getByTestId('crud-total')).toHaveText('共 25 筆');
  // Default: createdAt descending, i.e. the most recent (-01) first.
  await expect(page.locator('.MuiDataGrid-row').first()).toContainText(`${prefix}-01`);
  const footer = page.getByTestId('crud-pagination');
  await expect(footer.getByTestId('page-3')).toBeVisible();
  await expect(footer.getByTestId('page-4')).toHaveCount(0);

  const nameHeader = page.getByRole('columnheader', { name: /角色名稱/ });
  await nameHeader.click();
  await expect(page.locator('.MuiDataGrid-row').first()).toContainText(`${prefix}-01`);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  expect((await rowTexts(page)).map((t) => t.match(/-(\d\d)/)?.[1])).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10']);
  await nameHeader.click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page.locator('.MuiDataGrid-row').first()).toContainText(`${prefix}-25`);
  // A third click flips back: never unsorted.
  await nameHeader.click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');

  await footer.getByTestId('page-3').click();
  await expect(footer.getByTestId('page-3')).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(5);
  expect((await rowTexts(page)).map((t) => t.match(/-(\d\d)/)?.[1])).toEqual(['21', '22', '23', '24', '25']);
  await screenshot(page, 'role-list-zh_TW');

  // Sorting again returns to page 1.
  await nameHeader.click();
  await expect(footer.getByTestId('page-1')).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(10);

  // English: the same list, form and employee form.
  await page.goto('/system/role?lang=en');
  await search(page, prefix);
  await expect(page.getByTestId('crud-total')).toHaveText('25 items in total');
  await expect(page.getByRole('columnheader', { name: /Role name/ })).toBeVisible();
  await screenshot(page, 'role-list-en');
  // View: read-only, Edit turns it into the edit form.
  await page.locator('.MuiDataGrid-row').first().locator('[data-testid^="row-view-"]').click();
  const form = page.getByTestId('crud-form');
  await expect(form).toContainText('View role');
  await expect(form.locator('input[name="name"]')).toBeDisabled();
  await expect(form.locator('input[name="functions"][value="9"]')).toBeChecked();
  await expect(form.getByTestId('crud-form-save')).toHaveCount(0);
  await screenshot(page, 'role-view-en');
  await form.getByTestId('crud-form-close').click();
  await page.locator('.MuiDataGrid-row').first().locator('[data-testid^="row-edit-"]').click();
  await expect(form).toContainText('Edit role');
  await expect(form.locator('input[name="functions"][value="9"]')).toBeChecked();
  await screenshot(page, 'role-form-en');
  await form.getByTestId('crud-form-cancel').click();
  await page.goto('/system/employee');
  await page.getByTestId('crud-add').click();
  await expect(form).toContainText('Add staff account');
  await screenshot(page, 'employee-form-en');
  await form.getByTestId('crud-form-cancel').click();

  // A phone-sized window: the toolbar wraps, the list is a card per row (nothing wider than the screen).
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/system/role?lang=zh_TW');
  await search(page, prefix);
  await expect(page.getByTestId('crud-cards').locator('li')).toHaveCount(10);
  await expect(page.locator('.MuiDataGrid-row')).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'role-list-mobile');
  // The form dialog takes the whole phone screen; its content scrolls under the title.
  await page.getByTestId('crud-add').click();
  await expect(form.getByTestId('menu-group-1')).toBeVisible();
  await expect(form.getByTestId('crud-form-save')).toBeInViewport();
  await screenshot(page, 'role-form-mobile');
});

/** Page helpers shared by the specs. */
import { expect, type Locator, type Page } from '@playwright/test';
import { createUser, uniqueAccount } from './db';

export const STRONG_PASSWORD = 'E2ePass123';

/** Goes to the login page of a tenant (optionally with ?lang) and signs in. */
export async function fillLogin(page: Page, tenant: string, account: string, password: string, lang?: string): Promise<void> {
  await page.goto(`/login?code=${tenant}${lang ? `&lang=${lang}` : ''}`);
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="mima"]').fill(password);
  await page.getByTestId('sign-in').click();
}

/**
 * Signs in and lands on /home whatever the account's mimaStatus: when the change-default-
 * password dialog appears, the password is changed to `newPassword` first.
 */
export async function signIn(page: Page, tenant: string, account: string, password: string, newPassword = STRONG_PASSWORD): Promise<string> {
  await fillLogin(page, tenant, account, password);
  const forced = page.getByTestId('default-password-modal');
  await expect(forced.or(page.getByTestId('home'))).toBeVisible();
  if (await forced.isVisible()) {
    await forced.getByTestId('modal-confirm').click();
    const dialog = page.getByTestId('password-dialog');
    await dialog.locator('input[name="originalMima"]').fill(password);
    await dialog.locator('input[name="newMima"]').fill(newPassword);
    await dialog.locator('input[name="confirmNewMima"]').fill(newPassword);
    await dialog.getByTestId('password-save').click();
    await expect(page.getByTestId('home')).toBeVisible();
    return newPassword;
  }
  return password;
}

/** A fresh user of the tenant (admin role, normal password status), signed in on /home. */
export async function signInAsNewUser(page: Page, tenant: string, extra: Partial<Parameters<typeof createUser>[0]> = {}): Promise<{ account: string; id: number }> {
  const account = uniqueAccount();
  const id = await createUser({ tenantCode: tenant, account, password: STRONG_PASSWORD, ...extra });
  await fillLogin(page, tenant, account, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home')).toBeVisible();
  return { account, id };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  // Let MUI's JS-driven transitions (dialogs, collapses: ~225-300 ms) settle first.
  await page.waitForTimeout(450);
  await page.screenshot({ path: `tests/e2e/artifacts/${name}.png`, fullPage: false, animations: 'disabled', caret: 'hide' });
}

/** Picks an option of an Autocomplete (select, country, dial code, timezone) by typing part of its label. */
export async function choose(scope: Locator, page: Page, name: string, typed: string, option: RegExp | string): Promise<void> {
  await scope.locator(`input[name="${name}"]`).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Opens a tab of a screen with several lists and waits until that list is the one shown, so a
 * following click (add, export) reaches the new list and not the one being replaced.
 */
export async function openTab(page: Page, declarationId: string): Promise<void> {
  const tab = page.getByTestId(`crud-tab-${declarationId}`);
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId(`crud-${declarationId}`)).toBeVisible();
}

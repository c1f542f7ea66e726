/**
 * The seeded platform admin's first sign-in: the default password must be changed (mode 4
 * -> mode 6) before anything else; then logout and a sign-in with the new password.
 * The only spec that uses the seeded admin of `platform`.
 */
import { expect, test } from './test';
import { resetToMustChange, userRow } from './db';
import { ADMIN_INITIAL_PASSWORD } from './env';
import { fillLogin, screenshot } from './helpers';

const NEW_PASSWORD = 'Platform2025ok';

test('first sign-in forces a new password, then logout and sign in again', async ({ page }) => {
  // As the seed leaves it (a run before this one on the same database changed it).
  await resetToMustChange('platform', 'admin', ADMIN_INITIAL_PASSWORD);
  const before = await userRow('platform', 'admin');
  expect(before.mima_status).toBe(2);

  await page.goto('/login?code=platform');
  await expect(page.getByTestId('tenant-name')).toBeVisible();
  await screenshot(page, 'login');

  await fillLogin(page, 'platform', 'admin', ADMIN_INITIAL_PASSWORD);
  const forced = page.getByTestId('default-password-modal');
  await expect(forced).toBeVisible();
  await expect(forced).toContainText('預設密碼');
  // Mode 4 offers only confirm ('not change' is mode 5's), and neither Escape nor the backdrop closes it.
  await expect(forced.getByTestId('modal-cancel')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.click(10, 10);
  await expect(forced).toBeVisible();
  // No session yet: the user is still on the login page.
  await expect(page).toHaveURL(/\/login\?code=platform$/);
  expect(await page.evaluate(() => localStorage.getItem('oioc.session'))).toBeNull();

  await forced.getByTestId('modal-confirm').click();
  const dialog = page.getByTestId('password-dialog');
  await expect(dialog).toBeVisible();
  await screenshot(page, 'first-login-password');

  // The password rule is checked on submit first.
  await dialog.locator('input[name="originalMima"]').fill(ADMIN_INITIAL_PASSWORD);
  await dialog.locator('input[name="newMima"]').fill('weak');
  await dialog.locator('input[name="confirmNewMima"]').fill('other');
  await dialog.getByTestId('password-save').click();
  await page.getByTestId('alert-modal').getByTestId('modal-confirm').click();
  await expect(dialog.locator('.Mui-error').first()).toBeVisible();
  expect((await userRow('platform', 'admin')).mima_status).toBe(2);

  await dialog.locator('input[name="newMima"]').fill(NEW_PASSWORD);
  await dialog.locator('input[name="confirmNewMima"]').fill(NEW_PASSWORD);
  await dialog.getByTestId('password-save').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('welcome')).toContainText('系統管理員');

  const after = await userRow('platform', 'admin');
  expect(after.mima_status).toBe(1);
  expect(after.mima_hash).not.toBe(before.mima_hash);
  expect(after.mima_hash.startsWith('$argon2id$')).toBe(true);
  expect(after.mima_changed_at.getTime()).toBeGreaterThan(before.mima_changed_at.getTime());

  // Logout asks first (mode 3); cancel keeps the session.
  await page.getByTestId('logout').click();
  const confirm = page.getByTestId('logout-modal');
  await confirm.getByTestId('modal-cancel').click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByTestId('logout').click();
  await confirm.getByTestId('modal-confirm').click();
  await expect(page).toHaveURL(/\/login\?code=platform$/);
  expect(await page.evaluate(() => localStorage.getItem('oioc.session'))).toBeNull();
  // The session is gone: /home sends the user back to this tenant's login.
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login\?code=platform$/);

  // The old password no longer works; the new one lands on /home directly.
  await fillLogin(page, 'platform', 'admin', ADMIN_INITIAL_PASSWORD);
  await expect(page.getByTestId('fail-modal')).toContainText('(14)');
  await page.getByTestId('fail-modal').getByTestId('modal-confirm').click();
  await fillLogin(page, 'platform', 'admin', NEW_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('default-password-modal')).toHaveCount(0);
});

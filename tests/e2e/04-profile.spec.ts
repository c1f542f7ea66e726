/** Top-bar dialogs: profile view/edit (phone, password switch), suggestion, session timeout. */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { query, userRow } from './db';
import { fullClient } from './fixtures';
import { fillLogin, screenshot, sessionToken, signInAsNewUser, STRONG_PASSWORD } from './helpers';

async function openProfile(page: Page) {
  await page.getByTestId('user-name').click();
  const view = page.getByTestId('profile-view-dialog');
  await expect(view).toBeVisible();
  return view;
}

test('view then edit: the phone is saved; cancel returns to view', async ({ page }) => {
  const { account } = await signInAsNewUser(page, 'platform', { email: 'e2e@example.com' });
  const view = await openProfile(page);
  await expect(view.locator('[data-field="account"]')).toHaveText(account);
  await expect(view.locator('[data-field="email"]')).toHaveText('e2e@example.com');
  await screenshot(page, 'profile-view');

  await view.getByTestId('profile-edit-button').click();
  let edit = page.getByTestId('profile-edit');
  await expect(edit.locator('input[name="phoneCountryCode"]')).toHaveValue('+886 台灣');
  // The password fields appear only with the switch on.
  await expect(edit.locator('input[name="originalMima"]')).toHaveCount(0);
  await edit.getByTestId('profile-cancel').click();
  await expect(page.getByTestId('profile-view-dialog')).toBeVisible();

  await page.getByTestId('profile-edit-button').click();
  edit = page.getByTestId('profile-edit');
  await edit.locator('input[name="phone"]').fill('0912-345-678');
  await expect(edit.locator('input[name="phone"]')).toHaveValue('0912345678'); // digits only
  await screenshot(page, 'profile-edit');
  await edit.getByTestId('profile-save').click();
  await expect(page.getByTestId('toast')).toContainText('修改成功');
  const saved = page.getByTestId('profile-view-dialog');
  await expect(saved.locator('[data-field="phone"]')).toContainText('+886');
  await expect(saved.locator('[data-field="phone"]')).toContainText('912345678');

  const row = await userRow('platform', account);
  expect(row.phone_country_code).toBe('886');
  expect(row.phone).toContain('912345678');
  await saved.getByTestId('dialog-close').click();
  await expect(page.getByTestId('profile-card').locator('[data-field="phone"]')).toContainText('912345678');
});

test('an invalid phone shows a field error and changes nothing', async ({ page }) => {
  const { account } = await signInAsNewUser(page, 'platform', { phoneCountryCode: '886', phone: '0911222333' });
  const view = await openProfile(page);
  await view.getByTestId('profile-edit-button').click();
  const edit = page.getByTestId('profile-edit');
  await edit.locator('input[name="phone"]').fill('12345');
  await edit.getByTestId('profile-save').click();
  const notice = page.getByTestId('alert-modal');
  await expect(notice).toContainText('部分欄位驗證未通過');
  await notice.getByTestId('modal-confirm').click();
  await expect(edit.locator('.MuiFormHelperText-root.Mui-error')).toHaveText('電話號碼格式錯誤。');
  await expect(edit).toBeVisible();
  // Closing the notice puts the focus on the invalid field (and only then: it would close the
  // dial-code list opened below).
  await expect(edit.locator('input[name="phone"]')).toBeFocused();

  // Another country: the dial-code select searches, and says so when nothing matches.
  const code = edit.locator('input[name="phoneCountryCode"]');
  await code.fill('zzzz');
  await expect(page.getByText('查無符合資料')).toBeVisible();
  await code.fill('新加坡');
  await page.getByRole('option', { name: '+65 新加坡' }).click();
  await expect(code).toHaveValue('+65 新加坡');
  await edit.locator('input[name="phone"]').fill('0911222333'); // not a Singapore mobile
  await edit.getByTestId('profile-save').click();
  await page.getByTestId('alert-modal').getByTestId('modal-confirm').click();
  await expect(edit.locator('.MuiFormHelperText-root.Mui-error')).toHaveCount(1);

  const row = await userRow('platform', account);
  expect(row.phone_country_code).toBe('886');
  expect(row.phone).toBe('0911222333');
});

/** A client tenant of this test's own. */
const client = async () => (await fullClient('profile', { zh_TW: '個人資料客戶', zh_CN: '个人资料客户', en: 'Profile client' })).tenant;

test('the change-password switch sends the password in the same save', async ({ page }) => {
  const tenant = await client();
  const { account } = await signInAsNewUser(page, tenant);
  const before = await userRow(tenant, account);
  const view = await openProfile(page);
  await view.getByTestId('profile-edit-button').click();
  const edit = page.getByTestId('profile-edit');
  await edit.locator('input[name="phone"]').fill('0922333444');
  await edit.locator('input[name="changePassword"]').check();
  await edit.locator('input[name="originalMima"]').fill('WrongPass999');
  await edit.locator('input[name="newMima"]').fill('Changed2025x');
  await edit.locator('input[name="confirmNewMima"]').fill('Changed2025x');
  await edit.getByTestId('profile-save').click();
  // Wrong original password: code 10, nothing saved.
  await expect(page.getByTestId('fail-modal')).toContainText('(10)');
  await page.getByTestId('fail-modal').getByTestId('modal-confirm').click();
  expect((await userRow(tenant, account)).phone).toBeNull();

  await edit.locator('input[name="originalMima"]').fill(STRONG_PASSWORD);
  await edit.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-view-dialog')).toBeVisible();
  const after = await userRow(tenant, account);
  expect(after.mima_hash).not.toBe(before.mima_hash);
  expect(after.phone).toContain('922333444');

  await page.getByTestId('dialog-close').click();
  await page.getByTestId('logout').click();
  await page.getByTestId('logout-modal').getByTestId('modal-confirm').click();
  await expect(page).toHaveURL(new RegExp(`/login\\?code=${tenant}$`));
  await fillLogin(page, tenant, account, 'Changed2025x');
  await expect(page).toHaveURL(/\/home$/);
});

test('a password older than six months is suggested once: not change closes, confirm edits', async ({ page }) => {
  const old = new Date(Date.now() - 200 * 24 * 3600 * 1000);
  await signInAsNewUser(page, 'platform', { mimaChangedAt: old });
  const suggest = page.getByTestId('suggest-password-modal');
  await expect(suggest).toBeVisible();
  await screenshot(page, 'suggest-password');
  await suggest.getByTestId('modal-cancel').click();
  await expect(suggest).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('profile-card').locator('[data-field="account"]')).not.toBeEmpty();
  // The profile is in and the dialogs' chunk is loaded (prefetched when idle), two frames on: a
  // suggestion would be on screen by now.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/AccountDialogs-[\w-]+\.js$/.test(e.name)));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(suggest).toHaveCount(0);

  // A new session suggests it again; confirm opens edit password.
  const account = (await page.getByTestId('profile-card').locator('[data-field="account"]').textContent()) ?? '';
  await page.getByTestId('logout').click();
  await page.getByTestId('logout-modal').getByTestId('modal-confirm').click();
  await fillLogin(page, 'platform', account, STRONG_PASSWORD);
  await suggest.getByTestId('modal-confirm').click();
  const dialog = page.getByTestId('password-dialog');
  await dialog.locator('input[name="originalMima"]').fill(STRONG_PASSWORD);
  await dialog.locator('input[name="newMima"]').fill('Fresh2025pass');
  await dialog.locator('input[name="confirmNewMima"]').fill('Fresh2025pass');
  await dialog.getByTestId('password-save').click();
  await expect(dialog).toBeHidden();
  const row = await userRow('platform', account);
  expect(Date.now() - row.mima_changed_at.getTime()).toBeLessThan(60_000);
});

test('a session ended on the server shows the timeout message and goes to login', async ({ page }) => {
  const tenant = await client();
  const { id } = await signInAsNewUser(page, tenant);
  await query('delete from sessions where user_id = $1', [id]);
  // Ended in the database, as another API node would: this server's session lookups are cached
  // for 5 s (server/auth.ts SESSION_CACHE_MS, docs/decisions.md): wait until the server refuses it.
  const token = await sessionToken(page);
  await expect
    .poll(async () => (await page.request.get('/v1/System/user', { headers: { authorization: `Bearer ${token}` } })).status(), { timeout: 20_000, intervals: [250] })
    .toBe(401);
  await page.getByTestId('user-name').click();
  const fail = page.getByTestId('fail-modal');
  await expect(fail.getByTestId('app-modal-message')).toHaveText('登入逾時，請重新登入。');
  await expect(page).toHaveURL(new RegExp(`/login\\?code=${tenant}$`));
  await fail.getByTestId('modal-confirm').click();
  expect(await page.evaluate(() => localStorage.getItem('oioc.session'))).toBeNull();
});

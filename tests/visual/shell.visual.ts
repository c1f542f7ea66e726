/**
 * The hand-written screens around the declared ones, compared with their baselines: the sign-in
 * page, home, and the top bar's profile dialog and logout modal, at 1440 px in zh_TW and (the
 * sign-in page and home) at 390 px in en.
 */
import { expect, test } from '@playwright/test';
import { PHONE_EN, visualContext, WIDE_ZH } from './session';
import { atRest } from './steady';

for (const shot of [WIDE_ZH, PHONE_EN]) {
  const size = `${shot.width}-${shot.lang}`;

  test(`the sign-in page at ${size}`, async ({ browser }) => {
    const { page } = await visualContext(browser, null, shot);
    await page.goto(`/login?code=platform&lang=${shot.lang}`);
    await expect(page.getByTestId('tenant-name')).toBeVisible();
    await atRest(page);
    await expect(page).toHaveScreenshot(`signin-${size}.png`);
  });

  test(`home at ${size}`, async ({ browser }) => {
    const { page } = await visualContext(browser, 'platform', shot);
    await page.goto(`/home?lang=${shot.lang}`);
    await expect(page.getByTestId('profile-card')).toBeVisible();
    await atRest(page);
    await expect(page).toHaveScreenshot(`home-${size}.png`);
  });
}

test('the profile dialog and the logout modal at 1440-zh_TW', async ({ browser }) => {
  const { page } = await visualContext(browser, 'platform', WIDE_ZH);
  await page.goto('/home?lang=zh_TW');
  await page.getByTestId('user-name').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await atRest(page);
  await expect(page).toHaveScreenshot('profile-dialog-1440-zh_TW.png');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('logout-modal')).toBeVisible();
  await atRest(page);
  await expect(page).toHaveScreenshot('logout-modal-1440-zh_TW.png');
});

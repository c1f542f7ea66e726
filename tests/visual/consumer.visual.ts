/**
 * The consumer page as a shopper sees it on a 390 px phone, compared with its baselines: a first
 * scan of the fixture's code (the answer card) and each of the nine games of the client's
 * lotteries, before play; and the unknown-brand notice in en. The code's earlier scans are
 * removed first, so the page always shows a first scan.
 */
import { expect, test } from '@playwright/test';
import { GAMES } from '../../src/domain/activity/templates';
import { CLIENT, CODES, visualQuery } from './data';
import { type Shot, visualContext } from './session';
import { atRest } from './steady';

const PHONE_ZH: Shot = { width: 390, height: 844, lang: 'zh_TW' };

test('a first scan and each of the nine games', async ({ browser }) => {
  await visualQuery(`delete from scan_logs where code = $1`, [CODES[0]]);
  const { page } = await visualContext(browser, null, PHONE_ZH);
  await page.goto(`/m/${CLIENT}?c=${CODES[0]}&lang=zh_TW`);
  await expect(page.locator('.count')).toHaveText('1');
  for (const game of GAMES) await expect(page.locator(`[data-game="${game.viewKey}"]`)).toBeVisible();
  await atRest(page);
  await expect(page).toHaveScreenshot('consumer-scan-390-zh_TW.png');
  for (const game of GAMES) {
    const card = page.getByTestId('lottery').locator(`[data-activity]:has([data-game="${game.viewKey}"])`);
    await card.scrollIntoViewIfNeeded();
    await atRest(page);
    await expect(card).toHaveScreenshot(`consumer-game-${game.viewKey}-390-zh_TW.png`);
  }
});

test('the unknown-brand notice', async ({ browser }) => {
  const { page } = await visualContext(browser, null, { width: 390, height: 844, lang: 'en' });
  await page.goto('/m/no-such-brand?c=ABC123&lang=en');
  await expect(page.getByRole('heading')).toBeVisible();
  await atRest(page);
  await expect(page).toHaveScreenshot('consumer-unknown-brand-390-en.png');
});

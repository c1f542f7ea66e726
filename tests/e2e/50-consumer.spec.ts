/**
 * The public consumer page (issue 13, src/consumer) in a real browser on the real server:
 *  - a shopper on a 390 px phone opening the page of a tenant that does not exist gets the clear
 *    "this brand page does not exist" notice, in the phone's language, with no back office;
 *  - the back office's preview: a same-origin window opens /m/{tenant}?mode=preview and posts
 *    a draft the way the marketing screens do (up to four times at 2 s): the preview shows the
 *    draft with its ribbon, and re-renders on the next post.
 * The live scan (a generated code, the scanned count going up, an unknown code) needs the
 * Marketing API /mapi/v1 of the server part; it is added to this file when that lands.
 */
import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './helpers';

const PHONE = { width: 390, height: 844 };

test('an unknown brand page says so on a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`/m/no-such-brand-${Date.now().toString(36)}?c=ABC123`);
  await expect(page.getByRole('heading', { name: 'This brand page does not exist' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Nothing of the back office came with it (no MUI, no React root).
  await expect(page.locator('#root')).toHaveCount(0);
  await screenshot(page, 'consumer-unknown-brand-390-en');
  await context.close();
});

/** Posts a draft to the preview window as a marketing screen does: up to four times at 2 s, until `seen` shows. */
async function postUntilSeen(opener: Page, preview: Page, data: unknown, seen: () => Promise<void>): Promise<void> {
  for (let i = 0; i < 4; i++) {
    await opener.evaluate((d) => (window as unknown as { previewWin: Window }).previewWin.postMessage({ type: 'oioc-preview', kind: 'layout', data: d }, location.origin), data);
    try {
      await seen();
      return;
    } catch {
      await preview.waitForTimeout(2000);
    }
  }
  await seen();
}

test('the preview window renders each draft the back office posts', async ({ page }) => {
  await page.goto('/login?code=demo');
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.evaluate(() => { (window as unknown as { previewWin: Window | null }).previewWin = window.open('/m/demo?mode=preview&lang=zh_TW', 'oioc-preview'); }),
  ]);
  await preview.setViewportSize(PHONE);
  // Nothing posted yet: the preview defaults, with the ribbon.
  await expect(preview.getByRole('status').filter({ hasText: '預覽' })).toBeVisible();
  await expect(preview.getByText('DEMO0000000001')).toBeVisible();

  await postUntilSeen(page, preview, { layoutInfo: { clientDisplayName: '草稿品牌', layout: 2, colorCode: '1fa9b5', scanGeneralMessage: '尚未儲存的訊息' } },
    () => expect(preview.getByRole('heading', { level: 1, name: '草稿品牌' })).toBeVisible({ timeout: 1500 }));
  await expect(preview.getByRole('tab')).toHaveCount(3);
  await expect(preview.getByText('尚未儲存的訊息')).toBeVisible();
  await screenshot(preview, 'consumer-preview-390-zh_TW');

  // The next post re-renders (layout C, another name).
  await postUntilSeen(page, preview, { layoutInfo: { clientDisplayName: '第二版草稿', layout: 4 } },
    () => expect(preview.getByRole('heading', { level: 1, name: '第二版草稿' })).toBeVisible({ timeout: 1500 }));
  await expect(preview.getByRole('tab')).toHaveCount(0);
  await expect(preview.locator('.layout-C .hero')).toBeVisible();
});

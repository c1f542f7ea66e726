/**
 * The public consumer page (issue 13, src/consumer) in a real browser on the real server:
 *  - a shopper on a 390 px phone opening the page of a tenant that does not exist gets the clear
 *    "this brand page does not exist" notice, in the phone's language, with no back office;
 *  - the back office's preview: a same-origin window opens /m/{tenant}?mode=preview and posts
 *    a draft the way the marketing screens do (up to four times at 2 s): the preview shows the
 *    draft with its ribbon, and re-renders on the next post.
 *  - the live scan: a shopper on a phone opens the page of a client with a code the generation
 *    job made for that client; the page answers for the code, every visit is one row of scan_logs and the
 *    scanned count shown goes up; an unknown code and a code of another client both get "this
 *    barcode does not exist", and record nothing.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { query } from './db';
import { clientTenant, generatedCodes } from './fixtures';
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

/**
 * Posts a draft to the preview window as a marketing screen does (it repeats its post, the
 * window may still be loading), until `seen` shows: polled, within the expectation's deadline.
 */
async function postUntilSeen(opener: Page, data: unknown, seen: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await opener.evaluate((d) => (window as unknown as { previewWin: Window }).previewWin.postMessage({ type: 'oioc-preview', kind: 'layout', data: d }, location.origin), data);
    await seen();
  }).toPass({ intervals: [500, 1000, 2000], timeout: 30_000 });
}

test('the preview window renders each draft the back office posts', async ({ page }) => {
  const { tenant } = await clientTenant({ prefix: 'preview', names: { zh_TW: '預覽品牌', zh_CN: '预览品牌', en: 'Preview brand' }, functions: [], functionFlags: 2, material: false });
  await page.goto(`/login?code=${tenant}`);
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.evaluate((code) => { (window as unknown as { previewWin: Window | null }).previewWin = window.open(`/m/${code}?mode=preview&lang=zh_TW`, 'oioc-preview'); }, tenant),
  ]);
  await preview.setViewportSize(PHONE);
  // Nothing posted yet: the preview defaults, with the ribbon.
  await expect(preview.getByRole('status').filter({ hasText: '預覽' })).toBeVisible();
  await expect(preview.getByText('DEMO0000000001')).toBeVisible();

  await postUntilSeen(page, { layoutInfo: { clientDisplayName: '草稿品牌', layout: 2, colorCode: '1fa9b5', scanGeneralMessage: '尚未儲存的訊息' } },
    () => expect(preview.getByRole('heading', { level: 1, name: '草稿品牌' })).toBeVisible({ timeout: 1500 }));
  await expect(preview.getByRole('tab')).toHaveCount(3);
  await expect(preview.getByText('尚未儲存的訊息')).toBeVisible();
  await screenshot(preview, 'consumer-preview-390-zh_TW');

  // The next post re-renders (layout C, another name).
  await postUntilSeen(page, { layoutInfo: { clientDisplayName: '第二版草稿', layout: 4 } },
    () => expect(preview.getByRole('heading', { level: 1, name: '第二版草稿' })).toBeVisible({ timeout: 1500 }));
  await expect(preview.getByRole('tab')).toHaveCount(0);
  await expect(preview.locator('.layout-C .hero')).toBeVisible();
});

/** A client tenant with the Marketing function and a packaging material made for it by the operator. */
const clientWithMaterial = () => clientTenant({
  prefix: 'shop',
  names: { zh_TW: '好茶品牌', zh_CN: '好茶品牌', en: 'Good Field Mountain Tea Company' },
  functions: [],
  functionFlags: 2,
});

/** A code of a client written straight in the database (the other client of the isolation check). */
async function insertedCode(): Promise<string> {
  const { clientId, materialId, tenant } = await clientWithMaterial();
  const [{ id: operatorId }] = await query<{ id: number }>(`select id from tenants where code = 'platform'`);
  const [pkg] = await query<{ id: number }>(
    `insert into code_packages (tenant_id, client_id, packaging_material_id, type, code_type, code_format, code_length, quantity, status, progress)
     values ($1, $2, $3, 1, 2, 3, 16, 1, 2, 100) returning id`,
    [operatorId, clientId, materialId],
  );
  const code = tenant.toUpperCase().replace(/[^A-Z0-9]/g, '').padEnd(16, 'X').slice(0, 16);
  await query(`insert into codes (package_id, seq, code) values ($1, 1, $2)`, [pkg.id, code]);
  return code;
}

const scans = async (code: string) => Number((await query<{ n: string }>(`select count(*) as n from scan_logs where code = $1`, [code]))[0].n);

test('a shopper scans a real code on a phone: the page answers for it and the scanned count goes up', async ({ browser, page: operatorPage }) => {
  const { tenant, clientId, materialId } = await clientWithMaterial();
  const codes = await generatedCodes(operatorPage, clientId, materialId, 20);
  expect(codes).toHaveLength(20);
  const otherCode = await insertedCode();
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'zh-TW', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' });
  const page = await context.newPage();

  await page.goto(`/m/${tenant}?c=${codes[0]}`);
  const count = page.locator('.count');
  await expect(count).toHaveText('1');
  await expect(page.getByText(codes[0])).toBeVisible();
  await expect(page.getByText('此條碼不存在')).toHaveCount(0);
  expect(await scans(codes[0])).toBe(1);
  const [row] = await query<{ source: number; type: number; tenant_code: string }>(
    `select s.source, s.type, t.code as tenant_code from scan_logs s join tenants t on t.id = s.tenant_id where s.code = $1`, [codes[0]],
  );
  expect(row).toEqual({ source: 1, type: 2, tenant_code: tenant }); // consumer, mobile, the code's client
  await screenshot(page, 'consumer-scan-390-zh_TW');

  // Each visit is one more scan.
  await page.reload();
  await expect(count).toHaveText('2');
  expect(await scans(codes[0])).toBe(2);

  // The same page in the other languages.
  for (const [lang, label] of [['en', 'Times checked'], ['zh_CN', '查询次数']] as const) {
    await page.goto(`/m/${tenant}?c=${codes[0]}&lang=${lang}`);
    await expect(page.getByText(label)).toBeVisible();
    // The brand's name shows whole beside the language switch (it ended in "..." in English).
    const brand = page.locator('.bar-name');
    expect(await brand.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight + 1), `${lang}: brand name cut`).toBe(true);
    await screenshot(page, `consumer-scan-390-${lang}`);
  }
  expect(await scans(codes[0])).toBe(4);

  // An unknown code, and a code of another client: the same clear message, nothing recorded.
  for (const code of ['NOSUCHCODE000001', otherCode]) {
    await page.goto(`/m/${tenant}?c=${code}`);
    await expect(page.getByText('此條碼不存在')).toBeVisible();
    expect(await scans(code)).toBe(0);
  }
  await screenshot(page, 'consumer-unknown-code-390-zh_TW');
  await context.close();
});

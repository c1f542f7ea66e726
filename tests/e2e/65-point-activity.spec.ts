/**
 * Point activities (issue 15, menu 50) in a real browser on the real server:
 *  - a client with the Member function opens the list, adds a point activity on the config page
 *    (/activity/point-activity/config?mode=add: SPEC 4's defaults, two reward rules, the red
 *    packet icon, a qualifying product), saves and is back on the list with the activity
 *    Ongoing; the database holds it; the config page without mode and id goes to the list;
 *  - a shopper on a 390 px phone opens the consumer page with a code the generation job made
 *    for that product, joins, and opens the red packet: the points of the drawn rule, held in
 *    the ledger as the activity's row.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { query } from './db';
import { choose, screenshot, signInAsNewUser } from './helpers';
import { clientTenant, generatedCodes, outboxCode } from './fixtures';

const PHONE = { width: 390, height: 844 };

/** Today on the browser's calendar (Asia/Taipei in playwright.config.ts), which the form's
 * x-defaultDays uses; the test runner's own zone may be a day behind. */
const browserToday = (page: Page) => page.evaluate(() => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
});

test('a client adds a point activity with reward rules; a shopper on a phone scans a qualifying code and opens the points', async ({ browser, page }) => {
  const { tenant, clientId, materialId, productId } = await clientTenant({
    prefix: 'pts', names: { zh_TW: '點點茶坊', zh_CN: '点点茶坊', en: 'Dot Tea House' },
    functions: [7, 38, 48, 50], brandProduct: { name: 'Oolong tea', brandName: 'Dot' }, memberSettings: true,
  });
  const [code] = await generatedCodes(page, clientId, materialId, 2);
  await page.context().clearCookies();

  // --- The client's point activities -------------------------------------------------------------
  const client = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  await signInAsNewUser(client, tenant);
  await client.evaluate(() => localStorage.setItem('oioc.lang', 'en'));
  // The config page without mode and id goes back to the list.
  await client.goto('/activity/point-activity/config');
  await expect(client).toHaveURL(/\/activity\/point-activity$/);
  const list = client.getByTestId('crud-activity.point-activity');
  await expect(list).toBeVisible();
  await list.getByTestId('crud-add').click();
  await expect(client).toHaveURL(/\/activity\/point-activity\/config\?mode=add$/);
  const form = client.getByTestId('crud-form');
  // SPEC 4 defaults: enabled, dates today, expiry type 1 in 180 days, qualification 1, icon 1.
  const today = (await browserToday(client)).replace(/-/g, '/');
  await expect(form.locator('input[name="from"]')).toHaveValue(today);
  await expect(form.locator('input[name="to"]')).toHaveValue(today);
  await expect(form.locator('input[name="enable"]')).toBeChecked();
  await expect(form.locator('input[name="expiryType"][value="1"]')).toBeChecked();
  await expect(form.locator('input[name="qualificationType"][value="1"]')).toBeChecked();
  await expect(form.locator('input[name="icon"][value="1"]')).toBeChecked();
  await form.locator('input[name="name"]').fill('Red packet week');
  await form.locator('input[name="icon"][value="2"]').check();
  for (const [i, [value, probability]] of [[8, 60], [12, 40]].entries()) {
    await form.getByTestId('array-add-rewardRules').click();
    await form.locator(`input[name="rewardRules.${i}.type"][value="2"]`).check();
    await form.locator(`input[name="rewardRules.${i}.value"]`).fill(String(value));
    await form.locator(`input[name="rewardRules.${i}.probability"]`).fill(String(probability));
  }
  await choose(form, client, 'qualificationProducts', 'Oolong', 'Oolong tea');
  await client.keyboard.press('Escape');
  await form.locator('textarea[name="description"]').fill('Scan any Oolong tea this week and open a red packet.');
  await screenshot(client, 'point-activity-add-1440-en');
  await client.getByTestId('crud-form-save').click();
  // Saving an added activity goes back one page: the list.
  await expect(client).toHaveURL(/\/activity\/point-activity$/);
  const row = list.getByRole('row').filter({ hasText: 'Red packet week' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Ongoing');
  await expect(row).toContainText('Oolong tea');
  await screenshot(client, 'point-activity-list-1440-en');
  const [saved] = await query<{ id: number; enable: boolean; icon: number; expiry_type: number; qualification_type: number; qualification: unknown; reward_rules: unknown }>(
    `select id, enable, icon, expiry_type, qualification_type, qualification, reward_rules from point_activities where tenant_id = $1`, [clientId]);
  expect(saved).toMatchObject({ enable: true, icon: 2, expiry_type: 1, qualification_type: 1, qualification: { product: [productId] } });
  expect(saved.reward_rules).toEqual([{ type: 2, value: 8, probability: 60 }, { type: 2, value: 12, probability: 40 }]);
  // The record in view mode, then the phone layouts.
  await client.goto(`/activity/point-activity/config?mode=view&id=${saved.id}`);
  await expect(form.locator('input[name="name"]')).toHaveValue('Red packet week');
  await screenshot(client, 'point-activity-view-1440-en');
  await client.setViewportSize(PHONE);
  await screenshot(client, 'point-activity-view-390-en');
  await client.goto('/activity/point-activity');
  await expect(client.getByText('Red packet week')).toBeVisible();
  await screenshot(client, 'point-activity-list-390-en');
  await client.close();

  // --- The shopper on a phone --------------------------------------------------------------
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
  const shopper = await context.newPage();
  await shopper.goto(`/m/${tenant}?c=${encodeURIComponent(code)}`);
  const section = shopper.getByTestId('member-section');
  await expect(section).toBeVisible();
  const phone = `0913${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  await section.getByTestId('member-phone').fill(phone);
  await section.getByTestId('member-send').click();
  const otp = await outboxCode(tenant, phone.slice(1));
  await section.getByTestId('member-code').fill(otp);
  await section.getByTestId('member-verify').click();
  const reveal = section.getByTestId('point-activity-reveal');
  await expect(reveal).toBeVisible();
  await expect(reveal).toHaveAttribute('data-icon', '2');
  await expect(reveal).toContainText('Tap to open');
  await reveal.scrollIntoViewIfNeeded();
  await screenshot(shopper, 'point-activity-reveal-closed-390-en');
  // Issue 26: drawn, not credited before the box opens.
  await expect(section.getByTestId('member-balance')).toHaveText(/^0\b/);
  await expect(section.getByTestId('member-history')).toHaveCount(0);
  expect((await query<{ pending: boolean }>(`select pending from member_points where tenant_id = $1`, [clientId])).map((r) => r.pending)).toEqual([true]);
  await reveal.click();
  await expect(section.getByTestId('point-activity-points')).toHaveText(/You got (8|12) points!/);
  const points = Number((await section.getByTestId('point-activity-points').textContent())!.match(/\d+/)![0]);
  await expect(section.getByTestId('member-balance')).toContainText(String(points));
  // One expiry date: the box and the history say the same day.
  const boxExpiry = (await reveal.locator('[data-expires]').textContent())!;
  expect(boxExpiry).toMatch(/\d{4}/);
  await expect(section.getByTestId('member-history').locator('[data-expires]')).toHaveText(boxExpiry);
  await screenshot(shopper, 'point-activity-reveal-open-390-en');
  const rows = await query<{ type: number; points: number; code: string; point_activity_id: number; expires_at: Date | null }>(
    `select type, points, code, point_activity_id, expires_at from member_points where tenant_id = $1`, [clientId]);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ type: 1, points, code, point_activity_id: saved.id });
  expect(rows[0].expires_at).not.toBeNull();
  await context.close();
});

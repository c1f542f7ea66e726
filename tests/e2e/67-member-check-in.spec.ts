/**
 * A shopper's daily check-in (issue 29) in a real browser on a 390 px phone, on its own tenant:
 * a member signs in on the consumer page and checks in on two days. The days move with the
 * clock: Playwright's clock for the page, and the header x-test-now on the page's check-in
 * calls, which the e2e server honours (TEST_CLOCK=1, tests/e2e/server.ts). The streak and the
 * day's picture-and-text entry show on the page; the records and the points are in the database.
 */
import { fixtureHash } from '../support/fixtureHash';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { query } from './db';
import { clientTenant } from './fixtures';
import { screenshot } from './helpers';

const PHONE = { width: 390, height: 844 };
// Taipei (timezone 103): 10:00 on 2030-05-01, then 09:30 on 2030-05-02.
const DAY1 = '2030-05-01T02:00:00.000Z';
const DAY2 = '2030-05-02T01:30:00.000Z';

/** The page's clock and the server's "now" of its check-in calls. */
async function setDay(page: Page, iso: string): Promise<void> {
  await page.clock.setFixedTime(new Date(iso));
  await page.unroute('**/mapi/v1/member/**');
  await page.route('**/mapi/v1/member/**', (route) => route.continue({ headers: { ...route.request().headers(), 'x-test-now': iso } }));
}

test('a member checks in on two days: the streak and the day\'s entry on the page, the reward in the database', async ({ browser }) => {
  const { tenant, clientId } = await clientTenant({
    prefix: 'checkin', names: { zh_TW: '簽到測試', zh_CN: '签到测试', en: 'Check-in test' }, functions: [7, 38], memberSettings: true,
  });
  const phone = `0913${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  const passwordHash = await fixtureHash('Secret123');
  const [member] = await query<{ id: number }>(
    `insert into members (tenant_id, phone_country_code, phone, password_hash) values ($1, '886', $2, $3) returning id`, [clientId, phone.slice(1), passwordHash]);
  const entries = [{ image: '/logo.svg', text: 'Day one: welcome' }, { image: '/logo.svg', text: 'Day two: well done' }];
  const [activity] = await query<{ id: number }>(
    `insert into check_in_activities (tenant_id, name, timezone_id, starts_at, ends_at, required_days, entries, points_per_day, completion_points)
     values ($1, 'May check-in', 103, '2030-04-30T16:00:00Z', '2030-05-31T15:59:00Z', 2, $2::jsonb, 5, 20) returning id`,
    [clientId, JSON.stringify(entries)]);

  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
  const shopper = await context.newPage();
  await setDay(shopper, DAY1);
  await shopper.goto(`/m/${tenant}?lang=en`);
  const section = shopper.getByTestId('member-section');
  await section.getByRole('button', { name: 'Already a member? Sign in' }).click();
  await section.getByTestId('member-use-password').click();
  await section.getByTestId('member-phone').fill(phone);
  await section.getByTestId('member-password').fill('Secret123');
  await section.getByTestId('member-password-signin').click();
  await expect(section.getByTestId('member-balance')).toContainText('0');

  const card = section.getByTestId('checkin-card');
  await expect(card).toContainText('May check-in');
  await expect(card.getByTestId('checkin-streak')).toHaveText('0-day streak');
  await card.getByTestId('checkin-button').click();
  await expect(card.getByTestId('checkin-note')).toHaveText('Checked in: 5 points!');
  await expect(card.getByTestId('checkin-streak')).toHaveText('1-day streak');
  await expect(card.getByTestId('checkin-entry')).toContainText('Day one: welcome');
  await expect(card.getByTestId('checkin-button')).toBeDisabled();
  await expect(card.getByTestId('checkin-button')).toHaveText('Checked in today');
  await expect(section.getByTestId('member-balance')).toContainText('5');

  // The next day: the page again, a new check-in; the second completes the activity (+20).
  await setDay(shopper, DAY2);
  await shopper.reload();
  await expect(card.getByTestId('checkin-button')).toHaveText('Check in');
  await expect(card.getByTestId('checkin-streak')).toHaveText('1-day streak');
  await card.getByTestId('checkin-button').click();
  await expect(card.getByTestId('checkin-note')).toHaveText('Checked in: 25 points!');
  await expect(card.getByTestId('checkin-streak')).toHaveText('2-day streak');
  await expect(card.getByTestId('checkin-progress')).toHaveText('2 of 2 days checked in');
  await expect(card.getByTestId('checkin-entry')).toContainText('Day two: well done');
  await expect(section.getByTestId('member-balance')).toContainText('30');
  await expect(section.getByTestId('member-history')).toContainText('May check-in');
  // Nothing wider than the phone.
  expect(await shopper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(shopper, 'member-check-in-390-en');

  const records = await query<{ day: string; streak: number; points: number }>(
    `select to_char(day, 'YYYY-MM-DD') as day, streak, points from check_in_records where activity_id = $1 and member_id = $2 order by day`, [activity.id, member.id]);
  expect(records).toEqual([{ day: '2030-05-01', streak: 1, points: 5 }, { day: '2030-05-02', streak: 2, points: 25 }]);
  const points = await query<{ type: number; points: number; memo: string }>(`select type, points, memo from member_points where member_id = $1 order by id`, [member.id]);
  expect(points).toEqual([{ type: 6, points: 5, memo: 'May check-in' }, { type: 6, points: 25, memo: 'May check-in' }]);
  await context.close();
});

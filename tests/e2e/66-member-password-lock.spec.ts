/**
 * A member's password sign-in lock (issue 23) in a real browser on the real server: a shopper on
 * a 390 px phone signs in with a password on the consumer page; four wrong passwords say
 * "Wrong password.", the fifth locks password sign-in and the page says so (8152), the right
 * password is then refused with the same message; a one-time code still signs in.
 */
import { fixtureHash } from '../support/fixtureHash';
import { expect, test } from './test';
import { query } from './db';
import { screenshot } from './helpers';
import { clientTenant, outboxCode } from './fixtures';

const PHONE = { width: 390, height: 844 };
const LOCKED = 'Too many wrong passwords: password sign-in is locked for a while. Try later, or sign in with a code.';

test('five wrong passwords lock a shopper\'s password sign-in; the page says so; a code still signs in', async ({ browser }) => {
  const { tenant, clientId } = await clientTenant({
    prefix: 'lock', names: { zh_TW: '鎖定測試', zh_CN: '锁定测试', en: 'Lock test' }, functions: [7, 38], memberSettings: true,
  });
  const phone = `0912${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  const passwordHash = await fixtureHash('Secret123');
  await query(`insert into members (tenant_id, phone_country_code, phone, password_hash) values ($1, '886', $2, $3)`, [clientId, phone.slice(1), passwordHash]);

  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
  const shopper = await context.newPage();
  await shopper.goto(`/m/${tenant}?lang=en`);
  const section = shopper.getByTestId('member-section');
  await section.getByRole('button', { name: 'Already a member? Sign in' }).click();
  await section.getByTestId('member-use-password').click();
  await section.getByTestId('member-phone').fill(phone);
  const alert = section.getByRole('alert');
  for (let i = 1; i <= 4; i++) {
    await section.getByTestId('member-password').fill(`Wrong${i}234`);
    await section.getByTestId('member-password-signin').click();
    await expect(alert).toHaveText('Wrong password.');
    // The next try starts from a fresh answer.
    await expect(section.getByTestId('member-password-signin')).toBeEnabled();
  }
  await section.getByTestId('member-password').fill('Wrong5234');
  await section.getByTestId('member-password-signin').click();
  await expect(alert).toHaveText(LOCKED);
  await section.getByTestId('member-password').fill('Secret123');
  await section.getByTestId('member-password-signin').click();
  await expect(alert).toHaveText(LOCKED);
  await screenshot(shopper, 'member-password-locked-390-en');
  const [row] = await query<{ failed_signins: number; locked_until: Date | null }>(
    `select failed_signins, locked_until from members where tenant_id = $1`, [clientId]);
  expect(row.failed_signins).toBe(5);
  expect(row.locked_until!.getTime()).toBeGreaterThan(Date.now());

  // The way out the message names: a one-time code signs in and lifts the lock.
  await section.getByTestId('member-use-password').click();
  await section.getByTestId('member-send').click();
  await section.getByTestId('member-code').fill(await outboxCode(tenant, phone.slice(1)));
  await section.getByTestId('member-verify').click();
  await expect(section.getByTestId('member-balance')).toBeVisible();
  const [after] = await query<{ failed_signins: number; locked_until: Date | null }>(
    `select failed_signins, locked_until from members where tenant_id = $1`, [clientId]);
  expect(after).toEqual({ failed_signins: 0, locked_until: null });
  await context.close();
});

/**
 * Members' social sign-in (issue 29) in a real browser, on the real server, against the real
 * OpenID provider the e2e server starts (tests/support/oidcProvider.ts, standing in for LINE and
 * Google): on a 390 px phone a shopper joins with Google at the provider's page and comes back
 * signed in, a member without a phone; a phone member links Google from the account and later
 * signs in with it into the same membership. The database is checked at each step.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { TEST_CLIENTS } from '../support/oidcProvider';
import { query } from './db';
import { screenshot } from './helpers';
import { clientTenant, outboxCode } from './fixtures';

const PHONE = { width: 390, height: 844 };

async function atProvider(page: Page, account: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Test OpenID provider' })).toBeVisible();
  await page.getByLabel('Account').fill(account);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a shopper joins with Google through the OpenID provider; a phone member links Google and signs in with it', async ({ browser }) => {
  const { tenant, clientId } = await clientTenant({
    prefix: 'social', names: { zh_TW: '社群登入', zh_CN: '社群登录', en: 'Social sign-in' }, functions: [7, 38], memberSettings: true,
  });
  await query(`update member_settings set login_platforms = '[1, 4]'::jsonb where tenant_id = $1`, [clientId]);
  for (const [platform, c] of [[1, TEST_CLIENTS.line], [4, TEST_CLIENTS.google]] as const) {
    await query(`insert into member_login_clients (tenant_id, platform, client_id, client_secret) values ($1, $2, $3, $4)`, [clientId, platform, c.clientId, c.clientSecret]);
  }
  const stamp = Date.now().toString(36);
  const newcomer = `newcomer-${stamp}`;
  const linker = `linker-${stamp}`;

  // 1. Join with Google: the provider's page, then back on the page, signed in.
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
  const shopper = await context.newPage();
  await shopper.goto(`/m/${tenant}?lang=en`);
  const section = shopper.getByTestId('member-section');
  await expect(section.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await section.getByRole('button', { name: 'Continue with LINE' }).scrollIntoViewIfNeeded();
  await screenshot(shopper, 'member-social-buttons-390-en');
  await section.getByRole('button', { name: 'Continue with Google' }).click();
  await atProvider(shopper, newcomer);
  await expect(section.getByTestId('member-account')).toBeVisible();
  await expect(section.getByTestId('linked-4')).toHaveText('Google · Linked');
  // The platform's answer is off the address.
  expect(new URL(shopper.url()).search).toBe('?lang=en');
  const [joinedRow] = await query<{ member_id: number; phone: string | null; email: string | null }>(
    `select i.member_id, m.phone, m.email from member_identities i join members m on m.id = i.member_id
      where i.tenant_id = $1 and i.platform = 4 and i.subject = $2`, [clientId, newcomer]);
  expect(joinedRow).toEqual({ member_id: expect.any(Number), phone: null, email: `${newcomer}@example.test` });
  expect(await query(`select 1 from member_social_states where tenant_id = $1`, [clientId])).toEqual([]);
  await context.close();

  // 2. A phone member signs in with a code, links Google from the account.
  const phone = `0913${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  const [member] = await query<{ id: number }>(`insert into members (tenant_id, phone_country_code, phone) values ($1, '886', $2) returning id`, [clientId, phone.slice(1)]);
  const context2 = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
  const page = await context2.newPage();
  await page.goto(`/m/${tenant}?lang=en`);
  const member2 = page.getByTestId('member-section');
  await member2.getByRole('button', { name: 'Already a member? Sign in' }).click();
  await member2.getByTestId('member-phone').fill(phone);
  await member2.getByTestId('member-send').click();
  await member2.getByTestId('member-code').fill(await outboxCode(tenant, phone.slice(1)));
  await member2.getByTestId('member-verify').click();
  await expect(member2.getByTestId('member-account')).toBeVisible();
  await member2.getByTestId('link-4').click();
  await atProvider(page, linker);
  await expect(member2.getByTestId('social-linked')).toHaveText('Google is linked.');
  await expect(member2.getByTestId('linked-4')).toBeVisible();
  await expect(member2.getByTestId('link-1')).toBeVisible();
  await member2.getByTestId('member-links').scrollIntoViewIfNeeded();
  await screenshot(page, 'member-social-linked-390-en');
  const linked = await query<{ member_id: number; platform: number }>(`select member_id, platform from member_identities where tenant_id = $1 and subject = $2`, [clientId, linker]);
  expect(linked).toEqual([{ member_id: member.id, platform: 4 }]);

  // 3. Signed out, Google now opens the phone membership (no new member).
  await member2.getByRole('button', { name: 'Sign out' }).click();
  await member2.getByRole('button', { name: 'Continue with Google' }).click();
  // The provider still knows the shopper (its session from the link): it answers at once.
  await expect(member2.getByTestId('member-account')).toBeVisible();
  expect(new URL(page.url()).search).toBe('?lang=en');
  const members = await query<{ n: string }>(`select count(*)::text as n from members where tenant_id = $1`, [clientId]);
  expect(members[0].n).toBe('2');
  const [session] = await query<{ member_id: number }>(`select member_id from member_sessions where tenant_id = $1 order by created_at desc limit 1`, [clientId]);
  expect(session.member_id).toBe(member.id);
  await page.setViewportSize({ width: 1440, height: 900 });
  await member2.getByTestId('member-links').scrollIntoViewIfNeeded();
  await screenshot(page, 'member-social-account-1440-en');
  await context2.close();
});

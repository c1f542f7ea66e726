/**
 * Members (issue 14) in a real browser on the real server:
 *  - a client with the Member function sets the member settings in the back office (add mode:
 *    tiers with the pointLarger rule shown on the field, a reward rule), saves, and the screen
 *    turns to view mode; the database holds the settings;
 *  - a shopper on a 390 px phone opens the consumer page with a code the generation job made
 *    for that client, joins with a mobile number and the one-time code (read from the server's
 *    outbox file, never shown on the page), fills the required name, and sees the points the
 *    scan earned; the database holds the ScanCode ledger row;
 *  - the client's member list (second tab) shows the shopper with the balance and tier.
 */
import { expect, test } from './test';
import { query } from './db';
import { choose, openTab, screenshot, signInAsNewUser } from './helpers';
import { clientTenant, generatedCodes, outboxCode } from './fixtures';

const PHONE = { width: 390, height: 844 };




test('a client sets tiers and rules; a shopper joins on a phone, scans a real code and sees the points', async ({ browser, page }) => {
  const { tenant, clientId, materialId } = await clientTenant({
    prefix: 'club', names: { zh_TW: '好茶俱樂部', zh_CN: '好茶俱乐部', en: 'Good Tea Club' },
    functions: [6, 31, 32, 33, 34, 35, 36, 7, 38, 39, 40, 8, 42],
  });
  const [code] = await generatedCodes(page, clientId, materialId, 3);
  await page.context().clearCookies();

  // --- The client's member settings (add mode) -------------------------------------------------
  const client = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  await signInAsNewUser(client, tenant);
  await client.evaluate(() => localStorage.setItem('oioc.lang', 'en'));
  await client.goto('/member/setting');
  const form = client.getByTestId('form-member.setting');
  await expect(form).toHaveAttribute('data-mode', 'add');
  await expect(client.getByTestId('crud-tab-member.member')).toBeVisible();
  // Name is required of members too.
  await form.locator('input[name="requiredInfo"][value="2"]').check();
  await form.locator('input[name="pointCalculationType"][value="2"]').check();
  await form.locator('input[name="tiers.0.name"]').fill('Silver');
  await form.locator('input[name="tiers.1.name"]').fill('Gold');
  // pointLarger: a threshold not above the previous one is refused on the field.
  await form.locator('input[name="tiers.1.points"]').fill('0');
  await client.getByTestId('form-save').click();
  await client.getByTestId('alert-modal').getByTestId('modal-confirm').click();
  await expect(form.getByText(/must be (larger|greater)|larger than|exceed/i).first()).toBeVisible();
  await screenshot(client, 'member-settings-pointlarger-1440-en');
  await form.locator('input[name="tiers.1.points"]').fill('100');
  await form.getByRole('button', { name: /add/i }).last().click();
  await form.locator('input[name="rewardRules.0.name"]').fill('Every scan');
  await choose(form, client, 'rewardRules.0.earnType', 'Code', 'Code scan');
  await form.locator('input[name="rewardRules.0.points"]').fill('10');
  await form.locator('input[name="rewardRules.0.memoType"][value="1"]').check();
  await form.locator('input[name="rewardRules.0.memo"]').fill('Thanks for scanning');
  await screenshot(client, 'member-settings-add-1440-en');
  await client.getByTestId('form-save').click();
  await expect(form).toHaveAttribute('data-mode', 'view');
  await client.evaluate(() => window.scrollTo(0, 0));
  await screenshot(client, 'member-settings-view-1440-en');
  const [saved] = await query<{ required_info: number; point_calculation_type: number; tiers: unknown; reward_rules: { points: number; memo: string }[] }>(
    `select required_info, point_calculation_type, tiers, reward_rules from member_settings where tenant_id = $1`, [clientId]);
  expect(saved).toMatchObject({ required_info: 3, point_calculation_type: 2, tiers: [{ name: 'Silver', points: 0 }, { name: 'Gold', points: 100 }] });
  expect(saved.reward_rules).toMatchObject([{ name: 'Every scan', earnType: 1, points: 10, memoType: 1, memo: 'Thanks for scanning' }]);

  // --- The shopper on a phone --------------------------------------------------------------
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
  const shopper = await context.newPage();
  await shopper.goto(`/m/${tenant}?c=${encodeURIComponent(code)}`);
  const section = shopper.getByTestId('member-section');
  await expect(section).toBeVisible();
  await expect(section.getByRole('button', { name: /Send code/ })).toBeVisible();
  const phone = `0912${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  await section.getByTestId('member-phone').fill(phone);
  await section.getByTestId('member-send').click();
  const otp = await outboxCode(tenant, phone.slice(1));
  // The code reaches the shopper by message only: the page never shows it.
  await expect(shopper.locator('body')).not.toContainText(otp);
  await section.getByTestId('member-code').fill(otp);
  await section.getByTestId('member-code').scrollIntoViewIfNeeded();
  await screenshot(shopper, 'member-join-390-en');
  await section.getByTestId('member-verify').click();
  // Name is required: the profile comes first.
  await section.getByTestId('member-field-name').fill('Mei Lin');
  await section.getByTestId('member-profile-save').click();
  await expect(section.getByTestId('member-scan')).toHaveText('You earned 10 points for this scan!');
  await expect(section.getByTestId('member-balance')).toContainText('10');
  await expect(section.getByTestId('member-tier')).toContainText('Silver');
  await expect(section.getByTestId('member-history')).toContainText('Thanks for scanning');
  await section.scrollIntoViewIfNeeded();
  await screenshot(shopper, 'member-points-390-en');
  const rows = await query<{ type: number; points: number; code: string; expires_at: Date | null; name: string }>(
    `select p.type, p.points, p.code, p.expires_at, m.name from member_points p join members m on m.id = p.member_id where p.tenant_id = $1`, [clientId]);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ type: 1, points: 10, code, name: 'Mei Lin' });
  expect(rows[0].expires_at).not.toBeNull();
  // A second visit with the same code earns nothing more.
  await shopper.reload();
  await expect(section.getByTestId('member-scan')).toHaveText('This code has already earned points.');
  await expect(section.getByTestId('member-balance')).toContainText('10');
  await context.close();

  // --- The client's member list ------------------------------------------------------------
  await openTab(client, 'member.member');
  const list = client.getByTestId('crud-member.member');
  await expect(list.getByText(`+886 ${phone.slice(1)}`)).toBeVisible();
  await expect(list.getByText('Silver')).toBeVisible();
  await screenshot(client, 'member-list-1440-en');
  // The member's detail: the point history an operator reads to answer the shopper.
  const [member] = await query<{ id: number }>(`select id from members where tenant_id = $1`, [clientId]);
  await client.getByTestId(`row-view-${member.id}`).first().click();
  const dialog = client.getByTestId('crud-form');
  await expect(dialog.locator('input[name="history.0.memo"]')).toHaveValue('Thanks for scanning');
  await expect(dialog.locator('input[name="history.0.points"]')).toHaveValue('10');
  await screenshot(client, 'member-detail-1440-en');
  await client.getByTestId('crud-form-close').click();
  await client.setViewportSize({ width: 390, height: 844 });
  await screenshot(client, 'member-list-390-en');
  await client.getByTestId('crud-tab-member.setting').click();
  await expect(form).toHaveAttribute('data-mode', 'view');
  await screenshot(client, 'member-settings-view-390-en');
  await client.close();
});

/** The signed-in shell: side menu, language, breadcrumb, client menus, home cards, mobile. */
import { expect, test } from './test';
import { createAnnouncement, createFinishedExport } from './db';
import { fullClient } from './fixtures';
import { screenshot, signInAsNewUser } from './helpers';

/** A client with Logistics, Marketing and Member of this test's own (like the seeded demo client). */
const client = () => fullClient('shell', { zh_TW: '殼層客戶', zh_CN: '壳层客户', en: 'Shell client' });

test('language: ?lang=en and the selector change the menu names, and the choice is kept', async ({ page }) => {
  await signInAsNewUser(page, 'platform');
  const menu = page.getByTestId('side-menu');
  await expect(menu.locator('[data-menu-id="1"]')).toHaveText('系統管理');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
  await expect(page).toHaveTitle('首頁 - 一物一碼管理系統');
  await screenshot(page, 'home-zh_TW');

  await page.goto('/home?lang=en');
  await expect(menu.locator('[data-menu-id="1"]')).toHaveText('System');
  await expect(menu.locator('[data-menu-id="8"]')).toHaveText('Reports');
  await expect(page.getByTestId('welcome')).toContainText('Welcome back');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Home - One Item One Code Management System');
  await screenshot(page, 'home-en');

  // Kept without the query.
  await page.goto('/system/role');
  await expect(menu.locator('[data-menu-id="9"]')).toHaveText('Staff roles');
  await expect(page).toHaveTitle('Staff roles - One Item One Code Management System');

  await page.getByTestId('lang-select').click();
  await page.getByTestId('lang-zh_CN').click();
  await expect(menu.locator('[data-menu-id="1"]')).toHaveText('系统管理');
  await expect(menu.locator('[data-menu-id="9"]')).toHaveText('员工角色设定');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans-CN');
  await page.reload();
  await expect(menu.locator('[data-menu-id="1"]')).toHaveText('系统管理');
});

test('side menu: one group open at a time, following the route; breadcrumb ends in red', async ({ page }) => {
  await signInAsNewUser(page, 'platform');
  const menu = page.getByTestId('side-menu');
  const group = (id: number) => menu.locator(`[data-menu-id="${id}"][aria-expanded]`);

  await group(1).click();
  await expect(group(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.locator('[data-menu-id="10"]')).toBeVisible();
  await group(2).click();
  await expect(group(2)).toHaveAttribute('aria-expanded', 'true');
  await expect(group(1)).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.locator('[data-menu-id="10"]')).toBeHidden();

  await menu.locator('[data-menu-id="18"]').click();
  await expect(page).toHaveURL(/\/product\/packaging-material$/);
  await expect(menu.locator('[data-menu-id="18"]')).toHaveClass(/Mui-selected/);

  // Following the route: another path opens its own group.
  await page.goto('/system/employee');
  await expect(group(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(group(2)).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.locator('[data-menu-id="10"]')).toHaveClass(/Mui-selected/);

  const crumb = page.getByTestId('breadcrumb');
  await expect(crumb).toContainText('系統管理');
  await expect(crumb.getByTestId('breadcrumb-current')).toHaveText('員工帳號設定');
  await expect(crumb.getByTestId('breadcrumb-current')).toHaveCSS('color', 'rgb(184, 58, 36)');
  await expect(crumb.getByText('系統管理')).not.toHaveCSS('color', 'rgb(184, 58, 36)');
  await screenshot(page, 'section-breadcrumb');

  // The logo goes home.
  await page.getByTestId('logo-link').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('breadcrumb-current')).toHaveText('首頁');
});

test('a client with every function sees marketing, member and activity, not client accounts; pending exports show', async ({ page }) => {
  const { tenant } = await client();
  const { id } = await signInAsNewUser(page, tenant);
  const menu = page.getByTestId('side-menu');
  for (const [gid, name] of [[6, '行銷管理'], [7, '會員管理'], [48, '活動管理'], [1, '系統管理'], [8, '報表管理']] as const) {
    await expect(menu.locator(`[data-menu-id="${gid}"]`)).toHaveText(name);
  }
  await expect(menu.locator('[data-menu-id="11"]')).toHaveCount(0);
  await page.goto('/system/client');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/marketing');
  await expect(page).toHaveURL(/\/marketing\/layout$/);
  await page.goto('/activity');
  await expect(page).toHaveURL(/\/activity\/lottery-activity$/);

  // The report group's dot and the download entry's count (polled; first request on creation).
  await expect(page.getByTestId('export-amount')).toHaveCount(0);
  await createFinishedExport(id);
  await createFinishedExport(id);
  await page.reload();
  await menu.locator('[data-menu-id="8"][aria-expanded]').click();
  await expect(page.getByTestId('export-amount')).toHaveText('2');
  await expect(page.getByTestId('report-dot').locator('.MuiBadge-dot')).toBeVisible();
});

test('home shows the profile summary and the announcements in force', async ({ page }) => {
  const { tenant } = await client();
  // Titles of this run: the operator's announcements of other specs (and of a repeat of this
  // one) reach every client, one of them "Scheduled maintenance".
  const stamp = Date.now().toString(36);
  const clientTitle = { zh: `系統維護公告 ${stamp}`, en: `Maintenance ${stamp}` };
  await createAnnouncement(tenant, {
    zh_TW: { title: clientTitle.zh, content: '本週六凌晨進行系統維護。' },
    en: { title: clientTitle.en, content: 'Maintenance on Saturday night.' },
  });
  const platformTitle = `平台新功能上線 ${stamp}`;
  await createAnnouncement('platform', { zh_TW: { title: platformTitle, content: '歡迎使用新功能。' } }, 2);
  const { account } = await signInAsNewUser(page, tenant);
  await expect(page.getByTestId('profile-card')).toContainText(account);
  const cards = page.getByTestId('announcement');
  await expect(cards.filter({ hasText: clientTitle.zh })).toContainText('本週六凌晨進行系統維護。');
  await expect(cards.filter({ hasText: platformTitle })).toContainText('平台公告');
  await screenshot(page, 'home-announcements');
  await page.goto('/home?lang=en');
  await expect(cards.filter({ hasText: clientTitle.en })).toContainText('Maintenance on Saturday night.');
  // A name missing in English falls back to zh_TW.
  await expect(cards.filter({ hasText: platformTitle })).toBeVisible();
});

test('a 390px window gets the burger and a temporary menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { tenant } = await client();
  await page.goto(`/login?code=${tenant}`);
  await expect(page.getByTestId('tenant-name')).toHaveText('殼層客戶');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'mobile-login');
  await signInAsNewUser(page, tenant);
  const burger = page.getByTestId('burger');
  await expect(burger).toBeVisible();
  await expect(page.getByTestId('side-menu')).toBeHidden();
  // Nothing wider than the window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'mobile-home');

  await burger.click();
  const menu = page.getByTestId('side-menu');
  await expect(menu).toBeVisible();
  await menu.locator('[data-menu-id="6"][aria-expanded]').click();
  await screenshot(page, 'mobile-menu');
  await menu.locator('[data-menu-id="33"]').click();
  await expect(page).toHaveURL(/\/marketing\/banner$/);
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('breadcrumb-current')).toHaveText('橫幅廣告');
  await screenshot(page, 'mobile-section');
});

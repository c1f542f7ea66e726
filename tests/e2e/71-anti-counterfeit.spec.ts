/**
 * The anti-counterfeiting page (menu 30, released in the e2e server) and the home dashboard:
 * a client fills the page in the browser and the database holds it; home shows the dashboard.
 */
import { expect, test } from './test';
import { query } from './db';
import { fullClient } from './fixtures';
import { screenshot, signInAsNewUser } from './helpers';

test('a client saves its anti-counterfeiting page; home shows the dashboard', async ({ page }) => {
  const { tenant } = await fullClient('fake', { zh_TW: '防偽客戶', zh_CN: '防伪客户', en: 'Anti-counterfeit client' });
  await signInAsNewUser(page, tenant, {}, '/logistics/anti-counterfeiting');
  await expect(page.getByTestId('page-title')).toHaveText('防偽頁面維護');
  await page.locator('input[name="title.zh_TW"]').fill('正品保證');
  await page.locator('input[name="title.en"]').fill('Genuine product');
  await page.locator('textarea[name="content.zh_TW"]').fill('每瓶皆於茶園封口，掃描即可驗證。');
  await screenshot(page, 'anti-counterfeit');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByTestId('toast')).toContainText('儲存成功');
  const [row] = await query<{ enable: boolean; title: Record<string, string>; content: Record<string, string> }>(
    `select p.enable, p.title, p.content from anti_counterfeit_pages p join tenants t on t.id = p.tenant_id where t.code = $1`,
    [tenant],
  );
  expect(row).toEqual({ enable: true, title: { zh_TW: '正品保證', en: 'Genuine product' }, content: { zh_TW: '每瓶皆於茶園封口，掃描即可驗證。' } });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home');
  await expect(page.getByTestId('dashboard-scans')).toBeVisible();
  await expect(page.getByTestId('dashboard-suspicious')).toBeVisible();
  await screenshot(page, 'home-dashboard-390');
});

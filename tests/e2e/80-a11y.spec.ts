/**
 * Accessibility (issue 28): axe-core's WCAG 2.1 A/AA rules on every screen kind as users reach it
 * (the sign-in page, home, a crud list and its form dialog, a settings form, a custom pane, the
 * top bar's dialogs, the consumer page with a scanned code and the unknown-brand notice), at
 * 1440 px and at 390 px. No critical and no serious violation is allowed; a failure lists each
 * rule with the elements it found.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { clientTenant, generatedCodes } from './fixtures';
import { settled, signInAsNewUser } from './helpers';

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

/**
 * The serious and critical violations on the page as it is now, one line per element. Every
 * impact's count of elements is printed too (`axe <what> at <width> px: …`): the note's table.
 */
async function violations(page: Page, what: string, include?: string): Promise<string[]> {
  await settled(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations: found } = await builder.analyze();
  const count = (impact: string) => found.filter((v) => v.impact === impact).reduce((n, v) => n + v.nodes.length, 0);
  console.log(`axe ${what}: ${['critical', 'serious', 'moderate', 'minor'].map((i) => `${i} ${count(i)}`).join(', ')}`);
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(' ')} ${n.html.slice(0, 200)} (${n.failureSummary?.split('\n').slice(1).join(' ').trim()})`));
}

async function expectAccessible(page: Page, what: string, include?: string): Promise<void> {
  for (const size of [WIDE, PHONE]) {
    await page.setViewportSize(size);
    const at = `${what} at ${size.width} px`;
    expect(await violations(page, at, include), at).toEqual([]);
  }
}

test('the sign-in page and home', async ({ page }) => {
  await page.goto('/login?code=platform');
  await expect(page.locator('input[name="account"]')).toBeVisible();
  await expectAccessible(page, 'sign-in');
  await page.setViewportSize(WIDE);
  await signInAsNewUser(page, 'platform');
  await expect(page.getByTestId('profile-card')).toBeVisible();
  await expectAccessible(page, 'home');
});

test('a crud list, its form dialog and a settings form', async ({ page }) => {
  await signInAsNewUser(page, 'platform');
  await page.setViewportSize(WIDE);
  await page.goto('/system/role');
  await expect(page.getByTestId('crud-add')).toBeVisible();
  await expect(page.locator('.MuiDataGrid-row').first()).toBeVisible();
  await expectAccessible(page, 'role list');
  await page.setViewportSize(WIDE);
  await page.getByTestId('crud-add').click();
  await expect(page.getByTestId('crud-form')).toBeVisible();
  await expectAccessible(page, 'role form');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('crud-form')).toBeHidden();
  await page.goto('/system/other');
  await expect(page.getByTestId('form-save').or(page.getByTestId('form-edit'))).toBeVisible();
  await expectAccessible(page, 'other settings');
});

test('a custom pane and the top bar dialogs', async ({ page }) => {
  await signInAsNewUser(page, 'platform');
  await page.setViewportSize(WIDE);
  await page.goto('/logistics/code');
  await expect(page.getByTestId('breadcrumb-current')).toBeVisible();
  await expectAccessible(page, 'barcode query');
  await page.setViewportSize(WIDE);
  await page.getByTestId('user-name').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'profile dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.setViewportSize(WIDE);
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('logout-modal')).toBeVisible();
  await expectAccessible(page, 'logout modal');
});

test('the consumer page with a scanned code, and the unknown-brand notice', async ({ browser, page: operatorPage }) => {
  const { tenant, clientId, materialId } = await clientTenant({ prefix: 'a11y', names: { zh_TW: '無障礙茶', en: 'Access Tea' }, functions: [1], memberSettings: true });
  const [code] = await generatedCodes(operatorPage, clientId, materialId, 1);
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'zh-TW' });
  const page = await context.newPage();
  await page.goto(`/m/${tenant}?c=${code}`);
  await expect(page.locator('.count')).toHaveText('1');
  await expectAccessible(page, 'consumer scan');
  await page.goto(`/m/no-such-brand-${Date.now().toString(36)}?c=${code}`);
  await expect(page.getByRole('heading')).toBeVisible();
  await expectAccessible(page, 'consumer unknown brand');
  await context.close();
});

/**
 * Game templates end to end (issue 15, lottery menu 49; src/schemas/activity/game-template.json
 * on the engine, marketing/activity-template on the real server and database): a user of a
 * client of the test's own (Marketing function) opens the templates of /activity/lottery-activity, adds a
 * wheel template, changes its colours (the picker and the hex text) and uploads a logo and a
 * cover through marketing/activity-template/files, watching the live miniature redraw; after
 * Save the dialog closes and the DATABASE holds the template with that core. Screenshots of the
 * list and the dialog with the miniature at 1440 px and 390 px go to tests/e2e/artifacts/.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { png } from '../support/png';
import { query } from './db';
import { fullClient } from './fixtures';
import { screenshot, sessionToken, signInAsNewUser } from './helpers';

/** A client like the seeded demo one (Marketing), of the test's own. */
const client = async () => (await fullClient('tpl', { zh_TW: '樣板客戶', zh_CN: '样板客户', en: 'Template client' })).tenant;
const NAME = `秋季轉盤 ${Date.now().toString(36)}`;
const PATH = '/activity/lottery-activity?tab=activity.game-template';

const image = (name: string, width: number, height: number, a: [number, number, number], b: [number, number, number]) => ({
  name, mimeType: 'image/png',
  buffer: png(width, height, { fill: (x, y) => ((Math.floor(x / 12) + Math.floor(y / 12)) % 2 ? a : b) }),
});

async function openTemplates(page: Page): Promise<void> {
  await page.goto(PATH);
  await expect(page.getByTestId('crud-activity.game-template')).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('a Marketing client creates a wheel template with colours and an uploaded logo; the db holds it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const tenant = await client();
  await signInAsNewUser(page, tenant);
  await openTemplates(page);

  await page.getByTestId('crud-add').click();
  const dialog = page.getByTestId('crud-form');
  await expect(dialog).toBeVisible();
  const mini = dialog.getByTestId('game-miniature');
  await expect(mini).toHaveAttribute('data-game-type', '2');
  const segment = mini.getByTestId('wheel-segment').first();
  await expect(segment).toHaveAttribute('fill', '#ffd45c');

  await dialog.locator('input[name="name"]').fill(NAME);
  // The browser's colour picker, then the hex text: the miniature follows each.
  await dialog.getByTestId('color-wheelColor1').fill('#1f5fbf');
  await expect(segment).toHaveAttribute('fill', '#1f5fbf');
  await dialog.locator('input[name="core.wheelColor2"]').fill('#6fa8ff');
  await expect(mini.getByTestId('wheel-segment').nth(1)).toHaveAttribute('fill', '#6fa8ff');
  await dialog.locator('input[name="core.wheelColor"]').fill('#7b4fb0');
  await expect(mini.getByTestId('wheel-rim')).toHaveAttribute('fill', '#7b4fb0');
  await dialog.locator('input[name="core.textColor"]').fill('#ffffff');

  // A logo and a cover through the template upload route.
  const uploaded = page.waitForResponse((r) => r.url().includes('/v1/marketing/activity-template/files') && r.status() === 201);
  await dialog.getByTestId('style-core.LogoImage-input').setInputFiles(image('logo.png', 192, 64, [0x7b, 0x4f, 0xb0], [0xff, 0xff, 0xff]));
  const logoUrl = ((await (await uploaded).json()) as string[])[0];
  expect(logoUrl).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
  await expect(mini.locator(`image[href="${logoUrl}"]`)).toHaveCount(1);
  const coverUploaded = page.waitForResponse((r) => r.url().includes('/v1/marketing/activity-template/files') && r.status() === 201);
  await dialog.getByTestId('upload-input-coverUrl').setInputFiles(image('cover.png', 320, 180, [0x1f, 0x5f, 0xbf], [0xe8, 0xf0, 0xff]));
  const coverUrl = ((await (await coverUploaded).json()) as string[])[0];

  await dialog.getByTestId('game-style').scrollIntoViewIfNeeded();
  await screenshot(page, 'activity-template-dialog-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByTestId('game-preview').scrollIntoViewIfNeeded();
  await screenshot(page, 'activity-template-dialog-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  const saved = page.waitForResponse((r) => r.url().endsWith('/v1/marketing/activity-template') && r.request().method() === 'POST');
  await dialog.getByTestId('crud-form-save').click();
  const res = await saved;
  expect(res.status()).toBe(201);
  const answer = (await res.json()) as { templateId: number; viewKey: string };
  expect(answer.viewKey).toBe('view_wheel');
  // The dialog closes once the templateId is back.
  await expect(page.getByTestId('crud-form')).toHaveCount(0);

  const rows = await query<{ id: number; game_type: number; cover_url: string; core: Record<string, unknown> }>(
    `select g.id, g.game_type, g.cover_url, g.core from game_templates g join tenants t on t.id = g.tenant_id where t.code = $1 and g.name = $2`, [tenant, NAME]);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ id: answer.templateId, game_type: 2, cover_url: coverUrl });
  expect(rows[0].core).toMatchObject({ wheelColor: '#7b4fb0', wheelColor1: '#1f5fbf', wheelColor2: '#6fa8ff', textColor: '#ffffff', LogoImage: logoUrl });
  const files = await query<{ name: string }>(`select name from files where key = $1`, [logoUrl.replace('/files/', '')]);
  expect(files).toEqual([{ name: 'logo.png' }]);

  // The list shows it; filtered by game type it stays, by another game it goes.
  const list = page.getByTestId('crud-activity.game-template');
  await expect(list.getByText(NAME)).toBeVisible();
  await page.goto(`${PATH}&gameType=1`);
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'activity-template-list-filtered-1440');
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await openTemplates(page);
    await expect(page.getByTestId('crud-activity.game-template').getByText(NAME).first()).toBeVisible();
    await screenshot(page, `activity-template-list-${width}`);
  }

  // The view dialog shows the saved look.
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTemplates(page);
  // This test's template, found by its name.
  await page.getByTestId('crud-activity.game-template').getByRole('row').filter({ hasText: NAME }).getByRole('button', { name: /^檢視/ }).click();
  const view = page.getByTestId('crud-form');
  await expect(view.getByTestId('game-miniature').getByTestId('wheel-segment').first()).toHaveAttribute('fill', '#1f5fbf');
});

test('check-in activities are unreleased by default: the route goes home and the API refuses', async ({ page }) => {
  await signInAsNewUser(page, await client());
  await page.goto('/activity/check-in-activity');
  await expect(page).toHaveURL(/\/home$/);
  const token = await sessionToken(page);
  const res = await page.request.get('/v1/marketing/check-in-activity', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { code: number }).code).toBe(3);
});

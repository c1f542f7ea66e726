/**
 * Engine fixes users met in the browser (issue 12: forms, times, prerequisites):
 *  - the client form submitted empty marks the primary contact's name, email, dial code and
 *    mobile, and nothing of the optional secondary contact (1440 px and 390 px, zh_TW and en,
 *    screenshots in tests/e2e/artifacts/);
 *  - a 300-character name is kept whole, counted and refused, never cut;
 *  - in a UTC browser, an announcement entered as 00:00 Taipei time shows 00:00 with the zone
 *    named in the list, the view dialog and on home;
 *  - in a UTC browser, 00:00 TYPED into the announcement form's start (zone Taipei) is stored
 *    as midnight in Taipei (16:00 UTC the day before), not midnight in UTC.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { query } from './db';
import { screenshot, signInAsNewUser } from './helpers';

const OPERATOR = 'platform';
const PRIMARY = ['contacts.primary.name', 'contacts.primary.email', 'contacts.primary.phoneCountryCode', 'contacts.primary.phone'];

async function openEmptyClientForm(page: Page, lang: string) {
  await page.goto(`/system/client?lang=${lang}`);
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await expect(form.locator('input[name="code"]')).toBeVisible();
  return form;
}

test('the client form submitted empty marks exactly the required inputs, nested ones included', async ({ page }) => {
  await signInAsNewUser(page, OPERATOR);
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    for (const lang of ['zh_TW', 'en']) {
      const form = await openEmptyClientForm(page, lang);
      await form.getByTestId('crud-form-save').click();
      await page.getByTestId('alert-modal').getByTestId('modal-confirm').click();
      for (const name of PRIMARY) {
        await expect(form.locator(`[data-testid="field-error"][data-field="${name}"]`), name).toBeVisible();
        await expect(form.locator(`input[name="${name}"]`), name).toHaveAttribute('aria-invalid', 'true');
      }
      await expect(form.locator('[data-testid="field-error"][data-field^="contacts.secondary"]')).toHaveCount(0);
      await expect(form.locator('[data-testid="field-error"][data-field="contacts"]')).toHaveCount(0);
      await expect(form.locator('[data-testid="field-error"][data-field="functions"]')).toHaveCount(0);
      await screenshot(page, `client-form-empty-${width}-${lang}`);
      await form.locator('input[name="contacts.primary.name"]').scrollIntoViewIfNeeded();
      await screenshot(page, `client-form-empty-contacts-${width}-${lang}`);
      await form.getByTestId('crud-form-cancel').click();
      await expect(form).toBeHidden();
    }
  }
});

test('a 300-character client name is kept, counted and refused', async ({ page }) => {
  await signInAsNewUser(page, OPERATOR);
  await page.setViewportSize({ width: 1440, height: 900 });
  const form = await openEmptyClientForm(page, 'en');
  const name = form.locator('input[name="names.zh_TW"]');
  await name.fill('名'.repeat(300));
  expect((await name.inputValue()).length).toBe(300);
  await expect(form.locator('[data-testid="length-counter"][data-field="names.zh_TW"]')).toHaveText('300 / 100: 200 over the limit');
  await form.getByTestId('crud-form-save').click();
  await page.getByTestId('alert-modal').getByTestId('modal-confirm').click();
  await expect(form.locator('[data-testid="field-error"][data-field="names.zh_TW"]')).toContainText('between 1 and 100');
  await screenshot(page, 'client-form-long-name-en');
});

test.describe('times in a UTC browser', () => {
  test.use({ timezoneId: 'UTC' });

  test('an announcement entered as 00:00 Taipei time shows 00:00 (Taipei named) in the list, the view dialog and home', async ({ page }) => {
    // Midnight of today in Taipei (already past, so home shows it).
    const taipeiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const start = new Date(`${taipeiDay}T00:00:00+08:00`);
    const shown = `${taipeiDay.replace(/-/g, '/')} 00:00`;
    const title = `Midnight notice ${Date.now().toString(36)}`;
    await query(
      `insert into announcements (tenant_id, contents, start_time, end_time, timezone_id, target)
       select id, $2::jsonb, $3, $3::timestamptz + interval '7 days', 103, 1 from tenants where code = $1`,
      [OPERATOR, JSON.stringify({ en: { title, content: 'Starts at midnight in Taipei.' }, zh_TW: { title, content: '台北時間午夜開始。' } }), start.toISOString()],
    );
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsNewUser(page, OPERATOR, {}, '/home?lang=en');

    const card = page.getByTestId('announcement').filter({ hasText: title });
    await expect(card.getByTestId('announcement-time')).toContainText(shown);
    await expect(card.getByTestId('announcement-time')).toContainText('(UTC+08:00) Taipei');
    await screenshot(page, 'home-announcement-utc-browser-en');

    await page.goto('/system/announcement?lang=en');
    await page.getByTestId('crud-filters').locator('input[name="keyword"]').fill(title);
    await page.getByTestId('crud-search').click();
    const row = page.locator('.MuiDataGrid-row').filter({ hasText: title });
    await expect(row).toContainText(`${shown} (UTC+08:00) Taipei`);
    await screenshot(page, 'announcement-list-utc-browser-en');
    await row.locator('[data-testid^="row-view-"]').click();
    const dialog = page.getByTestId('crud-form');
    await expect(dialog.locator('input[name="startTime"]')).toHaveValue(shown);
    await expect(dialog.getByTestId('zone-name').first()).toHaveText('(UTC+08:00) Taipei');
    await screenshot(page, 'announcement-view-utc-browser-en');
  });
  test('00:00 typed into the start of a Taipei announcement is midnight in Taipei, stored as such', async ({ page }) => {
    const taipeiDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
    const title = `Typed midnight ${Date.now().toString(36)}`;
    await query(`insert into announcement_categories (tenant_id, names) select id, $2::jsonb from tenants where code = $1`, [OPERATOR, JSON.stringify({ zh_TW: title, en: title })]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsNewUser(page, OPERATOR, {}, '/system/announcement?lang=en');
    await page.getByTestId('crud-add').click();
    const form = page.getByTestId('crud-form');
    await form.locator('input[name="categoryId"]').fill(title);
    await page.getByRole('option', { name: title }).click();
    // The zone field holds Taipei (the default) before anything is typed.
    await expect(form.getByTestId('zone-name').first()).toHaveText('(UTC+08:00) Taipei');
    await form.locator('input[name="startTime"]').locator('xpath=..').locator('[role="spinbutton"]').first().click();
    await page.keyboard.type(`${taipeiDay.replace(/-/g, '')}0000`);
    await expect(form.locator('input[name="startTime"]')).toHaveValue(`${taipeiDay.replace(/-/g, '/')} 00:00`);
    await form.locator('input[name="contents.zh_TW.title"]').fill(title);
    await form.locator('textarea[name="contents.zh_TW.content"]').fill('Typed at midnight in Taipei.');
    await form.getByTestId('crud-form-save').click();
    await expect(form).toBeHidden();
    const [row] = await query<{ start: string }>(`select to_char(start_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as start from announcements where contents->'zh_TW'->>'title' = $1`, [title]);
    expect(new Date(`${row.start}:00Z`).toISOString()).toBe(new Date(`${taipeiDay}T00:00:00+08:00`).toISOString());
  });
});

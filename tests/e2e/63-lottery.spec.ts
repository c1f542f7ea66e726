/**
 * The lottery wizard end to end (src/schemas/activity/lottery-activity.json, pane
 * lotteryWizard, server/modules/activity/lottery.ts) on the real server and database. A user of a
 * client of the spec's own (Marketing function, menu 49) chooses a wheel template (inserted in the
 * database: the template screens are another module's), sets the period, a qualifying product,
 * two prizes with 220x220 pictures and a no-win prize, and one redemption field; the shared
 * rule refuses the list while it totals under 100% (6712); the draft is reviewed in step 3 and
 * created; the list shows it ongoing, the detail shows it; the database then holds the
 * activity, its prizes and its form. Screenshots of each step at 1440 px and 390 px.
 */
import { expect, test } from './test';
import { png } from '../support/png';
import { query } from './db';
import { fullClient } from './fixtures';
import { screenshotsAtWidths, signInAsNewUser, typeDateTime } from './helpers';

const stamp = Date.now().toString(36);
const state = { tenant: '', tenantId: 0, templateId: 0, productName: `春茶禮盒 ${stamp}`, activity: `春季轉盤 ${stamp}` };

const picture = (name: string, rgb: [number, number, number]) => ({
  name: `${name}.png`, mimeType: 'image/png',
  buffer: png(220, 220, { fill: (x, y) => (((x / 22) | 0) + ((y / 22) | 0)) % 2 === 0 ? rgb : [0xfa, 0xf6, 0xee] }),
});

/** Digits YYYYMMDDHHmm of Taipei's wall clock `days` from now. */
const wall = (days: number) => new Date(Date.now() + days * 86400000 + 8 * 3600000).toISOString().slice(0, 16).replace(/\D/g, '');

test.beforeAll(async () => {
  const { tenant, clientId } = await fullClient('lot', { zh_TW: '抽獎客戶', zh_CN: '抽奖客户', en: 'Lottery client' });
  state.tenant = tenant;
  state.tenantId = clientId;
  const [tpl] = await query<{ id: number }>(
    `insert into game_templates (tenant_id, name, game_type, core) values ($1, $2, 2, $3) returning id`,
    [state.tenantId, `紅色轉盤 ${stamp}`, JSON.stringify({ wheelColor: '#b83a24', textColor: '#ffffff' })],
  );
  state.templateId = tpl.id;
  const [brand] = await query<{ id: number }>(`insert into brands (tenant_id, name) values ($1, $2) returning id`, [state.tenantId, `青田茶園 ${stamp}`]);
  await query(`insert into brand_products (tenant_id, brand_id, name) values ($1, $2, $3)`, [state.tenantId, brand.id, state.productName]);
});

test('the wizard makes a live wheel activity with two prizes and a no-win prize', async ({ page }) => {
  await signInAsNewUser(page, state.tenant, {}, '/activity/lottery-activity');
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page.getByTestId('lottery-table')).toBeVisible();

  // Step 1: the wheel's templates.
  await page.getByTestId('lottery-add').click();
  await expect(page).toHaveURL(/\/activity\/lottery-activity\/create$/);
  await page.getByTestId('game-2').click();
  await expect(page.getByTestId(`template-${state.templateId}`)).toBeVisible();
  await screenshotsAtWidths(page, 'lottery-step1', { fullPage: true });
  await page.getByTestId(`template-${state.templateId}`).click();

  // Step 2: settings, qualification, prizes, redemption form.
  await expect(page).toHaveURL(new RegExp(`/config\\?templateId=${state.templateId}$`));
  const config = page.getByTestId('lottery-config');
  await config.locator('input[name="name"]').fill(state.activity);
  // The pickers default to the next hour and 30 days later: started yesterday instead.
  await typeDateTime(page, page, 'from', wall(-1));
  await page.getByTestId('lottery-picture-input').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png(480, 240, { fill: (x) => (x % 60 < 30 ? [0xb8, 0x3a, 0x24] : [0xf0, 0x8c, 0x1c]) }) });
  await expect(page.getByTestId('lottery-picture').locator('img')).toBeVisible();
  await config.locator('input[name="qualificationProduct"]').fill(stamp);
  await page.getByRole('option', { name: state.productName }).click();

  await page.getByTestId('prize-add').click();
  await page.getByTestId('prize-add').click();
  const prize = (i: number) => page.getByTestId(`prize-${i}`);
  await prize(0).locator('input[name="prizeInfo.0.name"]').fill('精選茶具組');
  await prize(0).locator('input[name="prizeInfo.0.shortName"]').fill('茶具');
  await prize(0).locator('input[name="prizeInfo.0.probability"]').fill('10');
  await prize(0).locator('input[name="prizeInfo.0.amount"]').fill('5');
  await page.getByTestId('prize-picture-0-input').setInputFiles(picture('tea-set', [0xb8, 0x3a, 0x24]));
  await expect(prize(0).locator('img')).toBeVisible();
  await prize(1).locator('input[name="prizeInfo.1.name"]').fill('隨行杯');
  await prize(1).locator('input[name="prizeInfo.1.probability"]').fill('20');
  await prize(1).locator('input[name="prizeInfo.1.amount"]').fill('50');
  await page.getByTestId('prize-picture-1-input').setInputFiles(picture('cup', [0x1f, 0x5f, 0xbf]));
  await expect(prize(1).locator('img')).toBeVisible();
  await page.getByTestId('field-add').click();
  await page.locator('input[name="exchangeForm.0.name"]').fill('收件地址');

  // 30% in all and no no-win prize: the shared rule answers 6712 before any call.
  await page.getByTestId('lottery-save-draft').click();
  await expect(page.getByTestId('alert-modal')).toContainText('6712');
  await page.getByTestId('alert-modal').getByRole('button').click();
  await expect(page.getByTestId('prize-total')).toContainText('30');

  // A no-win prize takes the remaining 70%.
  await page.getByTestId('prize-add-lose').click();
  await prize(2).locator('input[name="prizeInfo.2.name"]').fill('銘謝惠顧');
  await expect(prize(2).locator('input[name="prizeInfo.2.probability"]')).toHaveValue('70');
  await page.getByTestId('prize-picture-2-input').setInputFiles(picture('thanks', [0x7d, 0x7d, 0x7d]));
  await expect(prize(2).locator('img')).toBeVisible();
  await expect(page.getByTestId('prize-total')).toContainText('100');
  // Prizes exist: the exchange method is locked until the list is cleared.
  await expect(config.locator('input[name="exchangeType"]')).toBeDisabled();
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshotsAtWidths(page, 'lottery-step2', { fullPage: true });

  await page.getByTestId('lottery-save-draft').click();
  await expect(page).toHaveURL(/\/info\?draftId=\d+$/);
  const draftId = Number(new URL(page.url()).searchParams.get('draftId'));
  await expect(page.getByTestId('detail-name')).toHaveText(state.activity);
  await screenshotsAtWidths(page, 'lottery-step3', { fullPage: true });

  // Step 3: create, back to the list.
  await page.getByTestId('lottery-release').click();
  await expect(page).toHaveURL(/\/activity\/lottery-activity$/);
  const row = page.getByTestId(`lottery-row-${draftId}`);
  await expect(row).toContainText(state.activity);
  await expect(row.getByTestId('lottery-status')).toHaveText('進行中');
  await screenshotsAtWidths(page, 'lottery-list', { fullPage: true });

  await row.getByTestId('lottery-view').click();
  await expect(page).toHaveURL(new RegExp(`/detail\\?id=${draftId}$`));
  await expect(page.getByTestId('detail-status')).toHaveText('進行中');
  await screenshotsAtWidths(page, 'lottery-detail', { fullPage: true });

  // The database holds the activity, its prizes and its form.
  const [lottery] = await query<{ name: string; released: boolean; game_type: number; template_id: number; exchange_type: number; draft: unknown; qualification: { product: number[] } }>(
    `select name, released, game_type, template_id, exchange_type, draft, qualification from lotteries where id = $1 and tenant_id = $2`, [draftId, state.tenantId]);
  expect(lottery).toMatchObject({ name: state.activity, released: true, game_type: 2, template_id: state.templateId, exchange_type: 1, draft: null });
  expect(lottery.qualification.product).toHaveLength(1);
  expect((await query<{ picture_url: string }>(`select picture_url from lotteries where id = $1`, [draftId]))[0].picture_url).toMatch(/^\/files\//);
  const prizes = await query<{ name: string; probability: string; type: number; amount: number; remaining: number; picture_url: string }>(
    `select name, probability, type, amount, remaining, picture_url from lottery_prizes where lottery_id = $1 order by sort`, [draftId]);
  expect(prizes.map((p) => [p.name, Number(p.probability), p.type, p.amount, p.remaining])).toEqual([
    ['精選茶具組', 10, 1, 5, 5], ['隨行杯', 20, 1, 50, 50], ['銘謝惠顧', 70, 0, 0, 0],
  ]);
  expect(prizes.every((p) => p.picture_url.startsWith('/files/'))).toBe(true);
  const form = await query<{ name: string; type: number; required: boolean }>(`select name, type, required from lottery_form_fields where lottery_id = $1`, [draftId]);
  expect(form).toEqual([{ name: '收件地址', type: 4, required: true }]);
  const history = await query<{ n: string }>(`select count(*) as n from lottery_probability_history where lottery_id = $1`, [draftId]);
  expect(Number(history[0].n)).toBe(3);

  // Edit the live activity: the exchange method stays locked; a probability change goes
  // through a draft and step 3's Update, and lands in the probability history.
  await page.getByTestId('lottery-detail').getByRole('button', { name: '編輯' }).click();
  await expect(page).toHaveURL(new RegExp(`/config\\?id=${draftId}$`));
  await expect(page.getByTestId('lottery-config').locator('input[name="exchangeType"]')).toBeDisabled();
  await expect(prize(0).locator('input[name="prizeInfo.0.name"]')).toHaveValue('精選茶具組');
  await prize(0).locator('input[name="prizeInfo.0.probability"]').fill('15');
  await expect(prize(2).locator('input[name="prizeInfo.2.probability"]')).toHaveValue('65');
  await page.getByTestId('lottery-save-draft').click();
  await expect(page).toHaveURL(new RegExp(`/info\\?draftId=${draftId}$`));
  await expect(page.getByTestId('lottery-release')).toHaveText('更新活動');
  await page.getByTestId('lottery-release').click();
  await expect(page).toHaveURL(/\/activity\/lottery-activity$/);
  const changed = await query<{ probability: string }>(`select probability from lottery_prizes where lottery_id = $1 order by sort`, [draftId]);
  expect(changed.map((p) => Number(p.probability))).toEqual([15, 20, 65]);
  const changes = await query<{ before: string | null; after: string }>(
    `select probability_before as before, probability as after from lottery_probability_history where lottery_id = $1 and probability_before is not null order by id`, [draftId]);
  expect(changes.map((c) => [Number(c.before), Number(c.after)])).toEqual([[10, 15], [70, 65]]);
});

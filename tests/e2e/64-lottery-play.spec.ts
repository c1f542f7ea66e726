/**
 * Lottery play end to end (issue 15 "Play") on the real server and database:
 *  - a client (its own tenant, Marketing function, menu 49) creates a wheel template in the
 *    browser, runs the wizard to a live activity (exchange 2, online with serial) with two
 *    prizes and a no-win prize (0%: every play wins) and a redemption form;
 *  - a shopper on a 390 px phone opens the consumer page with a code the generation job made,
 *    sees the activity under the query result, spins the wheel, wins, fills the redemption form
 *    and receives the serial; the database holds the record, its answers and the taken piece;
 *  - a red envelope rain is caught by keyboard (issue 26's games; all nine in 67-games);
 *  - a scratch card activity (released through the wizard's calls) is scratched with the
 *    pointer on a second code and shows its system serial;
 *  - the client sees the play in the detail's records and downloads the winners list, which
 *    holds the played record.
 * Screenshots of the wheel, the scratch card and the redemption form at 390 px.
 */
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { png } from '../support/png';
import { query } from './db';
import { screenshot, sessionToken, signInAsNewUser, typeDateTime } from './helpers';
import { clientTenant, generatedCodes } from './fixtures';

const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);
const TEMPLATE = `幸運轉盤 ${stamp}`;
const ACTIVITY = `週年慶轉盤 ${stamp}`;
const PRODUCT = `東方美人茶 ${stamp}`;

const picture = (name: string, rgb: [number, number, number]) => ({
  name: `${name}.png`, mimeType: 'image/png',
  buffer: png(220, 220, { fill: (x, y) => ((((x - 110) ** 2 + (y - 110) ** 2) < 80 ** 2) ? rgb : [0xff, 0xfb, 0xf0]) }),
});



/** Digits YYYYMMDDHHmm of Taipei's wall clock `days` from now. */
const wall = (days: number) => new Date(Date.now() + days * 86400000 + 8 * 3600000).toISOString().slice(0, 16).replace(/\D/g, '');

/** Picks an option of an MUI select by the hidden input's name. */
async function select(page: Page, name: string, option: string): Promise<void> {
  await page.locator(`input[name="${name}"]`).locator('xpath=..').getByRole('combobox').click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a client designs a wheel lottery; a shopper plays it on a phone with a real code, wins, redeems; the client sees and exports the winner', async ({ browser, page }) => {
  const { tenant, clientId, materialId } = await clientTenant({
    prefix: 'luck', names: { zh_TW: '好運茶莊', zh_CN: '好运茶庄', en: 'Lucky Tea' },
    functions: [2, 19, 6, 31, 32, 33, 34, 35, 36, 48, 49, 8, 42],
    brandProduct: { name: PRODUCT, brandName: `好運 ${stamp}` },
  });
  const [code, scratchCode, envelopeCode] = await generatedCodes(page, clientId, materialId, 3);
  await page.context().clearCookies();

  // --- The client: a wheel template, then the wizard -------------------------------------------
  const client = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  await signInAsNewUser(client, tenant);
  await client.goto('/activity/lottery-activity?tab=activity.game-template');
  await expect(client.getByTestId('crud-activity.game-template')).toBeVisible();
  await client.waitForLoadState('networkidle');
  await client.getByTestId('crud-add').click();
  const dialog = client.getByTestId('crud-form');
  await expect(dialog.getByTestId('game-miniature')).toHaveAttribute('data-game-type', '2');
  await dialog.locator('input[name="name"]').fill(TEMPLATE);
  await dialog.locator('input[name="core.wheelColor1"]').fill('#c0392b');
  await dialog.locator('input[name="core.wheelColor2"]').fill('#fdf2e9');
  await dialog.locator('input[name="core.wheelColor"]').fill('#7b241c');
  await dialog.locator('input[name="core.textColor"]').fill('#4a235a');
  const saved = client.waitForResponse((r) => r.url().endsWith('/v1/marketing/activity-template') && r.request().method() === 'POST');
  await dialog.getByTestId('crud-form-save').click();
  expect((await saved).status()).toBe(201);
  const [template] = await query<{ id: number }>(`select id from game_templates where tenant_id = $1 and name = $2`, [clientId, TEMPLATE]);

  await client.goto('/activity/lottery-activity');
  await client.getByTestId('lottery-add').click();
  await client.getByTestId('game-2').click();
  await client.getByTestId(`template-${template.id}`).click();
  const config = client.getByTestId('lottery-config');
  await config.locator('input[name="name"]').fill(ACTIVITY);
  await typeDateTime(client, client, 'from', wall(-1));
  await config.locator('input[name="qualificationProduct"]').fill(stamp);
  await client.getByRole('option', { name: PRODUCT }).click();
  // Online exchange with a serial given at redemption, chosen before any prize locks it.
  await select(client, 'exchangeType', '線上兌換（含序號）');
  await client.getByTestId('prize-add').click();
  await client.getByTestId('prize-add').click();
  const prize = (i: number) => client.getByTestId(`prize-${i}`);
  await prize(0).locator('input[name="prizeInfo.0.name"]').fill('東方美人禮盒');
  await prize(0).locator('input[name="prizeInfo.0.shortName"]').fill('禮盒');
  await prize(0).locator('input[name="prizeInfo.0.probability"]').fill('40');
  await prize(0).locator('input[name="prizeInfo.0.amount"]').fill('3');
  await client.getByTestId('prize-picture-0-input').setInputFiles(picture('gift', [0xc0, 0x39, 0x2b]));
  await expect(prize(0).locator('img')).toBeVisible();
  await prize(1).locator('input[name="prizeInfo.1.name"]').fill('品茗杯');
  await prize(1).locator('input[name="prizeInfo.1.probability"]').fill('60');
  await prize(1).locator('input[name="prizeInfo.1.amount"]').fill('10');
  await client.getByTestId('prize-picture-1-input').setInputFiles(picture('cup', [0x1f, 0x5f, 0xbf]));
  await expect(prize(1).locator('img')).toBeVisible();
  // A no-win prize at the 0% left: every play wins.
  await client.getByTestId('prize-add-lose').click();
  await prize(2).locator('input[name="prizeInfo.2.name"]').fill('銘謝惠顧');
  await expect(prize(2).locator('input[name="prizeInfo.2.probability"]')).toHaveValue('0');
  await client.getByTestId('prize-picture-2-input').setInputFiles(picture('thanks', [0x7d, 0x7d, 0x7d]));
  await expect(prize(2).locator('img')).toBeVisible();
  // The redemption form: an address and a size to choose.
  await client.getByTestId('field-add').click();
  await client.locator('input[name="exchangeForm.0.name"]').fill('收件地址');
  await select(client, 'exchangeForm.0.type', '地址');
  await client.getByTestId('field-add').click();
  await client.locator('input[name="exchangeForm.1.name"]').fill('尺寸');
  await select(client, 'exchangeForm.1.type', '下拉選單');
  await client.locator('textarea[name="exchangeForm.1.options"]').first().fill('小\n大');
  await client.getByTestId('lottery-save-draft').click();
  await expect(client).toHaveURL(/\/info\?draftId=\d+$/);
  const activityId = Number(new URL(client.url()).searchParams.get('draftId'));
  await client.getByTestId('lottery-release').click();
  await expect(client).toHaveURL(/\/activity\/lottery-activity$/);
  await expect(client.getByTestId(`lottery-row-${activityId}`).getByTestId('lottery-status')).toHaveText('進行中');

  // A scratch card activity of the same product, through the wizard's calls (exchange 3: a serial at the draw).
  const token = await sessionToken(client);
  const auth = { authorization: `Bearer ${token}` };
  const up = await client.request.post('/v1/Files?kind=image', { headers: auth, multipart: { Files: picture('voucher', [0xe6, 0x7e, 0x22]) } });
  expect(up.status(), await up.text()).toBe(201);
  const pic = ((await up.json()) as { url: string }[])[0].url;
  const scratchTpl = await client.request.post('/v1/marketing/activity-template', { headers: auth, data: { name: `刮刮樂 ${stamp}`, gameType: 1, core: { coverColor: '#9aa0a6', cardColor: '#fff4d6', textColor: '#7a2e12' } } });
  expect(scratchTpl.status(), await scratchTpl.text()).toBe(201);
  const [bp] = await query<{ id: number }>(`select id from brand_products where tenant_id = $1`, [clientId]);
  const draft = await client.request.post('/v1/marketing/lottery-activity/draft', {
    headers: auth,
    data: {
      templateId: ((await scratchTpl.json()) as { templateId: number }).templateId, name: `刮刮樂 ${stamp}`, qualificationType: 1, qualificationProduct: [bp.id],
      from: new Date(Date.now() - 86400000).toISOString(), to: new Date(Date.now() + 10 * 86400000).toISOString(), timezoneId: 103, memberOnly: false,
      exchangeType: 3, payMethod: 0, picture: null, exchangeForm: [], prizeInfo: [{ name: '九折券', picture: pic, probability: 100, type: 1, amount: 5 }],
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const scratchId = ((await draft.json()) as { draftId: number }).draftId;
  expect((await client.request.post('/v1/marketing/lottery-activity', { headers: auth, data: { draftId: scratchId } })).status()).toBe(201);
  // And a red envelope rain (one of the seven simple reveals) for a third code's screenshot.
  const envTpl = await client.request.post('/v1/marketing/activity-template', { headers: auth, data: { name: `紅包雨 ${stamp}`, gameType: 3, core: { envelopeColor: '#d7261e', backgroundColor: '#fbe3c0', textColor: '#7a2e12' } } });
  expect(envTpl.status(), await envTpl.text()).toBe(201);
  const envDraft = await client.request.post('/v1/marketing/lottery-activity/draft', {
    headers: auth,
    data: {
      templateId: ((await envTpl.json()) as { templateId: number }).templateId, name: `紅包雨 ${stamp}`, qualificationType: 1, qualificationProduct: [bp.id],
      from: new Date(Date.now() - 86400000).toISOString(), to: new Date(Date.now() + 10 * 86400000).toISOString(), timezoneId: 103, memberOnly: false,
      exchangeType: 3, payMethod: 0, picture: null, exchangeForm: [], prizeInfo: [{ name: '紅包 88 元', picture: pic, probability: 100, type: 1, amount: 5 }],
    },
  });
  expect(envDraft.status(), await envDraft.text()).toBe(201);
  const envelopeId = ((await envDraft.json()) as { draftId: number }).draftId;
  expect((await client.request.post('/v1/marketing/lottery-activity', { headers: auth, data: { draftId: envelopeId } })).status()).toBe(201);

  // --- The shopper on a phone: the wheel ---------------------------------------------------------
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'zh-TW' });
  const shopper = await context.newPage();
  await shopper.goto(`/m/${tenant}?c=${encodeURIComponent(code)}`);
  const lottery = shopper.getByTestId('lottery');
  await expect(lottery).toBeVisible();
  const card = lottery.locator(`[data-activity="${activityId}"]`);
  await expect(card).toContainText(ACTIVITY);
  const wheel = card.getByTestId('wheel');
  await expect(wheel.locator('[data-segment]')).toHaveCount(3);
  await expect(wheel.locator('[data-segment="0"] path')).toHaveAttribute('fill', '#c0392b');
  await wheel.scrollIntoViewIfNeeded();
  await screenshot(shopper, 'lottery-play-wheel-390');
  const played = shopper.waitForResponse((r) => r.url().includes(`/mapi/v1/lottery/${tenant}/${activityId}/play`));
  await card.getByRole('button', { name: '轉動輪盤' }).click();
  const record = (await (await played).json()) as { id: number; won: boolean; prize: { name: string } };
  expect(record.won).toBe(true);
  const result = card.getByTestId('lottery-result');
  await expect(result).toContainText('恭喜中獎');
  await expect(result).toContainText(record.prize.name);

  // The redemption form: required first, then filled by keyboard and sent.
  const form = result.locator('form.redeem');
  await form.getByRole('button', { name: '送出兌換資料' }).click();
  await expect(form.getByText('此欄位為必填')).toHaveCount(2);
  await form.getByLabel(/收件地址/).fill('台北市信義區市府路 1 號');
  await form.getByLabel(/尺寸/).selectOption('大');
  await form.scrollIntoViewIfNeeded();
  await screenshot(shopper, 'lottery-play-form-390', { fullPage: true });
  await form.getByRole('button', { name: '送出兌換資料' }).click();
  await expect(result.getByText('兌換資料已送出')).toBeVisible();
  const serial = (await result.getByTestId('serial').textContent())!;
  expect(serial).toMatch(/^[A-Z2-9]{12}$/);
  await result.scrollIntoViewIfNeeded();
  await screenshot(shopper, 'lottery-play-redeemed-390');

  const [row] = await query<{ prize: string; answers: Record<string, string>; serial: string; redeemed_at: Date | null; member_id: number | null }>(
    `select p.name as prize, r.answers, r.serial, r.redeemed_at, r.member_id from lottery_records r join lottery_prizes p on p.id = r.prize_id where r.lottery_id = $1 and r.code = $2`, [activityId, code]);
  expect(row).toMatchObject({ prize: record.prize.name, answers: { 收件地址: '台北市信義區市府路 1 號', 尺寸: '大' }, serial, member_id: null });
  expect(row.redeemed_at).not.toBeNull();
  const left = await query<{ name: string; remaining: number }>(`select name, remaining from lottery_prizes where lottery_id = $1 order by sort`, [activityId]);
  expect(left.find((p) => p.name === record.prize.name)!.remaining).toBe(record.prize.name === '東方美人禮盒' ? 2 : 9);
  // The same code again: the result stays, no second draw.
  await shopper.reload();
  await expect(shopper.getByTestId('lottery').locator(`[data-activity="${activityId}"]`).getByTestId('lottery-result')).toContainText(serial);
  expect((await query(`select id from lottery_records where lottery_id = $1`, [activityId]))).toHaveLength(1);

  // --- The scratch card on a second code ----------------------------------------------------------
  await shopper.goto(`/m/${tenant}?c=${encodeURIComponent(scratchCode)}`);
  const scratchCard = shopper.getByTestId('lottery').locator(`[data-activity="${scratchId}"]`);
  const canvas = scratchCard.locator('canvas.scratch-cover');
  await expect(canvas).toBeVisible();
  await canvas.scrollIntoViewIfNeeded();
  await screenshot(shopper, 'lottery-play-scratch-390');
  const box = (await canvas.boundingBox())!;
  // Scratch with the pointer: zig-zag strokes over the card until it clears.
  await shopper.mouse.move(box.x + 8, box.y + 8);
  await shopper.mouse.down();
  for (let y = 8; y < box.height; y += 18) {
    await shopper.mouse.move(box.x + box.width - 8, box.y + y, { steps: 6 });
    await shopper.mouse.move(box.x + 8, box.y + y + 9, { steps: 6 });
    if (y === 62) await screenshot(shopper, 'lottery-play-scratching-390');
  }
  await shopper.mouse.up();
  const scratchResult = scratchCard.getByTestId('lottery-result');
  await expect(scratchResult).toContainText('九折券');
  const voucher = (await scratchResult.getByTestId('serial').textContent())!;
  await scratchResult.scrollIntoViewIfNeeded();
  await screenshot(shopper, 'lottery-play-scratch-result-390');
  const [given] = await query<{ record_id: string }>(`select s.record_id from lottery_prize_serials s join lottery_prizes p on p.id = s.prize_id where p.lottery_id = $1 and s.serial = $2`, [scratchId, voucher]);
  expect(given.record_id).not.toBeNull();

  // --- A red envelope: the rain starts, the shopper catches one, it opens on the prize -----------------
  await shopper.goto(`/m/${tenant}?c=${encodeURIComponent(envelopeCode)}`);
  const envelopeCard = shopper.getByTestId('lottery').locator(`[data-activity="${envelopeId}"]`);
  const rain = envelopeCard.locator('[data-game="view_redenvelope"]');
  await expect(rain.getByRole('button', { name: /第 \d 個/ })).toHaveCount(6);
  await envelopeCard.scrollIntoViewIfNeeded();
  await screenshot(shopper, 'lottery-play-envelope-390');
  await rain.getByRole('button', { name: '開始紅包雨' }).click();
  // Falling envelopes never stand still for a tap: the keyboard catches one.
  const envelope = rain.locator('[data-pick]:not([disabled])').nth(4);
  await expect(envelope).toBeVisible();
  await envelope.focus();
  await shopper.keyboard.press('Enter');
  await expect(rain).toHaveAttribute('data-result', 'win');
  await expect(envelopeCard.getByTestId('lottery-result')).toContainText('紅包 88 元');

  // --- The client: the record in the detail, the winners list -------------------------------------
  await client.goto(`/activity/lottery-activity/detail?id=${activityId}`);
  const records = client.getByTestId('lottery-records');
  const recRow = records.getByTestId(`lottery-record-${record.id}`);
  await expect(recRow).toContainText(code);
  await expect(recRow).toContainText(serial);
  await expect(recRow).toContainText('台北市信義區市府路 1 號');
  await recRow.scrollIntoViewIfNeeded();
  await screenshot(client, 'lottery-play-records-1440');
  await client.getByRole('button', { name: '下載結果' }).click();
  // Only the draws of the scanned code's product (GET Report/SMYproductName offers it).
  await client.getByRole('combobox', { name: '產品' }).click();
  await client.getByRole('option', { name: PRODUCT }).click();
  await expect(client.getByRole('combobox', { name: '產品' })).toHaveText(PRODUCT);
  const downloading = client.waitForEvent('download', { timeout: 60_000 });
  await client.getByTestId('lottery-report-submit').click();
  const download = await downloading;
  const text = (await fs.readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter(Boolean);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(code);
  expect(lines[1]).toContain(serial);
  expect(lines[1]).toContain(record.prize.name);
  expect(lines[1]).toContain('台北市信義區市府路 1 號');
});

/**
 * The nine games end to end (issue 26) on the real server and database: a client of its own
 * tenant releases one lottery per game (templates with their default colours, through the API
 * as the wizard calls it); a shopper on a 390 px touch phone opens the consumer page with one
 * generated code per game and plays it through the stable hooks only, by touch or by keyboard
 * (Enter/Space): the start button, then for the red envelope and the guess card one of the
 * offered items. The game root `data-game="<view key>"` ends on `data-result="win"` (darts, whose
 * only chance is the no-win prize: "lose"), the result names the prize, and the database holds
 * that code's record of that prize.
 */
import { expect, test } from './test';
import { png } from '../support/png';
import { query } from './db';
import { screenshot, sessionToken, signInAsNewUser } from './helpers';
import { clientTenant, generatedCodes } from './fixtures';
import { defaultCore, GAMES } from '../../src/domain/activity/templates';

// The games' full animations (the journeys run with reduced motion: playwright.config.ts).
test.use({ reducedMotion: 'no-preference' });

const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);

test('a shopper plays each of the nine games on a phone; each shows the drawn prize (or the loss) and the database holds it', async ({ browser, page }) => {
  test.setTimeout(240_000);
  const { tenant, clientId, materialId } = await clientTenant({
    prefix: 'game', names: { zh_TW: '九遊茶行', zh_CN: '九游茶行', en: 'Nine Games Tea' },
    functions: [2, 19, 6, 31, 32, 33, 34, 35, 36, 48, 49, 8, 42],
    brandProduct: { name: `九遊茶 ${stamp}`, brandName: `九遊 ${stamp}` },
  });
  const codes = await generatedCodes(page, clientId, materialId, GAMES.length);
  await page.context().clearCookies();

  const client = await browser.newPage();
  await signInAsNewUser(client, tenant);
  const auth = { authorization: `Bearer ${await sessionToken(client)}` };
  const up = await client.request.post('/v1/Files?kind=image', { headers: auth, multipart: { Files: { name: 'prize.png', mimeType: 'image/png', buffer: png(220, 220, { fill: () => [0xe6, 0x7e, 0x22] }) } } });
  expect(up.status(), await up.text()).toBe(201);
  const pic = ((await up.json()) as { url: string }[])[0].url;
  const [bp] = await query<{ id: number }>(`select id from brand_products where tenant_id = $1`, [clientId]);

  const lotteries: { viewKey: string; id: number; prize: string; code: string; lose: boolean }[] = [];
  for (const [i, game] of GAMES.entries()) {
    const tpl = await client.request.post('/v1/marketing/activity-template', { headers: auth, data: { name: `${game.name} ${stamp}`, gameType: game.gameType, core: defaultCore(game.gameType) } });
    expect(tpl.status(), await tpl.text()).toBe(201);
    // Darts: a winning prize at the least chance (0.01%) and the no-win prize at 99.99%.
    const lose = game.viewKey === 'view_darts';
    const won = `${game.name.split(' ')[0]}獎 ${i + 1}`;
    const prize = lose ? `謝謝參與 ${i + 1}` : won;
    const draft = await client.request.post('/v1/marketing/lottery-activity/draft', {
      headers: auth,
      data: {
        templateId: ((await tpl.json()) as { templateId: number }).templateId, name: `${game.name} ${stamp}`, qualificationType: 1, qualificationProduct: [bp.id],
        from: new Date(Date.now() - 86400000).toISOString(), to: new Date(Date.now() + 10 * 86400000).toISOString(), timezoneId: 103, memberOnly: false,
        exchangeType: 3, payMethod: 0, picture: null, exchangeForm: [],
        prizeInfo: lose ? [{ name: won, picture: pic, probability: 0.01, type: 1, amount: 3 }, { name: prize, picture: pic, probability: 99.99, type: 0, amount: 0 }] : [{ name: prize, picture: pic, probability: 100, type: 1, amount: 3 }],
      },
    });
    expect(draft.status(), await draft.text()).toBe(201);
    const id = ((await draft.json()) as { draftId: number }).draftId;
    const released = await client.request.post('/v1/marketing/lottery-activity', { headers: auth, data: { draftId: id } });
    expect(released.status(), await released.text()).toBe(201);
    lotteries.push({ viewKey: game.viewKey, id, prize, code: codes[i], lose });
  }
  await client.close();

  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'zh-TW' });
  const shopper = await context.newPage();
  for (const [i, l] of lotteries.entries()) {
    await shopper.goto(`/m/${tenant}?c=${encodeURIComponent(l.code)}`);
    const card = shopper.getByTestId('lottery').locator(`[data-activity="${l.id}"]`);
    const game = card.locator(`[data-game="${l.viewKey}"]`);
    await expect(game).toBeVisible();
    const start = game.locator('button.game-start');
    await start.scrollIntoViewIfNeeded();
    if (i === 0) await screenshot(shopper, `games-${l.viewKey}-390`);
    // Half the games by touch, half by keyboard.
    if (i % 2) await start.tap();
    else { await start.focus(); await shopper.keyboard.press(i % 4 ? 'Space' : 'Enter'); }
    if (l.viewKey === 'view_redenvelope' || l.viewKey === 'view_guesscard') {
      // Falling or shuffled items never stand still long enough to tap: the keyboard catches one.
      const item = game.locator('[data-pick]:not([disabled])').nth(2);
      await expect(item).toBeVisible({ timeout: 20_000 });
      await item.focus();
      await shopper.keyboard.press('Enter');
    }
    await expect(game).toHaveAttribute('data-result', /^(win|lose)$/, { timeout: 20_000 });
    const rows = await query<{ prize: string; code: string; type: number }>(
      `select p.name as prize, r.code, p.type from lottery_records r join lottery_prizes p on p.id = r.prize_id where r.lottery_id = $1`, [l.id]);
    expect(rows).toHaveLength(1);
    // The game shows what the server drew: the no-win prize (darts, 99.99%) as a loss.
    const drawn = rows[0];
    expect(drawn.code).toBe(l.code);
    if (!l.lose) expect(drawn.prize).toBe(l.prize);
    await expect(game).toHaveAttribute('data-result', drawn.type === 1 ? 'win' : 'lose');
    await expect(game.locator('[aria-live="polite"]')).toContainText(drawn.type === 1 ? drawn.prize : '沒有中獎');
    await expect(card.getByTestId('lottery-result')).toContainText(drawn.type === 1 ? drawn.prize : '謝謝參與');
    await game.scrollIntoViewIfNeeded();
    await screenshot(shopper, `games-${l.viewKey}-played-390`);
  }
  await context.close();
});

/**
 * Draws anyone can verify (issue 26), end to end on the real server and database, on a tenant of
 * its own: a client releases a lottery (the commitment is public at once), six codes play it,
 * the verification page on a 390 px phone waits for the end; once the activity has ended it
 * shows the revealed seed, recomputes every draw and the prizes left and says "verified"; a
 * record changed in the database afterwards makes the same page say "not verified".
 */
import { expect, test } from './test';
import { png } from '../support/png';
import { query } from './db';
import { screenshot, sessionToken, signInAsNewUser } from './helpers';
import { clientTenant, generatedCodes } from './fixtures';

const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);

test('a finished lottery is verified on the public page from its revealed seed; a changed record is caught', async ({ browser, page }) => {
  const { tenant, clientId, materialId, productId } = await clientTenant({
    prefix: 'proof', names: { zh_TW: '公開抽獎', zh_CN: '公开抽奖', en: 'Open Draw' },
    functions: [2, 19, 6, 31, 32, 33, 34, 35, 36, 48, 49],
    brandProduct: { name: `驗證茶 ${stamp}`, brandName: `驗證 ${stamp}` },
  });
  const codes = await generatedCodes(page, clientId, materialId, 6);
  await page.context().clearCookies();

  // The client releases a lottery through the wizard's calls.
  const client = await browser.newPage();
  await signInAsNewUser(client, tenant);
  const auth = { authorization: `Bearer ${await sessionToken(client)}` };
  const up = await client.request.post('/v1/Files?kind=image', { headers: auth, multipart: { Files: { name: 'p.png', mimeType: 'image/png', buffer: png(220, 220, { fill: () => [0xe6, 0x7e, 0x22] }) } } });
  expect(up.status(), await up.text()).toBe(201);
  const pic = ((await up.json()) as { url: string }[])[0].url;
  const tpl = await client.request.post('/v1/marketing/activity-template', { headers: auth, data: { name: `轉盤 ${stamp}`, gameType: 2, core: {} } });
  expect(tpl.status(), await tpl.text()).toBe(201);
  const draft = await client.request.post('/v1/marketing/lottery-activity/draft', {
    headers: auth,
    data: {
      templateId: ((await tpl.json()) as { templateId: number }).templateId, name: `公開抽獎 ${stamp}`, qualificationType: 1, qualificationProduct: [productId],
      from: new Date(Date.now() - 86400000).toISOString(), to: new Date(Date.now() + 10 * 86400000).toISOString(), timezoneId: 103, memberOnly: false,
      exchangeType: 3, payMethod: 0, picture: null, exchangeForm: [],
      prizeInfo: [{ name: '茶具組', picture: pic, probability: 50, type: 1, amount: 2 }, { name: '謝謝參加', picture: pic, probability: 50, type: 0 }],
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const id = ((await draft.json()) as { draftId: number }).draftId;
  expect((await client.request.post('/v1/marketing/lottery-activity', { headers: auth, data: { draftId: id } })).status()).toBe(201);
  for (const code of codes) {
    const played = await client.request.post(`/mapi/v1/lottery/${tenant}/${id}/play`, { data: { code } });
    expect(played.status(), await played.text()).toBe(201);
  }

  // Running: the page shows the commitment and waits for the end.
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'zh-TW' });
  const shopper = await context.newPage();
  const failed: string[] = [];
  shopper.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  await shopper.goto(`/m/${tenant}/verify/${id}?lang=en`);
  const root = shopper.locator('[data-verify]');
  await expect(root).toHaveAttribute('data-verify', 'waiting');
  const [row] = await query<{ draw_commitment: string }>(`select draw_commitment from lotteries where id = $1`, [id]);
  await expect(shopper.locator('[data-commitment]')).toHaveText(row.draw_commitment);
  await expect(shopper.locator('[data-seed]')).toHaveCount(0);
  await expect(shopper.getByText('The activity has not ended yet')).toBeVisible();

  // Ended: the seed is revealed and every draw checks out.
  await query(`update lotteries set ends_at = now() - interval '1 second' where id = $1`, [id]);
  await shopper.reload();
  await expect(root).toHaveAttribute('data-verify', 'verified');
  await expect(root).toHaveAttribute('data-draws', '6');
  await expect(root).toHaveAttribute('data-mismatches', '0');
  await expect(shopper.getByText('Verified: all 6 draws')).toBeVisible();
  const [seed] = await query<{ draw_seed: string }>(`select draw_seed from lotteries where id = $1`, [id]);
  await expect(shopper.locator('[data-seed]')).toHaveText(seed.draw_seed);
  expect(await shopper.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(shopper, 'verify-draws-390');
  expect(failed).toEqual([]);

  // A record changed afterwards (its time) no longer matches its draw.
  await query(`update lottery_records set created_at = created_at + interval '1 millisecond' where lottery_id = $1 and draw_no = 3`, [id]);
  await shopper.reload();
  await expect(root).toHaveAttribute('data-verify', 'failed');
  await expect(shopper.getByText('Not verified')).toBeVisible();
});

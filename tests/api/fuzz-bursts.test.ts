/**
 * Parallel bursts on the public routes (issue 23): the same request sent BURST times at once.
 *  - every route of /mapi/v1/member and /mapi/v1/lottery, with generated requests (fuzz.ts)
 *    aimed at a real tenant, activity and signed-in shopper: every answer 2xx or a 4xx in the
 *    `{ code, message }` envelope, never 5xx;
 *  - the writes whose outcome must not depend on timing, with the database checked after:
 *    one code sent per phone, one member per join code, points once per scanned code, an order
 *    never beyond the stock or the balance, a prize never given beyond its amount, a code
 *    played once.
 * Deterministic requests (fixed seed), bounded (RUNS per route).
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { json } from '../../server/db/schema';
import { lastOtp } from '../../server/services/otpSender';
import { describeApi } from './harness';
import { describeRequest, fault, requestFor, routeModels, type FuzzRequest, type RouteModel } from './fuzz';
import { brandProduct, generatedCodes, marketingClient, ok, uploaded, type Client } from './marketingSetup';
import { balanceOf, marketingProduct, member, pointProduct, RECIPIENT } from './memberOrderSetup';
import { joined, mapi, newPhone, SETTINGS } from './memberSetup';
import { testSettings } from './settings';

const SEED = 20261127;
const RUNS = 3;
const BURST = 8;
const FUNCTIONS = [2, 19, 6, 31, 32, 33, 34, 35, 36, 48, 49, 7, 38, 39, 40];
const inDays = (d: number) => new Date(Date.now() + d * 86400000).toISOString();
const PUBLIC = /^\/mapi\/v1\/(member|lottery)\//;

describeApi('Fuzz: parallel bursts on the public member and lottery routes', (h) => {
  h.settings = testSettings({ unreleasedMenuIds: [] });
  let c: Client;
  let shopper: { token: string; phone: string };
  let activity: { id: number; prizeInfo: { id: number }[] };
  let productId: number;
  const failures: string[] = [];

  /** `req` BURST times at once: the answers, each checked against the envelope. */
  async function burst(req: FuzzRequest, token?: string): Promise<LightMyRequestResponse[]> {
    const answers = await Promise.all(Array.from({ length: BURST }, () => h.app.inject({ ...req, headers: { ...req.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } } as never)));
    for (const res of answers) {
      const why = fault(res);
      if (why) failures.push(`${describeRequest(req)} x${BURST} -> ${why}`);
    }
    return answers;
  }
  const post = (url: string, body: unknown): FuzzRequest => ({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const created = (answers: LightMyRequestResponse[]) => answers.filter((r) => r.statusCode < 300).length;

  /** A released lottery of the client: a prize of `amount` pieces and a lose prize. */
  async function release(amount: number) {
    const wheel = (await h.db.insertInto('game_templates').values({ tenant_id: c.id, name: 'Wheel', game_type: 2, core: json({}) }).returning('id').executeTakeFirstOrThrow()).id;
    const pic = await uploaded(h.app, c.token, 220, 220);
    const saved = await ok<{ draftId: number }>(h, h.app, 'POST', 'marketing/lottery-activity/draft', c.token, {
      templateId: wheel, name: 'Burst draw', qualificationType: 1, qualificationProduct: [productId], from: inDays(-1), to: inDays(10), timezoneId: 103,
      memberOnly: false, exchangeType: 1, payMethod: 0, picture: null, exchangeForm: [{ name: 'Address', type: 9, required: true }],
      prizeInfo: [{ name: 'Tea', probability: 90, type: 1, amount, picture: pic }, { name: 'Thanks', probability: 10, type: 0, picture: pic }],
    }, 201);
    return ok<{ id: number; prizeInfo: { id: number }[] }>(h, h.app, 'POST', 'marketing/lottery-activity', c.token, { draftId: saved.draftId }, 201);
  }

  beforeAll(async () => {
    c = await marketingClient(h, { functions: FUNCTIONS });
    await ok(h, h.app, 'POST', 'member', c.token, SETTINGS, 201);
    productId = (await brandProduct(h, c.id)).id;
    shopper = await joined(h.app, c.code);
    activity = await release(2);
  });

  it('answers every public route within the envelope, the same request many times at once', async () => {
    const models = (await routeModels(h.app)).filter((m) => PUBLIC.test(m.url));
    expect(models.length).toBeGreaterThanOrEqual(12);
    const [code] = await generatedCodes(h, c.id, 1, productId);
    for (const model of models) {
      // The tenant, activity and record of the path are real ones, so requests reach the database.
      const real: RouteModel = { ...model, params: [], url: model.url.replace(':tenantCode', c.code).replace(':activityId', String(activity.id)).replace(':recordId', '1') };
      const fixed = model.method === 'GET' ? [{ method: 'GET', url: `${real.url}?c=${code}`, headers: {} }] : [post(real.url, { code, phoneCountryCode: '886', phone: shopper.phone, purpose: 'signin' })];
      for (const req of fixed) await burst(req, shopper.token);
      await fc.assert(fc.asyncProperty(requestFor(real), fc.boolean(), async (req, signedIn) => {
        await burst(req, signedIn ? shopper.token : undefined);
        return true;
      }), { seed: SEED, numRuns: RUNS });
    }
    expect([...new Set(failures)].slice(0, 30)).toEqual([]);
  }, 300_000);

  it('sends one code per phone and makes one member of one join code', async () => {
    const phone = newPhone();
    const sent = await burst(post(`/mapi/v1/member/${c.code}/otp`, { phoneCountryCode: '886', phone, purpose: 'join' }));
    expect(created(sent)).toBe(1);
    const national = phone.replace(/^0/, '');
    expect(await h.db.selectFrom('member_otps').select('id').where('tenant_id', '=', c.id).where('phone', '=', national).execute()).toHaveLength(1);
    const joins = await burst(post(`/mapi/v1/member/${c.code}/join`, { phoneCountryCode: '886', phone, code: lastOtp('886', national) }));
    expect(created(joins)).toBe(1);
    expect(await h.db.selectFrom('members').select('id').where('tenant_id', '=', c.id).where('phone', '=', national).execute()).toHaveLength(1);
    expect([...new Set(failures)]).toEqual([]);
  });

  it('gives the points of a scanned code once, and never orders beyond the stock or the balance', async () => {
    const [code] = await generatedCodes(h, c.id, 1, productId);
    // A shopper of its own: the first burst signed the shared one out.
    const scanner = await joined(h.app, c.code);
    const scans = await burst(post(`/mapi/v1/member/${c.code}/scan`, { code }), scanner.token);
    expect(created(scans), scans.map((r) => r.body).join('\n')).toBeLessThanOrEqual(1);
    expect(await h.db.selectFrom('member_points').select('id').where('tenant_id', '=', c.id).where('code', '=', code).where('point_activity_id', 'is', null).execute(), scans.map((r) => r.body.slice(0, 200)).join('\n')).toHaveLength(1);

    const pp = await pointProduct(h, c.id, await marketingProduct(h, c.id), { points: 10, stock: 3 });
    const buyer = await member(h, c.id, 50);
    const orders = await burst(post(`/mapi/v1/member/${c.code}/order`, { items: [{ pointProductId: pp, quantity: 1 }], points: 10, recipient: RECIPIENT }), buyer.token);
    const bought = created(orders);
    expect(bought).toBe(3);
    const stock = await h.db.selectFrom('point_products').select('stock').where('id', '=', pp).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(0);
    expect(await balanceOf(h, buyer.id)).toBe(50 - 10 * bought);
    // Poorer than the burst: never below zero.
    const poor = await member(h, c.id, 20);
    const pp2 = await pointProduct(h, c.id, await marketingProduct(h, c.id), { points: 10, stock: 100 });
    expect(created(await burst(post(`/mapi/v1/member/${c.code}/order`, { items: [{ pointProductId: pp2, quantity: 1 }], points: 10, recipient: RECIPIENT }), poor.token))).toBe(2);
    expect(await balanceOf(h, poor.id)).toBe(0);
    expect((await mapi(h.app, 'GET', `${c.code}/me`, undefined, scanner.token)).statusCode).toBe(200);
    expect([...new Set(failures)]).toEqual([]);
  });

  it('plays a code once and never gives a prize beyond its amount', async () => {
    const [one] = await generatedCodes(h, c.id, 1, productId);
    expect(created(await burst(post(`/mapi/v1/lottery/${c.code}/${activity.id}/play`, { code: one })))).toBe(1);
    expect(await h.db.selectFrom('lottery_records').select('id').where('lottery_id', '=', activity.id).where('code', '=', one).execute()).toHaveLength(1);
    // BURST codes at once, then again: two pieces only, whatever the timing.
    const codes = await generatedCodes(h, c.id, BURST * 2, productId);
    for (const batch of [codes.slice(0, BURST), codes.slice(BURST)]) {
      const answers = await Promise.all(batch.map((code) => h.app.inject(post(`/mapi/v1/lottery/${c.code}/${activity.id}/play`, { code }) as never)));
      for (const res of answers) { const why = fault(res); if (why) failures.push(`play -> ${why}`); }
    }
    const prize = await h.db.selectFrom('lottery_prizes').select(['remaining', 'amount']).where('id', '=', activity.prizeInfo[0].id).executeTakeFirstOrThrow();
    const given = await h.db.selectFrom('lottery_records').select('id').where('lottery_id', '=', activity.id).where('prize_id', '=', activity.prizeInfo[0].id).execute();
    expect(prize.remaining).toBeGreaterThanOrEqual(0);
    expect(given.length).toBe(prize.amount - prize.remaining);
    expect(given.length).toBeLessThanOrEqual(2);
    expect([...new Set(failures)]).toEqual([]);
  });
});

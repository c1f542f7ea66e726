/**
 * Lottery play on the consumer page (issue 15 "Play", /mapi/v1/lottery): what a code is offered,
 * the draw and its record, every refusal (203, 205-213, 216, 9001, 9003, 9011, 9012, 9021, 401
 * for member-only), tenant isolation, the redemption form and its serial, concurrent plays that
 * never give more pieces than exist, and the winners export holding the played record.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayOffer, PlayRecord } from '../../src/domain/activity/lotteryPublic';
import { json } from '../../server/db/schema';
import { describeApi, expectFailure } from './harness';
import { brandProduct, generatedCodes, marketingClient, ok, uploaded, type Client } from './marketingSetup';
import { joined, SETTINGS } from './memberSetup';
import { exportedFile, jobWorker } from './productSetup';

const FUNCTIONS = [2, 19, 6, 31, 32, 33, 34, 35, 36, 48, 49, 7, 38];
const inDays = (d: number) => new Date(Date.now() + d * 86400000).toISOString();

function lot(app: FastifyInstance, method: 'GET' | 'POST', url: string, body?: unknown, token?: string): Promise<LightMyRequestResponse> {
  return app.inject({ method, url: `/mapi/v1/lottery/${url}`, ...(body === undefined ? {} : { payload: body as object }), headers: token ? { authorization: `Bearer ${token}` } : {} });
}

describeApi('Lottery play', (h) => {
  let dir: string;
  let app: FastifyInstance;
  let a: Client;
  let b: Client;
  let wheel: number;
  let productId: number;
  let otherProduct: number;
  let pic: string;
  let worker: Awaited<ReturnType<typeof jobWorker>>;

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-play-'));
    app = await h.appWith({ filesDir: dir });
    a = await marketingClient(h, { functions: FUNCTIONS });
    b = await marketingClient(h, { functions: FUNCTIONS });
    wheel = (await h.db.insertInto('game_templates').values({ tenant_id: a.id, name: 'Wheel', game_type: 2, core: json({ wheelColor: '#b83a24' }) }).returning('id').executeTakeFirstOrThrow()).id;
    productId = (await brandProduct(h, a.id)).id;
    otherProduct = (await brandProduct(h, a.id)).id;
    pic = await uploaded(app, a.token, 220, 220);
    await ok(h, app, 'POST', 'member', a.token, SETTINGS, 201);
    worker = await jobWorker(h);
  });
  afterAll(async () => { await worker.stop(); await fsp.rm(dir, { recursive: true, force: true }); });

  const PRIZES = [
    { name: 'Tea set', shortName: 'Tea', probability: 50, type: 1, amount: 100 },
    { name: 'Cup', probability: 30, type: 1, amount: 100, expireType: 2, expireDays: 30 },
    { name: 'Thanks', probability: 20, type: 0 },
  ];
  const FORM = [{ name: 'Address', type: 9, required: true }, { name: 'Size', type: 1, options: ['S', 'M'], required: false }, { name: 'Age', type: 6, condition: 1 }];

  /** A released activity of tenant a (the wizard's calls): its id and prizes. */
  async function release(over: Record<string, unknown> = {}): Promise<{ id: number; prizeInfo: { id: number; remaining: number }[]; exchangeForm: { id: number; name: string }[] }> {
    const prizeInfo = ((over.prizeInfo as Record<string, unknown>[] | undefined) ?? PRIZES).map((p) => ({ picture: pic, ...p }));
    const saved = await ok<{ draftId: number }>(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, {
      templateId: wheel, name: 'Play draw', qualificationType: 1, qualificationProduct: [productId], from: inDays(-1), to: inDays(10), timezoneId: 103,
      memberOnly: false, exchangeType: 1, payMethod: 0, picture: null, exchangeForm: FORM, ...over, prizeInfo,
    }, 201);
    return ok(h, app, 'POST', 'marketing/lottery-activity', a.token, { draftId: saved.draftId }, 201);
  }
  const play = (id: number, code: string, extra: Record<string, unknown> = {}, token?: string) => lot(app, 'POST', `${a.code}/${id}/play`, { code, ...extra }, token);

  it('offers a qualifying code the running activities, plays once per code and records the draw', async () => {
    const act = await release({ name: 'Offered draw' });
    const [code] = await generatedCodes(h, a.id, 1, productId);
    const offer = (await lot(app, 'GET', `${a.code}?c=${code}`)).json() as PlayOffer;
    const mine = offer.activities.find((x) => x.id === act.id)!;
    expect(mine).toMatchObject({ name: 'Offered draw', gameType: 2, memberOnly: false, exchangeType: 1, record: null });
    expect(mine.prizes.map((p) => p.name)).toEqual(['Tea set', 'Cup', 'Thanks']);
    expect(mine.prizes[0]).not.toHaveProperty('probability');
    expect(mine.form.map((f) => f.name)).toEqual(['Address', 'Size', 'Age']);
    expect(mine.core.wheelColor).toBe('#b83a24');

    const res = await play(act.id, code, { gameType: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const rec = res.json() as PlayRecord;
    expect(rec.prizeIndex).toBeGreaterThanOrEqual(0);
    expect(rec.prize!.id).toBe(act.prizeInfo[rec.prizeIndex].id);
    expect(rec.won).toBe(rec.prizeIndex < 2);
    expect(rec.formRequired).toBe(rec.won);
    const row = await h.db.selectFrom('lottery_records').selectAll().where('id', '=', rec.id as never).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: a.id, lottery_id: act.id, code, prize_id: rec.prize!.id, member_id: null });
    if (rec.won) {
      const p = await h.db.selectFrom('lottery_prizes').select('remaining').where('id', '=', rec.prize!.id).executeTakeFirstOrThrow();
      expect(p.remaining).toBe(99);
    }
    // Once per code (9003); the offer now carries the record; the record reads back with the code only.
    expectFailure(await play(act.id, code), 400, 9003);
    const again = (await lot(app, 'GET', `${a.code}?c=${code}`)).json() as PlayOffer;
    expect(again.activities.find((x) => x.id === act.id)!.record!.id).toBe(rec.id);
    expect((await lot(app, 'GET', `${a.code}/${act.id}/records/${rec.id}?c=${code}`)).json()).toMatchObject({ id: rec.id, prizeIndex: rec.prizeIndex });
    expectFailure(await lot(app, 'GET', `${a.code}/${act.id}/records/${rec.id}?c=OTHERCODE`), 404, 213);
  });

  it('refuses: unknown or another tenant\'s code 207, unknown activity 203, closed 9012, out of period 9011, wrong game 9021, not qualifying 211/210/212', async () => {
    const act = await release();
    const [c1, c2, c3, c4] = await generatedCodes(h, a.id, 4, productId);
    const [bCode] = await generatedCodes(h, b.id, 1);
    const [noProduct] = await generatedCodes(h, a.id, 1, otherProduct);
    expectFailure(await play(act.id, 'NOSUCHCODE'), 404, 207);
    expectFailure(await play(act.id, bCode), 404, 207);
    expectFailure(await lot(app, 'GET', `${a.code}?c=${bCode}`), 404, 207);
    expectFailure(await lot(app, 'GET', `${b.code}?c=${c1}`), 404, 207);
    expectFailure(await lot(app, 'POST', `${b.code}/${act.id}/play`, { code: c1 }), 404, 203);
    expectFailure(await play(999999, c1), 404, 203);
    expectFailure(await lot(app, 'GET', `nosuchtenant?c=${c1}`), 404, 2);
    expectFailure(await play(act.id, c1, { gameType: 1 }), 400, 9021);
    expectFailure(await play(act.id, noProduct), 400, 211);
    expect(((await lot(app, 'GET', `${a.code}?c=${noProduct}`)).json() as PlayOffer).activities.some((x) => x.id === act.id)).toBe(false);

    await ok(h, app, 'PUT', 'marketing/lottery-activity', a.token, { id: act.id, enable: false });
    expectFailure(await play(act.id, c1), 400, 9012);
    expect(((await lot(app, 'GET', `${a.code}?c=${c1}`)).json() as PlayOffer).activities.some((x) => x.id === act.id)).toBe(false);
    await ok(h, app, 'PUT', 'marketing/lottery-activity', a.token, { id: act.id, enable: true });
    await h.db.updateTable('lotteries').set({ starts_at: new Date(Date.now() + 3600_000) }).where('id', '=', act.id).execute();
    expectFailure(await play(act.id, c2), 400, 9011);
    await h.db.updateTable('lotteries').set({ starts_at: new Date(Date.now() - 7200_000), ends_at: new Date(Date.now() - 3600_000) }).where('id', '=', act.id).execute();
    expectFailure(await play(act.id, c2), 400, 9011);
    await h.db.updateTable('lotteries').set({ ends_at: new Date(Date.now() + 86400_000) }).where('id', '=', act.id).execute();
    expect((await play(act.id, c2)).statusCode).toBe(201);

    // Order package (2) and shipment package (3) qualification.
    const pkg = (await h.db.selectFrom('codes').select('package_id').where('code', '=', c3).executeTakeFirstOrThrow()).package_id;
    const otherPkg = (await h.db.selectFrom('codes').select('package_id').where('code', '=', noProduct).executeTakeFirstOrThrow()).package_id;
    const byOrder = await release({ qualificationType: 2, qualificationProduct: undefined, qualificationOrder: [{ productId, packageIds: [pkg] }] });
    expectFailure(await play(byOrder.id, noProduct), 400, 210);
    expect((await play(byOrder.id, c3)).statusCode).toBe(201);
    const byOrder2 = await release({ qualificationType: 2, qualificationProduct: undefined, qualificationOrder: [{ productId, packageIds: [otherPkg] }] });
    expectFailure(await play(byOrder2.id, c4), 400, 210);
    const sheet = await shipped(c4);
    const byShip = await release({ qualificationType: 3, qualificationProduct: undefined, qualificationShipment: [{ productId, packageIds: [sheet] }] });
    expectFailure(await play(byShip.id, c3), 400, 212);
    expect((await play(byShip.id, c4)).statusCode).toBe(201);
  });

  /** A ship sheet (type 4) of tenant a that moved `code`: its id. */
  async function shipped(code: string): Promise<number> {
    const c = await h.db.selectFrom('codes').select(['package_id', 'seq']).where('code', '=', code).executeTakeFirstOrThrow();
    const wh = await h.db.insertInto('warehouses').values({ tenant_id: a.id, name: `W${Date.now()}${Math.random()}`, type: 1 }).returning('id').executeTakeFirstOrThrow();
    const batch = await h.db.insertInto('scan_batches').values({ tenant_id: a.id, batch_id: `B${Date.now()}${Math.random()}`, kind: 3, body_hash: 'x', answer: null }).returning('id').executeTakeFirstOrThrow();
    const sheet = await h.db.insertInto('logistic_sheets').values({ tenant_id: a.id, batch_id: batch.id, sheet_type: 4, warehouse_id: wh.id, account: 'x', scanned_count: 1, code_count: 1 }).returning('id').executeTakeFirstOrThrow();
    await h.db.insertInto('logistic_movements').values({ tenant_id: a.id, sheet_id: sheet.id, package_id: c.package_id, seq: c.seq, code, scanned: true }).execute();
    return sheet.id;
  }

  it('one lottery per code for SingleOnce and BothOnce products (9001); Distinct plays each once', async () => {
    const one = await release();
    const two = await release();
    const [c1, c2] = await generatedCodes(h, a.id, 2, productId);
    expect((await play(one.id, c1)).statusCode).toBe(201);
    expect((await play(two.id, c1)).statusCode).toBe(201);
    await h.db.insertInto('marketing_brand_products').values({ tenant_id: a.id, brand_product_id: productId, currency: 'TWD', price: '10', names: json({}), qualification: 2 } as never).execute();
    try {
      expect((await play(one.id, c2)).statusCode).toBe(201);
      expectFailure(await play(two.id, c2), 400, 9001);
      const offered = ((await lot(app, 'GET', `${a.code}?c=${c2}`)).json() as PlayOffer).activities.map((x) => x.id);
      expect(offered).toContain(one.id);
      expect(offered).not.toContain(two.id);
    } finally {
      await h.db.deleteFrom('marketing_brand_products').where('brand_product_id', '=', productId).execute();
    }
  });

  it('member-only activities need the member\'s session (401) and record the member; another member cannot read the record', async () => {
    const act = await release({ memberOnly: true, prizeInfo: [{ name: 'Mug', probability: 100, type: 1, amount: 10 }] });
    const [code] = await generatedCodes(h, a.id, 1, productId);
    expect((await play(act.id, code)).statusCode).toBe(401);
    const m = await joined(app, a.code);
    const res = await play(act.id, code, {}, m.token);
    expect(res.statusCode, res.body).toBe(201);
    const rec = res.json() as PlayRecord;
    const row = await h.db.selectFrom('lottery_records as r').innerJoin('members as mm', 'mm.id', 'r.member_id').select('mm.phone').where('r.id', '=', rec.id as never).executeTakeFirstOrThrow();
    expect(row.phone?.replace(/^0/, '')).toBe(m.phone.replace(/^0/, ''));
    const other = await joined(app, a.code);
    expectFailure(await lot(app, 'GET', `${a.code}/${act.id}/records/${rec.id}?c=${code}`, undefined, other.token), 404, 213);
    expect((await lot(app, 'GET', `${a.code}/${act.id}/records/${rec.id}?c=${code}`, undefined, m.token)).statusCode).toBe(200);
  });

  it('redeems a won prize with checked answers (205, 206, 208, 209, code 1) and exports the winner', async () => {
    const act = await release({ exchangeType: 2, prizeInfo: [{ name: 'Kettle', probability: 100, type: 1, amount: 3, expireType: 2, expireDays: 5 }] });
    const [code, late] = await generatedCodes(h, a.id, 2, productId);
    const rec = (await play(act.id, code)).json() as PlayRecord;
    expect(rec).toMatchObject({ won: true, prizeIndex: 0, serial: null, redeemable: true, formRequired: true });
    const [addr, size, age] = act.exchangeForm.map((f) => f.id);
    const redeem = (answers: Record<string, unknown>, c = code, id = rec.id) => lot(app, 'POST', `${a.code}/${act.id}/records/${id}/redeem`, { code: c, answers });
    const bad = expectFailure(await redeem({ [size]: 'XL', [age]: -3 }), 400, 1);
    expect(bad.data).toEqual({ [`answers.${addr}`]: { key: 'required' }, [`answers.${size}`]: { key: 'oneOf' }, [`answers.${age}`]: { key: 'exclusiveMinimum', params: { min: 0 } } });
    expectFailure(await redeem({ [addr]: 'x' }, 'WRONGCODE'), 404, 213);
    expectFailure(await redeem({ [addr]: 'x' }, code, rec.id + 100000), 404, 213);
    const done = await redeem({ [addr]: 'Taipei 101, Xinyi', [size]: 'M', [age]: '30' });
    expect(done.statusCode, done.body).toBe(200);
    const r = done.json() as PlayRecord;
    expect(r.serial).toMatch(/^[A-Z2-9]{12}$/);
    expect(r).toMatchObject({ redeemable: false, answers: { Address: 'Taipei 101, Xinyi', Size: 'M', Age: 30 } });
    expect(r.redeemedAt).not.toBeNull();
    expectFailure(await redeem({ [addr]: 'again' }), 400, 206);

    // Expired (209): the play was 6 days ago for a 5-day prize.
    const old = (await play(act.id, late)).json() as PlayRecord;
    await h.db.updateTable('lottery_records').set({ created_at: new Date(Date.now() - 6 * 86400000) } as never).where('id', '=', old.id as never).execute();
    expectFailure(await redeem({ [addr]: 'x' }, late, old.id), 400, 209);

    // The back office's records of the activity show the play: prize, serial, answers.
    const list = await ok<{ total: number; items: { id: number; code: string; prize: string; won: boolean; serial: string; answers: Record<string, unknown>; redeemedAt: string | null }[] }>(
      h, app, 'GET', `marketing/lottery-activity/${act.id}/records`, a.token);
    expect(list.total).toBe(2);
    expect(list.items.find((x) => x.id === rec.id)).toMatchObject({ code, prize: 'Kettle', won: true, serial: r.serial, answers: { Address: 'Taipei 101, Xinyi' } });
    expectFailure(await h.call('GET', `marketing/lottery-activity/${act.id}/records`, { app, token: b.token }), 404, 6705);

    // The winners export (job 11) holds the played record with its serial and answers.
    const job = await ok<{ id: number }>(h, app, 'POST', 'marketing/lottery-activity/report', a.token, { activityId: act.id, timezoneId: 103, type: 1, showInfo: true, language: 'en' }, 201);
    const file = await exportedFile(h, worker.store, job.id);
    const line = file.lines.find((l) => l.includes(code))!;
    expect(line).toContain('Kettle');
    expect(line).toContain(r.serial);
    expect(line).toContain('Taipei 101');
  });

  it('no prize 205; a serial activity without a form 208; serials given at the draw (exchange 3)', async () => {
    const lose = await release({ prizeInfo: [{ name: 'Win', probability: 0.01, type: 1, amount: 1 }, { name: 'Thanks', probability: 99.99, type: 0 }] });
    const codes = await generatedCodes(h, a.id, 3, productId);
    const recs: PlayRecord[] = [];
    for (const c of codes) recs.push((await play(lose.id, c)).json() as PlayRecord);
    const lost = recs.find((x) => !x.won)!;
    expect(lost.prize!.name).toBe('Thanks');
    expectFailure(await lot(app, 'POST', `${a.code}/${lose.id}/records/${lost.id}/redeem`, { code: lost.code, answers: {} }), 400, 205);

    const serial = await release({ exchangeType: 3, exchangeForm: [], prizeInfo: [{ name: 'Voucher', probability: 100, type: 1, amount: 2 }] });
    const [s1] = await generatedCodes(h, a.id, 1, productId);
    const rec = (await play(serial.id, s1)).json() as PlayRecord;
    expect(rec).toMatchObject({ won: true, redeemable: false, formRequired: false });
    const given = await h.db.selectFrom('lottery_prize_serials').select(['serial', 'record_id']).where('serial', '=', rec.serial!).executeTakeFirstOrThrow();
    expect(Number(given.record_id)).toBe(rec.id);
    expectFailure(await lot(app, 'POST', `${a.code}/${serial.id}/records/${rec.id}/redeem`, { code: s1, answers: {} }), 400, 208);
  });

  it('refuses hostile bodies with code 1', async () => {
    const act = await release();
    expectFailure(await lot(app, 'POST', `${a.code}/${act.id}/play`, { code: 'x'.repeat(101) }), 400, 1);
    expectFailure(await lot(app, 'POST', `${a.code}/${act.id}/play`, { code: 'X', gameType: 12 }), 400, 1);
    expectFailure(await lot(app, 'POST', `${a.code}/${act.id}/records/1/redeem`, { code: 'X', answers: { abc: 'x' } }), 400, 1);
    expectFailure(await lot(app, 'GET', `${a.code}`), 400, 1);
  });

  describe('concurrency', () => {
    it('30 parallel plays of 30 codes for 5 pieces give exactly 5 winners and 5 distinct serials', async () => {
      const act = await release({ exchangeType: 3, exchangeForm: [], prizeInfo: [{ name: 'Gold', probability: 100, type: 1, amount: 5 }, { name: 'Thanks', probability: 0, type: 0 }] });
      const codes = await generatedCodes(h, a.id, 30, productId);
      const answers = await Promise.all(codes.map((c) => play(act.id, c)));
      expect(answers.map((x) => x.statusCode)).toEqual(codes.map(() => 201));
      const recs = answers.map((x) => x.json() as PlayRecord);
      const winners = recs.filter((x) => x.won);
      expect(winners).toHaveLength(5);
      expect(new Set(winners.map((x) => x.serial)).size).toBe(5);
      expect(recs.filter((x) => !x.won).every((x) => x.prize?.name === 'Thanks' && x.serial === null)).toBe(true);
      const prize = await h.db.selectFrom('lottery_prizes').select(['remaining', 'amount']).where('id', '=', act.prizeInfo[0].id).executeTakeFirstOrThrow();
      expect(prize).toEqual({ remaining: 0, amount: 5 });
      const rows = await h.db.selectFrom('lottery_records').select('prize_id').where('lottery_id', '=', act.id).execute();
      expect(rows.filter((x) => x.prize_id === act.prizeInfo[0].id)).toHaveLength(5);
    });

    it('10 parallel plays of one code give one draw and nine 9003', async () => {
      const act = await release();
      const [code] = await generatedCodes(h, a.id, 1, productId);
      const answers = await Promise.all(Array.from({ length: 10 }, () => play(act.id, code)));
      expect(answers.filter((x) => x.statusCode === 201)).toHaveLength(1);
      answers.filter((x) => x.statusCode !== 201).forEach((x) => { expectFailure(x, 400, 9003); });
      expect(await h.db.selectFrom('lottery_records').select('id').where('lottery_id', '=', act.id).execute()).toHaveLength(1);
    });
  });
});

/**
 * The shopper's page fixes of issue 26 on the server: real "latest activities" (running
 * lotteries and point activities, newest first; not the disabled, ended or unreleased ones).
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PageData } from '../../src/domain/marketing/page';
import { json } from '../../server/db/schema';
import { describeApi } from './harness';
import { brandProduct, marketingClient, ok, uploaded, type Client } from './marketingSetup';

const FUNCTIONS = [2, 19, 6, 31, 32, 33, 34, 35, 36, 48, 49];
const inDays = (d: number) => new Date(Date.now() + d * 86400000).toISOString();
const day = (d: number) => inDays(d).slice(0, 10);

describeApi('Consumer page: latest activities', (h) => {
  let dir: string;
  let app: FastifyInstance;
  let a: Client;
  let wheel: number;
  let productId: number;
  let pic: string;

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-page26-'));
    app = await h.appWith({ filesDir: dir, marketingPageCacheMs: 0 });
    a = await marketingClient(h, { functions: FUNCTIONS });
    wheel = (await h.db.insertInto('game_templates').values({ tenant_id: a.id, name: 'Wheel', game_type: 2, core: json({}) }).returning('id').executeTakeFirstOrThrow()).id;
    productId = (await brandProduct(h, a.id)).id;
    pic = await uploaded(app, a.token, 220, 220);
  });
  afterAll(async () => { await fsp.rm(dir, { recursive: true, force: true }); });

  async function release(name: string, from: string, to: string, picture: string | null = null): Promise<number> {
    const saved = await ok<{ draftId: number }>(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, {
      templateId: wheel, name, qualificationType: 1, qualificationProduct: [productId], from, to, timezoneId: 103,
      memberOnly: false, exchangeType: 1, payMethod: 0, picture, exchangeForm: [{ name: 'Address', type: 9, required: true }],
      prizeInfo: [{ name: 'Tea', picture: pic, probability: 50, type: 1, amount: 5 }, { name: 'Thanks', picture: pic, probability: 50, type: 0 }],
    }, 201);
    return (await ok<{ id: number }>(h, app, 'POST', 'marketing/lottery-activity', a.token, { draftId: saved.draftId }, 201)).id;
  }
  const page = async () => {
    const res = await app.inject({ method: 'GET', url: `/mapi/v1/page/${a.code}?lang=en` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PageData;
  };

  it('lists the running lotteries and point activities, newest first, and none of the others', async () => {
    expect((await page()).activities).toEqual([]);
    const older = await release('Older wheel', inDays(-5), inDays(5), pic);
    const newer = await release('Newer wheel', inDays(-1), inDays(5));
    const disabled = await release('Disabled wheel', inDays(-1), inDays(5));
    await ok(h, app, 'PUT', 'marketing/lottery-activity', a.token, { id: disabled, enable: false });
    const ended = await release('Ended wheel', inDays(-5), inDays(5));
    await h.db.updateTable('lotteries').set({ ends_at: new Date(Date.now() - 1000) }).where('id', '=', ended).execute();
    await release('Future wheel', inDays(2), inDays(5));
    const point = (name: string, from: string, to: string, enable = true) => h.db.insertInto('point_activities').values({
      tenant_id: a.id, name, enable, timezone_id: 103, from_date: from, to_date: to, image_url: pic, expiry_type: 2, expiry_days: 30, icon: 1,
      qualification_type: 1, qualification: json({ product: [productId] }), reward_rules: json([]),
    } as never).returning('id').executeTakeFirstOrThrow();
    const stamps = await point('Stamp rally', day(-3), day(3));
    await point('Stopped rally', day(-3), day(3), false);
    await point('Past rally', day(-9), day(-4));

    const shown = (await page()).activities;
    expect(shown.map((x) => [x.kind, x.id, x.name])).toEqual([
      ['lottery', newer, 'Newer wheel'], ['point', stamps.id, 'Stamp rally'], ['lottery', older, 'Older wheel'],
    ]);
    expect(shown[2]).toMatchObject({ imageUrl: pic, url: null });
    expect(Date.parse(shown[2].from)).toBeLessThan(Date.now());
    expect(Date.parse(shown[2].to)).toBeGreaterThan(Date.now());
    expect(shown[1].imageUrl).toBe(pic);
  });
});

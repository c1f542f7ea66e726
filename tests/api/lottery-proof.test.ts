/**
 * Draws anyone can verify (issue 26): the commitment published on release, the draws numbered
 * and derived from the seed and their public records, the seed revealed when the activity ends
 * (no draw after), the verification (domain and scripts/verify-lottery.mjs, through HTTP) of
 * every draw and the stock left across a change of the prize table, and a changed seed, record,
 * prize or stock detected.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyDraws, type DrawProof, type PublicDraw } from '../../src/domain/activity/drawProof';
import type { PlayRecord } from '../../src/domain/activity/lotteryPublic';
import { json } from '../../server/db/schema';
import { describeApi, expectFailure } from './harness';
import { brandProduct, generatedCodes, marketingClient, ok, uploaded, type Client } from './marketingSetup';

const FUNCTIONS = [2, 19, 6, 31, 32, 33, 34, 35, 36, 48, 49];
const inDays = (d: number) => new Date(Date.now() + d * 86400000).toISOString();

describeApi('Lottery draws anyone can verify', (h) => {
  let dir: string;
  let app: FastifyInstance;
  let a: Client;
  let wheel: number;
  let productId: number;
  let pic: string;

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-proof-'));
    app = await h.appWith({ filesDir: dir });
    a = await marketingClient(h, { functions: FUNCTIONS });
    wheel = (await h.db.insertInto('game_templates').values({ tenant_id: a.id, name: 'Wheel', game_type: 2, core: json({}) }).returning('id').executeTakeFirstOrThrow()).id;
    productId = (await brandProduct(h, a.id)).id;
    pic = await uploaded(app, a.token, 220, 220);
  });
  afterAll(async () => { await fsp.rm(dir, { recursive: true, force: true }); });

  const BODY = (prizeInfo: Record<string, unknown>[]) => ({
    templateId: wheel, name: 'Proof draw', qualificationType: 1, qualificationProduct: [productId], from: inDays(-1), to: inDays(10), timezoneId: 103,
    memberOnly: false, exchangeType: 1, payMethod: 0, picture: null, exchangeForm: [{ name: 'Address', type: 9, required: true }], prizeInfo: prizeInfo.map((p) => ({ picture: pic, ...p })),
  });
  const get = async <T>(url: string) => app.inject({ method: 'GET', url: `/mapi/v1/lottery/${a.code}/${url}` }).then((r) => ({ status: r.statusCode, body: r.json() as T, raw: r }));
  const play = async (id: number, code: string) => {
    const r = await app.inject({ method: 'POST', url: `/mapi/v1/lottery/${a.code}/${id}/play`, payload: { code } });
    expect(r.statusCode, r.body).toBe(201);
    return r.json() as PlayRecord;
  };
  async function allDraws(id: number): Promise<PublicDraw[]> {
    const out: PublicDraw[] = [];
    for (let after: number | null = 0; after !== null;) {
      const page: { status: number; body: { items: PublicDraw[]; next: number | null } } = await get<{ items: PublicDraw[]; next: number | null }>(`${id}/proof/draws?after=${after}&limit=7`);
      expect(page.status).toBe(200);
      out.push(...page.body.items);
      after = page.body.next;
    }
    return out;
  }

  it('commits on release, reveals at the end, and every draw and the stock verify; tampering is detected', async () => {
    const saved = await ok<{ draftId: number }>(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, BODY([
      { name: 'Tea set', probability: 40, type: 1, amount: 3 }, { name: 'Cup', probability: 30, type: 1, amount: 20 }, { name: 'Thanks', probability: 30, type: 0 },
    ]), 201);
    const act = await ok<{ id: number; prizeInfo: { id: number }[] }>(h, app, 'POST', 'marketing/lottery-activity', a.token, { draftId: saved.draftId }, 201);

    // Released: the commitment is public, the seed and the draws are not.
    const before = await get<DrawProof>(`${act.id}/proof`);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ activityId: act.id, scheme: 'oioc-draw-v1', ended: false, seed: null, drawCount: 0, tables: [], prizes: [] });
    expect(before.body.commitment).toMatch(/^[0-9a-f]{64}$/);
    expectFailure((await get(`${act.id}/proof/draws`)).raw, 403, 3);
    expectFailure((await get(`999999/proof`)).raw, 404, 203);
    expectFailure(await app.inject({ method: 'GET', url: `/mapi/v1/lottery/nosuchtenant/${act.id}/proof` }), 404, 2);

    const codes = await generatedCodes(h, a.id, 24, productId);
    const records: PlayRecord[] = [];
    for (const c of codes.slice(0, 12)) records.push(await play(act.id, c));
    // The prize table changes mid-way (a probability and the stock): a new version from draw 13.
    const stored = await ok<{ prizeInfo: { id: number; name: string; probability: number; type: number; amount: number }[] }>(h, app, 'GET', `marketing/lottery-activity/${act.id}`, a.token);
    const edited = await ok<{ draftId: number }>(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, {
      ...BODY(stored.prizeInfo.map((p) => ({ id: p.id, name: p.name, type: p.type, probability: p.name === 'Tea set' ? 60 : p.name === 'Cup' ? 10 : 30, ...(p.type === 1 ? { amount: p.name === 'Tea set' ? 5 : 20 } : {}) }))),
      id: act.id,
    }, 201);
    await ok(h, app, 'PUT', 'marketing/lottery-activity', a.token, { id: act.id, draftId: edited.draftId });
    for (const c of codes.slice(12)) records.push(await play(act.id, c));
    const rows = await h.db.selectFrom('lottery_records').select(['id', 'draw_no', 'draw_value']).where('lottery_id', '=', act.id).orderBy('draw_no').execute();
    expect(rows.map((r) => r.draw_no)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(rows.every((r) => r.draw_value !== null && r.draw_value >= 0 && r.draw_value < 10000)).toBe(true);

    // Still running: no seed. Then the activity ends: the seed is revealed, and matches.
    expect((await get<DrawProof>(`${act.id}/proof`)).body).toMatchObject({ seed: null, drawCount: 24 });
    await h.db.updateTable('lotteries').set({ ends_at: new Date(Date.now() - 1000) }).where('id', '=', act.id).execute();
    const proof = (await get<DrawProof>(`${act.id}/proof`)).body;
    expect(proof.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(Buffer.from(proof.seed!, 'hex')).digest('hex')).toBe(before.body.commitment);
    expect(proof.commitment).toBe(before.body.commitment);
    expect(proof.tables.map((t) => t.fromDraw)).toEqual([1, 13]);
    expect(proof.tables[1].prizes.map((p) => p.probability)).toEqual([60, 10, 30]);
    const draws = await allDraws(act.id);
    expect(draws).toHaveLength(24);
    expect(draws.map((d) => d.prizeId)).toEqual(records.map((r) => r.prize?.id ?? null));
    // Public records carry no whole code.
    expect(draws.every((d, i) => d.codeTail === codes[i].slice(-4) && !JSON.stringify(d).includes(codes[i]))).toBe(true);

    const good = await verifyDraws(proof, draws);
    expect(good, JSON.stringify(good)).toMatchObject({ ok: true, commitmentOk: true, draws: 24, mismatches: [] });
    expect(good.stock.every((s) => s.expected === s.published)).toBe(true);

    // A changed seed, record, prize, missing draw or stock is detected.
    const otherSeed = (await verifyDraws({ ...proof, seed: 'ab'.repeat(32) }, draws));
    expect(otherSeed.ok).toBe(false);
    expect(otherSeed.commitmentOk).toBe(false);
    expect(otherSeed.mismatches.filter((m) => m.problem === 'value').length).toBeGreaterThan(20);
    const retimed = draws.map((d) => ({ ...d, createdAt: new Date(Date.parse(d.createdAt) + 1).toISOString() }));
    expect((await verifyDraws(proof, retimed)).mismatches.filter((m) => m.problem === 'value').length).toBeGreaterThan(20);
    const recoded = draws.map((d) => ({ ...d, codeTail: `${d.codeTail}x` }));
    expect((await verifyDraws(proof, recoded)).mismatches.filter((m) => m.problem === 'value').length).toBeGreaterThan(20);
    const swapped = draws.map((d, i) => (i === 5 ? { ...d, prizeId: proof.prizes.find((p) => p.id !== d.prizeId)!.id } : d));
    expect((await verifyDraws(proof, swapped)).mismatches).toEqual([expect.objectContaining({ drawNo: 6, problem: 'prize' })]);
    const dropped = draws.filter((d) => d.drawNo !== 3);
    expect((await verifyDraws(proof, dropped)).mismatches.some((m) => m.problem === 'gap')).toBe(true);
    const restocked = { ...proof, prizes: proof.prizes.map((p) => (p.type === 1 ? { ...p, remaining: p.remaining + 1 } : p)) };
    expect((await verifyDraws(restocked, draws)).ok).toBe(false);
    const reweighted = { ...proof, tables: proof.tables.map((t) => ({ ...t, prizes: t.prizes.map((p, i) => ({ ...p, probability: [30, 30, 40][i] })) })) };
    expect((await verifyDraws(reweighted, draws)).ok).toBe(false);

    // The script verifies the same lottery over HTTP, and fails a lottery whose record was changed.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const run = (id: number) => promisify(execFile)(process.execPath, ['scripts/verify-lottery.mjs', address, a.code, String(id), '--json'])
      .then((r) => ({ code: 0, out: JSON.parse(r.stdout) }), (e: { code: number; stdout: string }) => ({ code: e.code, out: JSON.parse(e.stdout) }));
    const script = await run(act.id);
    expect(script, JSON.stringify(script)).toMatchObject({ code: 0, out: { ok: true, draws: 24, problems: [] } });
    await h.db.updateTable('lottery_records').set({ created_at: new Date(Date.parse(draws[7].createdAt) + 1) }).where('id', '=', draws[7].recordId as never).execute();
    const bad = await run(act.id);
    expect(bad.code).toBe(1);
    expect(bad.out.problems.join(' ')).toContain(`draw 8 (record ${draws[7].recordId})`);

    // Revealed for good: even an extended activity draws no more.
    await h.db.updateTable('lotteries').set({ ends_at: new Date(Date.now() + 86400000) }).where('id', '=', act.id).execute();
    expectFailure(await app.inject({ method: 'POST', url: `/mapi/v1/lottery/${a.code}/${act.id}/play`, payload: { code: (await generatedCodes(h, a.id, 1, productId))[0] } }), 400, 9012);
  });
});

/**
 * Lottery activities (issue 15, menu 49): template options, product and package options, the
 * draft (step 2) and its rules (6703, 6704, 6710, 6712, redemption form, exchange lock), the
 * release (step 3) into prizes, serials and form rows, the list status, probability history,
 * serial CSVs (6706-6709), the result exports from lottery_records, grants and tenant scope.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../server/db/schema';
import { takePrize, takeSerial } from '../../server/services/lotteryDraw';
import { describeApi, expectFailure } from './harness';
import { brandProduct, call, generatedCodes, marketingClient, ok, uploaded, type Client } from './marketingSetup';
import { exportedFile, jobWorker } from './productSetup';

const FUNCTIONS = [2, 19, 6, 31, 32, 33, 34, 35, 36, 48, 49];
const inDays = (d: number) => new Date(Date.now() + d * 86400000).toISOString();

describeApi('Lottery activities', (h) => {
  let dir: string;
  let app: FastifyInstance;
  let a: Client;
  let b: Client;
  let templateId: number;
  let productId: number;
  let winPic: string;
  let losePic: string;

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-lottery-'));
    app = await h.appWith({ filesDir: dir });
    a = await marketingClient(h, { functions: FUNCTIONS });
    b = await marketingClient(h, { functions: FUNCTIONS });
    templateId = (await h.db.insertInto('game_templates').values({ tenant_id: a.id, name: 'Spring wheel', game_type: 2, core: json({ wheelColor: '#b83a24' }) }).returning('id').executeTakeFirstOrThrow()).id;
    await h.db.insertInto('game_templates').values({ tenant_id: a.id, name: 'Scratch', game_type: 1, core: json({}) }).execute();
    productId = (await brandProduct(h, a.id)).id;
    winPic = await uploaded(app, a.token, 220, 220);
    losePic = await uploaded(app, a.token, 220, 220);
  });
  afterAll(() => fsp.rm(dir, { recursive: true, force: true }));

  const body = (over: Record<string, unknown> = {}) => ({
    templateId, name: 'Spring draw', qualificationType: 1, qualificationProduct: [productId],
    from: inDays(-1), to: inDays(10), timezoneId: 103, memberOnly: false, exchangeType: 1, payMethod: 0, picture: null,
    prizeInfo: [
      { name: 'Tea set', shortName: 'Tea', picture: winPic, probability: 10.5, type: 1, amount: 5 },
      { name: 'Cup', picture: winPic, probability: 20, type: 1, amount: 50, expireType: 2, expireDays: 30 },
      { name: 'Thanks', picture: losePic, probability: 69.5, type: 0 },
    ],
    exchangeForm: [{ name: 'Address', type: 9, required: true }, { name: 'Size', type: 1, options: ['S', 'M'], required: false }, { name: 'Age', type: 6, condition: 1 }],
    ...over,
  });
  const draft = (token: string, over: Record<string, unknown> = {}) => call(h, app, 'POST', 'marketing/lottery-activity/draft', token, body(over));

  it('refuses callers without menu 49 and without a session', async () => {
    const noActivity = await marketingClient(h);
    expectFailure(await call(h, app, 'GET', 'marketing/lottery-activity', noActivity.token), 403, 3);
    expect((await call(h, app, 'GET', 'marketing/lottery-activity')).statusCode).toBe(401);
  });

  it('offers the templates of a game and the product options', async () => {
    const wheel = await ok<{ id: number; gameType: number }[]>(h, app, 'GET', 'marketing/lottery-activity/template-options?gameType=2', a.token);
    expect(wheel.map((t) => t.gameType)).toEqual([2]);
    expect(await ok<unknown[]>(h, app, 'GET', 'marketing/lottery-activity/template-options', b.token)).toEqual([]);
    const products = await ok<{ value: number }[]>(h, app, 'GET', 'marketing/lottery-activity/product', a.token);
    expect(products.map((p) => p.value)).toContain(productId);
    // A deleted chosen product stays offered (flagged); others' products never.
    const kept = await ok<{ value: number; deleted?: boolean }[]>(h, app, 'GET', 'marketing/lottery-activity/product?selected=999999', a.token);
    expect(kept.find((p) => p.value === 999999)?.deleted).toBe(true);
    expect(await ok<unknown[]>(h, app, 'GET', 'marketing/lottery-activity/binding-info?type=2', a.token)).toEqual([]);
  });

  it('offers order packages (the client\'s code packages) and takes them as qualification', async () => {
    await generatedCodes(h, a.id, 2, productId);
    const packages = await ok<{ value: number; label: string; enable?: boolean }[]>(h, app, 'GET', 'marketing/lottery-activity/binding-info?type=2', a.token);
    expect(packages).toHaveLength(1);
    expect(await ok<unknown[]>(h, app, 'GET', 'marketing/lottery-activity/binding-info?type=2', b.token)).toEqual([]);
    const pkg = packages[0].value;
    // A failed package is left out unless chosen (then flagged as it is).
    await h.db.updateTable('code_packages').set({ failed: true }).where('id', '=', pkg).execute();
    expect(await ok<unknown[]>(h, app, 'GET', 'marketing/lottery-activity/binding-info?type=2', a.token)).toEqual([]);
    expect((await ok<{ value: number; enable: boolean }[]>(h, app, 'GET', `marketing/lottery-activity/binding-info?type=2&selected=${pkg}`, a.token))[0]).toMatchObject({ value: pkg, enable: false });
    await h.db.updateTable('code_packages').set({ failed: false }).where('id', '=', pkg).execute();
    const saved = await draft(a.token, { qualificationType: 2, qualificationProduct: undefined, qualificationOrder: [{ productId, packageIds: [pkg] }] });
    expect(saved.statusCode, saved.body).toBe(201);
    // Another tenant's package or product: code 1 on the row.
    const bad = expectFailure(await draft(a.token, { qualificationType: 2, qualificationProduct: undefined, qualificationOrder: [{ productId, packageIds: [pkg + 100000] }] }), 400, 1);
    expect(bad.data['qualificationOrder.0.packageIds'].key).toBe('invalid');
    expect(await ok<unknown[]>(h, app, 'GET', 'marketing/lottery-activity/binding-info?type=3', a.token)).toEqual([]);
  });

  it('checks the prize list: 6704, 6710, 6703, 6712, amounts and the redemption form', async () => {
    expectFailure(await draft(a.token, { prizeInfo: [] }), 400, 6704);
    expectFailure(await draft(a.token, { prizeInfo: [{ name: 'Thanks', picture: losePic, probability: 100, type: 0 }] }), 400, 6704);
    const noPic = expectFailure(await draft(a.token, { prizeInfo: [{ name: 'A', probability: 100, type: 1, amount: 1 }] }), 400, 6710);
    expect(Object.keys(noPic.data)).toEqual(['prizeInfo.0.picture']);
    expectFailure(await draft(a.token, { prizeInfo: [{ name: 'A', picture: winPic, probability: 60, type: 1, amount: 1 }, { name: 'B', picture: winPic, probability: 41, type: 1, amount: 1 }, { name: 'C', picture: losePic, probability: 0, type: 0 }] }), 400, 6703);
    // Winning prizes under 100% without a no-win prize: 6712.
    expectFailure(await draft(a.token, { prizeInfo: [{ name: 'A', picture: winPic, probability: 99.99, type: 1, amount: 1 }] }), 400, 6712);
  });

  it('lets the no-win prize make up the rest of 100% (no 6712), stored so', async () => {
    for (const lose of [39.99, 0, 41]) {
      const saved = await draft(a.token, { prizeInfo: [{ name: 'A', picture: winPic, probability: 60, type: 1, amount: 1 }, { name: 'B', picture: losePic, probability: lose, type: 0 }] });
      expect(saved.statusCode, saved.body).toBe(201);
      const stored = await ok<{ draft: { prizeInfo: { name: string; probability: number }[] } | null; prizeInfo: { name: string; probability: number }[] }>(h, app, 'GET', `marketing/lottery-activity/${saved.json().draftId}`, a.token);
      const prizes = stored.draft?.prizeInfo ?? stored.prizeInfo;
      expect(prizes.map((p) => [p.name, Number(p.probability)])).toEqual([['A', 60], ['B', 40]]);
    }
    // Exactly 100% in hundredths: 33.33 + 33.33 + 33.34.
    const three = [1, 2, 3].map((i) => ({ name: `P${i}`, picture: winPic, probability: i === 3 ? 33.34 : 33.33, type: 1, amount: 1 }));
    expect((await draft(a.token, { prizeInfo: three })).statusCode).toBe(201);
    const amount = expectFailure(await draft(a.token, { prizeInfo: [{ name: 'A', picture: winPic, probability: 100, type: 1, amount: 0 }] }), 400, 1);
    expect(amount.data['prizeInfo.0.amount'].key).toBe('min_value');
    expectFailure(await draft(a.token, { prizeInfo: [{ name: 'A', picture: winPic, probability: 12.345, type: 1, amount: 1 }, { name: 'B', picture: losePic, probability: 87.655, type: 0 }] }), 400, 1);
    // The redemption form: required unless exchange 3/4; options for choices; numbers need a condition.
    expect(expectFailure(await draft(a.token, { exchangeForm: [] }), 400, 1).data.exchangeForm.key).toBe('required');
    expect((await draft(a.token, { exchangeForm: [], exchangeType: 3 })).statusCode).toBe(201);
    const form = expectFailure(await draft(a.token, { exchangeForm: [{ name: 'Size', type: 1, options: [] }, { name: 'size', type: 6 }] }), 400, 1);
    expect(Object.keys(form.data).sort()).toEqual(['exchangeForm.0.options', 'exchangeForm.1.condition', 'exchangeForm.1.name']);
    // A prize picture that is not 220x220: 101; another tenant's template: code 1.
    const wide = await uploaded(app, a.token, 600, 150);
    expectFailure(await draft(a.token, { prizeInfo: [{ name: 'A', picture: wide, probability: 100, type: 1, amount: 1 }] }), 400, 101);
    expectFailure(await draft(b.token), 400, 1);
    // Period and qualification.
    expect(expectFailure(await draft(a.token, { to: inDays(-2) }), 400, 1).data.to.key).toBe('fromToDatetime');
    expect(expectFailure(await draft(a.token, { qualificationProduct: [] }), 400, 1).data.qualificationProduct.key).toBe('required');
    const dup = expectFailure(await draft(a.token, { qualificationType: 2, qualificationProduct: undefined, qualificationOrder: [{ productId, packageIds: [1] }, { productId, packageIds: [2] }] }), 400, 1);
    expect(dup.data['qualificationOrder.1.productId'].key).toBe('uniqueItems');
  });

  it('saves a draft, releases it, lists it with its status, and locks the exchange method', async () => {
    const saved = await ok<{ draftId: number; draftUrl: string }>(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, body(), 201);
    expect(saved.draftUrl).toContain(`draftId=${saved.draftId}`);
    const updated = await ok<{ draftId: number }>(h, app, 'PUT', 'marketing/lottery-activity/draft', a.token, { ...body({ name: 'Spring draw 2' }), draftId: saved.draftId });
    expect(updated.draftId).toBe(saved.draftId);
    expectFailure(await call(h, app, 'PUT', 'marketing/lottery-activity/draft', a.token, { ...body(), draftId: 999999 }), 404, 6702);
    const pending = await ok<{ released: boolean; draft: { name: string } }>(h, app, 'GET', `marketing/lottery-activity/${saved.draftId}`, a.token);
    expect(pending.released).toBe(false);
    expect(pending.draft.name).toBe('Spring draw 2');
    // Not in the list before release; another tenant cannot see or release it.
    expectFailure(await call(h, app, 'GET', `marketing/lottery-activity/${saved.draftId}`, b.token), 404, 6705);
    expectFailure(await call(h, app, 'POST', 'marketing/lottery-activity', b.token, { draftId: saved.draftId }), 404, 6702);

    const created = await ok<{ id: number; status: number; prizeInfo: { id: number; amount: number; remaining: number; probability: number }[]; exchangeForm: unknown[]; exchangeLocked: boolean }>(
      h, app, 'POST', 'marketing/lottery-activity', a.token, { draftId: saved.draftId }, 201);
    expect(created.status).toBe(2);
    expect(created.prizeInfo.map((p) => [p.probability, p.amount, p.remaining])).toEqual([[10.5, 5, 5], [20, 50, 50], [69.5, 0, 0]]);
    expect(created.exchangeForm).toHaveLength(3);
    expect(created.exchangeLocked).toBe(true);
    expectFailure(await call(h, app, 'POST', 'marketing/lottery-activity', a.token, { draftId: saved.draftId }), 400, 6701);

    const list = await ok<{ items: { id: number; status: number; name: string }[]; total: number }>(h, app, 'GET', 'marketing/lottery-activity?gameType=2&status=2', a.token);
    expect(list.items.map((i) => i.name)).toContain('Spring draw 2');
    expect((await ok<{ total: number }>(h, app, 'GET', 'marketing/lottery-activity', b.token)).total).toBe(0);

    // Edit: a draft of the released activity; the exchange method is locked (started, prizes kept).
    const edit = body({ id: created.id, exchangeType: 2, prizeInfo: created.prizeInfo.map((p, i) => ({ ...body().prizeInfo[i], id: p.id })) });
    expectFailure(await call(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, edit), 400, 3);
    const changed = body({ id: created.id, prizeInfo: [
      { ...body().prizeInfo[0], id: created.prizeInfo[0].id, probability: 15.5, amount: 7 },
      { ...body().prizeInfo[1], id: created.prizeInfo[1].id },
      { ...body().prizeInfo[2], id: created.prizeInfo[2].id, probability: 64.5 },
    ] });
    await ok(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, changed, 201);
    const after = await ok<{ prizeInfo: { probability: number; amount: number; remaining: number }[]; draftId: number | null }>(h, app, 'PUT', 'marketing/lottery-activity', a.token, { id: created.id });
    expect(after.prizeInfo.map((p) => [p.probability, p.amount, p.remaining])).toEqual([[15.5, 7, 7], [20, 50, 50], [64.5, 0, 0]]);
    expect(after.draftId).toBeNull();
    const history = await ok<{ before: number | null; probability: number }[]>(h, app, 'GET', `marketing/lottery-activity/prize-probability-history/${created.id}/${created.prizeInfo[0].id}`, a.token);
    expect(history.map((x) => [x.before, x.probability])).toEqual([[null, 10.5], [10.5, 15.5]]);
    expectFailure(await call(h, app, 'GET', `marketing/lottery-activity/prize-probability-history/${created.id}/${created.prizeInfo[0].id}`, b.token), 404, 6705);

    // Disable: status 4; the change log holds each change of the activity once: its release,
    // the applied edit and the disabling (draft saves are working copies, not logged).
    const off = await ok<{ status: number }>(h, app, 'PUT', 'marketing/lottery-activity', a.token, { id: created.id, enable: false });
    expect(off.status).toBe(4);
    const logs = await h.db.selectFrom('change_logs').select(['action', 'before', 'after']).where('tenant_id', '=', a.id).where('resource', '=', 'lottery').where('resource_id', '=', String(created.id)).orderBy('id').execute();
    expect(logs.map((l) => l.action)).toEqual(['create', 'update', 'update']);
    expect(logs[0].after).toMatchObject({ id: created.id, name: 'Spring draw 2' });
    expect(logs.every((l) => !('draft' in ((l.after ?? {}) as object)))).toBe(true);
  });

  it('generates system serials (exchange 3) and keeps a prize\'s remaining amount at or above zero', async () => {
    const saved = await ok<{ draftId: number }>(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, body({ exchangeType: 3, exchangeForm: [], from: inDays(1) }), 201);
    const created = await ok<{ id: number; prizeInfo: { id: number; serialCount: number; type: number }[] }>(h, app, 'POST', 'marketing/lottery-activity', a.token, { draftId: saved.draftId }, 201);
    expect(created.prizeInfo.map((p) => p.serialCount)).toEqual([5, 50, 0]);
    const serials = await h.db.selectFrom('lottery_prize_serials').select('serial').where('prize_id', '=', created.prizeInfo[0].id).execute();
    expect(new Set(serials.map((s) => s.serial)).size).toBe(5);
    // The database refuses a remaining amount below zero.
    await expect(h.db.updateTable('lottery_prizes').set({ remaining: -1 }).where('id', '=', created.prizeInfo[0].id).execute()).rejects.toThrow();
  });

  // Concurrency needs real connections: PostgreSQL only (PGlite has one connection).
  it.skipIf(h.backend !== 'postgres')('never takes a prize below zero nor a serial twice under concurrent draws', async () => {
    const saved = await ok<{ draftId: number }>(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, body({ exchangeType: 3, exchangeForm: [], name: 'Race' }), 201);
    const created = await ok<{ id: number; prizeInfo: { id: number; remaining: number }[] }>(h, app, 'POST', 'marketing/lottery-activity', a.token, { draftId: saved.draftId }, 201);
    const prizeId = created.prizeInfo[0].id;
    expect(created.prizeInfo[0].remaining).toBe(5);
    const draws = await Promise.all(Array.from({ length: 20 }, () => h.db.transaction().execute(async (trx) => {
      if (!(await takePrize(trx, prizeId))) return null;
      const record = await trx.insertInto('lottery_records').values({ tenant_id: a.id, lottery_id: created.id, prize_id: prizeId }).returning('id').executeTakeFirstOrThrow();
      return takeSerial(trx, prizeId, Number(record.id));
    })));
    const won = draws.filter((d): d is string => d !== null);
    expect(won).toHaveLength(5);
    expect(new Set(won).size).toBe(5);
    const prize = await h.db.selectFrom('lottery_prizes').select('remaining').where('id', '=', prizeId).executeTakeFirstOrThrow();
    expect(prize.remaining).toBe(0);
  });

  it('keeps what draws took: an amount not below the pieces given, a drawn prize not removed', async () => {
    const saved = await ok<{ draftId: number }>(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, body({ name: 'Given' }), 201);
    const created = await ok<{ id: number; prizeInfo: { id: number }[] }>(h, app, 'POST', 'marketing/lottery-activity', a.token, { draftId: saved.draftId }, 201);
    const ids = created.prizeInfo.map((p) => p.id);
    for (let i = 0; i < 2; i++) {
      await h.db.transaction().execute(async (trx) => {
        expect(await takePrize(trx, ids[0])).toBe(true);
        await trx.insertInto('lottery_records').values({ tenant_id: a.id, lottery_id: created.id, prize_id: ids[0], code: `G${i}` }).execute();
      });
    }
    const prizes = (over: Record<string, unknown>[]) => body().prizeInfo.map((p, i) => ({ ...p, id: ids[i], ...over[i] }));
    const few = expectFailure(await call(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, body({ id: created.id, prizeInfo: prizes([{ amount: 1 }, {}, {}]) })), 400, 1);
    expect(few.data['prizeInfo.0.amount']).toEqual({ key: 'min_value', params: { min: 2 } });
    const without = prizes([{}, {}, {}]).slice(1).map((p, i) => (i === 1 ? { ...p, probability: 80 } : p));
    expect(expectFailure(await call(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, body({ id: created.id, prizeInfo: without })), 400, 3).data.prizeInfo.key).toBe('prizeHasRecords');
    // Two more pieces: 2 given, 2 remaining of 4.
    await ok(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, body({ id: created.id, prizeInfo: prizes([{ amount: 4, probability: 10.5 }, {}, {}]) }), 201);
    const after = await ok<{ prizeInfo: { amount: number; remaining: number }[] }>(h, app, 'PUT', 'marketing/lottery-activity', a.token, { id: created.id });
    expect([after.prizeInfo[0].amount, after.prizeInfo[0].remaining]).toEqual([4, 2]);
  });

  it('imports serial CSVs (6706, 6707, 6708, 6709) and releases imported serials (exchange 4)', async () => {
    const upload = async (name: string, text: string | null, type = 'text/csv') => {
      const form = new FormData();
      if (text !== null) form.append('file', new Blob([text], { type }), name);
      else form.append('note', 'x');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return app.inject({ method: 'POST', url: '/v1/marketing/lottery-activity/serial-number', payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${a.token}` } });
    };
    expectFailure(await upload('serials.txt', 'AB\nCD', 'text/plain'), 400, 6706);
    expectFailure(await upload('x', null), 400, 6707);
    expectFailure(await upload('serials.csv', 'serial\n\n'), 400, 6707);
    expect(expectFailure(await upload('serials.csv', 'AB\nC\nDE'), 400, 6708).data.lines).toEqual([2]);
    expect(expectFailure(await upload('serials.csv', 'AB\nCD\nAB'), 400, 6709).data.serials).toEqual(['AB']);
    // A broken quote: not CSV (6706), the file's field and the line where reading stopped.
    expect(expectFailure(await upload('serials.csv', 'AB11\nCD22\nE"F"33\n'), 400, 6706).data).toEqual({ file: { key: 'invalid' }, line: 3 });
    const good = (await upload('serials.csv', '\uFEFFserial\r\nAA11\r\nBB22\r\n"CC,33"\r\n')).json() as { id: number; amount: number };
    expect(good.amount).toBe(3);
    const good2 = (await upload('serials.csv', 'ZZ1\nZZ2')).json() as { id: number; amount: number };

    const prizes = [
      { name: 'Voucher', picture: winPic, probability: 30, type: 1, serialImportId: good.id },
      { name: 'Voucher 2', picture: winPic, probability: 30, type: 1 },
      { name: 'Thanks', picture: losePic, probability: 40, type: 0 },
    ];
    expectFailure(await draft(a.token, { exchangeType: 4, exchangeForm: [], prizeInfo: prizes }), 400, 6707);
    prizes[1].serialImportId = good2.id;
    const saved = await ok<{ draftId: number }>(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, body({ exchangeType: 4, exchangeForm: [], prizeInfo: prizes }), 201);
    const created = await ok<{ prizeInfo: { id: number; amount: number; remaining: number; serialCount: number }[] }>(h, app, 'POST', 'marketing/lottery-activity', a.token, { draftId: saved.draftId }, 201);
    expect(created.prizeInfo.map((p) => [p.amount, p.remaining, p.serialCount])).toEqual([[3, 3, 3], [2, 2, 2], [0, 0, 0]]);
    const stored = await h.db.selectFrom('lottery_prize_serials').select(['serial', 'imported']).where('prize_id', '=', created.prizeInfo[0].id).orderBy('serial').execute();
    expect(stored).toEqual([{ serial: 'AA11', imported: true }, { serial: 'BB22', imported: true }, { serial: 'CC,33', imported: true }]);
    // Another tenant's import is not usable.
    const bTemplate = (await h.db.insertInto('game_templates').values({ tenant_id: b.id, name: 'B wheel', game_type: 2, core: json({}) }).returning('id').executeTakeFirstOrThrow()).id;
    const bPic = await uploaded(app, b.token, 220, 220);
    const bProduct = (await brandProduct(h, b.id)).id;
    const res = await draft(b.token, { templateId: bTemplate, qualificationProduct: [bProduct], exchangeType: 4, exchangeForm: [], prizeInfo: [{ name: 'V', picture: bPic, probability: 100, type: 1, serialImportId: good.id }] });
    expectFailure(res, 400, 1);
  });

  describe('result exports', () => {
    let worker: Awaited<ReturnType<typeof jobWorker>>;
    beforeAll(async () => { worker = await jobWorker(h); });
    afterAll(() => worker.stop());

    it('exports winners (job 11) and activity records (job 10) in the asked language from lottery_records', async () => {
      const saved = await ok<{ draftId: number }>(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, body({ name: 'Export draw' }), 201);
      const created = await ok<{ id: number; prizeInfo: { id: number }[] }>(h, app, 'POST', 'marketing/lottery-activity', a.token, { draftId: saved.draftId }, 201);
      await h.db.insertInto('lottery_records').values([
        { tenant_id: a.id, lottery_id: created.id, code: 'CODE0001', prize_id: created.prizeInfo[0].id, answers: json({ Address: 'Taipei 101', Size: 'M' }) },
        { tenant_id: a.id, lottery_id: created.id, code: 'CODE0002', prize_id: created.prizeInfo[2].id },
        { tenant_id: a.id, lottery_id: created.id, code: 'CODE0003', prize_id: null },
      ]).execute();
      const winners = await ok<{ id: number }>(h, app, 'POST', 'marketing/lottery-activity/report', a.token, { activityId: created.id, timezoneId: 103, type: 1, showInfo: true, language: 'en' }, 201);
      const w = await exportedFile(h, worker.store, winners.id);
      expect(w.lines).toHaveLength(2);
      expect(w.lines[0]).toContain('Prize');
      expect(w.lines[0]).toContain('Address');
      expect(w.lines[1]).toContain('CODE0001');
      expect(w.lines[1]).toContain('Taipei 101');
      const records = await ok<{ id: number }>(h, app, 'POST', 'Report/Activity/file', a.token, { activityIds: [created.id], timezoneId: 103, type: 2, language: 'zh_TW' }, 201);
      const r = await exportedFile(h, worker.store, records.id);
      expect(r.lines).toHaveLength(4);
      expect(r.lines[0]).toContain('獎項');
      const job = await h.db.selectFrom('jobs').select('category').where('id', '=', records.id).executeTakeFirstOrThrow();
      expect(job.category).toBe(10);
      expectFailure(await call(h, app, 'POST', 'marketing/lottery-activity/report', b.token, { activityId: created.id, timezoneId: 103, type: 1 }), 404, 6705);
      expectFailure(await call(h, app, 'POST', 'marketing/lottery-activity/report', a.token, { activityId: created.id, timezoneId: 103, type: 1, language: 'fr' }), 400, 8002);
    });

    it('names the products of the caller\'s tenant and brands (SMYproductName) and filters the result by the scanned code\'s product', async () => {
      const other = await brandProduct(h, a.id);
      const bOnly = await brandProduct(h, b.id);
      const names = await ok<{ id: number; name: string }[]>(h, app, 'GET', 'Report/SMYproductName?lang=en', a.token);
      expect(names.map((p) => p.id)).toEqual(expect.arrayContaining([productId, other.id]));
      expect(names.find((p) => p.id === other.id)).toEqual({ id: other.id, name: other.name });
      expect(names.map((p) => p.id)).not.toContain(bOnly.id);
      // A role limited to one brand: the other brand's product is not named, nor usable as a filter.
      const limited = await h.signedInUser({ tenant: a.code, functions: FUNCTIONS, brands: [other.brandId] });
      expect((await ok<{ id: number }[]>(h, app, 'GET', 'Report/SMYproductName', limited.token)).map((p) => p.id)).toEqual([other.id]);

      const saved = await ok<{ draftId: number }>(h, app, 'POST', 'marketing/lottery-activity/draft', a.token, body({ name: 'Product filter draw' }), 201);
      const created = await ok<{ id: number; prizeInfo: { id: number }[] }>(h, app, 'POST', 'marketing/lottery-activity', a.token, { draftId: saved.draftId }, 201);
      const [mine] = await generatedCodes(h, a.id, 1, productId);
      const [theirs] = await generatedCodes(h, a.id, 1, other.id);
      await h.db.insertInto('lottery_records').values([
        { tenant_id: a.id, lottery_id: created.id, code: mine, prize_id: created.prizeInfo[0].id },
        { tenant_id: a.id, lottery_id: created.id, code: theirs, prize_id: created.prizeInfo[0].id },
      ]).execute();
      const job = await ok<{ id: number }>(h, app, 'POST', 'Report/Activity/file', a.token, { activityId: created.id, timezoneId: 103, type: 2, language: 'en', productId }, 201);
      const file = await exportedFile(h, worker.store, job.id);
      expect(file.lines).toHaveLength(2);
      expect(file.lines[1]).toContain(mine);
      expectFailure(await call(h, app, 'POST', 'Report/Activity/file', a.token, { activityId: created.id, timezoneId: 103, type: 2, productId: bOnly.id }), 400, 1);
      expectFailure(await call(h, app, 'POST', 'Report/Activity/file', limited.token, { activityId: created.id, timezoneId: 103, type: 2, productId }), 400, 1);
      expectFailure(await call(h, app, 'GET', 'Report/SMYproductName?lang=abcdefghijklmnop', a.token), 400, 1);
    });
  });
});

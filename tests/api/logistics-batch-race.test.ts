/**
 * The app's batches under races (issue 27: a batch is now two statements, its claim in the
 * first, services/appBinding.ts, appSheet.ts): two posts of one batch at once count
 * once; a code another batch bound after this one read it is refused, not taken over; and the
 * code a state row carries (migration 0033) is filled for states written before it.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ScanRefusal } from '../../src/domain/logistics';
import * as m0033 from '../../server/db/migrations/0033_code_logistics_code';
import { waitFor } from '../support/processes';
import { describeApi, expectFailure } from './harness';
import { appUser, codesFor, logisticsClient, releaseEverything, scanPlace } from './logisticsSetup';
import { jobWorker, ok } from './productSetup';

describeApi('The app\'s batches under races', (h) => {
  releaseEverything(h);
  let jobs: Awaited<ReturnType<typeof jobWorker>>;
  beforeAll(async () => { jobs = await jobWorker(h); });
  afterAll(async () => { await jobs?.stop(); });

  async function setup(codeCount: number) {
    const client = await logisticsClient(h);
    const { token } = client;
    const { factory, line, shift, warehouse } = await scanPlace(h, token);
    const ratio = await ok<{ id: number }>(h, 'POST', 'Binding/package', token, { name: 'Bottle-box', level: 2, unit1: 1, unit2: 7, quantity2: 10 });
    const app = await appUser(h, client.tenant.code);
    expect(app.res.statusCode, app.res.body).toBe(200);
    const codes = await codesFor(h, client.tenant.id, codeCount);
    const post = (url: string, body: object) => h.call('POST', url, { token: app.token, body });
    const counts = async () => (await sql<{ logs: number; states: number; batches: number; sheets: number; moves: number }>`select
      (select count(*) from scan_logs where tenant_id = ${client.tenant.id})::integer as logs,
      (select count(*) from code_logistics where tenant_id = ${client.tenant.id})::integer as states,
      (select count(*) from scan_batches where tenant_id = ${client.tenant.id})::integer as batches,
      (select count(*) from logistic_sheets where tenant_id = ${client.tenant.id})::integer as sheets,
      (select count(*) from logistic_movements where tenant_id = ${client.tenant.id})::integer as moves`.execute(h.db)).rows[0];
    return { ...client, binding: { factoryId: factory.id, lineId: line.id, shiftId: shift.id, ratioId: ratio.id }, warehouse, codes, post, counts };
  }

  it('counts a batch posted twice at the same time once, both posts answered alike', async () => {
    const s = await setup(22);
    const bindBody = { batchId: 'twice-bind', ...s.binding, items: [0, 1].map((b) => ({ code: s.codes[b], children: s.codes.slice(2 + b * 10, 12 + b * 10).map((code) => ({ code })) })) };
    const [a, b] = await Promise.all([s.post('App/binding', bindBody), s.post('App/binding', bindBody)]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    expect(await s.counts()).toEqual({ logs: 22, states: 22, batches: 1, sheets: 0, moves: 0 });

    const stockBody = { batchId: 'twice-stock', sheetType: 1, warehouseId: s.warehouse.id, codes: [s.codes[0], s.codes[1]] };
    const [c, d] = await Promise.all([s.post('App/stock', stockBody), s.post('App/stock', stockBody)]);
    expect([c.statusCode, d.statusCode], `${c.body} ${d.body}`).toEqual([201, 201]);
    expect(d.json()).toEqual(c.json());
    expect(c.json()).toMatchObject({ scanned: 2, moved: 22 });
    expect(await s.counts()).toEqual({ logs: 24, states: 22, batches: 2, sheets: 1, moves: 22 });
    // The sheet's id in the answer is the sheet's.
    const sheet = await h.db.selectFrom('logistic_sheets').select(['id', 'code_count']).where('tenant_id', '=', s.tenant.id).executeTakeFirstOrThrow();
    expect(sheet).toEqual({ id: (c.json() as { sheetId: number }).sheetId, code_count: 22 });
  });

  it.runIf(h.backend === 'postgres')('refuses a code another batch bound after this one read it, and keeps that binding', async () => {
    const s = await setup(11);
    const [box, ...bottles] = s.codes;
    const { package_id: pkg, seq } = await h.db.selectFrom('codes').select(['package_id', 'seq']).where('code', '=', bottles[3]).executeTakeFirstOrThrow();
    // Another transaction binds bottles[3] and holds its commit: the batch reads no state for
    // it (an uncommitted row is not seen), then waits on the row when it writes.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => { commit = resolve; });
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => { inserted = resolve; });
    const other = h.db.transaction().execute(async (trx) => {
      await sql`insert into code_logistics (package_id, seq, code, tenant_id, level, bound_at) values (${pkg}, ${seq}, ${bottles[3]}, ${s.tenant.id}, 1, now())`.execute(trx);
      inserted();
      await held;
    });
    await insertedNow;
    const posted = s.post('App/binding', { batchId: 'late-bind', ...s.binding, items: [{ code: box, children: bottles.map((code) => ({ code })) }] });
    // The batch has read (no state seen) and now waits on that row in its write: else the test
    // would only show the read's refusal.
    const waiting = async () => (await sql<{ n: number }>`select count(*)::integer as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query like '%insert into code_logistics%'`.execute(h.db)).rows[0].n > 0;
    await waitFor('the batch to wait on the uncommitted row', waiting, 10_000);
    commit();
    await other;
    const res = await posted;
    expect(expectFailure(res, 400, 3).data).toEqual({ code: bottles[3], key: ScanRefusal.AlreadyBound });
    // Nothing of the refused batch; the other binding as it was; the refusal logged.
    expect(await s.counts()).toMatchObject({ logs: 0, states: 1, batches: 0 });
    const state = await h.db.selectFrom('code_logistics').select(['factory_id', 'parent_package_id']).where('package_id', '=', pkg).where('seq', '=', seq).executeTakeFirstOrThrow();
    expect(state).toEqual({ factory_id: null, parent_package_id: null });
    const logged = await h.db.selectFrom('exception_logs').select(['code', 'reason']).where('batch_id', '=', 'late-bind').execute();
    expect(logged).toEqual([{ code: bottles[3], reason: ScanRefusal.AlreadyBound }]);
  });

  it('fills the code of the states written before migration 0033', async () => {
    const s = await setup(12);
    const bound = await s.post('App/binding', { batchId: 'before-0033', ...s.binding, items: [{ code: s.codes[0], children: s.codes.slice(1, 11).map((code) => ({ code })) }] });
    expect(bound.statusCode, bound.body).toBe(201);
    await h.db.transaction().execute(async (trx) => {
      await m0033.down(trx as unknown as Kysely<unknown>);
      await m0033.up(trx as unknown as Kysely<unknown>);
    });
    const states = await sql<{ code: string; actual: string }>`select cl.code, c.code as actual from code_logistics cl
      join codes c on c.package_id = cl.package_id and c.seq = cl.seq where cl.tenant_id = ${s.tenant.id} order by cl.seq`.execute(h.db);
    expect(states.rows.map((r) => r.code)).toEqual(s.codes.slice(0, 11));
    expect(states.rows.every((r) => r.code === r.actual)).toBe(true);
    // The sheet reads the contents' codes from them.
    const stocked = await s.post('App/stock', { batchId: 'after-0033', sheetType: 1, warehouseId: s.warehouse.id, codes: [s.codes[0]] });
    expect(stocked.statusCode, stocked.body).toBe(201);
    const moved = await h.db.selectFrom('logistic_movements').select('code').where('tenant_id', '=', s.tenant.id).orderBy('code').execute();
    expect(moved.map((m) => m.code)).toEqual([...s.codes.slice(0, 11)].sort());
  });
});

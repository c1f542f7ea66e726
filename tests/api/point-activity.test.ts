/**
 * Point activities (issue 15, menu 50): GET, POST member/point-activity, GET .../{id}, the option
 * lists, every catalogue code (7401-7406), tenant isolation, the change log, and the earning on
 * the consumer page's scan (once per code per activity, enterLimitHours, the ledger row with
 * its expiry, two scans of one code at once giving one credit).
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { addDays, dateIn, type PointActivityEarning } from '../../src/domain/activity/pointActivity';
import { PointActivityStatus, PointChangeLogType } from '../../src/domain/enums';
import type { MemberScanResult } from '../../src/domain/member/public';
import { json } from '../../server/db/schema';
import { describeApi, expectFailure } from './harness';
import { brandProduct, call, generatedCodes, ok, type Client } from './marketingSetup';
import { joined, mapi, memberClient, SETTINGS } from './memberSetup';

const FUNCTIONS = [7, 38, 48, 50];
type Activity = Record<string, any> & { id: number; status: number };
type Scan = MemberScanResult & { activities: PointActivityEarning[] };

describeApi('Point activities', (h) => {
  let app: FastifyInstance;
  let a: Client;
  let b: Client;
  let tea: { id: number; name: string };
  let coffee: { id: number; name: string };
  const today = dateIn(new Date(), 103);

  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Spring points', enable: true, enterLimitHours: 0, timezoneId: 103, from: addDays(today, -1), to: addDays(today, 1),
    expiryType: 1, expiryDate: addDays(today, 180), icon: 1, qualificationType: 1, qualificationProducts: [tea.id],
    rewardRules: [{ type: 2, value: 7, probability: 100 }], ...over,
  });
  const post = (token: string, b2: unknown) => call(h, app, 'POST', 'member/point-activity', token, b2);

  beforeAll(async () => {
    app = h.app;
    a = await memberClient(h, { functions: FUNCTIONS });
    b = await memberClient(h, { functions: FUNCTIONS });
    tea = await brandProduct(h, a.id, 'Tea');
    coffee = await brandProduct(h, a.id, 'Coffee');
    await ok(h, app, 'POST', 'member', a.token, { ...SETTINGS, rewardRules: [] }, 201);
  });

  it('creates (201) with the defaults, reads it back, lists it with its status and products, edits it by POST with its id (200), logs both', async () => {
    const created = await ok<Activity>(h, app, 'POST', 'member/point-activity', a.token, body({ name: 'Created one', qualificationProducts: [coffee.id], from: addDays(today, 30), to: addDays(today, 40) }), 201);
    expect(created).toMatchObject({ name: 'Created one', enable: true, status: PointActivityStatus.Published, from: addDays(today, 30), to: addDays(today, 40), expiryDate: addDays(today, 180), products: ['Coffee'], icon: 1 });
    const one = await ok<Activity>(h, app, 'GET', `member/point-activity/${created.id}`, a.token);
    expect(one).toEqual(created);
    const edited = await ok<Activity>(h, app, 'POST', 'member/point-activity', a.token, { ...body({ qualificationProducts: [coffee.id], from: addDays(today, 30), to: addDays(today, 40) }), id: created.id, name: 'Edited', enable: false, expiryType: 2, expiryDays: 30 }, 200);
    expect(edited).toMatchObject({ id: created.id, name: 'Edited', status: PointActivityStatus.Disabled, expiryType: 2, expiryDays: 30, expiryDate: null });
    const page = await ok<{ items: Activity[]; total: number }>(h, app, 'GET', 'member/point-activity?keyword=edit', a.token);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: created.id, status: 4, products: ['Coffee'] });
    const log = await h.db.selectFrom('change_logs').select('action').where('resource', '=', 'pointActivity').where('resource_id', '=', String(created.id) as never).orderBy('id').execute();
    expect(log.map((l) => l.action)).toEqual(['create', 'update']);
  });

  it('answers 7402 for more than 10 rules, 7403 for probabilities over 100%, 7404 / 7405 for a missing expiry, 7406 without product or package', async () => {
    const rule = { type: 2, value: 1, probability: 5 };
    expectFailure(await post(a.token, body({ rewardRules: Array.from({ length: 11 }, () => rule) })), 400, 7402);
    const over = expectFailure(await post(a.token, body({ rewardRules: [{ type: 2, value: 5, probability: 60 }, { type: 1, value: 10, probability: 40.01 }] })), 400, 7403);
    expect(over.data.rewardRules.key).toBe('probabilityOver100');
    expectFailure(await post(a.token, body({ expiryType: 1, expiryDate: undefined })), 400, 7404);
    expectFailure(await post(a.token, body({ expiryType: 2, expiryDate: undefined })), 400, 7405);
    expectFailure(await post(a.token, body({ qualificationProducts: [] })), 400, 7406);
    expectFailure(await post(a.token, body({ qualificationType: 2, qualificationProducts: undefined })), 400, 7406);
    expectFailure(await post(a.token, body({ qualificationType: 2, qualificationOrders: [{ productId: tea.id, packageIds: [] }] })), 400, 7406);
    // Other shapes stay code 1 on their field: a constant that is not whole, a percentage over 100, the end before the start.
    const bad = expectFailure(await post(a.token, body({ rewardRules: [{ type: 2, value: 1.5, probability: 10 }, { type: 1, value: 120, probability: 10 }], to: addDays(today, -3) })), 400, 1);
    expect(Object.keys(bad.data).sort()).toEqual(['rewardRules.0.value', 'rewardRules.1.value', 'to']);
    expect(await h.db.selectFrom('point_activities').select('id').where('tenant_id', '=', a.id).where('name', '=', 'Spring points').execute()).toEqual([]);
  });

  it('answers 7401 for an enabled activity overlapping in period and sharing a qualifying id; not when disabled, apart in time or on other ids', async () => {
    const first = await ok<Activity>(h, app, 'POST', 'member/point-activity', a.token, body({ name: 'Overlap A', from: addDays(today, 100), to: addDays(today, 110) }), 201);
    const clash = expectFailure(await post(a.token, body({ name: 'Overlap B', from: addDays(today, 110), to: addDays(today, 120), qualificationProducts: [coffee.id, tea.id] })), 400, 7401);
    expect(clash.data.activityId).toBe(first.id);
    await ok(h, app, 'POST', 'member/point-activity', a.token, body({ name: 'Overlap C', enable: false, from: addDays(today, 100), to: addDays(today, 110) }), 201);
    await ok(h, app, 'POST', 'member/point-activity', a.token, body({ name: 'Overlap D', from: addDays(today, 111), to: addDays(today, 120) }), 201);
    await ok(h, app, 'POST', 'member/point-activity', a.token, body({ name: 'Overlap E', from: addDays(today, 100), to: addDays(today, 110), qualificationProducts: [coffee.id] }), 201);
    // Editing the first one itself is no clash; another tenant's activities never are.
    await ok(h, app, 'POST', 'member/point-activity', a.token, { ...body({ name: 'Overlap A2', from: addDays(today, 100), to: addDays(today, 110) }), id: first.id }, 200);
  });

  it('keeps tenants apart: another tenant\'s id is 404, its products are code 1, no Member function is 403; options list the tenant\'s own', async () => {
    const mine = await ok<Activity>(h, app, 'POST', 'member/point-activity', a.token, body({ name: 'Mine', from: addDays(today, 200), to: addDays(today, 201) }), 201);
    expectFailure(await call(h, app, 'GET', `member/point-activity/${mine.id}`, b.token), 404, 2);
    expectFailure(await post(b.token, { ...body({ from: addDays(today, 200), to: addDays(today, 201) }), id: mine.id }), 404, 2);
    const foreign = expectFailure(await post(b.token, body({ from: addDays(today, 200), to: addDays(today, 201) })), 400, 1);
    expect(foreign.data['qualificationProducts.0'].key).toBe('invalid');
    const page = await ok<{ items: Activity[]; total: number }>(h, app, 'GET', 'member/point-activity', b.token);
    expect(page.total).toBe(0);
    const noMember = await memberClient(h, { functionFlags: 2, functions: [48, 49] });
    expectFailure(await call(h, app, 'GET', 'member/point-activity', noMember.token), 403, 3);
    const products = await ok<{ value: number; label: string }[]>(h, app, 'GET', 'member/point-activity/product', a.token);
    expect(products.map((p) => p.value).sort()).toEqual([tea.id, coffee.id].sort());
    await generatedCodes(h, a.id, 2, tea.id);
    const packages = await ok<{ value: number }[]>(h, app, 'GET', 'member/point-activity/binding-info?type=2', a.token);
    expect(packages.length).toBeGreaterThan(0);
    expect(await ok<unknown[]>(h, app, 'GET', 'member/point-activity/binding-info?type=2', b.token)).toEqual([]);
  });

  it('a member scanning a qualifying code of a running activity earns by the rules once per code; the ledger row expires by the activity', async () => {
    const c = await memberClient(h, { functions: FUNCTIONS });
    const bp = await brandProduct(h, c.id, 'Juice');
    await h.db.insertInto('marketing_brand_products').values({ tenant_id: c.id, brand_product_id: bp.id, enable: true, currency: 'TWD', price: 250, names: json({ en: 'Juice' }), first_page: 1, qualification: 1 }).execute();
    await ok(h, app, 'POST', 'member', c.token, { ...SETTINGS, rewardRules: [] }, 201);
    const pct = await ok<Activity>(h, app, 'POST', 'member/point-activity', c.token, body({ name: 'Ten percent', qualificationProducts: [bp.id], icon: 2, rewardRules: [{ type: 1, value: 10, probability: 100 }] }), 201);
    expect(pct.status).toBe(PointActivityStatus.Ongoing);
    // Not running: later, or disabled.
    await ok(h, app, 'POST', 'member/point-activity', c.token, body({ name: 'Later', from: addDays(today, 5), to: addDays(today, 6), qualificationProducts: [bp.id] }), 201);
    const codes = await generatedCodes(h, c.id, 3, bp.id);
    const [codeX] = codes;
    const pkg = await h.db.selectFrom('codes').select('package_id').where('code', '=', codeX).executeTakeFirstOrThrow();
    const byPackage = await ok<Activity>(h, app, 'POST', 'member/point-activity', c.token, body({ name: 'By package', qualificationType: 2, qualificationProducts: undefined, qualificationOrders: [{ productId: bp.id, packageIds: [pkg.package_id] }], expiryType: 2, expiryDate: undefined, expiryDays: 10, rewardRules: [{ type: 2, value: 3, probability: 50 }, { type: 2, value: 4, probability: 50 }] }), 201);

    const m1 = await joined(app, c.code);
    const res = await mapi(app, 'POST', `${c.code}/scan`, { code: codeX }, m1.token);
    expect(res.statusCode, res.body).toBe(201);
    const scan = res.json() as Scan;
    expect(scan.points).toBe(0);
    const got = Object.fromEntries(scan.activities.map((x) => [x.name, x]));
    expect(Object.keys(got).sort()).toEqual(['By package', 'Ten percent']);
    expect(got['Ten percent']).toMatchObject({ activityId: pct.id, icon: 2, points: 25, nextAt: null });
    expect([3, 4]).toContain(got['By package'].points);
    // Issue 26: drawn but not credited until the shopper opens the box.
    expect(scan.balance).toBe(0);
    const me = async (token: string) => (await mapi(app, 'GET', `${c.code}/me`, undefined, token)).json() as { balance: number; history: unknown[]; boxes: { activityId: number; code: string; points: number; expiresAt: string }[] };
    const closed = await me(m1.token);
    expect([closed.balance, closed.history]).toEqual([0, []]);
    expect(closed.boxes.map((b) => [b.activityId, b.code, b.points]).sort()).toEqual([[pct.id, codeX, 25], [byPackage.id, codeX, got['By package'].points]].sort());
    const open = (id: number, token?: string, code = codeX) => mapi(app, 'POST', `${c.code}/point-activity/${id}/open`, { code }, token);
    expectFailure(await open(pct.id), 401, 3);
    const opened = await open(pct.id, m1.token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ activityId: pct.id, code: codeX, points: 25, balance: 25, expiresAt: got['Ten percent'].expiresAt });
    expect((await open(pct.id, m1.token)).json()).toMatchObject({ balance: 25 });
    expect((await me(m1.token)).history).toHaveLength(1);
    expect((await open(byPackage.id, m1.token)).json()).toMatchObject({ balance: 25 + got['By package'].points });
    expect((await me(m1.token)).boxes).toEqual([]);
    expectFailure(await open(pct.id, m1.token, codes[1]), 404, 213);
    const rows = await h.db.selectFrom('member_points').selectAll().where('code', '=', codeX).orderBy('point_activity_id').execute();
    expect(rows.map((r) => [r.point_activity_id, r.type])).toEqual([[pct.id, PointChangeLogType.ScanCode], [byPackage.id, PointChangeLogType.ScanCode]].sort((x, y) => x[0] - y[0]));
    const pctRow = rows.find((r) => r.point_activity_id === pct.id)!;
    // Date expiry: the end of the expiry date in the activity's zone (103, UTC+8).
    expect(new Date(pctRow.expires_at!).toISOString()).toBe(new Date(`${addDays(today, 181)}T00:00:00+08:00`).toISOString());
    const pkgRow = rows.find((r) => r.point_activity_id === byPackage.id)!;
    expect(new Date(pkgRow.expires_at!).toISOString()).toBe(new Date(`${addDays(today, 11)}T00:00:00+08:00`).toISOString());

    // The same code again, by anyone: nothing more (8103).
    expectFailure(await mapi(app, 'POST', `${c.code}/scan`, { code: codeX }, m1.token), 400, 8103);
    const m2 = await joined(app, c.code);
    expectFailure(await mapi(app, 'POST', `${c.code}/scan`, { code: codeX }, m2.token), 400, 8103);
    expectFailure(await open(pct.id, m2.token), 404, 213);
    // Another tenant's member never reaches these activities.
    expect(Number((await h.db.selectFrom('member_points').select((eb) => eb.fn.countAll().as('n')).where('code', '=', codeX).executeTakeFirstOrThrow()).n)).toBe(2);
  });

  it('respects enterLimitHours: a second code within the limit draws nothing and says when; the code stays unused for the activity', async () => {
    const c = await memberClient(h, { functions: FUNCTIONS });
    const bp = await brandProduct(h, c.id, 'Water');
    await ok(h, app, 'POST', 'member', c.token, { ...SETTINGS, rewardRules: [{ name: 'Any scan', earnType: 1, points: 1, memoType: 2 }] }, 201);
    const act = await ok<Activity>(h, app, 'POST', 'member/point-activity', c.token, body({ name: 'Daily', enterLimitHours: 24, qualificationProducts: [bp.id] }), 201);
    const [c1, c2] = await generatedCodes(h, c.id, 2, bp.id);
    const m = await joined(app, c.code);
    const first = (await mapi(app, 'POST', `${c.code}/scan`, { code: c1 }, m.token)).json() as Scan;
    expect(first.activities).toMatchObject([{ activityId: act.id, points: 7, nextAt: null }]);
    const res = await mapi(app, 'POST', `${c.code}/scan`, { code: c2 }, m.token);
    expect(res.statusCode, res.body).toBe(201);
    const second = res.json() as Scan;
    expect(second.points).toBe(1);
    expect(second.activities).toHaveLength(1);
    expect(second.activities[0].points).toBe(0);
    expect(Date.parse(second.activities[0].nextAt!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(await h.db.selectFrom('member_points').select('id').where('point_activity_id', '=', act.id).where('code', '=', c2).execute()).toEqual([]);
    // Another member may scan it for the activity.
    const other = await joined(app, c.code);
    const third = await mapi(app, 'POST', `${c.code}/scan`, { code: c2 }, other.token);
    expect(third.statusCode, third.body).toBe(201);
    expect((third.json() as Scan).activities).toMatchObject([{ activityId: act.id, points: 7 }]);
  });

  it('two members scanning one code at the same moment: one credit', async () => {
    const c = await memberClient(h, { functions: FUNCTIONS });
    const bp = await brandProduct(h, c.id, 'Soda');
    await ok(h, app, 'POST', 'member', c.token, { ...SETTINGS, rewardRules: [] }, 201);
    const act = await ok<Activity>(h, app, 'POST', 'member/point-activity', c.token, body({ name: 'Race', qualificationProducts: [bp.id] }), 201);
    const [code] = await generatedCodes(h, c.id, 1, bp.id);
    const [m1, m2] = [await joined(app, c.code), await joined(app, c.code)];
    const answers = await Promise.all([m1, m2].map((m) => mapi(app, 'POST', `${c.code}/scan`, { code }, m.token)));
    // One answer holds the draw (201); the other finds the code used (8103).
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses, answers.map((r) => r.body).join(' | ')).toEqual([201, 400]);
    const rows = await h.db.selectFrom('member_points').select(['member_id', 'points']).where('point_activity_id', '=', act.id).where('code', '=', code).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].points).toBe(7);
  });
});

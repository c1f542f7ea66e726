/**
 * POST member/order/batch (CSV status import, all or nothing) and concurrent redemptions
 * (never the same points or stock twice). The 10,000-row file and the concurrency run once
 * (PostgreSQL when it is there).
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemberOrderStatus } from '../../src/domain/enums';
import { json } from '../../server/db/schema';
import { BACKENDS, describeApi, expectFailure } from './harness';
import { RECIPIENT, balanceOf, importCsv, member, memberClient, pointProduct, redeem, type MemberClient } from './memberOrderSetup';

const statusesOf = async (h: { db: any }, ids: number[]) =>
  (await h.db.selectFrom('member_orders').select(['id', 'status']).where('id', 'in', ids).orderBy('id').execute()).map((r: { status: number }) => r.status);

describeApi('Member order CSV import', (h) => {
  let app: FastifyInstance;
  let a: MemberClient;
  let orders: { id: number; orderNo: string; memberId: number }[];
  beforeAll(async () => {
    app = h.app;
    a = await memberClient(h);
    const pp = await pointProduct(h, a.id, a.productId, { points: 10, stock: 100 });
    orders = [];
    for (let i = 0; i < 4; i++) {
      const m = await member(h, a.id, 50);
      const res = await redeem(app, a.code, m.token, { items: [{ pointProductId: pp, quantity: 1 }], points: 10, recipient: RECIPIENT });
      expect(res.statusCode, res.body).toBe(201);
      orders.push({ ...(res.json() as { id: number; orderNo: string }), memberId: m.id });
    }
  });

  it('applies a good file (numbers, names, labels, a zone column) and refunds a cancel', async () => {
    const csv = `\uFEFF訂單編號,狀態,時區\r\n${orders[0].orderNo},備貨中,Asia/Taipei\r\n${orders[1].orderNo},2,\r\n"${orders[2].orderNo}",Canceled,103\r\n`;
    const res = await importCsv(app, a.token, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 3, changed: 3, canceled: 1 });
    expect(await statusesOf(h, orders.map((o) => o.id))).toEqual([2, 2, 4, 1]);
    expect(await balanceOf(h, orders[2].memberId)).toBe(50);
    const logs = await h.db.selectFrom('change_logs').select('resource_id').where('resource', '=', 'member-order').where('tenant_id', '=', a.id).execute();
    expect(logs.map((l) => l.resource_id).sort()).toEqual([String(orders[0].id), String(orders[1].id), String(orders[2].id), 'import'].sort());
  });

  it('changes nothing when one row is bad and reports every bad line', async () => {
    const csv = [
      'orderNo,status,timezone',
      `${orders[0].orderNo},Shipped,`,
      `M000000-NOPE22,Shipped,`,
      `${orders[3].orderNo},Lost,`,
      `${orders[1].orderNo},Created,`,
      `${orders[3].orderNo},Stocking,Mars/Olympus`,
      '',
    ].join('\n');
    // Every bad line, the read ones (status, zone) and the checked ones (unknown number, back to Created), by line.
    const body = expectFailure(await importCsv(app, a.token, csv), 400, 7303);
    expect(body.data).toEqual({
      count: 4,
      errors: [
        { line: 3, code: 7303, orderNo: 'M000000-NOPE22' },
        { line: 4, code: 7311, orderNo: orders[3].orderNo, value: 'Lost' },
        { line: 5, code: 7311, orderNo: orders[1].orderNo, value: '1' },
        { line: 6, code: 7306, orderNo: orders[3].orderNo, value: 'Mars/Olympus' },
      ],
    });
    // One bad row is enough to change nothing.
    const one = expectFailure(await importCsv(app, a.token, `orderNo,status\n${orders[0].orderNo},Shipped\n${orders[3].orderNo},Shipped\n`), 400, 7311);
    expect(one.data).toEqual({ count: 1, errors: [{ line: 3, code: 7311, orderNo: orders[3].orderNo, value: '3' }] });
    expect(await statusesOf(h, orders.map((o) => o.id))).toEqual([2, 2, 4, 1]);
  });

  it('answers 7304 for a wrong header, 7305 for an unreadable file, 7306 for an unknown zone, 7307 without rows, 7311 for a bad status', async () => {
    expectFailure(await importCsv(app, a.token, 'number,state\nX,1\n'), 400, 7304);
    expectFailure(await importCsv(app, a.token, 'orderNo,status\n"unterminated,1\n'), 400, 7305);
    expectFailure(await importCsv(app, a.token, Uint8Array.from([0x6f, 0x72, 0xff, 0xfe, 0x0a])), 400, 7305);
    const zone = expectFailure(await importCsv(app, a.token, `orderNo,status,timezone\n${orders[3].orderNo},2,Mars/Olympus\n`), 400, 7306);
    expect(zone.data.errors).toEqual([{ line: 2, code: 7306, orderNo: orders[3].orderNo, value: 'Mars/Olympus' }]);
    expectFailure(await importCsv(app, a.token, 'orderNo,status\r\n'), 400, 7307);
    const bad = expectFailure(await importCsv(app, a.token, `orderNo,status\n${orders[3].orderNo},Lost\n${orders[3].orderNo},9\n`), 400, 7311);
    expect(bad.data).toMatchObject({ count: 2, errors: [{ line: 2, code: 7311 }, { line: 3, code: 7311 }] });
    expectFailure(await importCsv(app, a.token, 'orderNo,status\nX,1\n', 'orders.pdf'), 400, 201);
    const none = await app.inject({ method: 'POST', url: '/v1/member/order/batch', headers: { authorization: `Bearer ${a.token}` }, payload: {} });
    expectFailure(none, 400, 202);
    expect(await statusesOf(h, orders.map((o) => o.id))).toEqual([2, 2, 4, 1]);
  });

  // Heavy cases: once (PostgreSQL when it is there).
  const heavy = h.backend === BACKENDS[BACKENDS.length - 1] ? describe : describe.skip;
  heavy('once', () => {
    it('imports 10,000 rows in one go', async () => {
      const c = await memberClient(h);
      const m = await member(h, c.id, 0);
      const pp = await pointProduct(h, c.id, c.productId, { points: 1, stock: 0 });
      const numbers = Array.from({ length: 10_000 }, (_, i) => `B${String(i).padStart(7, '0')}`);
      await h.db.insertInto('member_orders').values(numbers.map((n) => ({ tenant_id: c.id, member_id: m.id, order_no: n, points: 1, recipient: json({}) }))).execute();
      const ids = (await h.db.selectFrom('member_orders').select('id').where('tenant_id', '=', c.id).execute()).map((r) => r.id);
      await h.db.insertInto('member_order_items').values(ids.map((id) => ({ order_id: id, point_product_id: pp, product_id: c.productId, quantity: 1, points: 1 }))).execute();
      const csv = ['orderNo,status', ...numbers.map((n, i) => `${n},${i % 10 === 0 ? 'Canceled' : 'Stocking'}`)].join('\r\n');
      const res = await importCsv(app, c.token, csv);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ rows: 10_000, changed: 10_000, canceled: 1000 });
      const counts = await h.db.selectFrom('member_orders').select(['status', (eb) => eb.fn.countAll<string | number>().as('n')]).where('tenant_id', '=', c.id).groupBy('status').orderBy('status').execute();
      expect(counts.map((r) => [r.status, Number(r.n)])).toEqual([[MemberOrderStatus.Stocking, 9000], [MemberOrderStatus.Canceled, 1000]]);
      expect(await balanceOf(h, m.id)).toBe(1000);
      expect((await h.db.selectFrom('point_products').select('stock').where('id', '=', pp).executeTakeFirstOrThrow()).stock).toBe(1000);
    }, 120_000);

    it('never spends the same points or stock twice under concurrent redemptions', async () => {
      const c = await memberClient(h);
      // One shopper, 500 points, ten parallel orders of 100: exactly five succeed.
      const pp = await pointProduct(h, c.id, c.productId, { points: 100, stock: 100 });
      const m = await member(h, c.id, 500);
      const body = { items: [{ pointProductId: pp, quantity: 1 }], points: 100, recipient: RECIPIENT };
      const results = await Promise.all(Array.from({ length: 10 }, () => redeem(app, c.code, m.token, body)));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
      for (const r of results.filter((x) => x.statusCode !== 201)) expect(r.json().code).toBe(14504);
      expect(await balanceOf(h, m.id)).toBe(0);
      // Stock 3, eight shoppers with enough points: exactly three succeed.
      const scarce = await pointProduct(h, c.id, c.productId, { points: 10, stock: 3 });
      const shoppers = await Promise.all(Array.from({ length: 8 }, () => member(h, c.id, 10)));
      const raced = await Promise.all(shoppers.map((s) => redeem(app, c.code, s.token, { ...body, items: [{ pointProductId: scarce, quantity: 1 }], points: 10 })));
      expect(raced.filter((r) => r.statusCode === 201)).toHaveLength(3);
      for (const r of raced.filter((x) => x.statusCode !== 201)) expect(r.json().code).toBe(14502);
      expect((await h.db.selectFrom('point_products').select('stock').where('id', '=', scarce).executeTakeFirstOrThrow()).stock).toBe(0);
      const numbers = await h.db.selectFrom('member_orders').select('order_no').where('tenant_id', '=', c.id).execute();
      expect(new Set(numbers.map((n) => n.order_no)).size).toBe(8);
    }, 60_000);
  });
});

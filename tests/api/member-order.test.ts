/**
 * Member orders (menu 40) and redemption: POST /mapi/v1/member/{code}/order (14502, 14503,
 * 14504, 7309, 401, one transaction), GET member/order (filters, sorting, paging, isolation),
 * GET member/order/{id}, POST member/order (transitions, 7301, a cancel refunds points and
 * stock), GET member/order/report, POST member/order/file (ExportMemberOrders job).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobCategory, MemberOrderStatus } from '../../src/domain/enums';
import { describeApi, expectFailure } from './harness';
import { call, ok } from './marketingSetup';
import { RECIPIENT, balanceOf, inDays, marketingProduct, member, memberClient, pointProduct, redeem, type MemberClient } from './memberOrderSetup';
import { exportedFile, jobWorker } from './productSetup';

interface Order { id: number; orderNo: string; status: number; points: number; memberPhone: string; items?: { quantity: number; points: number }[]; history?: { status: number }[] }

describeApi('Member orders', (h) => {
  let app: FastifyInstance;
  let a: MemberClient;
  let b: MemberClient;
  let jobs: Awaited<ReturnType<typeof jobWorker>>;
  beforeAll(async () => {
    app = h.app;
    a = await memberClient(h);
    b = await memberClient(h);
    jobs = await jobWorker(h);
  });
  afterAll(() => jobs.stop());

  const order = async (c: MemberClient, points = 1000, qty = 1) => {
    const pp = await pointProduct(h, c.id, c.productId, { points: 100, stock: 50 });
    const m = await member(h, c.id, points);
    const res = await redeem(app, c.code, m.token, { items: [{ pointProductId: pp, quantity: qty }], points: 100 * qty, recipient: RECIPIENT });
    expect(res.statusCode, res.body).toBe(201);
    return { ...(res.json() as { id: number; orderNo: string; balance: number }), member: m, pp };
  };

  describe('redemption', () => {
    it('writes the order, its items, the stock and the points in one go', async () => {
      const pp = await pointProduct(h, a.id, a.productId, { points: 120, stock: 3 });
      const m = await member(h, a.id, 500);
      const res = await redeem(app, a.code, m.token, { items: [{ pointProductId: pp, quantity: 2 }], points: 240, recipient: RECIPIENT, note: 'ring twice' });
      expect(res.statusCode, res.body).toBe(201);
      const out = res.json() as { id: number; orderNo: string; points: number; balance: number };
      expect(out).toMatchObject({ points: 240, balance: 260 });
      expect(out.orderNo).toMatch(/^M\d{6}-[2-9A-HJKMNP-Z]{6}$/);
      expect(await balanceOf(h, m.id)).toBe(260);
      expect((await h.db.selectFrom('point_products').select('stock').where('id', '=', pp).executeTakeFirstOrThrow()).stock).toBe(1);
      const items = await h.db.selectFrom('member_order_items').selectAll().where('order_id', '=', out.id).execute();
      expect(items).toMatchObject([{ point_product_id: pp, product_id: a.productId, quantity: 2, points: 120 }]);
      const mine = await app.inject({ method: 'GET', url: `/mapi/v1/member/${a.code}/orders`, headers: { authorization: `Bearer ${m.token}` } });
      expect(mine.json()).toMatchObject({ balance: 260, orders: [{ orderNo: out.orderNo, status: 1, points: 240 }] });
    });

    it('refuses visitors (401), improper goods (14502), a wrong total (14503), short points (14504), an ended period (7309), a disabled product (8144), and writes nothing', async () => {
      const pp = await pointProduct(h, a.id, a.productId, { points: 100, stock: 1 });
      const m = await member(h, a.id, 150);
      const good = { items: [{ pointProductId: pp, quantity: 1 }], points: 100, recipient: RECIPIENT };
      expect((await redeem(app, a.code, undefined, good)).statusCode).toBe(401);
      // A session of another tenant is not a shopper of this one.
      const other = await member(h, b.id, 1000);
      expect((await redeem(app, a.code, other.token, good)).statusCode).toBe(401);
      expectFailure(await redeem(app, a.code, m.token, { ...good, items: [{ pointProductId: pp, quantity: 2 }], points: 200 }), 400, 14502);
      const foreign = await pointProduct(h, b.id, b.productId);
      expectFailure(await redeem(app, a.code, m.token, { ...good, items: [{ pointProductId: foreign, quantity: 1 }] }), 400, 14502);
      const later = await pointProduct(h, a.id, a.productId, { from: inDays(1), to: inDays(2) });
      expectFailure(await redeem(app, a.code, m.token, { ...good, items: [{ pointProductId: later, quantity: 1 }] }), 400, 14502);
      // Switched off in the back office: the point product, or its product: 8144.
      const disabled = await pointProduct(h, a.id, a.productId, { enable: false });
      expect(expectFailure(await redeem(app, a.code, m.token, { ...good, items: [{ pointProductId: disabled, quantity: 1 }] }), 400, 8144).data).toEqual({ pointProductId: disabled });
      const offProduct = await marketingProduct(h, a.id);
      await h.db.updateTable('marketing_products').set({ enable: false }).where('id', '=', offProduct).execute();
      const ofOff = await pointProduct(h, a.id, offProduct);
      expectFailure(await redeem(app, a.code, m.token, { ...good, items: [{ pointProductId: ofOff, quantity: 1 }] }), 400, 8144);
      const ended = await pointProduct(h, a.id, a.productId, { from: inDays(-3), to: inDays(-1) });
      expectFailure(await redeem(app, a.code, m.token, { ...good, items: [{ pointProductId: ended, quantity: 1 }] }), 400, 7309);
      expect(expectFailure(await redeem(app, a.code, m.token, { ...good, points: 99 }), 400, 14503).data).toEqual({ points: 100 });
      const big = await pointProduct(h, a.id, a.productId, { points: 200 });
      expectFailure(await redeem(app, a.code, m.token, { ...good, items: [{ pointProductId: big, quantity: 1 }], points: 200 }), 400, 14504);
      expectFailure(await redeem(app, a.code, m.token, { ...good, recipient: { name: '', phone: 'x', address: '' } }), 400, 1);
      expect(await balanceOf(h, m.id)).toBe(150);
      expect(await h.db.selectFrom('member_orders').select('id').where('member_id', '=', m.id).execute()).toEqual([]);
      expect((await h.db.selectFrom('point_products').select('stock').where('id', '=', big).executeTakeFirstOrThrow()).stock).toBe(10);
    });
  });

  describe('back office', () => {
    it('lists with filters, sorting and paging in the database, only the tenant\'s orders', async () => {
      const o1 = await order(a);
      const o2 = await order(a, 1000, 3);
      await order(b);
      const all = await ok<{ items: Order[]; total: number }>(h, app, 'GET', 'member/order?sort=points&order=desc&pageSize=100', a.token);
      expect(all.items.map((o) => o.points)).toEqual([...all.items.map((o) => o.points)].sort((x, y) => y - x));
      expect(all.items.some((o) => o.orderNo === o2.orderNo)).toBe(true);
      const one = await ok<{ items: Order[]; total: number }>(h, app, 'GET', `member/order?phone=${o1.member.phone}`, a.token);
      expect(one.items.map((o) => o.orderNo)).toEqual([o1.orderNo]);
      expect(one.items[0].memberPhone).toBe(`+886 ${o1.member.phone}`);
      const byNo = await ok<{ items: Order[] }>(h, app, 'GET', `member/order?keyword=${o2.orderNo.slice(-6)}`, a.token);
      expect(byNo.items.map((o) => o.orderNo)).toEqual([o2.orderNo]);
      const later = await ok<{ total: number }>(h, app, 'GET', `member/order?from=${encodeURIComponent(inDays(1))}`, a.token);
      expect(later.total).toBe(0);
      const shipped = await ok<{ total: number }>(h, app, 'GET', 'member/order?status=3', a.token);
      expect(shipped.total).toBe(0);
      const paged = await ok<{ items: Order[]; total: number }>(h, app, 'GET', 'member/order?pageSize=1&page=2&sort=orderNo', a.token);
      expect(paged.items).toHaveLength(1);
      expectFailure(await call(h, app, 'GET', 'member/order?sort=recipient', a.token), 400, 1);
      expectFailure(await call(h, app, 'GET', `member/order/${o1.id}`, b.token), 404, 2);
      const noMenu = await memberClient(h, { functions: [7, 39] });
      expectFailure(await call(h, app, 'GET', 'member/order', noMenu.token), 403, 3);
    });

    it('moves an order Created -> Stocking -> Shipped, refuses other changes with 7301, keeps the history', async () => {
      const o = await order(a);
      const detail = await ok<Order>(h, app, 'GET', `member/order/${o.id}`, a.token);
      expect(detail).toMatchObject({ status: 1, points: 100, items: [{ quantity: 1, points: 100 }], recipient: RECIPIENT });
      expectFailure(await call(h, app, 'POST', 'member/order', a.token, { id: o.id, status: MemberOrderStatus.Shipped }), 400, 7301);
      await ok(h, app, 'POST', 'member/order', a.token, { ...detail, status: MemberOrderStatus.Stocking, note: 'packing' });
      const shipped = await ok<Order>(h, app, 'POST', 'member/order', a.token, { id: o.id, status: MemberOrderStatus.Shipped });
      expect(shipped.status).toBe(3);
      expect(shipped.history!.map((x) => x.status)).toEqual([1, 2, 3]);
      expectFailure(await call(h, app, 'POST', 'member/order', a.token, { id: o.id, status: MemberOrderStatus.Canceled }), 400, 7301);
      expectFailure(await call(h, app, 'POST', 'member/order', a.token, { id: o.id, status: MemberOrderStatus.Stocking }), 400, 7301);
      expectFailure(await call(h, app, 'POST', 'member/order', b.token, { id: o.id, status: MemberOrderStatus.Shipped }), 404, 2);
      expectFailure(await call(h, app, 'POST', 'member/order', a.token, { id: o.id, status: 9 }), 400, 1);
      const logs = await h.db.selectFrom('change_logs').select('action').where('resource', '=', 'member-order').where('resource_id', '=', String(o.id)).execute();
      expect(logs).toHaveLength(2);
    });

    it('a cancel gives the points and the stock back in the same transaction, once', async () => {
      const o = await order(a, 300, 2);
      expect(await balanceOf(h, o.member.id)).toBe(100);
      expect((await h.db.selectFrom('point_products').select('stock').where('id', '=', o.pp).executeTakeFirstOrThrow()).stock).toBe(48);
      await ok(h, app, 'POST', 'member/order', a.token, { id: o.id, status: MemberOrderStatus.Canceled });
      expect(await balanceOf(h, o.member.id)).toBe(300);
      expect((await h.db.selectFrom('point_products').select('stock').where('id', '=', o.pp).executeTakeFirstOrThrow()).stock).toBe(50);
      // Canceled is final: the same status again changes nothing, another is 7301.
      await ok(h, app, 'POST', 'member/order', a.token, { id: o.id, status: MemberOrderStatus.Canceled });
      expectFailure(await call(h, app, 'POST', 'member/order', a.token, { id: o.id, status: MemberOrderStatus.Created }), 400, 7301);
      expect(await balanceOf(h, o.member.id)).toBe(300);
    });

    it('reports totals per status and exports the filtered orders as a job', async () => {
      const c = await memberClient(h);
      const o = await order(c);
      const report = await ok<{ total: number; points: number; byStatus: { status: number; count: number }[] }>(h, app, 'GET', 'member/order/report', c.token);
      expect(report).toMatchObject({ total: 1, points: 100 });
      expect(report.byStatus.find((s) => s.status === 1)!.count).toBe(1);
      const queued = await ok<{ id: number; reportId: number }>(h, app, 'POST', 'member/order/file', c.token, { format: 'csv', lang: 'en', status: 1 }, 201);
      const job = await h.db.selectFrom('jobs').select('category').where('id', '=', queued.id).executeTakeFirstOrThrow();
      expect(job.category).toBe(JobCategory.ExportMemberOrders);
      const { lines } = await exportedFile(h, jobs.store, queued.id);
      expect(lines[0]).toMatch(/^Order number,Status,Member phone/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(o.orderNo);
      expect(lines[1]).toContain('Created');
      expectFailure(await call(h, app, 'POST', 'member/order/file', c.token, { format: 'pdf' }), 400, 1);
    });
  });
});

/**
 * Point products (menu 39): GET/POST member/product, DELETE member/product/{id}, the product
 * options; grants (Member function, menu 39), tenant isolation, period and time zone rules,
 * change logs; the public list of point products in force.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeApi, expectFailure } from './harness';
import { call, ok } from './marketingSetup';
import { RECIPIENT, inDays, member, memberClient, pointProduct, redeem, type MemberClient } from './memberOrderSetup';

describeApi('Point products', (h) => {
  let app: FastifyInstance;
  let a: MemberClient;
  let b: MemberClient;
  beforeAll(async () => {
    app = h.app;
    a = await memberClient(h);
    b = await memberClient(h);
  });

  it('refuses tenants without the Member function, roles without menu 39 and visitors', async () => {
    const marketingOnly = await memberClient(h, { functionFlags: 2 });
    expectFailure(await call(h, app, 'GET', 'member/product', marketingOnly.token), 403, 3);
    const ordersOnly = await memberClient(h, { functions: [7, 40] });
    expectFailure(await call(h, app, 'GET', 'member/product', ordersOnly.token), 403, 3);
    const operator = await h.signedInUser({ tenant: 'platform' });
    expectFailure(await call(h, app, 'GET', 'member/product', operator.token), 403, 3);
    expect((await call(h, app, 'GET', 'member/product')).statusCode).toBe(401);
  });

  it('creates, lists, edits and deletes a point product with its change logs', async () => {
    const body = { productId: a.productId, timezoneId: 107, from: inDays(-1), to: inDays(10), points: 250, stock: 5, enable: true };
    const created = await ok<Record<string, unknown>>(h, app, 'POST', 'member/product', a.token, body, 201);
    expect(created).toMatchObject({ productId: a.productId, timezoneId: 107, points: 250, stock: 5, enable: true });
    expect((created.productNames as Record<string, string>).en).toMatch(/^Mug /);
    const options = await ok<{ products: { id: number }[] }[]>(h, app, 'GET', 'member/product/product-options', a.token);
    expect(options.flatMap((c) => c.products.map((p) => p.id))).toContain(a.productId);

    const page = await ok<{ items: { id: number }[]; total: number }>(h, app, 'GET', 'member/product?sort=points&order=desc', a.token);
    expect(page.items.map((i) => i.id)).toContain(created.id);
    expect((await ok<{ total: number }>(h, app, 'GET', 'member/product', b.token)).total).toBe(0);

    const edited = await ok<Record<string, unknown>>(h, app, 'POST', 'member/product', a.token, { ...created, points: 300, stock: 0, enable: false });
    expect(edited).toMatchObject({ id: created.id, points: 300, stock: 0, enable: false });
    // Another tenant's id: 404 on edit and delete.
    expectFailure(await call(h, app, 'POST', 'member/product', b.token, { ...body, id: created.id }), 404, 2);
    expectFailure(await call(h, app, 'DELETE', `member/product/${created.id}`, b.token), 404, 2);
    await ok(h, app, 'DELETE', `member/product/${created.id}`, a.token);
    const logs = await h.db.selectFrom('change_logs').select('action').where('tenant_id', '=', a.id).where('resource', '=', 'memberProduct').orderBy('id').execute();
    expect(logs.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses a bad period, an unknown zone, another tenant\'s product, bad points and stock', async () => {
    const base = { productId: a.productId, timezoneId: 103, from: inDays(1), to: inDays(2), points: 10, stock: 1 };
    expect(expectFailure(await call(h, app, 'POST', 'member/product', a.token, { ...base, to: inDays(0) }), 400, 1).data).toHaveProperty('to');
    expect(expectFailure(await call(h, app, 'POST', 'member/product', a.token, { ...base, timezoneId: 9999 }), 400, 1).data).toHaveProperty('timezoneId');
    expect(expectFailure(await call(h, app, 'POST', 'member/product', a.token, { ...base, productId: b.productId }), 400, 1).data).toHaveProperty('productId');
    expect(expectFailure(await call(h, app, 'POST', 'member/product', a.token, { ...base, points: 0 }), 400, 1).data).toHaveProperty('points');
    expect(expectFailure(await call(h, app, 'POST', 'member/product', a.token, { ...base, stock: -1 }), 400, 1).data).toHaveProperty('stock');
    expect(expectFailure(await call(h, app, 'POST', 'member/product', a.token, { productId: a.productId }), 400, 1).data).toHaveProperty('points');
  });

  it('keeps a point product an order holds (code 3 on delete)', async () => {
    const id = await pointProduct(h, a.id, a.productId, { points: 10 });
    const m = await member(h, a.id, 100);
    expect((await redeem(app, a.code, m.token, { items: [{ pointProductId: id, quantity: 1 }], points: 10, recipient: RECIPIENT })).statusCode).toBe(201);
    expectFailure(await call(h, app, 'DELETE', `member/product/${id}`, a.token), 400, 3);
  });

  it('lets a client with Member but not Marketing keep the product master for point products, and gives its shoppers the page', async () => {
    const c = await memberClient(h, { functionFlags: 4 });
    // Menu 39 holds the product master (categories and products) when menu 34 is hidden.
    const category = await ok<{ id: number }>(h, app, 'POST', 'marketing/product/category', c.token, { names: { zh_TW: '兌換品', en: 'Rewards' } }, 201);
    const product = await ok<{ id: number }>(h, app, 'POST', 'marketing/product', c.token, { names: { zh_TW: '保溫杯', en: 'Flask' }, categoryId: category.id, enable: true }, 201);
    expect((await ok<{ total: number }>(h, app, 'GET', 'marketing/product', c.token)).total).toBe(2);
    const options = await ok<{ products: { id: number }[] }[]>(h, app, 'GET', 'member/product/product-options', c.token);
    expect(options.flatMap((o) => o.products.map((p) => p.id))).toContain(product.id);
    const created = await ok<{ id: number }>(h, app, 'POST', 'member/product', c.token, { productId: product.id, timezoneId: 103, from: inDays(-1), to: inDays(10), points: 40, stock: 3, enable: true }, 201);
    // Another tenant cannot see or touch it; a role without menu 39 (nor 34) cannot reach the master.
    expectFailure(await call(h, app, 'DELETE', `marketing/product/${product.id}`, b.token), 404, 2);
    const ordersOnly = await memberClient(h, { functions: [7, 40] });
    expectFailure(await call(h, app, 'POST', 'marketing/product/category', ordersOnly.token, { names: { zh_TW: 'x' } }), 403, 3);
    // The consumer page answers for it: point products, no marketing sections; the shop works.
    const page = await app.inject({ method: 'GET', url: `/mapi/v1/page/${c.code}` });
    expect(page.statusCode, page.body).toBe(200);
    const data = page.json() as { pointProducts: { id: number }[]; banners: unknown[]; popularProducts: unknown[]; tenant: { code: string } };
    expect(data.tenant.code).toBe(c.code);
    expect(data.pointProducts.map((p) => p.id)).toEqual([created.id]);
    expect(data.banners).toEqual([]);
    expect(data.popularProducts).toEqual([]);
    const m = await member(h, c.id, 100);
    expect((await redeem(app, c.code, m.token, { items: [{ pointProductId: created.id, quantity: 1 }], points: 40, recipient: RECIPIENT })).statusCode).toBe(201);
    // A client with neither function has no page.
    const none = await memberClient(h, { functionFlags: 1 });
    expect((await app.inject({ method: 'GET', url: `/mapi/v1/page/${none.code}` })).statusCode).toBe(404);
  });

  describe('public list', () => {
    it('answers the enabled point products in their period (also in the page data), 404 for a tenant without the Member function', async () => {
      const c = await memberClient(h, { functionFlags: 6 });
      const live = await pointProduct(h, c.id, c.productId, { points: 5 });
      await pointProduct(h, c.id, c.productId, { from: inDays(-5), to: inDays(-1) });
      await pointProduct(h, c.id, c.productId, { from: inDays(1), to: inDays(5) });
      await pointProduct(h, c.id, c.productId, { enable: false });
      const res = await app.inject({ method: 'GET', url: `/mapi/v1/member/${c.code}/point-products` });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { id: number }[]).map((p) => p.id)).toEqual([live]);
      const page = await app.inject({ method: 'GET', url: `/mapi/v1/page/${c.code}` });
      expect((page.json() as { pointProducts: { id: number; points: number; stock: number }[] }).pointProducts).toMatchObject([{ id: live, points: 5, stock: 10 }]);
      const other = await memberClient(h, { functionFlags: 2 });
      expect((await app.inject({ method: 'GET', url: `/mapi/v1/member/${other.code}/point-products` })).statusCode).toBe(404);
    });
  });
});

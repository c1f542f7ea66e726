/**
 * Fixtures of the point product and member order tests: a client tenant with the Member
 * function and a user holding menus 7, 39, 40; marketing products, members with points and
 * sessions, point products and orders written straight in the database or through the API.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PointChangeLogType, TenantType } from '../../src/domain/enums';
import { json } from '../../server/db/schema';
import { appendPoints } from '../../server/services/memberPoints';
import { startMemberSession } from '../../server/services/memberAuth';
import { uniqueAccount, type Harness } from './harness';

export const MEMBER_FUNCTIONS = [7, 39, 40];

export interface MemberClient { id: number; code: string; token: string; productId: number }

/** A client tenant (Member function only by default), a signed-in user, one marketing product. */
export async function memberClient(h: Harness, opts: { functionFlags?: number; functions?: number[] } = {}): Promise<MemberClient> {
  const t = await h.createTenant({ type: TenantType.Client, functionFlags: opts.functionFlags ?? 4 });
  const u = await h.signedInUser({ tenant: t.code, functions: opts.functions ?? MEMBER_FUNCTIONS });
  const productId = await marketingProduct(h, t.id);
  return { id: t.id, code: t.code, token: u.token, productId };
}

export async function marketingProduct(h: Harness, tenantId: number, name = uniqueAccount('Mug ')): Promise<number> {
  const cat = await h.db.insertInto('marketing_categories').values({ tenant_id: tenantId, names: json({ zh_TW: '周邊', en: 'Goods' }) } as never).returning('id').executeTakeFirstOrThrow();
  const p = await h.db.insertInto('marketing_products').values({ tenant_id: tenantId, category_id: cat.id, names: json({ zh_TW: name, en: name }) } as never).returning('id').executeTakeFirstOrThrow();
  return p.id;
}

/** A member of the tenant with `points` (one earned row) and a session token. */
export async function member(h: Harness, tenantId: number, points: number): Promise<{ id: number; token: string; phone: string }> {
  const phone = `9${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return h.db.transaction().execute(async (trx) => {
    const m = await trx.insertInto('members').values({ tenant_id: tenantId, phone_country_code: '886', phone }).returning('id').executeTakeFirstOrThrow();
    if (points) await appendPoints(trx, { tenantId, memberId: m.id, type: PointChangeLogType.ScanCode, points, code: uniqueAccount('code') });
    const token = await startMemberSession(trx, tenantId, m.id);
    return { id: m.id, token, phone };
  });
}

export async function balanceOf(h: Harness, memberId: number): Promise<number> {
  const r = await h.db.selectFrom('member_points').select((eb) => eb.fn.sum<string | number>('points').as('s')).where('member_id', '=', memberId).executeTakeFirst();
  return Number(r?.s ?? 0);
}

const DAY = 86_400_000;
export const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

/** A point product in force (yesterday to in 30 days) straight in the database. */
export async function pointProduct(h: Harness, tenantId: number, productId: number, values: { points?: number; stock?: number; from?: string; to?: string; enable?: boolean } = {}): Promise<number> {
  const r = await h.db.insertInto('point_products').values({
    tenant_id: tenantId, product_id: productId, starts_at: values.from ?? inDays(-1), ends_at: values.to ?? inDays(30), timezone_id: 103,
    points: values.points ?? 100, stock: values.stock ?? 10, enable: values.enable ?? true,
  }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export const RECIPIENT = { name: 'Lin Mei', phone: '0912345678', address: '1 Zhongshan Rd, Taipei' };

/** POST /mapi/v1/member/{code}/order as the shopper. */
export function redeem(app: FastifyInstance, tenantCode: string, token: string | undefined, body: unknown): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST', url: `/mapi/v1/member/${tenantCode}/order`, payload: body as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** A CSV upload to POST /v1/member/order/batch. */
export async function importCsv(app: FastifyInstance, token: string, text: string | Uint8Array, name = 'orders.csv'): Promise<LightMyRequestResponse> {
  const form = new FormData();
  form.append('file', new Blob([typeof text === 'string' ? text : new Uint8Array(text)], { type: 'text/csv' }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST', url: '/v1/member/order/batch', payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${token}` },
  });
}

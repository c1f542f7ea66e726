/**
 * Redeeming point products on the consumer page (issue 14), at MARKETING_API_BASE (/mapi/v1),
 * outside the /v1 session guard; the shopper is the member session's (services/memberAuth.ts):
 *
 *   GET  member/{tenantCode}/point-products   the tenant's enabled point products in their
 *                                             period (public; stock 0 shows as sold out)
 *   GET  member/{tenantCode}/orders           the signed-in shopper's orders (newest first, 50)
 *   POST member/{tenantCode}/order            { items: [{ pointProductId, quantity }], points,
 *                                             recipient: { name, phone, address } }: 201
 *                                             { id, orderNo, points, balance }
 *
 * A redemption is ONE transaction: the point products are locked (FOR UPDATE, id order), each
 * must be the tenant's (else 14502), enabled, of an enabled marketing product and category
 * (else 8144), in its period (before it: 14502; after it: 7309) with the stock asked (else 14502); the total must equal `points`
 * (14503); the order and its items are written, the stock decremented (never below zero: a
 * CHECK and the lock), and the points spent through spendPoints (member row lock; 14504 when
 * short). Two redemptions of one shopper run one after the other on the member lock, two of one
 * product on the product lock, so neither points nor stock are spent twice.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ClientFunction } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { orderNumber } from '../../../src/domain/memberOrders';
import type { AppDeps } from '../../context';
import { json } from '../../db/schema';
import { ApiError } from '../../errors';
import { requireMember } from '../../services/memberAuth';
import { pointBalance, spendPoints } from '../../services/memberPoints';
import { objectBody, validated } from '../../services/resource';
import { findPublicTenant } from '../../services/publicTenant';
import { pointProductsInForce } from '../../services/pointProducts';

type Db = AppDeps['db'];

const TENANT_PARAMS = { type: 'object', required: ['tenantCode'], properties: { tenantCode: { type: 'string', minLength: 1, maxLength: 50 } } } as const;

/** Most kinds of product in one order, and most pieces of one. */
export const REDEEM_MAX_ITEMS = 20;
export const REDEEM_MAX_QUANTITY = 99;

export const REDEEM_FORM = {
  schema: {
    type: 'object',
    required: ['items', 'points', 'recipient'],
    additionalProperties: false,
    properties: {
      items: {
        type: 'array', minItems: 1, maxItems: REDEEM_MAX_ITEMS,
        items: {
          type: 'object', required: ['pointProductId', 'quantity'], additionalProperties: false,
          properties: { pointProductId: { type: 'integer', minimum: 1, maximum: 2147483647 }, quantity: { type: 'integer', minimum: 1, maximum: REDEEM_MAX_QUANTITY } },
        },
      },
      points: { type: 'integer', minimum: 0, maximum: 2147483647 },
      recipient: {
        type: 'object', required: ['name', 'phone', 'address'], additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 50 },
          phone: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[0-9+ ()-]+$' },
          address: { type: 'string', minLength: 1, maxLength: 200 },
        },
      },
      note: { type: 'string', maxLength: 200 },
    },
  },
};

interface RedeemBody {
  items: { pointProductId: number; quantity: number }[];
  points: number;
  recipient: { name: string; phone: string; address: string };
  note?: string;
}

const memberTenant = (db: Db, code: string) => findPublicTenant(db, code, ClientFunction.Member);

const iso = (d: Date | string) => new Date(d).toISOString();

const improper = (data: Record<string, unknown>) => new ApiError(400, ErrorCode.ImproperGoodsInOrder, data);

export default async function memberShopRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, settings } = deps;
  const config = (summary: string, errors: number[], extra: Record<string, unknown> = {}) => ({
    public: true,
    rateLimit: { max: settings.marketingRateLimit, timeWindow: '1 minute' },
    docs: { summary, errors: [...errors, ErrorCode.NotAllowed], ...extra },
  });

  app.get<{ Params: { tenantCode: string } }>('/member/:tenantCode/point-products', {
    schema: { params: TENANT_PARAMS },
    config: config('Point products on offer now (public; also in the page data as pointProducts)', [ErrorCode.NotFound]),
  }, async (req) => {
    const tenant = await memberTenant(db, req.params.tenantCode);
    return pointProductsInForce(db, tenant.id, new Date());
  });

  app.get<{ Params: { tenantCode: string } }>('/member/:tenantCode/orders', {
    schema: { params: TENANT_PARAMS },
    config: { ...config('The signed-in shopper\'s orders (newest first, at most 50) and balance', [ErrorCode.NotFound]), member: 'required' },
  }, async (req) => {
    const tenant = await memberTenant(db, req.params.tenantCode);
    const me = await requireMember(req, deps, tenant.id);
    const orders = await db.selectFrom('member_orders').select(['id', 'order_no', 'status', 'points', 'created_at'])
      .where('tenant_id', '=', tenant.id).where('member_id', '=', me.memberId)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(50).execute();
    const balance = await db.transaction().execute((trx) => pointBalance(trx, me.memberId, new Date()));
    return { balance, orders: orders.map((o) => ({ id: o.id, orderNo: o.order_no, status: o.status, points: o.points, createdAt: iso(o.created_at) })) };
  });

  app.post<{ Params: { tenantCode: string } }>('/member/:tenantCode/order', {
    schema: { params: TENANT_PARAMS },
    config: { ...config('Redeem point products: one order, its items, the stock and the points in one transaction', [
      ErrorCode.NotFound, ErrorCode.ImproperGoodsInOrder, ErrorCode.ProductDisabled, ErrorCode.OrderPointsMismatch, ErrorCode.MemberPointsInsufficient, ErrorCode.PointsExpired,
    ], { body: REDEEM_FORM.schema, status: 201 }), member: 'required' },
  }, async (req, reply) => {
    const tenant = await memberTenant(db, req.params.tenantCode);
    const me = await requireMember(req, deps, tenant.id);
    const body = validated<RedeemBody>(REDEEM_FORM, objectBody(req.body));
    // One line per product: repeats are added up.
    const wanted = new Map<number, number>();
    for (const i of body.items) wanted.set(i.pointProductId, (wanted.get(i.pointProductId) ?? 0) + i.quantity);
    const ids = [...wanted.keys()].sort((a, b) => a - b);
    const out = await db.transaction().execute(async (trx) => {
      const now = new Date();
      const products = await trx.selectFrom('point_products as pp')
        .innerJoin('marketing_products as p', 'p.id', 'pp.product_id')
        .innerJoin('marketing_categories as c', 'c.id', 'p.category_id')
        .select(['pp.id', 'pp.product_id', 'pp.points', 'pp.stock', 'pp.enable', 'pp.starts_at', 'pp.ends_at', 'p.enable as productEnable', 'c.enable as categoryEnable'])
        .where('pp.tenant_id', '=', tenant.id).where('pp.id', 'in', ids)
        .orderBy('pp.id').forUpdate('pp').execute();
      const byId = new Map(products.map((p) => [p.id, p]));
      let total = 0;
      for (const id of ids) {
        const p = byId.get(id);
        const quantity = wanted.get(id)!;
        if (!p) throw improper({ pointProductId: id, reason: 'unavailable' });
        // Switched off in the back office (the point product, its product or its category): 8144.
        if (!p.enable || !p.productEnable || !p.categoryEnable) throw new ApiError(400, ErrorCode.ProductDisabled, { pointProductId: id });
        if (new Date(p.ends_at).getTime() < now.getTime()) throw new ApiError(400, ErrorCode.PointsExpired, { pointProductId: id });
        if (new Date(p.starts_at).getTime() > now.getTime()) throw improper({ pointProductId: id, reason: 'notStarted' });
        if (p.stock < quantity) throw improper({ pointProductId: id, reason: 'stock', stock: p.stock });
        total += p.points * quantity;
      }
      if (total !== body.points) throw new ApiError(400, ErrorCode.OrderPointsMismatch, { points: total });
      const recipient = { name: body.recipient.name.trim(), phone: body.recipient.phone.trim(), address: body.recipient.address.trim() };
      let order: { id: number; order_no: string } | undefined;
      for (let attempt = 0; !order && attempt < 8; attempt++) {
        order = await trx.insertInto('member_orders').values({
          tenant_id: tenant.id, member_id: me.memberId, order_no: orderNumber(now), points: total,
          recipient: json(recipient), note: body.note?.trim() || null, created_at: now, updated_at: now,
        }).onConflict((oc) => oc.columns(['tenant_id', 'order_no']).doNothing()).returning(['id', 'order_no']).executeTakeFirst();
      }
      if (!order) throw new Error('no free order number after 8 attempts');
      await trx.insertInto('member_order_items').values(ids.map((id) => ({
        order_id: order!.id, point_product_id: id, product_id: byId.get(id)!.product_id, quantity: wanted.get(id)!, points: byId.get(id)!.points,
      }))).execute();
      for (const id of ids) {
        const left = await trx.updateTable('point_products').set({ stock: sql`stock - ${wanted.get(id)!}`, updated_at: now })
          .where('id', '=', id).where('stock', '>=', wanted.get(id)!).executeTakeFirst();
        if (Number(left.numUpdatedRows) !== 1) throw improper({ pointProductId: id, reason: 'stock' });
      }
      const balance = await spendPoints(trx, { tenantId: tenant.id, memberId: me.memberId, points: total, orderId: order.id }, now);
      return { id: order.id, orderNo: order.order_no, points: total, balance };
    });
    return reply.code(201).send(out);
  });
}

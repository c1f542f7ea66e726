/**
 * Point products and member orders in the back office (issue 14; SPEC 7 Member rows; menu 7:
 * point products 39, member orders 40). Client tenants with the Member function (others have no
 * menu 39/40: 403 code 3 from the /v1 guard), everything scoped to the caller's tenant.
 *
 * Point products (39), declared by src/schemas/member/product.json
 *   GET    member/product                   list (sort points, stock, from, to, createdAt)
 *   POST   member/product                   no id creates (201), id edits (200): a marketing
 *                                           product of the tenant, from..to in a time zone,
 *                                           points > 0, stock >= 0, enable
 *   DELETE member/product/{id}              204; 400 code 3 once an order holds it
 *   GET    member/product/product-options   the tenant's marketing categories with their products
 * Member orders (40), declared by src/schemas/member/order.json
 *   GET    member/order                     list (status, from, to, phone, keyword = order number)
 *   GET    member/order/{id}                the order with its items, recipient and history
 *   POST   member/order                     { id, status, note? }: the status change
 *                                           (src/domain/memberOrders.ts; 7301 otherwise); a
 *                                           cancel gives the points back (refundPoints) and the
 *                                           stock, in the same transaction
 *   GET    member/order/report              totals of the filtered orders per status
 *   POST   member/order/file                export job ExportMemberOrders (12) -> { id, reportId }
 *   POST   member/order/batch               CSV status import (multipart part `file`): all or
 *                                           nothing, every bad line reported (7303-7307, 7311)
 */
import { memberPhoneText } from '../../../src/domain/phone';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { sql, type Transaction } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import { JobCategory, MemberOrderStatus } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { pickName, type Lang, type Names } from '../../../src/domain/lang';
import { ORDER_IMPORT_COLUMNS, ORDER_STATUS_LABELS, canChangeStatus, isOrderStatus, type OrderImportColumn } from '../../../src/domain/memberOrders';
import { timezoneById } from '../../../src/domain/reference/timezones';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { containsPattern, listRoute } from '../../db/list';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../errors';
import { exportPhone } from '../../../src/domain/phone';
import { defineResource, isReferenced } from '../../resource/define';
import { defineExport } from '../../resource/export';
import { recordChange } from '../../services/changelog';
import { refundPoints } from '../../services/memberPoints';
import { isDbId, objectBody, validated, withoutKeys } from '../../services/resource';
import { categoriesWithProducts } from '../../services/marketing';
import { readCsvPart, applyImport, readOrderCsv, restoreCanceled } from '../../services/memberOrderImport';

export const MEMBER_MENU = { setting: 38, product: 39, order: 40 } as const;

const PRODUCT_DECL = declaration('member.product');
const ORDER_DECL = declaration('member.order');

type Db = AppDeps['db'] | Transaction<Database>;
type Fields = Record<string, { key: string }>;

const iso = (d: Date | string) => new Date(d).toISOString();

// --- Point products ----------------------------------------------------------------------

export interface PointProductDto {
  id: number;
  productId: number;
  productNames: Names;
  image: string | null;
  timezoneId: number;
  from: string;
  to: string;
  points: number;
  stock: number;
  enable: boolean;
  createdAt: string;
  updatedAt: string;
}

interface PointProductBody {
  productId: number;
  timezoneId: number;
  from: string;
  to: string;
  points: number;
  stock: number;
  enable?: boolean;
}

const pointProductQuery = (db: Db) => db.selectFrom('point_products as pp')
  .innerJoin('marketing_products as mp', 'mp.id', 'pp.product_id')
  .select([
    'pp.id', 'pp.product_id', 'mp.names as productNames', 'mp.image', 'pp.timezone_id', 'pp.starts_at', 'pp.ends_at',
    'pp.points', 'pp.stock', 'pp.enable', 'pp.created_at', 'pp.updated_at',
  ]);
type PointProductRow = Awaited<ReturnType<ReturnType<typeof pointProductQuery>['executeTakeFirstOrThrow']>>;

const pointProductDto = (r: PointProductRow): PointProductDto => ({
  id: r.id, productId: r.product_id, productNames: r.productNames, image: r.image, timezoneId: r.timezone_id,
  from: iso(r.starts_at), to: iso(r.ends_at), points: r.points, stock: r.stock, enable: r.enable,
  createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
});

const pointProducts = defineResource<PointProductRow, PointProductDto, PointProductBody>({
  declaration: PRODUCT_DECL,
  table: 'point_products',
  alias: 'pp',
  columns: { points: 'pp.points', stock: 'pp.stock', from: 'pp.starts_at', to: 'pp.ends_at', createdAt: 'pp.created_at' },
  query: pointProductQuery,
  toDto: pointProductDto,
  readOnly: ['productNames', 'image'],
  upsert: true,
  values: async ({ trx, who }, body) => {
    const fields: Fields = {};
    const from = new Date(body.from);
    const to = new Date(body.to);
    if (!timezoneById(body.timezoneId)) fields.timezoneId = { key: 'oneOf' };
    if (to.getTime() < from.getTime()) fields.to = { key: 'fromToDatetime' };
    const product = isDbId(body.productId)
      ? await trx.selectFrom('marketing_products').select('id').where('id', '=', body.productId).where('tenant_id', '=', who.tenantId).forShare().executeTakeFirst()
      : undefined;
    if (!product) fields.productId = { key: 'oneOf' };
    if (Object.keys(fields).length) throw badRequest(fields);
    return {
      product_id: body.productId, starts_at: from, ends_at: to, timezone_id: body.timezoneId,
      points: body.points, stock: body.stock, enable: body.enable ?? true,
    };
  },
  beforeRemove: async ({ trx }, before) => {
    // An order keeps what it redeemed: a product once ordered is disabled instead.
    if (await isReferenced(trx, 'member_order_items', 'point_product_id', before.id)) throw new ApiError(400, ErrorCode.NotAllowed, { id: { key: 'inUse' } });
  },
  foreignKeyError: () => badRequest({ productId: { key: 'oneOf' } }),
  errors: { remove: [ErrorCode.NotAllowed] },
});

// --- Member orders -----------------------------------------------------------------------

export interface OrderItemDto { pointProductId: number; productId: number; productName: string; productNames: Names; quantity: number; points: number }
export interface OrderHistoryDto { at: string; status: number; account: string }

export interface MemberOrderDto {
  id: number;
  orderNo: string;
  status: number;
  points: number;
  memberId: number;
  memberPhone: string;
  memberName: string | null;
  productSummary: string;
  recipient: { name?: string; phone?: string; address?: string };
  note: string | null;
  items?: OrderItemDto[];
  history?: OrderHistoryDto[];
  createdAt: string;
  updatedAt: string;
}

export interface OrderFilters { status?: number; from?: string; to?: string; phone?: string; keyword?: string }

const orderQuery = (db: Db) => db.selectFrom('member_orders as o')
  .innerJoin('members as m', 'm.id', 'o.member_id')
  .select([
    'o.id', 'o.order_no', 'o.status', 'o.points', 'o.member_id', 'o.recipient', 'o.note', 'o.created_at', 'o.updated_at',
    'm.phone_country_code', 'm.phone', 'm.name as memberName',
  ])
  .select(sql<string>`(select string_agg(coalesce(nullif(p.names->>'zh_TW', ''), nullif(p.names->>'en', ''), p.names->>'zh_CN', '') || ' x' || i.quantity, ', ' order by i.id)
    from member_order_items i join marketing_products p on p.id = i.product_id where i.order_id = o.id)`.as('productSummary'));
type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['executeTakeFirstOrThrow']>>;

const phoneOf = (r: { phone_country_code: string | null; phone: string | null }) => memberPhoneText(r.phone_country_code, r.phone);

const orderDto = (r: OrderRow): MemberOrderDto => ({
  id: r.id, orderNo: r.order_no, status: r.status, points: r.points, memberId: r.member_id, memberPhone: phoneOf(r),
  memberName: r.memberName, productSummary: r.productSummary ?? '', recipient: (r.recipient ?? {}) as MemberOrderDto['recipient'],
  note: r.note, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
});

function filterOrders<Q extends ReturnType<typeof orderQuery>>(q: Q, f: OrderFilters): Q {
  let out = q;
  if (f.status !== undefined) out = out.where('o.status', '=', f.status) as Q;
  if (f.from) out = out.where('o.created_at', '>=', new Date(f.from)) as Q;
  if (f.to) out = out.where('o.created_at', '<=', new Date(f.to)) as Q;
  const phone = f.phone?.replace(/[^\d]/g, '');
  if (phone) out = out.where(sql<boolean>`(m.phone_country_code || m.phone) like ${containsPattern(phone)}`) as Q;
  if (f.keyword?.trim()) out = out.where('o.order_no', 'ilike', containsPattern(f.keyword.trim())) as Q;
  return out;
}

async function orderDetails(db: Db, dto: MemberOrderDto): Promise<MemberOrderDto> {
  const [items, logs] = await Promise.all([
    db.selectFrom('member_order_items as i').innerJoin('marketing_products as p', 'p.id', 'i.product_id')
      .select(['i.point_product_id', 'i.product_id', 'p.names', 'i.quantity', 'i.points'])
      .where('i.order_id', '=', dto.id).orderBy('i.id').execute(),
    db.selectFrom('change_logs').select(['created_at', 'account', sql<string | null>`after->>'status'`.as('status')])
      .where('resource', '=', 'member-order').where('resource_id', '=', String(dto.id)).orderBy('id').execute(),
  ]);
  const history: OrderHistoryDto[] = [{ at: dto.createdAt, status: MemberOrderStatus.Created, account: dto.memberPhone }];
  for (const l of logs) {
    const status = Number(l.status);
    if (isOrderStatus(status) && status !== history[history.length - 1].status) history.push({ at: iso(l.created_at), status, account: l.account });
  }
  return {
    ...dto,
    items: items.map((i) => ({ pointProductId: i.point_product_id, productId: i.product_id, productName: pickName(i.names, 'zh_TW'), productNames: i.names, quantity: i.quantity, points: i.points })),
    history,
  };
}

const orders = defineResource<OrderRow, MemberOrderDto, never, OrderFilters>({
  declaration: ORDER_DECL,
  table: 'member_orders',
  alias: 'o',
  columns: { orderNo: 'o.order_no', status: 'o.status', memberPhone: sql`m.phone`, points: 'o.points', createdAt: 'o.created_at' },
  query: orderQuery,
  filter: (q, f) => filterOrders(q as ReturnType<typeof orderQuery>, f),
  toDto: orderDto,
  details: orderDetails,
  only: ['list', 'get'],
});

const cannotChange = (data?: unknown) => new ApiError(400, ErrorCode.OrderStatusCannotChange, data ?? { status: { key: 'invalid' } });

const ORDER_UPDATE_FORM = {
  schema: {
    type: 'object',
    required: ['id', 'status'],
    additionalProperties: false,
    properties: {
      id: { type: 'integer', minimum: 1 },
      status: { type: 'integer', enum: Object.values(MemberOrderStatus) },
      note: { type: ['string', 'null'], maxLength: 500 },
    },
  },
};


// --- Export ------------------------------------------------------------------------------

const col = (key: OrderImportColumn) => ({ header: ({ lang }: { lang: Lang }) => ORDER_IMPORT_COLUMNS[key].labels[lang] });
const recipient = (r: OrderRow, key: string) => String((r.recipient as Record<string, unknown>)?.[key] ?? '');

/**
 * POST member/order/file: the filtered orders (ExportMemberOrders 12). The order number, status
 * and zone columns are named as the import reads them; times in the zone of the user who asked.
 */
const orderExport = defineExport<OrderRow, OrderFilters>({
  declaration: ORDER_DECL,
  category: JobCategory.ExportMemberOrders,
  summary: 'Export the filtered orders (job ExportMemberOrders) -> { id, reportId }',
  rows: { resource: orders, keyset: 'o.id' },
  columns: [
    { ...col('orderNo'), key: 'order_no' },
    { ...col('status'), value: (r, { lang }) => (isOrderStatus(r.status) ? ORDER_STATUS_LABELS[r.status][lang] : String(r.status)) },
    { grid: 'memberPhone', value: (r) => exportPhone(r.phone_country_code, r.phone) },
    { label: 'screens.memberOrder.memberName', value: (r) => r.memberName ?? '' },
    { grid: 'productSummary', value: (r) => r.productSummary ?? '' },
    { grid: 'points', key: 'points' },
    { label: 'screens.memberOrder.recipientName', value: (r) => recipient(r, 'name') },
    { label: 'screens.memberOrder.recipientPhone', value: (r) => recipient(r, 'phone') },
    { label: 'screens.memberOrder.recipientAddress', value: (r) => recipient(r, 'address') },
    { label: 'screens.memberOrder.note', value: (r) => r.note ?? '' },
    { grid: 'createdAt', value: (r) => new Date(r.created_at) },
    { ...col('timezone'), value: (_r, { zone }) => zone },
  ],
  fileName: 'screens.memberOrder.exportTitle',
});

// --- Routes ------------------------------------------------------------------------------

export default async function memberOrderRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  await app.register(multipart, { throwFileSizeLimit: false });

  // Point products.
  pointProducts.routes(app, deps);

  app.get('/member/product/product-options', {
    config: { menuId: MEMBER_MENU.product, docs: { summary: 'The marketing categories of the tenant with their products (point product choices)' } },
  }, async (req) => categoriesWithProducts(db, caller(req).tenantId));

  // Orders.
  orders.routes(app, deps);

  app.post('/member/order', {
    config: {
      menuId: MEMBER_MENU.order,
      docs: { summary: 'Change an order\'s status (Created -> Stocking | Canceled, Stocking -> Shipped | Canceled) and note; a cancel returns the points', body: ORDER_UPDATE_FORM.schema, errors: [ErrorCode.NotFound, ErrorCode.OrderStatusCannotChange] },
    },
  }, async (req) => {
    const who = caller(req);
    const raw = withoutKeys(objectBody(req.body), ['orderNo', 'memberId', 'memberPhone', 'memberName', 'points', 'productSummary', 'recipient', 'items', 'history', 'createdAt', 'updatedAt']);
    const body = validated<{ id: number; status: number; note?: string | null }>(ORDER_UPDATE_FORM, raw);
    return db.transaction().execute(async (trx) => {
      const ctx = { who, scope: { clients: null, brands: null } };
      const before = await orders.load(trx, ctx, body.id, true);
      if (!before) throw notFound();
      if (!canChangeStatus(before.status, body.status)) throw cannotChange({ status: { key: 'invalid' }, from: before.status, to: body.status });
      const note = body.note === undefined ? before.note : (body.note?.trim() || null);
      if (before.status === body.status && note === before.note) return before;
      await trx.updateTable('member_orders').set({ status: body.status, note, updated_at: new Date() })
        .where('id', '=', body.id).where('tenant_id', '=', who.tenantId).execute();
      if (body.status === MemberOrderStatus.Canceled && before.status !== MemberOrderStatus.Canceled) {
        if (before.points > 0) await refundPoints(trx, { tenantId: who.tenantId, memberId: before.memberId, points: before.points, orderId: before.id });
        await restoreCanceled(trx, who.tenantId, [before.id]);
      }
      const after = (await orders.load(trx, ctx, body.id))!;
      const { history: _h, ...beforeLogged } = before;
      const { history: _a, ...afterLogged } = after;
      await recordChange(trx, who, { resource: 'member-order', resourceId: body.id, action: 'update', before: beforeLogged, after: afterLogged });
      return orders.load(trx, ctx, body.id);
    });
  });

  app.get('/member/order/report', {
    ...listRoute(orders.spec, ORDER_DECL.filters?.schema as Record<string, unknown>),
    config: { menuId: MEMBER_MENU.order, docs: { summary: 'Totals of the filtered orders: count and points per status' } },
  }, async (req) => {
    const who = caller(req);
    const { format: _f, lang: _l, ...filters } = req.query as OrderFilters & { format?: string; lang?: string };
    const base = filterOrders(orders.scoped(db, who, { clients: null, brands: null }) as ReturnType<typeof orderQuery>, filters);
    const rows = await base.clearSelect().clearOrderBy()
      .select(['o.status', sql<string>`count(*)`.as('count'), sql<string>`coalesce(sum(o.points), 0)`.as('points')])
      .groupBy('o.status').orderBy('o.status').execute() as unknown as { status: number; count: string | number; points: string | number }[];
    const byStatus = Object.values(MemberOrderStatus).map((status) => {
      const r = rows.find((x) => x.status === status);
      return { status, count: Number(r?.count ?? 0), points: Number(r?.points ?? 0) };
    });
    return { total: byStatus.reduce((n, s) => n + s.count, 0), points: byStatus.reduce((n, s) => n + s.points, 0), byStatus };
  });

  orderExport.routes(app, deps);

  app.post('/member/order/batch', {
    config: {
      menuId: MEMBER_MENU.order,
      docs: {
        summary: 'Import order statuses from a CSV file (multipart part `file`; columns orderNo and status, optional timezone): all rows or none; a refusal lists every bad line in data.errors',
        body: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
        consumes: ['multipart/form-data'],
        errors: [ErrorCode.NoFile, ErrorCode.FileFormat, ErrorCode.OrderNumberNotFound, ErrorCode.CsvHeaderWrong, ErrorCode.CsvReadError, ErrorCode.TimezoneNotFound, ErrorCode.CsvNoData, ErrorCode.CsvInvalidOrderStatus],
      },
    },
  }, async (req) => {
    const who = caller(req);
    const file = await readCsvPart(req, deps.settings.uploadMaxMB);
    const { rows, problems } = readOrderCsv(file.bytes);
    return db.transaction().execute(async (trx) => {
      const result = await applyImport(trx, who, rows, problems);
      await recordChange(trx, who, { resource: 'member-order', resourceId: 'import', action: 'update', after: { file: file.name, ...result } });
      return result;
    });
  });
}

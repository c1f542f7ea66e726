/**
 * Point activities (issue 15, menu 50: client tenants with the Member function; SPEC 7 "Member"
 * rows). Declared resource (src/schemas/activity/point-activity.json) on server/resource; the
 * rules once in src/domain/activity/pointActivity.ts (the form's schema and json-logic rules,
 * their catalogue codes, status, 7401's overlap). Everything scoped to the caller's tenant
 * (another tenant's id: 404 code 2).
 *
 *   GET  member/point-activity                 list { items, total } (keyword; sort name, from,
 *                                              to, createdAt; status derived from enable and period)
 *   GET  member/point-activity/{id}            one
 *   POST member/point-activity                 no id: create (201); an id: edit (200)
 *   GET  member/point-activity/product         product options (the lottery's: brand products;
 *                                              deleted or disabled ones only when ?selected=)
 *   GET  member/point-activity/binding-info    ?type=2 order packages | 3 shipment packages
 *   Codes: 7402 more than 10 rules, 7403 probabilities over 100%, 7404 / 7405 expiry date /
 *   days missing, 7406 no product or package, 7401 an enabled activity of the tenant overlapping
 *   in period and sharing a qualification id; code 1 on an id that is not the tenant's, an
 *   image that is not its upload (101 / 102 for an image past the rule).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  addDays, conflicts, duplicateProducts, pointActivityCode, pointActivityStatus, qualificationField, type PointActivityDto, type PointActivityInput, type QualificationPackages,
} from '../../../src/domain/activity/pointActivity';
import { declaration } from '../../../src/domain/declarations';
import { QualificationType } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { timezoneById } from '../../../src/domain/reference/timezones';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { containsPattern } from '../../db/list';
import { json } from '../../db/schema';
import { ApiError, badRequest } from '../../errors';
import { defineResource, type Db } from '../../resource/define';
import { langOf } from '../../services/names';
import { numberList, packageIds, packageOptions, productIds, productOptions } from '../../services/qualification';

export const POINT_ACTIVITY_MENU = 50;
const DECL = declaration('activity.point-activity');
const iso = (d: Date) => new Date(d).toISOString();

const pointQuery = (db: Db) => db.selectFrom('point_activities as pa')
  .select(['pa.id', 'pa.name', 'pa.enable', 'pa.enter_limit_hours', 'pa.timezone_id', 'pa.image_url', 'pa.expiry_type', 'pa.expiry_days',
    'pa.description', 'pa.qualification_text', 'pa.notice', 'pa.icon', 'pa.qualification_type', 'pa.qualification', 'pa.reward_rules',
    'pa.created_at', 'pa.updated_at'])
  .select([
    sql<string>`to_char(pa.from_date, 'YYYY-MM-DD')`.as('from_text'),
    sql<string>`to_char(pa.to_date, 'YYYY-MM-DD')`.as('to_text'),
    sql<string | null>`to_char(pa.expiry_date, 'YYYY-MM-DD')`.as('expiry_text'),
    // The qualifying products' names (type 1: the products; 2 and 3: the entries' products).
    sql<string[] | null>`(select jsonb_agg(b.name order by lower(b.name), b.id) from brand_products b
      where b.tenant_id = pa.tenant_id and b.id in (
        select x::int from jsonb_array_elements_text(coalesce(pa.qualification->'product', '[]'::jsonb)) x
        union select (e->>'productId')::int from jsonb_array_elements(coalesce(pa.qualification->'order', pa.qualification->'shipment', '[]'::jsonb)) e))`.as('product_names'),
  ]);
type PointRow = Awaited<ReturnType<ReturnType<typeof pointQuery>['executeTakeFirstOrThrow']>>;

export type PointActivityAnswer = PointActivityDto & { timezoneNames: Record<string, string> | null };

export function pointActivityDto(r: PointRow, now = new Date()): PointActivityAnswer {
  const q = r.qualification ?? {};
  const base = { enable: r.enable, from: r.from_text, to: r.to_text, timezoneId: r.timezone_id };
  return {
    id: r.id, name: r.name, ...base, enterLimitHours: r.enter_limit_hours, image: r.image_url, expiryType: r.expiry_type,
    expiryDate: r.expiry_text, expiryDays: r.expiry_days, description: r.description, qualification: r.qualification_text, notice: r.notice,
    icon: r.icon, qualificationType: r.qualification_type, qualificationProducts: q.product ?? [], qualificationOrders: q.order ?? [],
    qualificationShipments: q.shipment ?? [], rewardRules: r.reward_rules, status: pointActivityStatus(base, now), products: r.product_names ?? [],
    timezoneNames: timezoneById(r.timezone_id)?.names ?? null, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
  };
}

/** The stored qualification of the body's type (the other lists are dropped). */
export function qualificationOf(body: Pick<PointActivityInput, 'qualificationType' | 'qualificationProducts' | 'qualificationOrders' | 'qualificationShipments'>) {
  if (body.qualificationType === QualificationType.Product) return { product: [...new Set(body.qualificationProducts ?? [])] };
  const list = (body.qualificationType === QualificationType.OrderPackage ? body.qualificationOrders : body.qualificationShipments) ?? [];
  const rows: QualificationPackages[] = list.map((r) => ({ productId: r.productId, packageIds: [...new Set(r.packageIds)] }));
  return body.qualificationType === QualificationType.OrderPackage ? { order: rows } : { shipment: rows };
}

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

const activities = defineResource<PointRow, PointActivityAnswer, PointActivityInput, { keyword?: string }>({
  declaration: DECL,
  table: 'point_activities',
  alias: 'pa',
  columns: { name: sql`lower(pa.name)`, from: 'pa.from_date', to: 'pa.to_date', createdAt: 'pa.created_at' },
  query: pointQuery,
  filter: (q, { keyword }) => (keyword?.trim() ? q.where('pa.name', 'ilike', containsPattern(keyword.trim())) : q),
  toDto: (r) => pointActivityDto(r),
  readOnly: ['status', 'products', 'timezoneNames'],
  upsert: true,
  bodyErrorCode: pointActivityCode,
  values: async ({ trx, who }, body, before) => {
    const name = body.name.trim();
    const fields: Record<string, { key: string; params?: Record<string, unknown> }> = {};
    if (!name) fields.name = { key: 'required' };
    if (!timezoneById(body.timezoneId)) fields.timezoneId = { key: 'oneOf' };
    Object.assign(fields, duplicateProducts(body));
    if (Object.keys(fields).length) throw badRequest(fields);

    // Qualifying ids: the tenant's brand products, code packages (order) or ship sheets (shipment).
    const field = qualificationField(body.qualificationType);
    const q = qualificationOf(body);
    if (body.qualificationType === QualificationType.Product) {
      const ids = q.product ?? [];
      const known = await productIds(trx, who, ids);
      (body.qualificationProducts ?? []).forEach((id, i) => { if (!known.has(id)) fields[`${field}.${i}`] = { key: 'invalid' }; });
    } else {
      const list = (q.order ?? q.shipment)!;
      const products = await productIds(trx, who, list.map((r) => r.productId));
      const packages = await packageIds(trx, who, body.qualificationType, list.flatMap((r) => r.packageIds));
      list.forEach((r, i) => {
        if (!products.has(r.productId)) fields[`${field}.${i}.productId`] = { key: 'invalid' };
        if (r.packageIds.some((p) => !packages.has(p))) fields[`${field}.${i}.packageIds`] = { key: 'invalid' };
      });
    }
    if (Object.keys(fields).length) throw badRequest(fields);

    // The image (the form's upload rule: the tenant's upload, at most 2 MB; unchanged: not
    // checked again) is checked by the layer after these rules.

    // 7401: an enabled activity of the tenant overlapping in period and sharing a qualifying id.
    // The tenant's activities are locked first, so two saves at once cannot both pass.
    const enable = body.enable ?? true;
    if (enable) {
      await sql`select id from point_activities where tenant_id = ${who.tenantId} order by id for update`.execute(trx);
      const others = await pointQuery(trx).where('pa.tenant_id', '=', who.tenantId).where('pa.enable', '=', true)
        .where('pa.qualification_type', '=', body.qualificationType)
        // A cheap prefilter on dates (the exact check is `conflicts`): two zones' days are up to 26 hours apart (UTC-12 to UTC+14).
        .where('pa.from_date', '<=', sql<string>`${addDays(body.to, 2)}::date`).where('pa.to_date', '>=', sql<string>`${addDays(body.from, -2)}::date`)
        .execute();
      const mine = { ...body, enable, ...qualificationListsOf(q) };
      const clash = others.find((o) => o.id !== before?.id && conflicts(mine, { ...pointActivityDto(o) }));
      if (clash) throw new ApiError(400, ErrorCode.PointActivityConfigured, { [field]: { key: 'invalid' }, activityId: clash.id, activityName: clash.name });
    }

    const expiryType = body.expiryType;
    return {
      name, enable, enter_limit_hours: body.enterLimitHours ?? 0, timezone_id: body.timezoneId, from_date: body.from, to_date: body.to,
      image_url: body.image || null, expiry_type: expiryType, expiry_date: expiryType === 1 ? (body.expiryDate ?? null) : null,
      expiry_days: expiryType === 2 ? (body.expiryDays ?? null) : null, description: text(body.description), qualification_text: text(body.qualification),
      notice: text(body.notice), icon: body.icon, qualification_type: body.qualificationType, qualification: json(q),
      reward_rules: json(body.rewardRules.map((r) => ({ type: r.type, value: Number(r.value), probability: Number(r.probability) }))),
    };
  },
  errors: {
    create: [ErrorCode.PointActivityConfigured, ErrorCode.TooManyRules, ErrorCode.RuleProbabilityOver100, ErrorCode.ExpiryDateMissing, ErrorCode.ExpiryDaysMissing, ErrorCode.ProductOrPackageMissing, ErrorCode.ImageSize, ErrorCode.ImageResolution],
    update: [ErrorCode.PointActivityConfigured, ErrorCode.TooManyRules, ErrorCode.RuleProbabilityOver100, ErrorCode.ExpiryDateMissing, ErrorCode.ExpiryDaysMissing, ErrorCode.ProductOrPackageMissing, ErrorCode.ImageSize, ErrorCode.ImageResolution],
  },
});

function qualificationListsOf(q: ReturnType<typeof qualificationOf>) {
  return { qualificationProducts: q.product ?? [], qualificationOrders: q.order ?? [], qualificationShipments: q.shipment ?? [] };
}

const OPTION_QUERY = {
  type: 'object', additionalProperties: false,
  properties: {
    selected: { anyOf: [{ type: 'array', items: { type: 'integer', minimum: 1, maximum: 2147483647 }, maxItems: 1000 }, { type: 'integer', minimum: 1, maximum: 2147483647 }] },
    lang: { type: 'string', maxLength: 10 },
    type: { type: 'integer', enum: [2, 3] },
  },
} as const;

export default async function pointActivityRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const config = (summary: string) => ({ menuId: POINT_ACTIVITY_MENU, docs: { summary } });
  // The lottery's option lists (server/modules/activity/lottery.ts), open to this menu.
  app.get<{ Querystring: { selected?: number | number[]; lang?: string } }>('/member/point-activity/product', {
    config: config('Product options of the qualification (deleted or disabled ones only when chosen)'), schema: { querystring: OPTION_QUERY },
  }, async (req) => productOptions(db, caller(req), langOf(req.query.lang), numberList(req.query.selected)));
  app.get<{ Querystring: { selected?: number | number[]; type?: number } }>('/member/point-activity/binding-info', {
    config: config('Order (type 2) or shipment (type 3) package options'), schema: { querystring: OPTION_QUERY },
  }, async (req) => packageOptions(db, caller(req), req.query.type ?? QualificationType.OrderPackage, numberList(req.query.selected)));
  activities.routes(app, deps);
}

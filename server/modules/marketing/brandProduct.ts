/**
 * Marketing product info (menu 32): the marketing data of the tenant's brand products, within
 * the role's brands (services/marketing.ts has the area's contract):
 *   GET    marketing/product/brand                 list (keyword, brandId, completed)
 *   GET    marketing/product/brand/product-name    options (also the banner's, menu 33)
 *   GET    marketing/product/brand/{id}            one
 *   POST   marketing/product/brand                 save (201 first time, 200 after)
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { sql } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import { ErrorCode } from '../../../src/domain/errors';
import type { Names } from '../../../src/domain/lang';
import { currencyByCode } from '../../../src/domain/reference/currencies';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { containsPattern, listPage, listRoute, listSpec, type ListParams } from '../../db/list';
import { json } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { declaredBody } from '../../resource/body';
import type { RouteDocs } from '../../resource/define';
import { bodySchema } from '../../resource/schemas';
import { recordChange } from '../../services/changelog';
import { bodyId, idParams, validated, withoutKeys } from '../../services/resource';
import { roleScope, scopeCondition, type RoleScope } from '../../services/scope';
import { cleanNames } from '../../services/names';
import { apiDeclaration, declaredForm, iso, MARKETING_MENU, num, requireCodeRules, type Db } from '../../services/marketing';

// --- Brand products (32) ----------------------------------------------------------------

export interface MarketingBrandProductDto {
  /** The brand product (Product/brandProduct). */
  id: number;
  brandId: number;
  brandName: string;
  name: string;
  /** Has product info (what banners need). */
  completed: boolean;
  enable: boolean;
  currency: string | null;
  price: number | null;
  names: Names;
  firstPage: number;
  qualification: number | null;
  updatedAt: string | null;
}

const brandProductQuery = (db: Db) => db.selectFrom('brand_products as bp')
  .innerJoin('brands as b', 'b.id', 'bp.brand_id')
  .leftJoin('marketing_brand_products as m', 'm.brand_product_id', 'bp.id')
  .select([
    'bp.id', 'bp.brand_id', 'b.name as brandName', 'bp.name', 'bp.created_at', 'm.id as mid', 'm.enable', 'm.currency',
    'm.price', 'm.names', 'm.first_page', 'm.qualification', 'm.updated_at',
  ]);
type BrandProductRow = Awaited<ReturnType<ReturnType<typeof brandProductQuery>['executeTakeFirstOrThrow']>>;

const brandProductDto = (r: BrandProductRow): MarketingBrandProductDto => ({
  id: r.id, brandId: r.brand_id, brandName: r.brandName, name: r.name, completed: r.mid !== null,
  enable: r.enable ?? false, currency: r.currency, price: num(r.price), names: r.names ?? {},
  firstPage: r.first_page ?? 0, qualification: r.qualification, updatedAt: r.updated_at ? iso(r.updated_at) : null,
});

const scopedBrandProducts = (db: Db, tenantId: number, scope: RoleScope) =>
  brandProductQuery(db).where('bp.tenant_id', '=', tenantId).where(scopeCondition(scope.brands, 'bp.brand_id'));

const brandProductSpec = listSpec(declaration('marketing.brand-product'), { name: sql`lower(bp.name)`, brandName: sql`lower(b.name)` }, 'bp.id');
/**
 * The screen's form is the save's body (one source): checked by the route's validator, its
 * coded rule (6403, the tenant's default language) by the handler; `id` names the brand product.
 */
const SCREEN_FORM = declaredForm('marketing.brand-product');
/** Fields the record answers and an edit form sends back: ignored in a body. */
const ANSWERED = ['brandId', 'brandName', 'name', 'completed', 'createdAt', 'updatedAt'];
interface BrandProductBody { id: number; enable?: boolean; currency: string; price: number; names?: Names; firstPage?: number; qualification: number }
const SAVE_BODY = declaredBody(bodySchema(apiDeclaration('marketing.brand-product', 'marketing-brand-product'), 'update', ANSWERED),
  (raw): BrandProductBody => ({ ...validated<Omit<BrandProductBody, 'id'>>(SCREEN_FORM, withoutKeys(raw, ['id', ...ANSWERED])), id: bodyId(raw) }));

const BRAND_PRODUCT_FILTERS = {
  type: 'object',
  properties: { keyword: { type: 'string', maxLength: 50 }, brandId: { type: 'integer', minimum: 1 }, completed: { type: 'boolean' } },
};

export default async function marketingBrandProductRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  // Banner and product writes take form data (SPEC 7); oversized parts answer 102, not 413.
  // Every marketing plugin registers it, as the one plugin they were before.
  await app.register(multipart, { throwFileSizeLimit: false });

  // --- Product info (brand products) ---
  const bpConfig = (docs: RouteDocs) => ({ menuId: MARKETING_MENU.brandProduct, docs });

  app.get('/marketing/product/brand', {
    ...listRoute(brandProductSpec, BRAND_PRODUCT_FILTERS),
    config: bpConfig({ summary: 'Brand products with their product info' }),
  }, async (req) => {
    const who = caller(req);
    const query = req.query as ListParams & { keyword?: string; brandId?: number; completed?: boolean };
    let q = scopedBrandProducts(db, who.tenantId, await roleScope(db, who));
    if (query.keyword?.trim()) {
      const p = containsPattern(query.keyword.trim());
      q = q.where((eb) => eb.or([eb('bp.name', 'ilike', p), eb('b.name', 'ilike', p)]));
    }
    if (query.brandId !== undefined) q = q.where('bp.brand_id', '=', query.brandId);
    if (query.completed !== undefined) q = q.where('m.id', query.completed ? 'is not' : 'is', null);
    const page = await listPage(q, brandProductSpec, query);
    return { total: page.total, items: page.items.map(brandProductDto) };
  });

  app.get('/marketing/product/brand/product-name', {
    schema: { querystring: { type: 'object', properties: { keyword: { type: 'string', maxLength: 50 }, completed: { type: 'boolean' } } } },
    config: { menuId: [MARKETING_MENU.brandProduct, MARKETING_MENU.banner], docs: { summary: 'Brand product options (completed: only those with product info)' } },
  }, async (req) => {
    const who = caller(req);
    const { keyword, completed } = req.query as { keyword?: string; completed?: boolean };
    let q = scopedBrandProducts(db, who.tenantId, await roleScope(db, who));
    if (keyword?.trim()) {
      const p = containsPattern(keyword.trim());
      q = q.where((eb) => eb.or([eb('bp.name', 'ilike', p), eb('b.name', 'ilike', p)]));
    }
    if (completed !== undefined) q = q.where('m.id', completed ? 'is not' : 'is', null);
    const rows = await q.orderBy(sql`lower(b.name)`).orderBy(sql`lower(bp.name)`).orderBy('bp.id').limit(500).execute();
    return rows.map((r) => ({ value: r.id, label: r.name, brandName: r.brandName, completed: r.mid !== null }));
  });

  app.get<{ Params: { id: number } }>('/marketing/product/brand/:id', {
    schema: { params: idParams },
    config: bpConfig({ summary: 'One brand product with its product info', errors: [ErrorCode.NotFound] }),
  }, async (req) => {
    const who = caller(req);
    const row = await scopedBrandProducts(db, who.tenantId, await roleScope(db, who)).where('bp.id', '=', req.params.id).executeTakeFirst();
    if (!row) throw notFound();
    return brandProductDto(row);
  });

  app.post('/marketing/product/brand', {
    ...SAVE_BODY,
    config: bpConfig({ summary: 'Save the product info of a brand product (id)', status: [201, 200], errors: [ErrorCode.NotFound, ErrorCode.DefaultLanguageMissing] }),
  }, async (req, reply) => {
    const who = caller(req);
    const body = req.body as BrandProductBody;
    if (!currencyByCode(body.currency)) throw badRequest({ currency: { key: 'oneOf' } });
    const names = cleanNames(body.names);
    if (Object.keys(names).length) await requireCodeRules(db, who.tenantId, SCREEN_FORM, { names });
    const out = await db.transaction().execute(async (trx) => {
      const scope = await roleScope(trx, who);
      const before = await scopedBrandProducts(trx, who.tenantId, scope).where('bp.id', '=', body.id).forUpdate('bp').executeTakeFirst();
      if (!before) throw notFound();
      const now = new Date();
      const values = {
        enable: body.enable ?? true, currency: body.currency, price: body.price, names: json(names),
        first_page: body.firstPage ?? 0, qualification: body.qualification, updated_at: now,
      };
      await trx.insertInto('marketing_brand_products').values({ tenant_id: who.tenantId, brand_product_id: body.id, created_at: now, ...values })
        .onConflict((oc) => oc.column('brand_product_id').doUpdateSet(values)).execute();
      const after = brandProductDto((await scopedBrandProducts(trx, who.tenantId, scope).where('bp.id', '=', body.id).executeTakeFirst())!);
      const created = before.mid === null;
      await recordChange(trx, who, { resource: 'marketing-brand-product', resourceId: body.id, action: created ? 'create' : 'update', ...(created ? {} : { before: brandProductDto(before) }), after });
      return { after, created };
    });
    return reply.code(out.created ? 201 : 200).send(out.after);
  });
}

/**
 * Brands and brand products (menu 19: client tenants; hidden for the operator), declared by
 * src/schemas/product/brand-product.json and brand.json (one screen, two tabs).
 *
 *   GET    Product/brand                     list { items, total } (keyword: name contains)
 *   GET    Product/brand/options             [{ value, label }]
 *   POST   Product/brand                     without `id` creates (201), with `id` edits (200);
 *                                            a name the tenant already has (any case): code 1
 *                                            checkRepeatName on name
 *   DELETE Product/brand/{id}                204; 400 code 2301 while it has brand products
 *
 *   GET    Product/brandProduct              list { items, total } (keyword: product or brand
 *                                            name contains; brandId)
 *   GET    Product/brandProduct/{id}         the brand product with its materialIds
 *   GET    Product/brandProduct/materials    options: the packaging materials the operator keeps
 *                                            for the caller's tenant [{ value, label: 'no name' }]
 *   POST   Product/brandProduct              the same as PUT (the screen creates with POST)
 *   PUT    Product/brandProduct              without `id` creates (201), with `id` edits (200)
 *   DELETE Product/brandProduct/{id}         204 (its material links go with it)
 *   POST   Product/brandProduct/file         filters (+ format, lang): an export job
 *                                            (ExportBrandProducts 2) -> { id, reportId }
 *
 * A brand product may be linked to packaging materials made for its tenant (`materialIds`,
 * no repeats): what the client's brand product is packed in. A linked material cannot be
 * deleted by the operator: 400 code 3501 (modules/packaging.ts).
 * A General role whose `brands` list is not empty sees and changes only those brands and their
 * products (services/scope.ts); another tenant's ids, or brands outside the role, are 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Page } from '../../src/domain/api';
import { declaration, editForm, resolveForm } from '../../src/domain/declarations';
import { JobCategory } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import type { Lang } from '../../src/domain/lang';
import { caller, type Caller } from '../auth';
import type { AppDeps } from '../context';
import { containsPattern, listPage, listRoute, listSpec, type ListParams } from '../db/list';
import type { Database } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import { inBatches, queueExport, registerJobHandler, writeExport, type ExportFormat } from '../jobs/index';
import { recordChange } from '../services/changelog';
import { exportText } from '../services/codes';
import { countRows, listExportForm } from '../services/listExport';
import { bodyId, idParams, isDbId, isUniqueViolation, objectBody, validated, withoutKeys } from '../services/resource';
import { roleScope, scopeCondition, type RoleScope } from '../services/scope';
import { BRAND_PRODUCT_MENU_ID, langOf } from './product';
import { ROLE_MENU_ID } from './role';

const BRAND_DECL = declaration('product.brand');
const BRAND_FORM = BRAND_DECL.form!;
const BRAND_RESOURCE = BRAND_DECL.resource ?? 'brand';
const BRAND_READ_ONLY = ['productCount', 'createdAt', 'updatedAt'];

const DECL = declaration('product.brand-product');
const FORM = DECL.form!;
const RESOURCE = DECL.resource ?? 'brandProduct';
const READ_ONLY = ['brandName', 'materialCount', 'createdAt', 'updatedAt'];

type Db = AppDeps['db'] | Transaction<Database>;

// --- Brands --------------------------------------------------------------------------------

export interface BrandDto {
  id: number;
  name: string;
  productCount: number;
  createdAt: string;
  updatedAt: string;
}

const BRAND_SPEC = listSpec(BRAND_DECL, { name: sql`lower(b.name)`, createdAt: 'b.created_at' }, 'b.id');

function brandQuery(db: Db, tenantId: number, scope: RoleScope) {
  return db.selectFrom('brands as b')
    .select(['b.id', 'b.name', 'b.created_at', 'b.updated_at'])
    .select((eb) => eb.selectFrom('brand_products as bp').select(eb.fn.countAll().as('n')).whereRef('bp.brand_id', '=', 'b.id').as('productCount'))
    .where('b.tenant_id', '=', tenantId)
    .where(scopeCondition(scope.brands, 'b.id'));
}

type BrandRow = Awaited<ReturnType<ReturnType<typeof brandQuery>['executeTakeFirstOrThrow']>>;

const brandDto = (b: BrandRow): BrandDto => ({
  id: b.id, name: b.name, productCount: Number(b.productCount ?? 0), createdAt: b.created_at.toISOString(), updatedAt: b.updated_at.toISOString(),
});

async function loadBrand(db: Db, tenantId: number, scope: RoleScope, id: number, lock = false) {
  let q = brandQuery(db, tenantId, scope).where('b.id', '=', id);
  if (lock) q = q.forUpdate('b');
  const row = await q.executeTakeFirst();
  return row ? brandDto(row) : null;
}

const repeatName = () => badRequest({ name: { key: 'checkRepeatName' } });

// --- Brand products ------------------------------------------------------------------------

export interface BrandProductListItem {
  id: number;
  brandId: number;
  brandName: string;
  name: string;
  materialCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface BrandProductDto extends BrandProductListItem {
  materialIds: number[];
}

interface BrandProductBody {
  brandId: number;
  name: string;
  materialIds?: number[];
}

interface BrandProductFilters {
  keyword?: string;
  brandId?: number;
}

const SPEC = listSpec(DECL, {
  name: sql`lower(bp.name)`,
  brandName: sql`lower(b.name)`,
  createdAt: 'bp.created_at',
  updatedAt: 'bp.updated_at',
}, 'bp.id');

function productQuery(db: Db, tenantId: number, scope: RoleScope) {
  return db.selectFrom('brand_products as bp')
    .innerJoin('brands as b', 'b.id', 'bp.brand_id')
    .select(['bp.id', 'bp.brand_id', 'b.name as brandName', 'bp.name', 'bp.created_at', 'bp.updated_at'])
    .select((eb) => eb.selectFrom('brand_product_materials as l').select(eb.fn.countAll().as('n')).whereRef('l.brand_product_id', '=', 'bp.id').as('materialCount'))
    .where('bp.tenant_id', '=', tenantId)
    .where(scopeCondition(scope.brands, 'bp.brand_id'));
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof productQuery>['executeTakeFirstOrThrow']>>;

function applyFilters<Q extends ReturnType<typeof productQuery>>(q: Q, f: BrandProductFilters): Q {
  let out = q;
  if (f.keyword?.trim()) {
    const pattern = containsPattern(f.keyword.trim());
    out = out.where((eb) => eb.or([eb('bp.name', 'ilike', pattern), eb('b.name', 'ilike', pattern)])) as Q;
  }
  if (f.brandId !== undefined) out = out.where('bp.brand_id', '=', f.brandId) as Q;
  return out;
}

const productItem = (r: ProductRow): BrandProductListItem => ({
  id: r.id, brandId: r.brand_id, brandName: r.brandName, name: r.name, materialCount: Number(r.materialCount ?? 0),
  createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
});

async function loadProduct(db: Db, tenantId: number, scope: RoleScope, id: number, lock = false): Promise<BrandProductDto | null> {
  let q = productQuery(db, tenantId, scope).where('bp.id', '=', id);
  if (lock) q = q.forUpdate('bp');
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const links = await db.selectFrom('brand_product_materials').select('material_id').where('brand_product_id', '=', id).orderBy('material_id').execute();
  return { ...productItem(row), materialIds: links.map((l) => l.material_id) };
}

/** The packaging materials kept for a client tenant (by any operator): what its brand products may link. */
function tenantMaterials(db: Db, tenantId: number) {
  return db.selectFrom('packaging_materials').where('client_id', '=', tenantId);
}

// --- Export --------------------------------------------------------------------------------

interface BrandProductExportPayload {
  roleId: number;
  filters: BrandProductFilters;
  lang: Lang;
  format: ExportFormat;
}

/** The body of the export call: the list's filters, a format and a language. */
export const EXPORT_FORM = listExportForm(DECL);

registerJobHandler<BrandProductExportPayload>(JobCategory.ExportBrandProducts, async (job, ctx) => {
  const { filters, lang, format, roleId } = job.payload;
  const scope = await roleScope(ctx.db, { tenantId: job.tenantId, roleId });
  const base = applyFilters(productQuery(ctx.db, job.tenantId, scope), filters ?? {});
  const total = await countRows(base);
  const t = exportText(lang);
  type Row = ProductRow & { materials: string | null };
  await writeExport<Row>(ctx, {
    format: format ?? 'csv',
    fileName: t('screens.brandProduct.title'),
    total,
    columns: [
      { header: t('screens.brandProduct.name'), key: 'name' },
      { header: t('screens.brandProduct.brand'), key: 'brandName' },
      { header: t('screens.brandProduct.materials'), value: (r) => r.materials ?? '' },
      { header: t('screens.crud.createdAt'), value: (r) => r.created_at },
    ],
    rows: inBatches<Row>((after, limit) => {
      let q = base.select((eb) => eb.selectFrom('brand_product_materials as l')
        .innerJoin('packaging_materials as m', 'm.id', 'l.material_id')
        .select(sql<string>`string_agg(m.no, ', ' order by m.no)`.as('x'))
        .whereRef('l.brand_product_id', '=', 'bp.id').as('materials'));
      if (after) q = q.where('bp.id', '>', after.id);
      return q.orderBy('bp.id').limit(limit).execute() as Promise<Row[]>;
    }, 1000),
  });
});

// --- Routes --------------------------------------------------------------------------------

export default async function brandRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const config = { menuId: BRAND_PRODUCT_MENU_ID };

  app.get<{ Querystring: ListParams & { keyword?: string } }>('/Product/brand', {
    config, ...listRoute(BRAND_SPEC, BRAND_DECL.filters?.schema ?? { type: 'object', properties: { keyword: { type: 'string', maxLength: 50 } } }),
  }, async (req): Promise<Page<BrandDto>> => {
    const who = caller(req);
    let q = brandQuery(db, who.tenantId, await roleScope(db, who));
    if (req.query.keyword?.trim()) q = q.where('b.name', 'ilike', containsPattern(req.query.keyword.trim()));
    const page = await listPage(q, BRAND_SPEC, req.query);
    return { total: page.total, items: page.items.map(brandDto) };
  });

  // Also for the role form (menu 9): a client's General role may be limited to some brands.
  app.get('/Product/brand/options', { config: { menuId: [config.menuId, ROLE_MENU_ID] } }, async (req) => {
    const who = caller(req);
    const scope = await roleScope(db, who);
    const rows = await db.selectFrom('brands as b').select(['b.id', 'b.name'])
      .where('b.tenant_id', '=', who.tenantId).where(scopeCondition(scope.brands, 'b.id'))
      .orderBy(sql`lower(b.name)`).orderBy('b.id').execute();
    return rows.map((b) => ({ value: b.id, label: b.name }));
  });

  app.post('/Product/brand', { config }, async (req, reply) => {
    const who = caller(req);
    const raw = withoutKeys(objectBody(req.body), BRAND_READ_ONLY);
    const editing = raw.id !== undefined && raw.id !== null && raw.id !== '';
    const id = editing ? bodyId(raw) : null;
    const body = validated<{ name: string }>(editing ? editForm(BRAND_FORM) : resolveForm(BRAND_FORM), withoutKeys(raw, ['id']));
    const name = body.name.trim();
    try {
      const saved = await db.transaction().execute(async (trx) => {
        const scope = await roleScope(trx, who);
        let taken = trx.selectFrom('brands').select('id').where('tenant_id', '=', who.tenantId)
          .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
        if (id !== null) taken = taken.where('id', '!=', id);
        const now = new Date();
        if (id === null) {
          if (await taken.executeTakeFirst()) throw repeatName();
          const row = await trx.insertInto('brands').values({ tenant_id: who.tenantId, name, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
          // Read back without the role's brand list: the creator sees what was created.
          const after = (await loadBrand(trx, who.tenantId, { clients: null, brands: null }, row.id))!;
          await recordChange(trx, who, { resource: BRAND_RESOURCE, resourceId: row.id, action: 'create', after });
          return after;
        }
        const before = await loadBrand(trx, who.tenantId, scope, id, true);
        if (!before) throw notFound();
        if (await taken.executeTakeFirst()) throw repeatName();
        await trx.updateTable('brands').set({ name, updated_at: now }).where('id', '=', id).where('tenant_id', '=', who.tenantId).execute();
        const after = (await loadBrand(trx, who.tenantId, scope, id))!;
        await recordChange(trx, who, { resource: BRAND_RESOURCE, resourceId: id, action: 'update', before, after });
        return after;
      });
      return reply.code(id === null ? 201 : 200).send(saved);
    } catch (err) {
      if (isUniqueViolation(err, 'brands_name_uq')) throw repeatName();
      throw err;
    }
  });

  app.delete<{ Params: { id: number } }>('/Product/brand/:id', { config, schema: { params: idParams } }, async (req, reply) => {
    const who = caller(req);
    const id = req.params.id;
    await db.transaction().execute(async (trx) => {
      // The lock makes a concurrent brand-product save for this brand wait (it reads it FOR SHARE).
      const before = await loadBrand(trx, who.tenantId, await roleScope(trx, who), id, true);
      if (!before) throw notFound();
      const used = await trx.selectFrom('brand_products').select('id').where('brand_id', '=', id).limit(1).executeTakeFirst();
      if (used) throw new ApiError(400, ErrorCode.BrandHasProducts);
      await trx.deleteFrom('brands').where('id', '=', id).where('tenant_id', '=', who.tenantId).execute();
      await recordChange(trx, who, { resource: BRAND_RESOURCE, resourceId: id, action: 'delete', before });
    });
    return reply.code(204).send();
  });

  app.get<{ Querystring: ListParams & BrandProductFilters }>('/Product/brandProduct', { config, ...listRoute(SPEC, DECL.filters?.schema) }, async (req): Promise<Page<BrandProductListItem>> => {
    const who = caller(req);
    const page = await listPage(applyFilters(productQuery(db, who.tenantId, await roleScope(db, who)), req.query), SPEC, req.query);
    return { total: page.total, items: page.items.map(productItem) };
  });

  app.get('/Product/brandProduct/materials', { config }, async (req) => {
    const who = caller(req);
    const rows = await tenantMaterials(db, who.tenantId).select(['id', 'no', 'name']).orderBy(sql`lower(no)`).orderBy('id').execute();
    return rows.map((m) => ({ value: m.id, label: `${m.no} ${m.name}` }));
  });

  app.get<{ Params: { id: number } }>('/Product/brandProduct/:id', { config, schema: { params: idParams } }, async (req): Promise<BrandProductDto> => {
    const who = caller(req);
    const product = await loadProduct(db, who.tenantId, await roleScope(db, who), req.params.id);
    if (!product) throw notFound();
    return product;
  });

  const saveProduct = async (req: FastifyRequest, reply: FastifyReply) => {
    const who: Caller = caller(req);
    const raw = withoutKeys(objectBody(req.body), READ_ONLY);
    const editing = raw.id !== undefined && raw.id !== null && raw.id !== '';
    const id = editing ? bodyId(raw) : null;
    const body = validated<BrandProductBody>(editing ? editForm(FORM) : resolveForm(FORM), withoutKeys(raw, ['id']));
    const name = body.name.trim();
    const materialIds = body.materialIds ?? [];
    try {
      const saved = await db.transaction().execute(async (trx) => {
        const scope = await roleScope(trx, who);
        const before = id === null ? null : await loadProduct(trx, who.tenantId, scope, id, true);
        if (id !== null && !before) throw notFound();
        const fields: Record<string, { key: string }> = {};
        const brand = isDbId(body.brandId)
          ? await trx.selectFrom('brands as b').select('b.id').where('b.id', '=', body.brandId).where('b.tenant_id', '=', who.tenantId)
            .where(scopeCondition(scope.brands, 'b.id')).forShare().executeTakeFirst()
          : undefined;
        if (!brand) fields.brandId = { key: 'oneOf' };
        const seen = new Set<number>();
        materialIds.forEach((m, i) => {
          if (seen.has(m)) fields[`materialIds.${i}`] = { key: 'checkRepeatName' };
          seen.add(m);
        });
        if (materialIds.length > 0 && seen.size === materialIds.length) {
          const found = materialIds.every(isDbId)
            ? await tenantMaterials(trx, who.tenantId).select('id').where('id', 'in', materialIds).forShare().execute()
            : [];
          if (found.length !== materialIds.length) fields.materialIds = { key: 'oneOf' };
        }
        if (Object.keys(fields).length > 0) throw badRequest(fields);
        let taken = trx.selectFrom('brand_products').select('id').where('brand_id', '=', body.brandId)
          .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
        if (id !== null) taken = taken.where('id', '!=', id);
        if (await taken.executeTakeFirst()) throw repeatName();

        const now = new Date();
        let productId: number;
        if (id === null) {
          productId = (await trx.insertInto('brand_products').values({ tenant_id: who.tenantId, brand_id: body.brandId, name, created_at: now, updated_at: now })
            .returning('id').executeTakeFirstOrThrow()).id;
        } else {
          productId = id;
          await trx.updateTable('brand_products').set({ brand_id: body.brandId, name, updated_at: now })
            .where('id', '=', id).where('tenant_id', '=', who.tenantId).execute();
          await trx.deleteFrom('brand_product_materials').where('brand_product_id', '=', id).execute();
        }
        if (materialIds.length > 0) {
          await trx.insertInto('brand_product_materials').values(materialIds.map((m) => ({ brand_product_id: productId, material_id: m }))).execute();
        }
        const after = (await loadProduct(trx, who.tenantId, scope, productId))!;
        await recordChange(trx, who, { resource: RESOURCE, resourceId: productId, action: id === null ? 'create' : 'update', ...(before ? { before } : {}), after });
        return after;
      });
      return reply.code(id === null ? 201 : 200).send(saved);
    } catch (err) {
      if (isUniqueViolation(err, 'brand_products_name_uq')) throw repeatName();
      throw err;
    }
  };
  // SPEC.md names PUT for both; POST is the engine's create call. Either: an id edits, none creates.
  app.post('/Product/brandProduct', { config }, saveProduct);
  app.put('/Product/brandProduct', { config }, saveProduct);

  app.delete<{ Params: { id: number } }>('/Product/brandProduct/:id', { config, schema: { params: idParams } }, async (req, reply) => {
    const who = caller(req);
    const id = req.params.id;
    await db.transaction().execute(async (trx) => {
      const before = await loadProduct(trx, who.tenantId, await roleScope(trx, who), id, true);
      if (!before) throw notFound();
      await trx.deleteFrom('brand_products').where('id', '=', id).where('tenant_id', '=', who.tenantId).execute();
      await recordChange(trx, who, { resource: RESOURCE, resourceId: id, action: 'delete', before });
    });
    return reply.code(204).send();
  });

  app.post('/Product/brandProduct/file', { config }, async (req, reply) => {
    const who = caller(req);
    const body = validated<BrandProductFilters & { format?: ExportFormat; lang?: Lang }>(EXPORT_FORM, req.body === undefined || req.body === null ? {} : objectBody(req.body));
    const { format, lang, ...filters } = body;
    const payload: BrandProductExportPayload = { roleId: who.roleId, filters, lang: langOf(lang), format: format ?? 'csv' };
    return reply.code(201).send(await db.transaction().execute((trx) => queueExport(trx, who, JobCategory.ExportBrandProducts, payload)));
  });
}

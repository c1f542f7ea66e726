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
 * deleted by the operator: 400 code 3501 (modules/product/packaging.ts).
 * A General role whose `brands` list is not empty sees and changes only those brands and their
 * products (services/scope.ts); another tenant's ids, or brands outside the role, are 404.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import { JobCategory } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { containsPattern } from '../../db/list';
import type { Database } from '../../db/schema';
import { ApiError, badRequest } from '../../errors';
import { defineOptions } from '../../resource/options';
import { defineResource, isReferenced, takenIgnoringCase } from '../../resource/define';
import { defineExport } from '../../resource/export';
import { KEYWORD_FILTER } from '../../resource/schemas';
import { isDbId } from '../../services/resource';
import { scopeCondition } from '../../services/scope';
import { BRAND_PRODUCT_MENU_ID, ROLE_MENU_ID } from '../../services/menuIds';

const BRAND_DECL = declaration('product.brand');

const DECL = declaration('product.brand-product');

type Db = AppDeps['db'] | Transaction<Database>;

// --- Brands --------------------------------------------------------------------------------

export interface BrandDto {
  id: number;
  name: string;
  productCount: number;
  createdAt: string;
  updatedAt: string;
}

const brandQuery = (db: Db) => db.selectFrom('brands as b')
  .select(['b.id', 'b.name', 'b.created_at', 'b.updated_at'])
  .select((eb) => eb.selectFrom('brand_products as bp').select(eb.fn.countAll().as('n')).whereRef('bp.brand_id', '=', 'b.id').as('productCount'));

type BrandRow = Awaited<ReturnType<ReturnType<typeof brandQuery>['executeTakeFirstOrThrow']>>;

const repeatName = () => badRequest({ name: { key: 'checkRepeatName' } });

const brands = defineResource<BrandRow, BrandDto, { name: string }, { keyword?: string }>({
  declaration: BRAND_DECL,
  table: 'brands',
  alias: 'b',
  columns: { name: sql`lower(b.name)`, createdAt: 'b.created_at' },
  query: brandQuery,
  scope: { brands: 'b.id' },
  filterSchema: KEYWORD_FILTER,
  filter: (q, { keyword }) => (keyword?.trim() ? q.where('b.name', 'ilike', containsPattern(keyword.trim())) : q),
  toDto: (b) => ({
    id: b.id, name: b.name, productCount: Number(b.productCount ?? 0), createdAt: b.created_at.toISOString(), updatedAt: b.updated_at.toISOString(),
  }),
  values: async ({ trx, who }, body, before) => {
    const name = body.name.trim();
    if (await takenIgnoringCase(trx, 'brands', 'name', name, { tenant_id: who.tenantId }, before?.id ?? null)) throw repeatName();
    return { name };
  },
  // The lock makes a concurrent brand-product save for this brand wait (it reads it FOR SHARE).
  beforeRemove: async ({ trx }, before) => {
    if (await isReferenced(trx, 'brand_products', 'brand_id', before.id)) throw new ApiError(400, ErrorCode.BrandHasProducts);
  },
  uniqueErrors: { brands_name_uq: repeatName },
  errors: { remove: [ErrorCode.BrandHasProducts] },
});

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

const productQuery = (db: Db) => db.selectFrom('brand_products as bp')
  .innerJoin('brands as b', 'b.id', 'bp.brand_id')
  .select(['bp.id', 'bp.brand_id', 'b.name as brandName', 'bp.name', 'bp.created_at', 'bp.updated_at'])
  .select((eb) => eb.selectFrom('brand_product_materials as l').select(eb.fn.countAll().as('n')).whereRef('l.brand_product_id', '=', 'bp.id').as('materialCount'));

type ProductRow = Awaited<ReturnType<ReturnType<typeof productQuery>['executeTakeFirstOrThrow']>>;

function applyFilters<Q extends SelectQueryBuilder<any, any, ProductRow>>(q: Q, f: BrandProductFilters): Q {
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

/** The packaging materials kept for a client tenant (by any operator): what its brand products may link. */
function tenantMaterials(db: Db, tenantId: number) {
  return db.selectFrom('packaging_materials').where('client_id', '=', tenantId);
}

const brandProducts = defineResource<ProductRow, BrandProductDto, BrandProductBody, BrandProductFilters, BrandProductListItem>({
  declaration: DECL,
  table: 'brand_products',
  alias: 'bp',
  columns: { name: sql`lower(bp.name)`, brandName: sql`lower(b.name)`, createdAt: 'bp.created_at', updatedAt: 'bp.updated_at' },
  query: productQuery,
  scope: { brands: 'bp.brand_id' },
  filter: applyFilters,
  listItem: productItem,
  toDto: (r) => ({ ...productItem(r), materialIds: [] }),
  details: async (db, dto) => {
    const links = await db.selectFrom('brand_product_materials').select('material_id').where('brand_product_id', '=', dto.id).orderBy('material_id').execute();
    return { ...dto, materialIds: links.map((l) => l.material_id) };
  },
  // SPEC.md names PUT for both; POST is the engine's create call. Either: an id edits, none creates.
  upsert: true,
  values: async ({ trx, who, scope }, body, before) => {
    const materialIds = body.materialIds ?? [];
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
    const name = body.name.trim();
    if (await takenIgnoringCase(trx, 'brand_products', 'name', name, { brand_id: body.brandId }, before?.id ?? null)) throw repeatName();
    return { brand_id: body.brandId, name };
  },
  afterWrite: async ({ trx }, id, body, before) => {
    const materialIds = body.materialIds ?? [];
    if (before) await trx.deleteFrom('brand_product_materials').where('brand_product_id', '=', id).execute();
    if (materialIds.length > 0) {
      await trx.insertInto('brand_product_materials').values(materialIds.map((m) => ({ brand_product_id: id, material_id: m }))).execute();
    }
  },
  uniqueErrors: { brand_products_name_uq: repeatName },
});

// --- Export --------------------------------------------------------------------------------

type ExportRow = ProductRow & { materials: string | null };

/** POST Product/brandProduct/file: the filtered brand products (ExportBrandProducts 2). */
const brandProductExport = defineExport<ExportRow, BrandProductFilters>({
  declaration: DECL,
  category: JobCategory.ExportBrandProducts,
  rows: {
    resource: brandProducts,
    select: (q) => q.select((eb) => eb.selectFrom('brand_product_materials as l')
      .innerJoin('packaging_materials as m', 'm.id', 'l.material_id')
      .select(sql<string>`string_agg(m.no, ', ' order by m.no)`.as('x'))
      .whereRef('l.brand_product_id', '=', 'bp.id').as('materials')),
    keyset: 'bp.id',
  },
  columns: [
    { grid: 'name', key: 'name' },
    { grid: 'brandName', key: 'brandName' },
    { label: 'screens.brandProduct.materials', value: (r) => r.materials ?? '' },
    { grid: 'createdAt', key: 'created_at' },
  ],
  fileName: 'screens.brandProduct.title',
});

// --- Routes --------------------------------------------------------------------------------

/** Also for the role form (menu 9): a client's General role may be limited to some brands. */
const brandOptions = defineOptions({
  path: 'Product/brand/options', menuId: [BRAND_PRODUCT_MENU_ID, ROLE_MENU_ID], summary: 'Brands (options)',
  query: (db) => db.selectFrom('brands as b').select(['b.id', 'b.name']).orderBy(sql`lower(b.name)`).orderBy('b.id'),
  tenant: 'b.tenant_id', scope: { brands: 'b.id' }, option: (b) => ({ value: b.id, label: b.name }),
});

export default async function brandRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const config = { menuId: BRAND_PRODUCT_MENU_ID };

  brands.routes(app, deps);

  // Also for the role form (menu 9): a client's General role may be limited to some brands.
  brandOptions.routes(app, deps);

  brandProducts.routes(app, deps);

  app.get('/Product/brandProduct/materials', { config }, async (req) => {
    const who = caller(req);
    const rows = await tenantMaterials(db, who.tenantId).select(['id', 'no', 'name']).orderBy(sql`lower(no)`).orderBy('id').execute();
    return rows.map((m) => ({ value: m.id, label: `${m.no} ${m.name}` }));
  });

  brandProductExport.routes(app, deps);
}

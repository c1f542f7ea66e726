/**
 * Marketing product master (menu 34, and 39 for a member tenant; services/marketing.ts has the
 * area's contract): categories and products.
 *   GET    marketing/product/category              list; POST (id edits); DELETE .../{id} (6404)
 *   GET    marketing/product/category-detail       [{ id, names, enable, products: [...] }]
 *   GET    marketing/product                       list (keyword, categoryId); GET/DELETE .../{id}
 *   POST   marketing/product                       JSON or multipart (image); id edits
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { sql } from 'kysely';
import { ErrorCode } from '../../../src/domain/errors';
import { LANGS, type Names } from '../../../src/domain/lang';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { containsPattern } from '../../db/list';
import { json } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../errors';
import { defineResource, isReferenced } from '../../resource/define';
import { recordChange } from '../../services/changelog';
import { bodySchema } from '../../resource/schemas';
import { optionalBodyId, validated, withoutKeys } from '../../services/resource';
import type { RoleScope } from '../../services/scope';
import { cleanNames } from '../../services/names';
import { apiDeclaration, categoriesWithProducts, iso, MARKETING_MENU, PRODUCT_MASTER_MENUS, declaredForm, declaredUploads, requireCodeRules, type Db } from '../../services/marketing';
import { checkDeclaredUploads, insertFiles, readBody, withUploads } from '../../services/formUploads';

// --- Categories and products (34) -------------------------------------------------------

export interface CategoryDto {
  id: number;
  names: Names;
  enable: boolean;
  productCount: number;
  createdAt: string;
  updatedAt: string;
}

const categoryQuery = (db: Db) => db.selectFrom('marketing_categories as mc')
  .select(['mc.id', 'mc.names', 'mc.enable', 'mc.created_at', 'mc.updated_at'])
  .select((eb) => eb.selectFrom('marketing_products as p').select(eb.fn.countAll().as('n')).whereRef('p.category_id', '=', 'mc.id').as('productCount'));
type CategoryRow = Awaited<ReturnType<ReturnType<typeof categoryQuery>['executeTakeFirstOrThrow']>>;

/** The screens' forms: the bodies' (one source), whose coded rules (6403) the writes check. */
const CATEGORY_SCREEN_FORM = declaredForm('marketing.product-category');
const PRODUCT_SCREEN_FORM = declaredForm('marketing.product');
const PRODUCT_DECL = apiDeclaration('marketing.product', 'marketing-product');
/** The product's upload rule (`image`), from its form. */
const PRODUCT_UPLOADS = declaredUploads('marketing.product');
/** Fields the list answers and an edit form sends back: ignored in a body. */
const PRODUCT_ANSWERED = ['categoryNames', 'createdAt', 'updatedAt'];
/** The body as documented (an id edits) and as form data's text fields are typed. */
const PRODUCT_BODY = bodySchema(PRODUCT_DECL, 'upsert', PRODUCT_ANSWERED);

const categories = defineResource<CategoryRow, CategoryDto, { names: Names; enable?: boolean }>({
  // The screen's form is the body's (one source; 6403 by its `$defaultLanguage` rule).
  declaration: apiDeclaration('marketing.product-category', 'marketing-category'),
  menuId: PRODUCT_MASTER_MENUS,
  table: 'marketing_categories',
  alias: 'mc',
  columns: { createdAt: 'mc.created_at' },
  query: categoryQuery,
  toDto: (r) => ({ id: r.id, names: r.names, enable: r.enable, productCount: Number(r.productCount ?? 0), createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) }),
  values: async ({ trx, who }, body, before) => {
    const names = cleanNames(body.names);
    await requireCodeRules(trx, who.tenantId, CATEGORY_SCREEN_FORM, { names });
    const enable = body.enable ?? true;
    if (before && !enable) {
      const enabled = await trx.selectFrom('marketing_products').select('id').where('category_id', '=', before.id).where('enable', '=', true).limit(1).executeTakeFirst();
      if (enabled) throw new ApiError(400, ErrorCode.ProductsCannotBeDisabled);
    }
    return { names: json(names), enable };
  },
  beforeRemove: async ({ trx }, before) => {
    if (await isReferenced(trx, 'marketing_products', 'category_id', before.id)) throw new ApiError(400, ErrorCode.CategoryHasProducts);
  },
  errors: { create: [ErrorCode.DefaultLanguageMissing], update: [ErrorCode.DefaultLanguageMissing, ErrorCode.ProductsCannotBeDisabled], remove: [ErrorCode.CategoryHasProducts] },
});

export interface ProductDto {
  id: number;
  names: Names;
  categoryId: number;
  categoryNames: Names;
  image: string | null;
  enable: boolean;
  createdAt: string;
  updatedAt: string;
}

interface ProductBody {
  names: Names;
  categoryId: number;
  image?: string;
  enable?: boolean;
}

const productQuery = (db: Db) => db.selectFrom('marketing_products as mp')
  .innerJoin('marketing_categories as mc', 'mc.id', 'mp.category_id')
  .select(['mp.id', 'mp.names', 'mp.category_id', 'mc.names as categoryNames', 'mp.image', 'mp.enable', 'mp.created_at', 'mp.updated_at']);
type ProductRow = Awaited<ReturnType<ReturnType<typeof productQuery>['executeTakeFirstOrThrow']>>;
const productDto = (r: ProductRow): ProductDto => ({
  id: r.id, names: r.names, categoryId: r.category_id, categoryNames: r.categoryNames, image: r.image, enable: r.enable,
  createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
});

const products = defineResource<ProductRow, ProductDto, ProductBody, { keyword?: string; categoryId?: number }>({
  declaration: PRODUCT_DECL,
  menuId: PRODUCT_MASTER_MENUS,
  table: 'marketing_products',
  alias: 'mp',
  columns: { createdAt: 'mp.created_at' },
  query: productQuery,
  filterSchema: { type: 'object', properties: { keyword: { type: 'string', maxLength: 50 }, categoryId: { type: 'integer', minimum: 1 } } },
  filter: (q, { keyword, categoryId }) => {
    let out = q;
    if (keyword?.trim()) {
      const p = containsPattern(keyword.trim());
      out = out.where(sql<boolean>`(mp.names->>'zh_TW' ilike ${p} or mp.names->>'zh_CN' ilike ${p} or mp.names->>'en' ilike ${p})`);
    }
    if (categoryId !== undefined) out = out.where('mp.category_id', '=', categoryId);
    return out;
  },
  toDto: productDto,
  only: ['list', 'get', 'remove'],
});

export default async function marketingProductMasterRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  // Banner and product writes take form data (SPEC 7); oversized parts answer 102, not 413.
  // Every marketing plugin registers it, as the one plugin they were before.
  await app.register(multipart, { throwFileSizeLimit: false });

  // --- Categories and products ---
  categories.routes(app, deps);

  app.get('/marketing/product/category-detail', { config: { menuId: [...PRODUCT_MASTER_MENUS, MARKETING_MENU.popular], docs: { summary: 'Categories with their products (options)' } } },
    async (req) => categoriesWithProducts(db, caller(req).tenantId));

  products.routes(app, deps);

  app.post('/marketing/product', {
    config: {
      menuId: PRODUCT_MASTER_MENUS,
      docs: {
        summary: 'Create a product (no id) or change it (id); JSON with the image address or form data with a file part `image`',
        body: PRODUCT_BODY, consumes: ['application/json', 'multipart/form-data'], status: [201, 200],
        errors: [ErrorCode.NotFound, ErrorCode.ProductLanguageData, ErrorCode.DefaultLanguageMissing, ErrorCode.ImageResolution, ErrorCode.ImageSize, ErrorCode.FileFormat],
      },
    },
  }, async (req, reply) => withUploads(req, deps, async (written) => {
    const who = caller(req);
    const { raw, files } = await readBody(req, deps, PRODUCT_BODY, PRODUCT_UPLOADS, written);
    const body = { ...validated<ProductBody>(PRODUCT_SCREEN_FORM, withoutKeys(raw, ['id', ...PRODUCT_ANSWERED])), id: optionalBodyId(raw) };
    const out = await db.transaction().execute(async (trx) => {
      const ctx = { who, scope: { clients: null, brands: null } as RoleScope };
      const before = body.id !== undefined ? await products.load(trx, ctx, body.id, true) : null;
      if (body.id !== undefined && !before) throw notFound();
      const category = await trx.selectFrom('marketing_categories').select(['id', 'names']).where('id', '=', body.categoryId).where('tenant_id', '=', who.tenantId).forShare().executeTakeFirst();
      if (!category) throw badRequest({ categoryId: { key: 'oneOf' } });
      const names = cleanNames(body.names);
      await requireCodeRules(trx, who.tenantId, PRODUCT_SCREEN_FORM, { names });
      const missing = LANGS.filter((l) => category.names[l] && !names[l]);
      if (missing.length) throw new ApiError(400, ErrorCode.ProductLanguageData, Object.fromEntries(missing.map((l) => [`names.${l}`, { key: 'required' }])));
      await insertFiles(trx, who, files);
      await checkDeclaredUploads(trx, who.tenantId, PRODUCT_UPLOADS, body);
      const now = new Date();
      const values = { category_id: body.categoryId, names: json(names), image: body.image ?? null, enable: body.enable ?? true, updated_at: now };
      let id = before?.id;
      if (before) await trx.updateTable('marketing_products').set(values).where('id', '=', before.id).where('tenant_id', '=', who.tenantId).execute();
      else id = (await trx.insertInto('marketing_products').values({ ...values, tenant_id: who.tenantId, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
      const after = (await products.load(trx, ctx, id!))!;
      await recordChange(trx, who, { resource: 'marketing-product', resourceId: id!, action: before ? 'update' : 'create', ...(before ? { before } : {}), after });
      return { after, created: !before };
    });
    return reply.code(out.created ? 201 : 200).send(out.after);
  }));
}

/**
 * The marketing back office (issue 13, SPEC 7 marketing rows; menu 6): client tenants with the
 * Marketing function, roles holding the screen's menu id (the /v1 guard: a tenant without the
 * function has no menu 31-36, so every route answers 403 code 3; the operator likewise).
 *
 * Layout (31)
 *   GET    marketing/layout                        { current, comingSoon } (null when none); a
 *                                                  coming-soon layout whose date has passed is
 *                                                  answered as the current one
 *   POST   marketing/layout                        the same shape: `current` saved when given,
 *                                                  `comingSoon` saved when given, removed when
 *                                                  absent; its effectiveDate must be later than
 *                                                  now (400 code 6101) and needs a timezoneId
 *   GET    marketing/layout/effective-info         { effectiveDate, timezoneId, live } of the
 *                                                  coming-soon layout (nulls when none)
 *   GET    marketing/layout/TitleDisplayName/{lang} { lang, names, name } (name with fallback,
 *                                                  else the tenant's name)
 *   POST   marketing/layout/updateTitleDisplayName { names } -> { names }
 * Product info (32): the marketing data of the tenant's brand products (Product/brandProduct)
 *   GET    marketing/product/brand                 list of brand products with `completed` and
 *                                                  their product info (keyword, brandId, completed)
 *   GET    marketing/product/brand/product-name    options [{ value, label, brandName, completed }]
 *                                                  (keyword, completed=true: banner choices)
 *   GET    marketing/product/brand/{id}            one (id: the brand product)
 *   POST   marketing/product/brand                 { id, enable, currency, price, names,
 *                                                  firstPage, qualification }: 201 first time, 200 after
 * Banner (33)
 *   GET    marketing/banner                        list (productId)
 *   POST   marketing/banner                        JSON or multipart (file parts `images.small`
 *                                                  600x150, `images.large` 660x352); id edits;
 *                                                  productId must be completed in product info
 *   DELETE marketing/banner/{id}
 * Product master (34)
 *   GET    marketing/product/category              list; POST (id edits); DELETE .../{id} (6404)
 *   GET    marketing/product/category-detail       [{ id, names, enable, products: [...] }]
 *   GET    marketing/product                       list (keyword, categoryId); GET/DELETE .../{id}
 *   POST   marketing/product                       JSON or multipart (file part `image`); id edits;
 *                                                  no category in the tenant yet: code 1 on categoryId
 * Popular products (35)
 *   GET    marketing/product/popular               list; POST (id edits; 6501 already popular);
 *   DELETE marketing/product/popular/{id}
 * Contact info (36)
 *   GET, POST marketing/contact-info               { company, moreInfo (<= 4), platforms }
 *
 * Catalogue codes: 6101 effective date passed; 6401 a product's names miss a language its
 * category is named in; 6402 a category with enabled products cannot be disabled; 6403 names
 * without the tenant's default language (category, product); 6404 a category with products
 * cannot be deleted; 6501 a product already popular; 101/102 image pixels/size of an upload.
 * Every write is one transaction with its change-log row; everything is scoped to the caller's
 * tenant (another tenant's id: 404 code 2) and, for brand products and banners, to the role's
 * brands.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { sql, type Transaction } from 'kysely';
import { declaration, type ScreenDeclaration } from '../../src/domain/declarations';
import { MarketingPlatform } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { LANGS, isLang, pickName, type Lang, type Names } from '../../src/domain/lang';
import {
  BANNER_FORM, BRAND_PRODUCT_FORM, CATEGORY_FORM, CONTACT_FORM, LAYOUT_FORM, MARKETING_IMAGE_RULES, POPULAR_FORM,
  PRODUCT_FORM, TITLE_DISPLAY_NAME_FORM,
} from '../../src/domain/marketing/forms';
import { PREVIEW_DEFAULTS } from '../../src/domain/marketing/page';
import { currencyByCode } from '../../src/domain/reference/currencies';
import { timezoneById } from '../../src/domain/reference/timezones';
import type { FileRule } from '../../src/domain/validation/files';
import { caller, type Caller } from '../auth';
import type { AppDeps } from '../context';
import { containsPattern, listPage, listRoute, listSpec, type ListParams } from '../db/list';
import { json, type Database } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import { defineResource, isReferenced, type RouteDocs } from '../resource/define';
import { recordChange } from '../services/changelog';
import { eachPart, readPart } from '../services/multipart';
import { idParams, isDbId, objectBody, validated } from '../services/resource';
import { roleScope, scopeCondition, type RoleScope } from '../services/scope';
import { storedFileFailure } from '../services/textKeys';
import { checkFileBytes, checkStoredUpload, cleanFileName, fileStoreOf, parseUploadRule } from './files';
import { fileUrl, newFileKey, STORED_TYPES, type StoredType } from '../storage/index';

export const MARKETING_MENU = { layout: 31, brandProduct: 32, banner: 33, product: 34, popular: 35, contact: 36 } as const;
/**
 * The product master (categories and products) serves point products too: a client with the
 * Member function but not Marketing keeps it beside point products (menu 39; alsoOn).
 */
const PRODUCT_MASTER_MENUS = [MARKETING_MENU.product, 39];

type Db = AppDeps['db'] | Transaction<Database>;
type Fields = Record<string, { key: string; params?: Record<string, unknown> }>;

const iso = (d: Date | string) => new Date(d).toISOString();
const num = (v: string | number | null) => (v === null ? null : Number(v));

// --- Shared rules ------------------------------------------------------------------------

/** An image address of the body checked against its rule: the tenant's upload, its pixels and size. */
async function checkImage(trx: Db, tenantId: number, field: string, url: unknown, rule: FileRule): Promise<void> {
  if (url === undefined || url === null || url === '') return;
  const result = await checkStoredUpload(trx as AppDeps['db'], tenantId, url, rule);
  if (result) throw storedFileFailure(field, result);
}

/** from..to with a known time zone: code 1 on `to` (fromToDatetime) or `timezoneId` (oneOf). */
function period(body: { from: string; to: string; timezoneId: number }): { from: Date; to: Date } {
  const fields: Fields = {};
  const from = new Date(body.from);
  const to = new Date(body.to);
  if (!timezoneById(body.timezoneId)) fields.timezoneId = { key: 'oneOf' };
  if (to.getTime() < from.getTime()) fields.to = { key: 'fromToDatetime' };
  if (Object.keys(fields).length) throw badRequest(fields);
  return { from, to };
}

function cleanNames(names: Names | undefined): Names {
  const out: Names = {};
  for (const lang of LANGS) {
    const n = names?.[lang]?.trim();
    if (n) out[lang] = n;
  }
  return out;
}

async function defaultLanguage(db: Db, tenantId: number): Promise<Lang> {
  const t = await db.selectFrom('tenants').select('default_language').where('id', '=', tenantId).executeTakeFirst();
  return isLang(t?.default_language) ? t.default_language : 'zh_TW';
}

/** 6403 when the names lack the tenant's default language. */
async function requireDefaultLanguage(db: Db, tenantId: number, names: Names): Promise<void> {
  if (!names[await defaultLanguage(db, tenantId)]) throw new ApiError(400, ErrorCode.DefaultLanguageMissing, { names: { key: 'required' } });
}

/**
 * A screen's declaration (src/schemas/marketing/*.json) for the resource layer, with two
 * fields of the API kept: the body form is the API's (src/domain/marketing/forms.ts: the
 * tenant's default language, not zh_TW, is the required name (6403); multipart writes share
 * it), and the change log keeps the resource name it has always written (kebab case, read by
 * src/domain/changeLog.ts).
 */
function apiDeclaration(id: string, resource: string, form: ScreenDeclaration['form']): ScreenDeclaration {
  return { ...declaration(id), resource, form };
}

// --- Multipart bodies -------------------------------------------------------------------

interface PendingFile {
  key: string;
  name: string;
  size: number;
  type: StoredType;
  width?: number;
  height?: number;
}

/** Text of a multipart field as the schema's type at that path wants it. */
function coerce(schema: Record<string, unknown>, path: string[], value: string): unknown {
  let node: Record<string, unknown> | undefined = schema;
  for (const p of path) node = (node?.properties as Record<string, Record<string, unknown>> | undefined)?.[p];
  const types = [node?.type].flat();
  if (value === '') return undefined;
  if (types.includes('integer') || types.includes('number')) {
    const n = Number(value);
    return Number.isFinite(n) && value.trim() !== '' ? n : value;
  }
  if (types.includes('boolean')) return value === 'true' ? true : value === 'false' ? false : value;
  if (types.includes('object') || types.includes('array')) {
    try { return JSON.parse(value); } catch { return value; }
  }
  return value;
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const p of path.slice(0, -1)) {
    if (p === '__proto__' || p === 'constructor' || p === 'prototype') throw badRequest({ body: { key: 'invalid' } });
    const next = node[p];
    node = (next && typeof next === 'object' && !Array.isArray(next) ? next : (node[p] = {})) as Record<string, unknown>;
  }
  const last = path[path.length - 1];
  if (last === '__proto__' || last === 'constructor' || last === 'prototype') throw badRequest({ body: { key: 'invalid' } });
  node[last] = value;
}

/**
 * The body of a write that takes JSON or multipart/form-data. Multipart: text fields by name
 * (dotted paths for nested fields, typed by the schema), file parts named by an image field
 * (`fileFields`), checked on their bytes (type, size, exact pixels: 101/102/201) and stored;
 * the field gets the stored address. `written` collects the keys (the caller deletes them
 * when the write fails); `files` are inserted with the write.
 */
async function readBody(req: FastifyRequest, deps: AppDeps, schema: Record<string, unknown>, fileFields: Record<string, FileRule>, written: string[]): Promise<{ raw: Record<string, unknown>; files: PendingFile[] }> {
  if (!req.isMultipart()) return { raw: objectBody(req.body), files: [] };
  const store = fileStoreOf(deps);
  const raw: Record<string, unknown> = {};
  const files: PendingFile[] = [];
  const maxMB = deps.settings.uploadMaxMB;
  const limits = { fileSize: Math.floor(maxMB * 1024 * 1024), files: Object.keys(fileFields).length + 1, fields: 50, fieldSize: 64 * 1024, parts: 60 };
  await eachPart(req, limits, async (part) => {
    const path = part.fieldname.split('.');
    if (part.type === 'field') {
      setPath(raw, path, coerce(schema, path, String(part.value)));
      return;
    }
    const fileRule = fileFields[part.fieldname];
    if (!fileRule) throw badRequest({ [part.fieldname]: { key: 'unknownField' } });
    const rule = parseUploadRule({ kind: 'image', ...(fileRule.maxMB ? { maxMB: String(fileRule.maxMB) } : {}), ...(fileRule.width ? { width: String(fileRule.width), height: String(fileRule.height) } : {}) }, maxMB);
    const { bytes, size } = await readPart(part.file, Math.floor(rule.maxMB * 1024 * 1024));
    const name = cleanFileName(part.filename ?? '');
    if (!name && size === 0) return;
    if (!bytes) throw new ApiError(400, ErrorCode.ImageSize, { name, sizeMB: Math.ceil((size / 1048576) * 100) / 100, maxMB: rule.maxMB });
    const checked = checkFileBytes(name, bytes, rule);
    const key = newFileKey(checked.type);
    written.push(key);
    await store.put(key, bytes, { type: STORED_TYPES[checked.type].mime });
    files.push({ key, ...checked });
    setPath(raw, path, fileUrl(key));
  });
  return { raw, files };
}

async function insertFiles(trx: Transaction<Database>, who: Caller, files: PendingFile[]): Promise<void> {
  if (!files.length) return;
  await trx.insertInto('files').values(files.map((f) => ({
    tenant_id: who.tenantId, key: f.key, name: f.name, size: f.size, type: STORED_TYPES[f.type].mime,
    width: f.width ?? null, height: f.height ?? null, created_by: who.userId,
  }))).execute();
}

/** A multipart or JSON write: the stored files of a failed write are deleted again. */
async function withUploads<T>(req: FastifyRequest, deps: AppDeps, run: (written: string[]) => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    return await run(written);
  } catch (e) {
    const store = fileStoreOf(deps);
    const failed = await Promise.allSettled(written.map((key) => store.delete(key)));
    for (const f of failed) if (f.status === 'rejected') req.log.error({ err: f.reason }, 'could not delete the file of a failed write');
    throw e;
  }
}

// --- Layout (31) ------------------------------------------------------------------------

export interface LayoutDto {
  layout: number;
  colorCode: string;
  logoUrl: string | null;
  navigatorFunctions: number;
  queryPageFunctions: number;
  scanGeneralMessage: string;
  scanExceptionMessage: string;
  privacyInfo: { title: string; content: string; version: number; force: boolean } | null;
  copyright: string;
  safeScanCount: number;
  /** Coming soon: when it becomes live (ISO, UTC); null for the current layout. */
  effectiveDate: string | null;
  timezoneId: number | null;
  updatedAt: string;
}

export interface LayoutInfo {
  current: LayoutDto | null;
  comingSoon: LayoutDto | null;
}

type LayoutRow = Awaited<ReturnType<ReturnType<typeof layoutRows>['execute']>>[number];
const layoutRows = (db: Db, tenantId: number) => db.selectFrom('marketing_layouts').selectAll().where('tenant_id', '=', tenantId);

function layoutDto(r: LayoutRow): LayoutDto {
  const hasPrivacy = r.privacy_title !== '' || r.privacy_content !== '';
  return {
    layout: r.layout, colorCode: r.color_code, logoUrl: r.logo_url, navigatorFunctions: r.navigator_functions,
    queryPageFunctions: r.query_page_functions, scanGeneralMessage: r.scan_general_message, scanExceptionMessage: r.scan_exception_message,
    privacyInfo: hasPrivacy ? { title: r.privacy_title, content: r.privacy_content, version: r.privacy_version, force: r.privacy_force } : null,
    copyright: r.copyright, safeScanCount: r.safe_scan_count,
    effectiveDate: r.effective_at ? iso(r.effective_at) : null, timezoneId: r.timezone_id, updatedAt: iso(r.updated_at),
  };
}

/** The tenant's layouts as they stand at `now`: a coming-soon layout past its date is the current one. */
export async function layoutInfo(db: Db, tenantId: number, now: Date, lock = false): Promise<LayoutInfo & { promote: boolean }> {
  let q = layoutRows(db, tenantId);
  if (lock) q = q.forUpdate();
  const rows = await q.execute();
  const current = rows.find((r) => r.slot === 'current') ?? null;
  const soon = rows.find((r) => r.slot === 'coming_soon') ?? null;
  if (soon?.effective_at && new Date(soon.effective_at).getTime() <= now.getTime()) {
    return { current: layoutDto(soon), comingSoon: null, promote: true };
  }
  return { current: current ? layoutDto(current) : null, comingSoon: soon ? layoutDto(soon) : null, promote: false };
}

interface LayoutBody {
  layout: number;
  colorCode: string;
  logoUrl?: string;
  navigatorFunctions: number;
  queryPageFunctions: number;
  scanGeneralMessage?: string;
  scanExceptionMessage?: string;
  privacyInfo?: { title?: string; content?: string; version?: number; force?: boolean };
  copyright?: string;
  safeScanCount?: number;
  effectiveDate?: string;
  timezoneId?: number;
}

function layoutValues(b: LayoutBody) {
  return {
    layout: b.layout, color_code: b.colorCode, logo_url: b.logoUrl ?? null,
    navigator_functions: b.navigatorFunctions, query_page_functions: b.queryPageFunctions,
    scan_general_message: b.scanGeneralMessage ?? '', scan_exception_message: b.scanExceptionMessage ?? '',
    privacy_title: b.privacyInfo?.title ?? '', privacy_content: b.privacyInfo?.content ?? '',
    privacy_version: b.privacyInfo?.version ?? 1, privacy_force: b.privacyInfo?.force ?? false,
    copyright: b.copyright ?? '', safe_scan_count: b.safeScanCount ?? PREVIEW_DEFAULTS.safeScanCount,
  };
}

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
 * A body without the fields the server answers but never takes: an edit form sends the loaded
 * record back (as defineResource's `readOnly`).
 */
const withoutAnswered = (raw: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(raw).filter(([k]) => !keys.includes(k)));
const BRAND_PRODUCT_FILTERS = {
  type: 'object',
  properties: { keyword: { type: 'string', maxLength: 50 }, brandId: { type: 'integer', minimum: 1 }, completed: { type: 'boolean' } },
};

// --- Banners (33) -----------------------------------------------------------------------

export interface BannerDto {
  id: number;
  productId: number;
  productName: string;
  brandName: string;
  from: string;
  to: string;
  timezoneId: number;
  images: { small: string; large: string };
  createdAt: string;
  updatedAt: string;
}

interface BannerBody {
  productId: number;
  from: string;
  to: string;
  timezoneId: number;
  images: { small: string; large: string };
}

const bannerQuery = (db: Db) => db.selectFrom('marketing_banners as mb')
  .innerJoin('brand_products as bp', 'bp.id', 'mb.brand_product_id')
  .innerJoin('brands as b', 'b.id', 'bp.brand_id')
  .select(['mb.id', 'mb.brand_product_id', 'bp.name as productName', 'b.name as brandName', 'bp.brand_id', 'mb.starts_at', 'mb.ends_at', 'mb.timezone_id', 'mb.image_small', 'mb.image_large', 'mb.created_at', 'mb.updated_at']);
type BannerRow = Awaited<ReturnType<ReturnType<typeof bannerQuery>['executeTakeFirstOrThrow']>>;

const banners = defineResource<BannerRow, BannerDto, BannerBody, { productId?: number }>({
  declaration: apiDeclaration('marketing.banner', 'marketing-banner', BANNER_FORM),
  table: 'marketing_banners',
  alias: 'mb',
  columns: { from: 'mb.starts_at', to: 'mb.ends_at', createdAt: 'mb.created_at' },
  query: bannerQuery,
  scope: { brands: 'bp.brand_id' },
  filterSchema: { type: 'object', properties: { productId: { type: 'integer', minimum: 1 } } },
  filter: (q, { productId }) => (productId !== undefined ? q.where('mb.brand_product_id', '=', productId) : q),
  toDto: (r) => ({
    id: r.id, productId: r.brand_product_id, productName: r.productName, brandName: r.brandName, from: iso(r.starts_at), to: iso(r.ends_at),
    timezoneId: r.timezone_id, images: { small: r.image_small, large: r.image_large }, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
  }),
  only: ['list', 'remove'],
});

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

const categories = defineResource<CategoryRow, CategoryDto, { names: Names; enable?: boolean }>({
  declaration: apiDeclaration('marketing.product-category', 'marketing-category', CATEGORY_FORM),
  menuId: PRODUCT_MASTER_MENUS,
  table: 'marketing_categories',
  alias: 'mc',
  columns: { createdAt: 'mc.created_at' },
  query: categoryQuery,
  toDto: (r) => ({ id: r.id, names: r.names, enable: r.enable, productCount: Number(r.productCount ?? 0), createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) }),
  values: async ({ trx, who }, body, before) => {
    const names = cleanNames(body.names);
    await requireDefaultLanguage(trx, who.tenantId, names);
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
  declaration: apiDeclaration('marketing.product', 'marketing-product', PRODUCT_FORM),
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

// --- Popular products (35) --------------------------------------------------------------

export interface PopularDto {
  id: number;
  productId: number;
  productNames: Names;
  categoryNames: Names;
  timezoneId: number;
  from: string;
  to: string;
  names: Names;
  price: number | null;
  currency: string | null;
  url: string | null;
  image: string | null;
  createdAt: string;
  updatedAt: string;
}

interface PopularBody {
  productId: number;
  from: string;
  to: string;
  timezoneId: number;
  names?: Names;
  price?: number;
  currency?: string;
  url?: string;
  image?: string;
}

const popularQuery = (db: Db) => db.selectFrom('marketing_popular_products as pp')
  .innerJoin('marketing_products as mp', 'mp.id', 'pp.product_id')
  .innerJoin('marketing_categories as mc', 'mc.id', 'mp.category_id')
  .select([
    'pp.id', 'pp.product_id', 'mp.names as productNames', 'mc.names as categoryNames', 'pp.timezone_id', 'pp.starts_at', 'pp.ends_at',
    'pp.names', 'pp.price', 'pp.currency', 'pp.url', 'pp.image', 'pp.created_at', 'pp.updated_at',
  ]);
type PopularRow = Awaited<ReturnType<ReturnType<typeof popularQuery>['executeTakeFirstOrThrow']>>;

const alreadyPopular = () => new ApiError(400, ErrorCode.AlreadyPopularProduct, { productId: { key: 'checkRepeatName' } });

const popular = defineResource<PopularRow, PopularDto, PopularBody>({
  declaration: apiDeclaration('marketing.popular-product', 'marketing-popular-product', POPULAR_FORM),
  table: 'marketing_popular_products',
  alias: 'pp',
  columns: { from: 'pp.starts_at', to: 'pp.ends_at', createdAt: 'pp.created_at' },
  query: popularQuery,
  toDto: (r) => ({
    id: r.id, productId: r.product_id, productNames: r.productNames, categoryNames: r.categoryNames, timezoneId: r.timezone_id,
    from: iso(r.starts_at), to: iso(r.ends_at), names: r.names ?? {}, price: num(r.price), currency: r.currency, url: r.url, image: r.image,
    createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
  }),
  readOnly: ['productNames', 'categoryNames'],
  values: async ({ trx, who }, body, before) => {
    const { from, to } = period(body);
    const product = isDbId(body.productId)
      ? await trx.selectFrom('marketing_products').select('id').where('id', '=', body.productId).where('tenant_id', '=', who.tenantId).forShare().executeTakeFirst()
      : undefined;
    if (!product) throw badRequest({ productId: { key: 'oneOf' } });
    if (body.currency && !currencyByCode(body.currency)) throw badRequest({ currency: { key: 'oneOf' } });
    const taken = await trx.selectFrom('marketing_popular_products').select('id').where('product_id', '=', body.productId)
      .$if(before !== null, (q) => q.where('id', '!=', before!.id)).executeTakeFirst();
    if (taken) throw alreadyPopular();
    await checkImage(trx, who.tenantId, 'image', body.image, MARKETING_IMAGE_RULES.image);
    return {
      product_id: body.productId, starts_at: from, ends_at: to, timezone_id: body.timezoneId, names: json(cleanNames(body.names)),
      price: body.price ?? null, currency: body.currency ?? null, url: body.url ?? null, image: body.image ?? null,
    };
  },
  uniqueErrors: { marketing_popular_products_uq: alreadyPopular },
  errors: { create: [ErrorCode.AlreadyPopularProduct, ErrorCode.ImageResolution, ErrorCode.ImageSize], update: [ErrorCode.AlreadyPopularProduct, ErrorCode.ImageResolution, ErrorCode.ImageSize] },
});

// --- Contact info (36) ------------------------------------------------------------------

export interface ContactInfoDto {
  company: {
    name: string; mapImage: string | null; phone: string | null; phoneCountryCode: string | null; fax: string | null;
    faxCountryCode: string | null; addr: string | null; businessHours: string | null; subsidiaries: string | null;
  } | null;
  moreInfo: { name: string; url: string }[];
  platforms: { type: number; url: string; priority: number; iconImage: string | null }[];
}

interface ContactBody {
  company?: Record<string, string | undefined>;
  moreInfo?: { name: string; url: string }[];
  platforms?: { type: number; url: string; priority?: number; iconImage?: string }[];
}

const COMPANY_KEYS = ['name', 'mapImage', 'phone', 'phoneCountryCode', 'fax', 'faxCountryCode', 'addr', 'businessHours', 'subsidiaries'] as const;

export async function contactInfo(db: Db, tenantId: number): Promise<ContactInfoDto> {
  const row = await db.selectFrom('marketing_contacts').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!row) return { company: null, moreInfo: [], platforms: [] };
  const c = row.company as Record<string, string | null | undefined>;
  const company = Object.keys(c).length
    ? Object.fromEntries(COMPANY_KEYS.map((k) => [k, k === 'name' ? (c[k] ?? '') : (c[k] ?? null)])) as ContactInfoDto['company']
    : null;
  return {
    company,
    moreInfo: row.more_info,
    platforms: [...row.platforms].map((p) => ({ type: p.type, url: p.url, priority: p.priority, iconImage: p.iconImage ?? null }))
      .sort((a, b) => a.priority - b.priority),
  };
}

// --- Routes ------------------------------------------------------------------------------

const LAYOUT_DOCS_RESPONSE = { type: 'object', properties: { current: { type: ['object', 'null'] }, comingSoon: { type: ['object', 'null'] } } };
const LANG_PARAMS = { type: 'object', required: ['lang'], properties: { lang: { type: 'string', enum: [...LANGS] } } };

export default async function marketingRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  // Banner and product writes take form data (SPEC 7); oversized parts answer 102, not 413.
  await app.register(multipart, { throwFileSizeLimit: false });

  // --- Layout ---
  const layoutConfig = (docs: RouteDocs) => ({ menuId: MARKETING_MENU.layout, docs });

  app.get('/marketing/layout', { config: layoutConfig({ summary: 'The current and coming-soon layouts', response: LAYOUT_DOCS_RESPONSE }) }, async (req): Promise<LayoutInfo> => {
    const { current, comingSoon } = await layoutInfo(db, caller(req).tenantId, new Date());
    return { current, comingSoon };
  });

  app.post('/marketing/layout', {
    config: layoutConfig({ summary: 'Save the layouts (comingSoon absent: none)', body: LAYOUT_FORM.schema, response: LAYOUT_DOCS_RESPONSE, errors: [ErrorCode.EffectiveDatePassed, ErrorCode.ImageResolution, ErrorCode.ImageSize] }),
  }, async (req): Promise<LayoutInfo> => {
    const who = caller(req);
    // The layouts come back as GET answered them: `updatedAt` is the server's.
    const raw = objectBody(req.body);
    for (const slot of ['current', 'comingSoon']) {
      const layout = raw[slot];
      if (layout && typeof layout === 'object' && !Array.isArray(layout)) raw[slot] = Object.fromEntries(Object.entries(layout).filter(([k]) => k !== 'updatedAt'));
    }
    const body = validated<{ current?: LayoutBody; comingSoon?: LayoutBody }>(LAYOUT_FORM, raw);
    return db.transaction().execute(async (trx) => {
      const now = new Date();
      const before = await layoutInfo(trx, who.tenantId, now, true);
      if (before.promote) {
        await trx.deleteFrom('marketing_layouts').where('tenant_id', '=', who.tenantId).where('slot', '=', 'current').execute();
        await trx.updateTable('marketing_layouts').set({ slot: 'current' }).where('tenant_id', '=', who.tenantId).where('slot', '=', 'coming_soon').execute();
      }
      const fields: Fields = {};
      for (const [slot, b] of [['current', body.current], ['comingSoon', body.comingSoon]] as const) {
        if (!b) continue;
        if (!timezoneById(b.timezoneId ?? PREVIEW_DEFAULTS.timezoneId)) fields[`${slot}.timezoneId`] = { key: 'oneOf' };
        if (slot === 'comingSoon' && !b.effectiveDate) fields['comingSoon.effectiveDate'] = { key: 'required' };
      }
      if (Object.keys(fields).length) throw badRequest(fields);
      if (body.comingSoon?.effectiveDate && new Date(body.comingSoon.effectiveDate).getTime() <= now.getTime()) {
        throw new ApiError(400, ErrorCode.EffectiveDatePassed, { 'comingSoon.effectiveDate': { key: 'isAfterNow' } });
      }
      if (body.current) await checkImage(trx, who.tenantId, 'current.logoUrl', body.current.logoUrl, MARKETING_IMAGE_RULES.logo);
      if (body.comingSoon) await checkImage(trx, who.tenantId, 'comingSoon.logoUrl', body.comingSoon.logoUrl, MARKETING_IMAGE_RULES.logo);
      const upsert = async (slot: 'current' | 'coming_soon', b: LayoutBody) => {
        const values = {
          ...layoutValues(b),
          effective_at: slot === 'coming_soon' ? new Date(b.effectiveDate!) : null,
          timezone_id: b.timezoneId ?? PREVIEW_DEFAULTS.timezoneId,
          updated_at: now,
        };
        await trx.insertInto('marketing_layouts').values({ tenant_id: who.tenantId, slot, created_at: now, ...values })
          .onConflict((oc) => oc.columns(['tenant_id', 'slot']).doUpdateSet(values)).execute();
      };
      if (body.current) await upsert('current', body.current);
      if (body.comingSoon) await upsert('coming_soon', body.comingSoon);
      else await trx.deleteFrom('marketing_layouts').where('tenant_id', '=', who.tenantId).where('slot', '=', 'coming_soon').execute();
      const after = await layoutInfo(trx, who.tenantId, now);
      const result = { current: after.current, comingSoon: after.comingSoon };
      await recordChange(trx, who, {
        resource: 'marketing-layout', resourceId: who.tenantId, action: before.current || before.comingSoon ? 'update' : 'create',
        ...(before.current || before.comingSoon ? { before: { current: before.current, comingSoon: before.comingSoon } } : {}), after: result,
      });
      return result;
    });
  });

  app.get('/marketing/layout/effective-info', { config: layoutConfig({ summary: 'When the coming-soon layout becomes live' }) }, async (req) => {
    const now = new Date();
    const rows = await layoutRows(db, caller(req).tenantId).where('slot', '=', 'coming_soon').execute();
    const soon = rows[0];
    if (!soon?.effective_at) return { effectiveDate: null, timezoneId: null, live: false };
    return { effectiveDate: iso(soon.effective_at), timezoneId: soon.timezone_id, live: new Date(soon.effective_at).getTime() <= now.getTime() };
  });

  app.get<{ Params: { lang: Lang } }>('/marketing/layout/TitleDisplayName/:lang', {
    schema: { params: LANG_PARAMS },
    config: layoutConfig({ summary: "The consumer page's title (client display name) in a language" }),
  }, async (req) => {
    const who = caller(req);
    return titleDisplayName(db, who.tenantId, req.params.lang);
  });

  app.post('/marketing/layout/updateTitleDisplayName', {
    config: layoutConfig({ summary: "Set the consumer page's title per language", body: TITLE_DISPLAY_NAME_FORM.schema }),
  }, async (req) => {
    const who = caller(req);
    const body = validated<{ names?: Names }>(TITLE_DISPLAY_NAME_FORM, objectBody(req.body));
    const names = cleanNames(body.names);
    return db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('marketing_settings').select('title_display_name').where('tenant_id', '=', who.tenantId).forUpdate().executeTakeFirst();
      const now = new Date();
      await trx.insertInto('marketing_settings').values({ tenant_id: who.tenantId, title_display_name: json(names), updated_at: now })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ title_display_name: json(names), updated_at: now })).execute();
      await recordChange(trx, who, {
        resource: 'marketing-title-display-name', resourceId: who.tenantId, action: before ? 'update' : 'create',
        ...(before ? { before: { names: before.title_display_name } } : {}), after: { names },
      });
      return { names };
    });
  });

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
    config: bpConfig({ summary: 'Save the product info of a brand product (id)', body: BRAND_PRODUCT_FORM.schema, status: [201, 200], errors: [ErrorCode.NotFound, ErrorCode.DefaultLanguageMissing] }),
  }, async (req, reply) => {
    const who = caller(req);
    const body = validated<{ id: number; enable?: boolean; currency: string; price: number; names?: Names; firstPage?: number; qualification: number }>(
      BRAND_PRODUCT_FORM, withoutAnswered(objectBody(req.body), ['brandId', 'brandName', 'name', 'completed', 'createdAt', 'updatedAt']));
    if (!currencyByCode(body.currency)) throw badRequest({ currency: { key: 'oneOf' } });
    const names = cleanNames(body.names);
    if (Object.keys(names).length) await requireDefaultLanguage(db, who.tenantId, names);
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

  // --- Banners ---
  banners.routes(app, deps);

  app.post('/marketing/banner', {
    config: {
      menuId: MARKETING_MENU.banner,
      docs: {
        summary: 'Create a banner (no id) or change it (id); JSON with image addresses or form data with file parts images.small (600x150) and images.large (660x352)',
        body: BANNER_FORM.schema, consumes: ['application/json', 'multipart/form-data'], status: [201, 200],
        errors: [ErrorCode.NotFound, ErrorCode.ImageResolution, ErrorCode.ImageSize, ErrorCode.FileFormat],
      },
    },
  }, async (req, reply) => withUploads(req, deps, async (written) => {
    const who = caller(req);
    const { raw, files } = await readBody(req, deps, BANNER_FORM.schema, { 'images.small': MARKETING_IMAGE_RULES.bannerSmall, 'images.large': MARKETING_IMAGE_RULES.bannerLarge }, written);
    const body = validated<BannerBody & { id?: number }>(BANNER_FORM, withoutAnswered(raw, ['productName', 'brandName', 'createdAt', 'updatedAt']));
    const { from, to } = period(body);
    const out = await db.transaction().execute(async (trx) => {
      const scope = await roleScope(trx, who);
      const ctx = { who, scope };
      const before = body.id !== undefined ? await banners.load(trx, ctx, body.id, true) : null;
      if (body.id !== undefined && !before) throw notFound();
      const product = await trx.selectFrom('brand_products as bp').innerJoin('marketing_brand_products as m', 'm.brand_product_id', 'bp.id')
        .select('bp.id').where('bp.id', '=', body.productId).where('bp.tenant_id', '=', who.tenantId)
        .where(scopeCondition(scope.brands, 'bp.brand_id')).forShare().executeTakeFirst();
      if (!product) throw badRequest({ productId: { key: 'oneOf' } });
      await insertFiles(trx, who, files);
      await checkImage(trx, who.tenantId, 'images.small', body.images.small, MARKETING_IMAGE_RULES.bannerSmall);
      await checkImage(trx, who.tenantId, 'images.large', body.images.large, MARKETING_IMAGE_RULES.bannerLarge);
      const now = new Date();
      const values = { brand_product_id: body.productId, starts_at: from, ends_at: to, timezone_id: body.timezoneId, image_small: body.images.small, image_large: body.images.large, updated_at: now };
      let id = before?.id;
      if (before) await trx.updateTable('marketing_banners').set(values).where('id', '=', before.id).where('tenant_id', '=', who.tenantId).execute();
      else id = (await trx.insertInto('marketing_banners').values({ ...values, tenant_id: who.tenantId, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
      const after = (await banners.load(trx, ctx, id!))!;
      await recordChange(trx, who, { resource: 'marketing-banner', resourceId: id!, action: before ? 'update' : 'create', ...(before ? { before } : {}), after });
      return { after, created: !before };
    });
    return reply.code(out.created ? 201 : 200).send(out.after);
  }));

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
        body: PRODUCT_FORM.schema, consumes: ['application/json', 'multipart/form-data'], status: [201, 200],
        errors: [ErrorCode.NotFound, ErrorCode.ProductLanguageData, ErrorCode.DefaultLanguageMissing, ErrorCode.ImageResolution, ErrorCode.ImageSize, ErrorCode.FileFormat],
      },
    },
  }, async (req, reply) => withUploads(req, deps, async (written) => {
    const who = caller(req);
    const { raw, files } = await readBody(req, deps, PRODUCT_FORM.schema, { image: MARKETING_IMAGE_RULES.image }, written);
    const body = validated<ProductBody & { id?: number }>(PRODUCT_FORM, withoutAnswered(raw, ['categoryNames', 'createdAt', 'updatedAt']));
    const out = await db.transaction().execute(async (trx) => {
      const ctx = { who, scope: { clients: null, brands: null } as RoleScope };
      const before = body.id !== undefined ? await products.load(trx, ctx, body.id, true) : null;
      if (body.id !== undefined && !before) throw notFound();
      const category = await trx.selectFrom('marketing_categories').select(['id', 'names']).where('id', '=', body.categoryId).where('tenant_id', '=', who.tenantId).forShare().executeTakeFirst();
      if (!category) throw badRequest({ categoryId: { key: 'oneOf' } });
      const names = cleanNames(body.names);
      await requireDefaultLanguage(trx, who.tenantId, names);
      const missing = LANGS.filter((l) => category.names[l] && !names[l]);
      if (missing.length) throw new ApiError(400, ErrorCode.ProductLanguageData, Object.fromEntries(missing.map((l) => [`names.${l}`, { key: 'required' }])));
      await insertFiles(trx, who, files);
      await checkImage(trx, who.tenantId, 'image', body.image, MARKETING_IMAGE_RULES.image);
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

  // --- Popular products ---
  popular.routes(app, deps);

  // --- Contact info ---
  const contactConfig = (docs: RouteDocs) => ({ menuId: MARKETING_MENU.contact, docs });
  app.get('/marketing/contact-info', { config: contactConfig({ summary: 'The contact info of the consumer page', response: CONTACT_FORM.schema }) }, async (req) => contactInfo(db, caller(req).tenantId));

  app.post('/marketing/contact-info', {
    config: contactConfig({ summary: 'Save the contact info', body: CONTACT_FORM.schema, response: CONTACT_FORM.schema, errors: [ErrorCode.ImageResolution, ErrorCode.ImageSize] }),
  }, async (req) => {
    const who = caller(req);
    const body = validated<ContactBody>(CONTACT_FORM, objectBody(req.body));
    const platforms = (body.platforms ?? []).map((p, i) => ({ type: p.type, url: p.url.trim(), priority: p.priority ?? i, iconImage: p.iconImage ?? null }));
    const fields: Fields = {};
    platforms.forEach((p, i) => {
      if (p.type === MarketingPlatform.CustomImage && !p.iconImage) fields[`platforms.${i}.iconImage`] = { key: 'required' };
    });
    if (Object.keys(fields).length) throw badRequest(fields);
    return db.transaction().execute(async (trx) => {
      await checkImage(trx, who.tenantId, 'company.mapImage', body.company?.mapImage, MARKETING_IMAGE_RULES.image);
      for (const [i, p] of platforms.entries()) await checkImage(trx, who.tenantId, `platforms.${i}.iconImage`, p.iconImage, MARKETING_IMAGE_RULES.image);
      const existed = await trx.selectFrom('marketing_contacts').select('tenant_id').where('tenant_id', '=', who.tenantId).forUpdate().executeTakeFirst();
      const before = existed ? await contactInfo(trx, who.tenantId) : null;
      const company = Object.fromEntries(Object.entries(body.company ?? {}).filter(([, v]) => v !== undefined && v !== ''));
      const now = new Date();
      const values = { company: json(company), more_info: json(body.moreInfo ?? []), platforms: json(platforms), updated_at: now };
      await trx.insertInto('marketing_contacts').values({ tenant_id: who.tenantId, created_at: now, ...values })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values)).execute();
      const after = await contactInfo(trx, who.tenantId);
      await recordChange(trx, who, { resource: 'marketing-contact-info', resourceId: who.tenantId, action: before ? 'update' : 'create', ...(before ? { before } : {}), after });
      return after;
    });
  });
}

/** The tenant's marketing categories, each with its products (option lists of products). */
export async function categoriesWithProducts(db: Db, tenantId: number) {
  const cats = await db.selectFrom('marketing_categories').select(['id', 'names', 'enable']).where('tenant_id', '=', tenantId).orderBy('id').execute();
  const prods = await db.selectFrom('marketing_products').select(['id', 'category_id', 'names', 'enable', 'image']).where('tenant_id', '=', tenantId).orderBy('id').execute();
  return cats.map((c) => ({
    id: c.id, names: c.names, enable: c.enable,
    products: prods.filter((p) => p.category_id === c.id).map((p) => ({ id: p.id, names: p.names, enable: p.enable, image: p.image })),
  }));
}

/** The title display name: the names set for the consumer page, else the tenant's names. */
export async function titleDisplayName(db: Db, tenantId: number, lang: Lang): Promise<{ lang: Lang; names: Names; name: string }> {
  const row = await db.selectFrom('tenants as t').leftJoin('marketing_settings as s', 's.tenant_id', 't.id')
    .select(['t.names', 's.title_display_name']).where('t.id', '=', tenantId).executeTakeFirstOrThrow();
  const names = row.title_display_name ?? {};
  return { lang, names, name: pickName(names, lang) || pickName(row.names, lang) };
}

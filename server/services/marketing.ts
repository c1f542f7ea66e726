/**
 * The marketing back office: what its route files (modules/marketing/*.ts: layout, brandProduct,
 * banner, productMaster, popular, contact) and the consumer page share. The back office (issue 13, SPEC 7 marketing rows; menu 6): client tenants with the
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
import type { Transaction } from 'kysely';
import { declaration, resolveForm, type ScreenDeclaration } from '../../src/domain/declarations';
import { isLang, pickName, type Lang, type Names } from '../../src/domain/lang';
import { timezoneById } from '../../src/domain/reference/timezones';
import { codeRuleFailure, type FormDeclaration } from '../../src/domain/validation/index';
import type { AppDeps } from '../context';
import type { Database } from '../db/schema';
import { ApiError, badRequest } from '../errors';
import { declaredFileRules } from './formUploads';

export const MARKETING_MENU = { layout: 31, brandProduct: 32, banner: 33, product: 34, popular: 35, contact: 36 } as const;
/**
 * The product master (categories and products) serves point products too: a client with the
 * Member function but not Marketing keeps it beside point products (menu 39; alsoOn).
 */
export const PRODUCT_MASTER_MENUS = [MARKETING_MENU.product, 39];

export type Db = AppDeps['db'] | Transaction<Database>;
export type Fields = Record<string, { key: string; params?: Record<string, unknown> }>;

export const iso = (d: Date | string) => new Date(d).toISOString();
export const num = (v: string | number | null) => (v === null ? null : Number(v));

// --- Shared rules ------------------------------------------------------------------------

/** from..to with a known time zone: code 1 on `to` (fromToDatetime) or `timezoneId` (oneOf). */
export function period(body: { from: string; to: string; timezoneId: number }): { from: Date; to: Date } {
  const fields: Fields = {};
  const from = new Date(body.from);
  const to = new Date(body.to);
  if (!timezoneById(body.timezoneId)) fields.timezoneId = { key: 'oneOf' };
  if (to.getTime() < from.getTime()) fields.to = { key: 'fromToDatetime' };
  if (Object.keys(fields).length) throw badRequest(fields);
  return { from, to };
}

async function defaultLanguage(db: Db, tenantId: number): Promise<Lang> {
  const t = await db.selectFrom('tenants').select('default_language').where('id', '=', tenantId).executeTakeFirst();
  return isLang(t?.default_language) ? t.default_language : 'zh_TW';
}

/**
 * The rules of a declared form that carry a catalogue code (validateBody leaves them to the
 * route), checked with the tenant's default language: e.g. 6403 when the names lack it (the
 * marketing declarations' `$defaultLanguage` rule, the same the form checks in the browser).
 */
export async function requireCodeRules(db: Db, tenantId: number, form: FormDeclaration, body: Record<string, unknown>): Promise<void> {
  const failed = codeRuleFailure(form, body, { defaultLanguage: await defaultLanguage(db, tenantId) });
  if (failed) throw new ApiError(400, failed.code, { [failed.path]: { key: failed.key } });
}

/**
 * The form of a screen declaration (src/schemas/marketing/*.json), its `$ref`s resolved: the
 * one source of a marketing write's body (the browser's form and the server's check) and of its
 * upload rules (`x-file`, services/formUploads.ts).
 */
export const declaredForm = (id: string): FormDeclaration => resolveForm(declaration(id).form!);

/** The upload rules of a screen's form by field path (`x-file`: kind, maxMB, width, height). */
export const declaredUploads = (id: string) => declaredFileRules(declaredForm(id).schema);

/**
 * A screen's declaration (src/schemas/marketing/*.json) for the resource layer. The change log
 * keeps the resource name it has always written (kebab case, read by src/domain/changeLog.ts).
 */
export function apiDeclaration(id: string, resource: string): ScreenDeclaration {
  return { ...declaration(id), resource };
}

/**
 * A body without the fields the server answers but never takes: an edit form sends the loaded
 * record back (as defineResource's `readOnly`).
 */
export const withoutAnswered = (raw: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(raw).filter(([k]) => !keys.includes(k)));
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
export const layoutRows = (db: Db, tenantId: number) => db.selectFrom('marketing_layouts').selectAll().where('tenant_id', '=', tenantId);

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

// --- Contact info (36) ------------------------------------------------------------------

export interface ContactInfoDto {
  company: {
    name: string; mapImage: string | null; phone: string | null; phoneCountryCode: string | null; fax: string | null;
    faxCountryCode: string | null; addr: string | null; businessHours: string | null; subsidiaries: string | null;
  } | null;
  moreInfo: { name: string; url: string }[];
  platforms: { type: number; url: string; priority: number; iconImage: string | null }[];
}

export const COMPANY_KEYS = ['name', 'mapImage', 'phone', 'phoneCountryCode', 'fax', 'faxCountryCode', 'addr', 'businessHours', 'subsidiaries'] as const;

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

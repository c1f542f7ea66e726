/**
 * The public Marketing API (SPEC 7 "Marketing API"; contract: src/domain/marketing/page.ts),
 * registered at MARKETING_API_BASE (`/mapi/v1`), outside the /v1 session guard:
 *
 *   GET page/{tenantCode}?c=&lang=&lat=&lng=   PageData of the tenant's live page; with `c` the
 *                                              visit is one scan (scan_logs) and `query` answers
 *   GET page/{tenantCode}/{brandProductId}     PageData with that brand product's banners
 *                                              (productBanners); no scan
 *   GET Config/tenant/{tenantCode}?lang=       PageTenant { code, name, logoUrl }
 *
 * A tenant is a client tenant, not deleted, enabled, with the Marketing or the Member function
 * (without Marketing: no banners, popular products or contact info); anything else (and an
 * unknown code) is 404 code 2. A code answers `exists: true` only when it belongs to a
 * generated package whose client is this tenant; any other code (unknown, or another tenant's)
 * answers `exists: false` with nothing of the code's owner, and is not recorded (scan_logs rows
 * need the code's package). A known code's visit is recorded in ONE prepared statement, with
 * the other scans that came with it (services/consumerScan.ts, scanQueue.ts, scanBatch.ts), that
 * also counts it and reads the scan before it: source Consumer, type Mobile or PC from the user
 * agent, latitude/longitude when both are given and valid (else none), the client IP. scannedCount includes this visit; warning = scannedCount > the live layout's
 * safeScanCount (PREVIEW_DEFAULTS 10 without a layout).
 *
 * `mode=preview` (the back-office preview window) answers the page without the query and
 * records nothing.
 *
 * Every route is rate-limited per client IP (MARKETING_RATE_LIMIT a minute, code 3 over it)
 * like the sign-in route; bad input (NUL, a code over 100 characters, a bad lang) is 400 code 1.
 */
import type { FastifyInstance } from 'fastify';
import { ClientFunction } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { DEFAULT_LANG, LANGS, pickName, type Lang, type Names } from '../../../src/domain/lang';
import {
  PREVIEW_DEFAULTS, type PageBanner, type PageData, type PageLayoutInfo, type PagePopularProduct, type PageQuery, type PageTenant,
} from '../../../src/domain/marketing/page';
import type { AppDeps } from '../../context';
import { notFound } from '../../errors';
import { ShortCache, writeEpoch } from '../../db/shortCache';
import { idParams } from '../../services/resource';
import { CODE_MAX_LENGTH, findPublicTenant, type PublicTenant } from '../../services/publicTenant';
import { pageAuthenticity } from '../../services/antiCounterfeit';
import { pointProductsInForce } from '../../services/pointProducts';
import { contactInfo, layoutInfo, titleDisplayName } from '../../services/marketing';
import { latestActivities } from '../../services/pageActivities';
import { coordinates, queryOf, recordScan } from '../../services/consumerScan';

export { coordinates, scanTypeOf } from '../../services/consumerScan';

/** The marketing API base (SPEC 7: "a separate marketing API base"), on the same server. */
export const MARKETING_API_BASE = '/mapi/v1';

type Db = AppDeps['db'];

const TENANT_PARAM = { type: 'string', minLength: 1, maxLength: 50 } as const;
const PAGE_QUERY = {
  type: 'object',
  properties: {
    c: { type: 'string', maxLength: CODE_MAX_LENGTH },
    lang: { type: 'string', enum: [...LANGS] },
    lat: { type: 'string', maxLength: 32 },
    lng: { type: 'string', maxLength: 32 },
    mode: { type: 'string', maxLength: 20 },
  },
} as const;

/** The page serves Marketing (its sections) and Member (joining, points, point products) clients. */
const findTenant = (db: Db, code: string) => findPublicTenant(db, code, ClientFunction.Marketing | ClientFunction.Member);
const hasMarketing = (tenant: PublicTenant) => (tenant.functionFlags & ClientFunction.Marketing) !== 0;

const iso = (d: Date | string) => new Date(d).toISOString();
const num = (v: string | number | null) => (v === null || v === undefined ? null : Number(v));
const hasNames = (n: Names | null | undefined): n is Names => !!n && Object.values(n).some((v) => !!v);

async function pageLayout(db: Db, tenant: PublicTenant, lang: Lang, now: Date): Promise<PageLayoutInfo> {
  const [{ current }, title] = await Promise.all([layoutInfo(db, tenant.id, now), titleDisplayName(db, tenant.id, lang)]);
  return {
    logoUrl: current?.logoUrl ?? null,
    layout: current?.layout ?? PREVIEW_DEFAULTS.layout,
    colorCode: current?.colorCode ?? PREVIEW_DEFAULTS.colorCode,
    navigatorFunctions: current?.navigatorFunctions ?? PREVIEW_DEFAULTS.navigatorFunctions,
    queryPageFunctions: current?.queryPageFunctions ?? PREVIEW_DEFAULTS.queryPageFunctions,
    scanGeneralMessage: current?.scanGeneralMessage ?? '',
    scanExceptionMessage: current?.scanExceptionMessage ?? '',
    timezoneId: current?.timezoneId ?? PREVIEW_DEFAULTS.timezoneId,
    privacyInfo: current?.privacyInfo ?? null,
    copyright: current?.copyright ?? '',
    clientDisplayName: title.name,
    safeScanCount: current?.safeScanCount ?? PREVIEW_DEFAULTS.safeScanCount,
  };
}

/** Banners in force now of the tenant's enabled product infos (one brand product's when given). */
async function bannersInForce(db: Db, tenantId: number, now: Date, brandProductId?: number): Promise<PageBanner[]> {
  let q = db.selectFrom('marketing_banners as mb')
    .innerJoin('marketing_brand_products as m', 'm.brand_product_id', 'mb.brand_product_id')
    .select(['mb.id', 'mb.starts_at', 'mb.ends_at', 'mb.timezone_id', 'mb.image_small', 'mb.image_large'])
    .where('mb.tenant_id', '=', tenantId).where('m.enable', '=', true)
    .where('mb.starts_at', '<=', now).where('mb.ends_at', '>=', now);
  if (brandProductId !== undefined) q = q.where('mb.brand_product_id', '=', brandProductId);
  const rows = await q.orderBy('mb.starts_at', 'desc').orderBy('mb.id', 'desc').limit(20).execute();
  return rows.map((r) => ({ id: r.id, from: iso(r.starts_at), to: iso(r.ends_at), timezoneId: r.timezone_id, images: { small: r.image_small, large: r.image_large } }));
}

async function popularInForce(db: Db, tenantId: number, now: Date): Promise<PagePopularProduct[]> {
  const rows = await db.selectFrom('marketing_popular_products as pp')
    .innerJoin('marketing_products as p', 'p.id', 'pp.product_id')
    .innerJoin('marketing_categories as c', 'c.id', 'p.category_id')
    .select(['pp.id', 'pp.product_id', 'pp.names', 'p.names as productNames', 'pp.price', 'pp.currency', 'pp.url', 'pp.image', 'p.image as productImage', 'pp.starts_at', 'pp.ends_at'])
    .where('pp.tenant_id', '=', tenantId).where('p.enable', '=', true).where('c.enable', '=', true)
    .where('pp.starts_at', '<=', now).where('pp.ends_at', '>=', now)
    .orderBy('pp.starts_at', 'desc').orderBy('pp.id', 'desc').limit(50).execute();
  return rows.map((r) => ({
    id: r.id, productId: r.product_id, names: hasNames(r.names) ? r.names : r.productNames, price: num(r.price), currency: r.currency,
    url: r.url, image: r.image ?? r.productImage, from: iso(r.starts_at), to: iso(r.ends_at),
  }));
}

async function buildPage(db: Db, tenant: PublicTenant, lang: Lang, now: Date, productBanners: PageBanner[], query: PageQuery | null, layout?: PageLayoutInfo): Promise<PageData> {
  const layoutInfoOut = layout ?? await pageLayout(db, tenant, lang, now);
  // Without the Marketing function (a Member client) the marketing sections stay empty.
  const marketing = hasMarketing(tenant);
  const [banners, popularProducts, contact, authenticity, pointProducts, activities] = await Promise.all([
    marketing ? bannersInForce(db, tenant.id, now) : [], marketing ? popularInForce(db, tenant.id, now) : [],
    marketing ? contactInfo(db, tenant.id) : { company: null, moreInfo: [], platforms: [] }, pageAuthenticity(db, tenant.id, lang), pointProductsInForce(db, tenant.id, now),
    latestActivities(db, tenant, now),
  ]);
  return {
    tenant: { code: tenant.code, name: layoutInfoOut.clientDisplayName || pickName(tenant.names, lang) || tenant.code, logoUrl: layoutInfoOut.logoUrl },
    layoutInfo: layoutInfoOut,
    banners,
    // The running lotteries and point activities (services/pageActivities.ts).
    activities,
    contactInfo: contact,
    popularProducts,
    productBanners,
    query,
    authenticity,
    // Point products of the members module (none without the Member function).
    pointProducts,
  };
}

/** What every visit of a tenant's page shares: built once per tenant and language, then reused briefly. */
interface PageBase {
  tenant: PublicTenant;
  page: PageData;
}

export default async function marketingPublicRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, settings } = deps;
  const config = (summary: string, errors: number[] = [ErrorCode.NotFound]) => ({
    public: true,
    rateLimit: { max: settings.marketingRateLimit, timeWindow: '1 minute' },
    docs: { summary, errors: [...errors, ErrorCode.NotAllowed] },
  });
  // Page data without the query, per tenant and language, and a brand product's banners: a
  // few seconds in this process, dropped by any write of the process (db/shortCache.ts).
  const bases = new ShortCache<PageBase>(settings.marketingPageCacheMs, 1000);
  const productBannerCache = new ShortCache<PageBanner[]>(settings.marketingPageCacheMs, 5000);

  const pageBase = async (code: string, lang: Lang): Promise<PageBase> => {
    const key = `${code}\u0000${lang}`;
    const hit = bases.get(key);
    if (hit) return hit;
    const since = writeEpoch();
    const tenant = await findTenant(db, code);
    const page = await buildPage(db, tenant, lang, new Date(), [], null);
    const base = { tenant, page };
    bases.set(key, base, since);
    return base;
  };
  const productBanners = async (tenantId: number, brandProductId: number): Promise<PageBanner[]> => {
    const key = `${tenantId}:${brandProductId}`;
    const hit = productBannerCache.get(key);
    if (hit) return hit;
    const since = writeEpoch();
    const banners = await bannersInForce(db, tenantId, new Date(), brandProductId);
    productBannerCache.set(key, banners, since);
    return banners;
  };

  app.get<{ Params: { tenantCode: string }; Querystring: { lang?: Lang } }>('/Config/tenant/:tenantCode', {
    schema: { params: { type: 'object', required: ['tenantCode'], properties: { tenantCode: TENANT_PARAM } }, querystring: { type: 'object', properties: { lang: PAGE_QUERY.properties.lang } } },
    config: config('The consumer page tenant: name and logo (PageTenant)'),
  }, async (req): Promise<PageTenant> => (await pageBase(req.params.tenantCode, req.query.lang ?? DEFAULT_LANG)).page.tenant);

  app.get<{ Params: { tenantCode: string }; Querystring: { c?: string; lang?: Lang; lat?: string; lng?: string; mode?: string } }>('/page/:tenantCode', {
    schema: { params: { type: 'object', required: ['tenantCode'], properties: { tenantCode: TENANT_PARAM } }, querystring: PAGE_QUERY },
    config: config('The consumer page data (PageData); with c the visit is recorded as a scan and query answers for the code'),
  }, async (req): Promise<PageData> => {
    const { tenant, page } = await pageBase(req.params.tenantCode, req.query.lang ?? DEFAULT_LANG);
    const code = req.query.c?.trim();
    // A back-office preview (mode=preview) shows the page without recording a scan.
    if (!code || req.query.mode === 'preview') return page;
    const row = await recordScan(db, tenant.id, code, req, coordinates(req.query.lat, req.query.lng));
    return {
      ...page,
      productBanners: row?.brand_product_id ? await productBanners(tenant.id, row.brand_product_id) : [],
      query: queryOf(code, row, page.layoutInfo.safeScanCount),
    };
  });

  app.get<{ Params: { tenantCode: string; id: number }; Querystring: { lang?: Lang } }>('/page/:tenantCode/:id', {
    schema: {
      params: { type: 'object', required: ['tenantCode', 'id'], properties: { tenantCode: TENANT_PARAM, id: idParams.properties.id } },
      querystring: { type: 'object', properties: { lang: PAGE_QUERY.properties.lang } },
    },
    config: config('The consumer page of one brand product (its banners in productBanners); no scan'),
  }, async (req): Promise<PageData> => {
    const { tenant, page } = await pageBase(req.params.tenantCode, req.query.lang ?? DEFAULT_LANG);
    const product = await db.selectFrom('marketing_brand_products').select('brand_product_id')
      .where('tenant_id', '=', tenant.id).where('brand_product_id', '=', req.params.id).where('enable', '=', true).executeTakeFirst();
    if (!product) throw notFound();
    return { ...page, productBanners: await productBanners(tenant.id, product.brand_product_id) };
  });
}

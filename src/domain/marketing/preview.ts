/**
 * The marketing preview (SPEC.md 2 "Preview"): the UNSAVED data of a marketing screen's form
 * as the part of the consumer page's data (PageData, page.ts) that it changes. The preview
 * window (/m/{tenantCode}?mode=preview) merges it over the saved page data and takes
 * PREVIEW_DEFAULTS where something is still missing. Pure: no React, no browser.
 *
 * One mapping per preview kind (MarketingPreviewKind):
 *  - layout: the layout being prepared, i.e. the coming-soon layout once it has an effective
 *    date, else the current one, as `layoutInfo`;
 *  - brandProduct: the product's names, price and currency as the scanned code's `query`;
 *  - banner: the banner as the page's `banners` and `productBanners`;
 *  - popularProduct: the product as `popularProducts`;
 *  - contactInfo: `contactInfo`, platforms in priority order;
 *  - memberProduct: the point product as `pointProducts` (names from the record's productNames);
 *  - every kind but brandProduct: the first brand product (SPEC 7) as the scanned code's `query`.
 * Form values arrive as the forms hold them: strings may be empty, numbers missing.
 */
import { LANGS, type Names } from '../lang';
import {
  PREVIEW_DEFAULTS,
  type PageBanner,
  type PageContactInfo,
  type PageData,
  type PageLayoutInfo,
  type PagePlatform,
  type PagePointProduct,
  type PagePopularProduct,
  type PreviewMessage,
} from './page';

export type PreviewKind = PreviewMessage['kind'];

/**
 * What a preview posts: parts of the page data; the layout info and contact info may be
 * partial (the page merges them field by field over the saved data, so a field the form does
 * not hold, e.g. the title display name, keeps its saved value).
 */
export type PreviewData = {
  [K in keyof PageData]?: K extends 'layoutInfo' | 'contactInfo' ? Partial<PageData[K]> : PageData[K];
};
type Data = Record<string, unknown>;

/** What the form does not hold but the page shows (e.g. the title display name). */
export interface PreviewContext {
  clientDisplayName?: string;
  safeScanCount?: number;
}

const isObj = (v: unknown): v is Data => !!v && typeof v === 'object' && !Array.isArray(v);
const obj = (v: unknown): Data => (isObj(v) ? v : {});
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};
const int = (v: unknown, fallback: number): number => {
  const n = num(v);
  return n === null ? fallback : Math.trunc(n);
};
const names = (v: unknown): Names => {
  const out: Names = {};
  for (const l of LANGS) {
    const s = obj(v)[l];
    if (typeof s === 'string' && s.trim() !== '') out[l] = s;
  }
  return out;
};

/** The layout a layout form previews: coming-soon once it has an effective date, else current. */
export function previewedLayout(data: Data): Data {
  const coming = obj(data.comingSoon);
  return text(coming.effectiveDate) !== '' && (num(coming.layout) !== null || text(coming.colorCode) !== '') ? coming : obj(data.current);
}

/** One layout of the layout form (SPEC 3 Layout; the fields of src/schemas/marketing/layout.json). */
export function layoutInfoOf(section: Data, ctx: PreviewContext = {}): Partial<PageLayoutInfo> {
  const options = section;
  const privacy = obj(section.privacyInfo);
  const colour = text(options.colorCode).replace(/^#/, '').toLowerCase();
  const hasPrivacy = text(privacy.title) !== '' || text(privacy.content) !== '';
  return {
    logoUrl: textOrNull(section.logoUrl),
    layout: int(section.layout, PREVIEW_DEFAULTS.layout),
    colorCode: /^[0-9a-f]{6}$/.test(colour) ? colour : PREVIEW_DEFAULTS.colorCode,
    navigatorFunctions: int(options.navigatorFunctions, PREVIEW_DEFAULTS.navigatorFunctions),
    queryPageFunctions: int(options.queryPageFunctions, PREVIEW_DEFAULTS.queryPageFunctions),
    scanGeneralMessage: text(options.scanGeneralMessage),
    scanExceptionMessage: text(options.scanExceptionMessage),
    timezoneId: int(section.timezoneId, PREVIEW_DEFAULTS.timezoneId),
    privacyInfo: hasPrivacy
      ? { title: text(privacy.title), content: text(privacy.content), version: int(privacy.version, 1), force: privacy.force === true }
      : null,
    copyright: text(section.copyright),
    ...(ctx.clientDisplayName !== undefined ? { clientDisplayName: ctx.clientDisplayName } : {}),
    safeScanCount: int(section.safeScanCount, ctx.safeScanCount ?? PREVIEW_DEFAULTS.safeScanCount),
  };
}

export function bannerOf(data: Data): PageBanner {
  const images = obj(data.images);
  return {
    id: int(data.id, 0),
    from: text(data.from),
    to: text(data.to),
    timezoneId: int(data.timezoneId, PREVIEW_DEFAULTS.timezoneId),
    images: { small: textOrNull(images.small), large: textOrNull(images.large) },
  };
}

export function popularProductOf(data: Data): PagePopularProduct {
  const price = num(data.price);
  return {
    id: int(data.id, 0),
    productId: int(data.productId, 0),
    names: names(data.names),
    price,
    currency: price === null ? null : text(data.currency) || PREVIEW_DEFAULTS.currency,
    url: textOrNull(data.url),
    image: textOrNull(data.image),
    from: text(data.from),
    to: text(data.to),
  };
}

export function pointProductOf(data: Data): PagePointProduct {
  return {
    id: int(data.id, 0),
    productId: int(data.productId, 0),
    names: names(data.productNames),
    image: textOrNull(data.image),
    points: int(data.points, 0),
    stock: int(data.stock, 0),
    from: text(data.from),
    to: text(data.to),
    timezoneId: int(data.timezoneId, PREVIEW_DEFAULTS.timezoneId),
  };
}

/** Platforms with a type, in priority order (ties keep the form's order). */
export function platformsOf(list: unknown): PagePlatform[] {
  const items = Array.isArray(list) ? list.map(obj) : [];
  return items
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => num(p.type) !== null)
    .map(({ p, i }) => ({
      at: i,
      platform: { type: int(p.type, 0), url: text(p.url), priority: int(p.priority, i + 1), iconImage: textOrNull(p.iconImage) },
    }))
    .sort((a, b) => a.platform.priority - b.platform.priority || a.at - b.at)
    .map((x) => x.platform);
}

export function contactInfoOf(data: Data): PageContactInfo {
  const c = obj(data.company);
  const hasCompany = Object.values(c).some((v) => typeof v === 'string' && v.trim() !== '');
  return {
    company: hasCompany
      ? {
          name: text(c.name),
          mapImage: textOrNull(c.mapImage),
          phone: textOrNull(c.phone),
          phoneCountryCode: textOrNull(c.phoneCountryCode),
          fax: textOrNull(c.fax),
          faxCountryCode: textOrNull(c.faxCountryCode),
          addr: textOrNull(c.addr),
          businessHours: textOrNull(c.businessHours),
          subsidiaries: textOrNull(c.subsidiaries),
        }
      : null,
    moreInfo: (Array.isArray(data.moreInfo) ? data.moreInfo.map(obj) : [])
      .filter((m) => text(m.name) !== '' || text(m.url) !== '')
      .slice(0, 4)
      .map((m) => ({ name: text(m.name), url: text(m.url) })),
    platforms: platformsOf(data.platforms),
  };
}

/** The brand product's draft as the answer for a scanned code of it. */
export function brandProductQuery(data: Data): NonNullable<PageData['query']> {
  const price = num(data.price);
  const productNames = names(data.names);
  return {
    code: 'PREVIEW',
    exists: true,
    scannedCount: 1,
    latestScan: null,
    price: price ?? PREVIEW_DEFAULTS.price,
    currency: text(data.currency) || PREVIEW_DEFAULTS.currency,
    productNames: Object.keys(productNames).length ? productNames : null,
    brandName: textOrNull(data.brandName),
    warning: false,
  };
}

/** The part of the page data a form's unsaved data changes. */
export function previewData(kind: PreviewKind, form: Data, ctx: PreviewContext = {}): PreviewData {
  switch (kind) {
    case 'layout':
      return { layoutInfo: layoutInfoOf(previewedLayout(form), ctx) };
    case 'brandProduct':
      return { query: brandProductQuery(form) };
    case 'banner': {
      const banner = bannerOf(form);
      return { banners: [banner], productBanners: [banner] };
    }
    case 'popularProduct':
      return { popularProducts: [popularProductOf(form)] };
    case 'contactInfo':
      return { contactInfo: contactInfoOf(form) };
    case 'memberProduct':
      return { pointProducts: [pointProductOf(form)] };
  }
}

/**
 * SPEC 7: the preview also gets the brand products list and the first brand product's detail:
 * that product is the scanned code's answer the preview shows, unless the draft is a brand
 * product's own (its form is the answer).
 */
export function withSampleProduct(message: PreviewMessage, product: Data | null): PreviewMessage {
  if (!product || message.kind === 'brandProduct') return message;
  return { ...message, data: { ...message.data, query: brandProductQuery(product) } };
}

/** The message the preview window receives. */
export function previewMessage(kind: PreviewKind, form: Data, ctx: PreviewContext = {}): PreviewMessage {
  // The page takes partial layout and contact info (PreviewDraft); page.ts on main still names
  // the data Partial<PageData>.
  return { type: 'oioc-preview', kind, data: previewData(kind, form, ctx) as PreviewMessage['data'] };
}

/** The consumer page of a tenant in preview mode (same origin as the back office). */
export function previewPath(tenantCode: string): string {
  return `/m/${encodeURIComponent(tenantCode)}?mode=preview`;
}

/** SPEC.md 2 and 9: posted up to four times at 2 s intervals. */
export const PREVIEW_POSTS = 4;
export const PREVIEW_INTERVAL_MS = 2000;

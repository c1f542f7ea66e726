/**
 * Pure rules of the public consumer page (/m/{tenantCode}): the shopper's language, readable
 * text on the tenant's colour, the privacy consent rule, and the preview draft merged over the
 * preview defaults. Used by the page (src/consumer) and its tests; no browser API here, no
 * heavy import (the page's whole JavaScript budget is 60 kB gzip).
 */
import { LANGS, DEFAULT_LANG, isLang, type Lang } from '../lang';
import { LayoutColor, PageLayout } from '../enums';
import { safeLink } from './links';
import {
  PREVIEW_DEFAULTS,
  type PageBanner, type PageData, type PageLayoutInfo, type PageQuery, type PagePrivacyInfo, type PreviewDraft, type PreviewMessage,
} from './page';

// --- Language ------------------------------------------------------------------------------

/**
 * One language tag ('zh_TW', 'zh-TW', 'zh-Hant-HK', 'zh-CN', 'zh-Hans', 'en-GB', ...) as a page
 * language, or null. Traditional Chinese regions and scripts (TW, HK, MO, Hant) are zh_TW;
 * simplified ones (CN, SG, MY, Hans) are zh_CN; a bare 'zh' is zh_TW (the platform's default
 * market); any English is en.
 */
export function langOfTag(tag: string | null | undefined): Lang | null {
  if (!tag) return null;
  const t = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!t) return null;
  if (isLang(tag.trim())) return tag.trim() as Lang;
  const [base, ...rest] = t.split('-');
  if (base === 'en') return 'en';
  if (base !== 'zh') return null;
  if (rest.includes('hans') || rest.some((p) => ['cn', 'sg', 'my'].includes(p))) return 'zh_CN';
  return 'zh_TW';
}

/**
 * The page language: the `lang` query parameter when it names one of the three, else the first
 * of the browser's languages (navigator.languages) that maps to one, else zh_TW.
 */
export function pickPageLang(param: string | null | undefined, browserLangs: readonly string[] = []): Lang {
  const fromParam = langOfTag(param);
  if (fromParam) return fromParam;
  for (const tag of browserLangs) {
    const l = langOfTag(tag);
    if (l) return l;
  }
  return DEFAULT_LANG;
}

export { LANGS };

// --- Colour and contrast ---------------------------------------------------------------------

/** 'b83a24' or '#b83a24' (or 3 digits) as [r, g, b] 0..255; null when not a hex colour. */
export function parseHex(hex: string | null | undefined): [number, number, number] | null {
  if (!hex) return null;
  let h = hex.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(h)) h = h.split('').map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(h)) return null;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: number[]) => rgb.map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0')).join('');

/** WCAG 2 relative luminance of a hex colour (0 black .. 1 white). */
export function luminance(hex: string): number {
  const rgb = parseHex(hex) ?? [0, 0, 0];
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two hex colours (1 .. 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour on a background of `hex`: white or black, whichever contrasts more. */
export function textOn(hex: string): 'ffffff' | '000000' {
  return contrastRatio(hex, 'ffffff') >= contrastRatio(hex, '000000') ? 'ffffff' : '000000';
}

/**
 * The tenant colour made readable as text or icon on white (links, headings, prices): the
 * colour itself when it already contrasts 4.5:1 with white (WCAG AA), else darkened towards
 * black in small steps until it does (yellow and orange become a deep amber).
 */
export function inkOnWhite(hex: string): string {
  const rgb = parseHex(hex);
  if (!rgb) return '000000';
  for (let k = 0; k <= 1.0001; k += 0.05) {
    const c = toHex(rgb.map((v) => v * (1 - k)));
    if (contrastRatio(c, 'ffffff') >= 4.5) return c;
  }
  return '000000';
}

/** The colour mixed with white (`amount` 0..1 of the colour kept): soft tints for surfaces. */
export function tint(hex: string, amount: number): string {
  const rgb = parseHex(hex) ?? [0, 0, 0];
  return toHex(rgb.map((v) => 255 - (255 - v) * amount));
}

/** The layout colour if it is a hex colour, else the preview default (red). */
export function safeColor(hex: string | null | undefined): string {
  return parseHex(hex) ? hex!.trim().replace(/^#/, '').toLowerCase() : PREVIEW_DEFAULTS.colorCode;
}

export const LAYOUT_COLORS: readonly string[] = Object.values(LayoutColor);

/** The page layout letter of a PageLayout value; A for anything unknown. */
export function layoutLetter(layout: number | null | undefined): 'A' | 'B' | 'C' {
  if (layout === PageLayout.B) return 'B';
  if (layout === PageLayout.C) return 'C';
  return 'A';
}

// --- Privacy consent -------------------------------------------------------------------------

/** What the page keeps in localStorage per tenant once the shopper agrees. */
export interface StoredConsent {
  version: number;
  at: string;
}

/** The localStorage key of a tenant's consent. */
export const consentKey = (tenantCode: string) => `oioc-consent:${tenantCode}`;

/** A stored consent read back from localStorage text; null when missing or not ours. */
export function parseConsent(text: string | null | undefined): StoredConsent | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<StoredConsent>;
    return typeof v.version === 'number' && Number.isFinite(v.version) ? { version: v.version, at: String(v.at ?? '') } : null;
  } catch {
    return null;
  }
}

/**
 * Whether the page asks the shopper to agree to the privacy text: always when there is one and
 * they never agreed to any version of it; again, when the client raised the version and set
 * `force`. A newer version without `force` does not interrupt a shopper who agreed before.
 */
export function needsConsent(privacy: PagePrivacyInfo | null | undefined, stored: StoredConsent | null): boolean {
  if (!privacy || (!privacy.title?.trim() && !privacy.content?.trim())) return false;
  if (!stored) return true;
  return privacy.force && privacy.version > stored.version;
}

// --- Preview: a draft over the defaults ------------------------------------------------------

/** The layout info a preview shows where the draft and the saved data say nothing. */
export function defaultLayoutInfo(): PageLayoutInfo {
  return {
    logoUrl: null,
    layout: PREVIEW_DEFAULTS.layout,
    colorCode: PREVIEW_DEFAULTS.colorCode,
    navigatorFunctions: PREVIEW_DEFAULTS.navigatorFunctions,
    queryPageFunctions: PREVIEW_DEFAULTS.queryPageFunctions,
    scanGeneralMessage: '',
    scanExceptionMessage: '',
    timezoneId: PREVIEW_DEFAULTS.timezoneId,
    privacyInfo: null,
    copyright: '',
    clientDisplayName: '',
    safeScanCount: PREVIEW_DEFAULTS.safeScanCount,
  };
}

/** The demo answer a preview shows for its scanned code (a known code, first scan). */
export function demoQuery(): PageQuery {
  return {
    code: 'DEMO0000000001',
    exists: true,
    scannedCount: 1,
    latestScan: null,
    price: PREVIEW_DEFAULTS.price,
    currency: PREVIEW_DEFAULTS.currency,
    productNames: null,
    brandName: null,
    warning: false,
  };
}

/** Empty page data of a tenant, with the preview defaults. */
export function defaultPageData(tenantCode: string): PageData {
  return {
    tenant: { code: tenantCode, name: '', logoUrl: null },
    layoutInfo: defaultLayoutInfo(),
    banners: [],
    activities: [],
    contactInfo: { company: null, moreInfo: [], platforms: [] },
    popularProducts: [],
    productBanners: [],
    query: demoQuery(),
  };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fields of `over` that are set (not undefined or null) replace those of `base`. */
function overlay<T extends object>(base: T, over: unknown): T {
  if (!isObj(over)) return base;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(over)) if (v !== undefined && v !== null) out[k] = v;
  return out as T;
}

/**
 * The page a preview renders: the preview defaults, then the saved page data when the page could
 * read it (`saved`, without a scan), then the posted draft (PreviewMessage.data). Objects merge
 * field by field (a draft's null or missing field keeps what is below it); lists are replaced
 * whole when the draft has them. A layout or colour out of range falls back to the default, a
 * missing price to TWD 100 and a missing safe scan count to 10, as SPEC.md's preview defaults say.
 */
export function mergePreview(tenantCode: string, saved: PageData | null, draft: PreviewDraft | null | undefined): PageData {
  const base = defaultPageData(tenantCode);
  const layers = [saved, draft].filter(isObj) as PreviewDraft[];
  let page = base;
  for (const layer of layers) {
    page = {
      tenant: overlay(page.tenant, layer.tenant),
      layoutInfo: overlay(page.layoutInfo, layer.layoutInfo),
      banners: Array.isArray(layer.banners) ? layer.banners : page.banners,
      activities: Array.isArray(layer.activities) ? layer.activities : page.activities,
      contactInfo: overlay(page.contactInfo, layer.contactInfo),
      popularProducts: Array.isArray(layer.popularProducts) ? layer.popularProducts : page.popularProducts,
      productBanners: Array.isArray(layer.productBanners) ? layer.productBanners : page.productBanners,
      query: isObj(layer.query) ? overlay(page.query ?? demoQuery(), layer.query) : page.query,
      ...(Array.isArray(layer.pointProducts) ? { pointProducts: layer.pointProducts } : page.pointProducts ? { pointProducts: page.pointProducts } : {}),
    };
  }
  const li = page.layoutInfo;
  const flags = (v: unknown, d: number) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 15 ? v : d);
  page.layoutInfo = {
    ...li,
    layout: ([PageLayout.A, PageLayout.B, PageLayout.C] as number[]).includes(li.layout) ? li.layout : PREVIEW_DEFAULTS.layout,
    colorCode: safeColor(li.colorCode),
    navigatorFunctions: flags(li.navigatorFunctions, PREVIEW_DEFAULTS.navigatorFunctions),
    queryPageFunctions: flags(li.queryPageFunctions, PREVIEW_DEFAULTS.queryPageFunctions),
    timezoneId: typeof li.timezoneId === 'number' ? li.timezoneId : PREVIEW_DEFAULTS.timezoneId,
    safeScanCount: typeof li.safeScanCount === 'number' && li.safeScanCount > 0 ? li.safeScanCount : PREVIEW_DEFAULTS.safeScanCount,
  };
  if (page.query) {
    const q = page.query;
    const price = q.price ?? PREVIEW_DEFAULTS.price;
    page.query = { ...q, price, currency: q.currency ?? PREVIEW_DEFAULTS.currency };
  }
  return page;
}

/**
 * Whether a window message is a preview post the page may render: from its own origin only
 * (the back office is served by the same server), of type 'oioc-preview', with an object as data.
 */
export function acceptPreviewMessage(origin: string, ownOrigin: string, data: unknown): data is PreviewMessage {
  if (origin !== ownOrigin) return false;
  return isObj(data) && data.type === 'oioc-preview' && isObj(data.data);
}

// --- Small formatting helpers ------------------------------------------------------------------

/** A phone with its calling code: display text '+886 2-2345-6789' and the tel: link target. */
export function phoneLink(countryCode: string | null | undefined, phone: string | null | undefined): { text: string; href: string } | null {
  const p = (phone ?? '').trim();
  if (!p) return null;
  const cc = (countryCode ?? '').trim().replace(/^\+/, '');
  const digits = p.replace(/[^\d]/g, '');
  if (!/^\d{1,4}$/.test(cc)) return { text: p, href: `tel:${digits}` };
  return { text: `+${cc} ${p}`, href: `tel:+${cc}${digits.replace(/^0+/, '')}` };
}

/**
 * A url as a link target of the page (a platform's when `type` is given): http(s), bare hosts
 * as https://, e-mail addresses as mailto:, the platform's own scheme; null: no link at all
 * (javascript: and every other scheme; src/domain/marketing/links.ts).
 */
export const platformHref = (url: string | null | undefined, type: number | null = null): string | null => safeLink(url, type);

// --- Banners -------------------------------------------------------------------------------

/**
 * The carousel's banners: the scanned product's first, then the tenant's others. Every banner
 * belongs to a product, so the scanned product's banners are among the tenant's current ones
 * too (and the preview posts a draft banner as both): each shows once, by id.
 */
export function carouselBanners(page: Pick<PageData, 'banners' | 'productBanners'>): PageBanner[] {
  const seen = new Set<unknown>();
  // A draft banner not saved yet has no id: the same images are the same banner.
  const key = (b: PageBanner): unknown => b.id ?? `${b.images?.small}|${b.images?.large}`;
  return [...(page.productBanners ?? []), ...(page.banners ?? [])].filter((b) => {
    const k = key(b);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * A brand's free text of the query page (scan messages: one text per tenant, in whichever
 * language the brand wrote it) in the page's language (issue 26): shown on a Chinese page, and
 * on an English page only when it holds no Chinese, Japanese or Korean characters; otherwise
 * '' (the page then shows its own text in the chosen language, or nothing).
 */
export function messageInLang(text: string | null | undefined, lang: Lang): string {
  const s = (text ?? '').trim();
  if (!s || lang !== 'en') return s;
  return /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/.test(s) ? '' : s;
}

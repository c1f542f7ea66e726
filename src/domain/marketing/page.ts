/**
 * The consumer page's data (SPEC 3 "Preview page data", SPEC 7 "Marketing API"): what the
 * public page /m/{tenantCode}?c={code} renders, whether it comes from the server (live) or is
 * posted by a back-office preview (mode=preview). One shape for both, shared by the server
 * (which builds it) and the page (which renders it), so a draft and the saved data look alike.
 *
 * The Marketing API base is `/mapi/v1` on the same server (public, no session):
 *  - `GET /mapi/v1/Config/tenant/{tenantCode}`: PageTenant (name, logo, languages), 2 when unknown;
 *  - `GET /mapi/v1/page/{tenantCode}?c={code}&lang=&lat=&lng=`: PageData. With `c`, the visit is
 *    recorded as one scan (scan_logs, source Consumer) and `query` answers for that code; a
 *    code of another tenant, or none, answers `query.exists = false`, never the other tenant's data;
 *  - `GET /mapi/v1/page/{tenantCode}/{brandProductId}`: PageData of one marketing brand product
 *    (its product banners), no scan.
 * Flags are bit sums (enums.ts): navigatorFunctions VisibleFunction, queryPageFunctions
 * QueryPageFunction, layout PageLayout. Times are ISO strings (UTC). Image fields are urls.
 */
import type { PageAuthenticity } from '../antiCounterfeit';
import type { Names } from '../lang';

export interface PagePrivacyInfo {
  title: string;
  content: string;
  /** Raised by the client when the text changes; a shopper who consented to an older one... */
  version: number;
  /** ...is asked again when `force` is set. */
  force: boolean;
}

export interface PageLayoutInfo {
  logoUrl: string | null;
  /** PageLayout: A 1, B 2, C 4. */
  layout: number;
  /** One of LayoutColor's 11 hex colours, without '#'. */
  colorCode: string;
  /** VisibleFunction bits: QueryResult 1, LatestActivities 2, PopularProducts 4. */
  navigatorFunctions: number;
  /** QueryPageFunction bits: LatestScanLocation 1, ScannedCount 2, Price 4, Code 8. */
  queryPageFunctions: number;
  scanGeneralMessage: string;
  scanExceptionMessage: string;
  timezoneId: number;
  privacyInfo: PagePrivacyInfo | null;
  copyright: string;
  clientDisplayName: string;
  /** A code scanned more often than this shows the exception message. */
  safeScanCount: number;
}

export interface PageBanner {
  id: number;
  from: string;
  to: string;
  timezoneId: number;
  /** 600x150 and 660x352 (SPEC 5 images). */
  images: { small: string | null; large: string | null };
}

export interface PageActivity {
  /** Issue 26: a running lottery or point activity (ids of the two may repeat); absent in old drafts. */
  kind?: 'lottery' | 'point';
  id: number;
  name: string;
  imageUrl: string | null;
  url: string | null;
  from: string;
  to: string;
}

export interface PagePopularProduct {
  id: number;
  productId: number;
  names: Names;
  price: number | null;
  currency: string | null;
  url: string | null;
  image: string | null;
  from: string;
  to: string;
}

export interface PagePlatform {
  /** MarketingPlatform: Line 1 ... Custom 6, CustomImage 7 (its iconImage is the icon). */
  type: number;
  url: string;
  priority: number;
  iconImage: string | null;
}

export interface PageContactInfo {
  company: {
    name: string;
    mapImage: string | null;
    phone: string | null;
    phoneCountryCode: string | null;
    fax: string | null;
    faxCountryCode: string | null;
    addr: string | null;
    businessHours: string | null;
    subsidiaries: string | null;
  } | null;
  /** At most 4. */
  moreInfo: { name: string; url: string }[];
  /** In priority order. */
  platforms: PagePlatform[];
}

/** The answer for the scanned code. */
export interface PageQuery {
  code: string;
  /** False for an unknown code and for a code of another tenant alike. */
  exists: boolean;
  /** Scans of this code including this visit. */
  scannedCount: number;
  /** The newest earlier scan with a known place, if any. */
  latestScan: { at: string; location: string | null; latitude: number | null; longitude: number | null } | null;
  price: number | null;
  currency: string | null;
  productNames: Names | null;
  brandName: string | null;
  /** scannedCount > safeScanCount. */
  warning: boolean;
}

export interface PageTenant {
  code: string;
  name: string;
  logoUrl: string | null;
}

/** A point product on offer (members module: GET /mapi/v1/member/{tenantCode}/point-products). */
export interface PagePointProduct {
  id: number;
  productId: number;
  names: Names;
  image: string | null;
  points: number;
  stock: number;
  from: string;
  to: string;
  timezoneId: number;
}

export interface PageData {
  tenant: PageTenant;
  layoutInfo: PageLayoutInfo;
  banners: PageBanner[];
  activities: PageActivity[];
  contactInfo: PageContactInfo;
  popularProducts: PagePopularProduct[];
  productBanners: PageBanner[];
  query: PageQuery | null;
  /** The tenant's anti-counterfeiting page (menu 30), shown with a genuine code; null or absent without one. */
  authenticity?: PageAuthenticity | null;
  /** Point products of a preview draft (the live page's come with the page data). */
  pointProducts?: PagePointProduct[];
}

/** SPEC 2 "Preview defaults": what a draft shows where data is missing. */
export const PREVIEW_DEFAULTS = {
  layout: 1,
  colorCode: 'b83a24',
  navigatorFunctions: 1 | 2 | 4,
  queryPageFunctions: 1 | 2 | 4 | 8,
  timezoneId: 103,
  price: 100,
  currency: 'TWD',
  safeScanCount: 10,
} as const;

/**
 * A draft of page data as a back-office form posts it: any part may be missing, and objects may
 * be partial (a layout form posts only the layout fields it has). Lists replace the saved list
 * whole. Every Partial<PageData> is a PreviewDraft.
 */
export interface PreviewDraft {
  tenant?: Partial<PageTenant>;
  layoutInfo?: Partial<PageLayoutInfo>;
  banners?: PageBanner[];
  activities?: PageActivity[];
  contactInfo?: Partial<PageContactInfo>;
  popularProducts?: PagePopularProduct[];
  productBanners?: PageBanner[];
  query?: Partial<PageQuery> | null;
  pointProducts?: PagePointProduct[];
}

/**
 * The message a preview window receives (window.postMessage), up to four times at 2 s. The
 * page (src/consumer) accepts it only from its own origin, renders the draft merged field by
 * field over the saved page data (read without a scan) over PREVIEW_DEFAULTS, and re-renders
 * on every post (src/domain/marketing/consumer.ts mergePreview).
 */
export interface PreviewMessage {
  type: 'oioc-preview';
  /** SPEC 2 marketing preview modal kinds. */
  kind: 'layout' | 'brandProduct' | 'banner' | 'popularProduct' | 'contactInfo' | 'memberProduct';
  /** The draft, merged over the saved page data; missing parts take PREVIEW_DEFAULTS. */
  data: PreviewDraft;
}

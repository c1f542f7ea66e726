/**
 * Shapes that cross the wire between the SPA and the /v1 API (DESIGN.md "API conventions",
 * "Sign-in contract"). Server routes answer these; the SPA reads these.
 */
import type { Lang, Names } from './lang';

/** Failure envelope: status 4xx/5xx. Code 1 lists failing fields in data (FieldErrors). */
export interface ApiErrorBody {
  code: number;
  message: string;
  data?: unknown;
}

/** data of a code-1 answer: field path -> { key: i18n key under 'validation', params }. */
export type FieldErrors = Record<string, { key: string; params?: Record<string, unknown> }>;

export interface Page<T> {
  items: T[];
  total: number;
}

export interface DialCode {
  /** Calling code digits, e.g. '886'. */
  code: string;
  /** ISO 3166 alpha-2, e.g. 'TW'. */
  countryCode: string;
  names: Required<Names>;
}

export interface Location {
  id: number;
  parentId: number | null;
  /** ISO code for countries. */
  name: string;
  names: Required<Names>;
  extra?: string;
}

export interface TimezoneInfo {
  id: number;
  /** IANA zone, e.g. 'Asia/Taipei'. */
  zone: string;
  /** UTC offset in minutes (standard time). */
  offset: number;
  names: Required<Names>;
}

export interface Currency {
  code: string;
  names: Required<Names>;
}

/**
 * GET /v1/Config/tenant[/{code}]: what sign-in and the shell need. Without a code: the platform
 * config, tenant fields null. The reference lists come apart (ReferenceLists).
 */
export interface TenantConfig {
  tenant: { id: number; code: string; type: number; names: Names; functions: number; excludedMenuIds: number[] } | null;
  languages: Lang[];
  defaultLanguage: Lang;
  defaultDomains: string[];
  staticHost: string;
  logo: string | null;
  loginBackground: string | null;
  /** Forgot-password hint; null means the default text 'contact your system administrator'. */
  forgotPasswordHint: string | null;
  /**
   * Help documents: menu id -> PDF url per language (the operator's, for every tenant). Pick
   * one with pickDocument (src/domain/helpDocuments.ts): the user's language, else zh_TW,
   * zh_CN, en. Absent or {} in the config without a tenant.
   */
  document?: Record<string, Names>;
  /** RSA public key, SPKI PEM, for RSA-OAEP SHA-256 password encryption. */
  passwordPublicKey: string;
  /** Unreleased menu ids of this deployment (UNRELEASED_MENU_IDS). */
  unreleasedMenuIds: number[];
}

/**
 * GET /v1/Config/reference: the reference lists of the config (the same for every tenant),
 * read when a form needs them and cached.
 */
export interface ReferenceLists {
  dialCodes: DialCode[];
  locations: Location[];
  timezoneInfo: TimezoneInfo[];
  currencies: Currency[];
}

/** POST /v1/Identity/token body. mima: base64 RSA-OAEP-SHA-256 ciphertext of the password. */
export interface SignInBody {
  tenantCode: string;
  account: string;
  mima: string;
  /** FunctionType: Backend 1 (default), App 2 (the mobile scanning app). */
  functionType?: number;
}

/** POST /v1/Identity/token answer: the session user. */
export interface SessionUser {
  token: string;
  userId: number;
  account: string;
  name: string;
  roleId: number;
  tenantId: number;
  tenantCode: string;
  tenantType: number;
  userType: number;
  /** 2: the default password must be changed before anything else. */
  mimaStatus: number;
  /** ISO time of the last password change. */
  mimaChangedAt: string;
  /** Signed in from the app (functionType 2): FunctionType.App and the SupplierFunction flags held. */
  functionType?: number;
  appFunctions?: number;
}

/** One side-menu entry as delivered by GET /v1/system/menu/nested ({ Backend: MenuItem[] }). */
export interface MenuItem {
  id: number;
  path: string;
  names: Required<Names>;
  children: { id: number; path: string; names: Required<Names> }[];
}

/** GET/PUT /v1/System/user. Only phoneCountryCode and phone are editable. */
export interface Profile {
  account: string;
  name: string;
  roleName: string;
  phoneCountryCode: string | null;
  phone: string | null;
  email: string | null;
  mimaChangedAt: string;
}

export interface ProfileUpdate {
  phoneCountryCode: string;
  phone: string;
}

/** PUT /v1/System/mima: both encrypted like the sign-in password. */
export interface MimaChange {
  originalMima: string;
  newMima: string;
}

/** One stored file as POST /v1/Files answers it (url: '/files/<key>'; size in bytes). */
export interface UploadedFile {
  url: string;
  name: string;
  size: number;
  type: string;
  width?: number;
  height?: number;
}

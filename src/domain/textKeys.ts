/**
 * Text key entries (SPEC.md section 3 "Text key entries (document/other settings) by text key
 * type"): a tenant's settings and help documents are stored as typed rows
 * `(tenant_id, key, type, lang | null, value)`. One function judges a value by its type, for
 * the browser and the server alike:
 *
 *   SingleText 1  one line (no line breaks), at most 200 characters
 *   TextArea   2  at most 2000 characters, line breaks allowed
 *   Numeric    3  a number written as text: -12, 3.5
 *   PdfUrl     4  the address of a stored file, /files/<key>.pdf
 *   ImageUrl   5  the address of a stored image, /files/<key>.jpg|.jpeg|.png
 *
 * Stored files are those POST /v1/Files answered (`url: '/files/<key>'`); the server checks
 * further that the file exists in the tenant's files. Pure TypeScript.
 */
import { TextKeyType } from './enums';
import { DEFAULT_FILE_TYPES, DEFAULT_IMAGE_TYPES } from './limits';
import type { RuleResult } from './rules';

export const SINGLE_TEXT_MAX = 200;
export const TEXT_AREA_MAX = 2000;
export const FILE_URL_PREFIX = '/files/';

/** '/files/' then path segments of letters, digits, '.', '_' and '-' (never '.' or '..' alone). */
const FILE_URL = /^\/files\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const NUMERIC = /^-?\d+(?:\.\d+)?$/;

/** Is `value` the address of a stored file (`/files/<key>`), without query, host or '..'? */
export function isStoredFileUrl(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 500 && FILE_URL.test(value) && !value.split('/').some((s) => s === '..');
}

/** The lower-case extension of a file address, with the dot ('.pdf'); '' when none. */
export function fileExtension(url: string): string {
  const last = url.slice(url.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return dot > 0 ? last.slice(dot).toLowerCase() : '';
}

function checkFileUrl(value: string, extensions: readonly string[]): RuleResult {
  if (!isStoredFileUrl(value)) return { key: 'invalid' };
  return extensions.includes(fileExtension(value)) ? null : { key: 'ext' };
}

/**
 * Null when `value` is a valid entry of text key type `type`, else the validation key (under
 * `validation.`) with its params. Every type takes text; an unknown type is 'invalid'.
 */
export function checkTextKeyValue(type: number, value: unknown): RuleResult {
  if (typeof value !== 'string') return { key: 'invalid' };
  const length = [...value].length;
  switch (type) {
    case TextKeyType.SingleText:
      if (/[\r\n]/.test(value)) return { key: 'regex' };
      return length > SINGLE_TEXT_MAX ? { key: 'max', params: { length: SINGLE_TEXT_MAX } } : null;
    case TextKeyType.TextArea:
      return length > TEXT_AREA_MAX ? { key: 'max', params: { length: TEXT_AREA_MAX } } : null;
    case TextKeyType.Numeric:
      return NUMERIC.test(value) ? null : { key: 'numeric' };
    case TextKeyType.PdfUrl:
      return checkFileUrl(value, DEFAULT_FILE_TYPES);
    case TextKeyType.ImageUrl:
      return checkFileUrl(value, DEFAULT_IMAGE_TYPES);
    default:
      return { key: 'invalid' };
  }
}

// --- The keys in use ----------------------------------------------------------------------

export interface TextKeyDefinition {
  key: string;
  type: number;
  /** Stored once per language (lang set) or once for the tenant (lang null). */
  perLanguage: boolean;
}

/** Other settings (menu 16): one entry each, no language. */
export const OTHER_SETTING_KEYS = {
  forgotPasswordHint: { key: 'other.forgotPasswordHint', type: TextKeyType.TextArea, perLanguage: false },
  loginBackground: { key: 'other.loginBackground', type: TextKeyType.ImageUrl, perLanguage: false },
  logo: { key: 'other.logo', type: TextKeyType.ImageUrl, perLanguage: false },
} as const satisfies Record<string, TextKeyDefinition>;

export type OtherSettingField = keyof typeof OTHER_SETTING_KEYS;
export const OTHER_SETTING_FIELDS = Object.keys(OTHER_SETTING_KEYS) as OtherSettingField[];

/** Help documents (menu 15): one PDF per function (menu id) per language. */
export const DOCUMENT_KEY_PREFIX = 'document.';
export const DOCUMENT_KEY_TYPE = TextKeyType.PdfUrl;

export function documentKey(menuId: number): TextKeyDefinition {
  return { key: `${DOCUMENT_KEY_PREFIX}${menuId}`, type: DOCUMENT_KEY_TYPE, perLanguage: true };
}

/** The menu id of a document key ('document.14' -> 14); null for other keys. */
export function documentMenuId(key: string): number | null {
  if (!key.startsWith(DOCUMENT_KEY_PREFIX)) return null;
  const id = Number(key.slice(DOCUMENT_KEY_PREFIX.length));
  return Number.isInteger(id) && id > 0 ? id : null;
}

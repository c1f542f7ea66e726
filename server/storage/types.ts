/**
 * The file types the server stores, told apart by their magic bytes (never by the name or the
 * client's Content-Type alone), and the storage keys: 32 random hex digits (128 bits from
 * node:crypto) plus the type's one extension. A key never contains anything the user sent.
 */
import crypto from 'node:crypto';

export type StoredType = 'png' | 'jpg' | 'pdf';

export interface TypeInfo {
  /** MIME type served and recorded. */
  mime: string;
  /** File-name extensions (dotted, lower case) that name this type. */
  exts: readonly string[];
  /** Has pixel dimensions. */
  image: boolean;
}

export const STORED_TYPES: Record<StoredType, TypeInfo> = {
  png: { mime: 'image/png', exts: ['.png'], image: true },
  jpg: { mime: 'image/jpeg', exts: ['.jpg', '.jpeg'], image: true },
  pdf: { mime: 'application/pdf', exts: ['.pdf'], image: false },
};

/** Every extension the server can store, dotted. */
export const STORABLE_EXTENSIONS: readonly string[] = Object.values(STORED_TYPES).flatMap((t) => t.exts);

/** The stored type an extension ('.JPEG', 'png') names, if any. */
export function typeOfExtension(ext: string): StoredType | null {
  const dotted = (ext.startsWith('.') ? ext : `.${ext}`).toLowerCase();
  for (const [type, info] of Object.entries(STORED_TYPES) as [StoredType, TypeInfo][]) {
    if (info.exts.includes(dotted)) return type;
  }
  return null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

const startsWith = (bytes: Uint8Array, sig: readonly number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);

/** The type the first bytes of a file show, or null for anything else. */
export function sniffType(bytes: Uint8Array): StoredType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, PDF_SIGNATURE)) return 'pdf';
  return null;
}

/**
 * Files the server writes itself (export jobs, server/jobs): never uploaded, never in the
 * files table, so never served by GET /files/:key; only through the route that owns them.
 */
export type ExportType = 'csv' | 'txt' | 'xlsx';
export const EXPORT_TYPES: Record<ExportType, { mime: string }> = {
  csv: { mime: 'text/csv; charset=utf-8' },
  txt: { mime: 'text/plain; charset=utf-8' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
};

const KEY_PATTERN = /^[0-9a-f]{32}\.(png|jpg|pdf|csv|txt|xlsx)$/;

export function newFileKey(type: StoredType | ExportType): string {
  return `${crypto.randomBytes(16).toString('hex')}.${type}`;
}

export function isFileKey(key: unknown): key is string {
  return typeof key === 'string' && KEY_PATTERN.test(key);
}

/** The stored type of a valid key. */
export function typeOfKey(key: string): StoredType | ExportType {
  if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
  return key.slice(key.lastIndexOf('.') + 1) as StoredType | ExportType;
}

/** The MIME type of a valid key (uploaded or written by an export). */
export function mimeOfKey(key: string): string {
  const type = typeOfKey(key);
  return type in STORED_TYPES ? STORED_TYPES[type as StoredType].mime : EXPORT_TYPES[type as ExportType].mime;
}

/** The public address of a stored file (served by GET /files/:key). */
export function fileUrl(key: string): string {
  return `/files/${key}`;
}

/** The key of an address made by fileUrl (absolute or rooted), else null. */
export function keyOfUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const m = /(?:^|\/)files\/([^/?#]+)(?:[?#].*)?$/.exec(url);
  return m && isFileKey(m[1]) ? m[1] : null;
}

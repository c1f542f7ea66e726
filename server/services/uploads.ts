/**
 * Uploads (SPEC.md 2 "File upload", 8 codes 101-104 and 201-202, 9 image limits).
 *
 * `POST /v1/Files` (any signed-in user): multipart, one or more file parts named `Files`. The
 * rule comes from the query string (or from plain fields sent before the first file):
 *   kind = file | image (default file), maxMB, width, height (images only: exact pixels),
 *   maxCount, ext (comma list, e.g. `.png,.jpg`).
 * Defaults follow SPEC.md: .pdf for files, .jpg/.jpeg/.png for images, images 2 MB and at most
 * 10 per upload. Whatever is asked, a file is never larger than UPLOAD_MAX_MB (20) and an
 * upload never has more than 10 files; only PNG, JPEG and PDF are stored (the types the server
 * can recognise by their bytes).
 *
 * Every limit is checked on the bytes, not on what the client says: the size while streaming
 * (a part is buffered only up to the rule's limit; the rest is counted and dropped, and the
 * parser cuts any part at UPLOAD_MAX_MB), the type by extension AND magic bytes (a `.png`
 * that is text is refused), the pixel size with image-size (EXIF-rotated JPEGs by their shown
 * size, as the browser measures them). The rule logic is the shared `x-file` rule
 * (src/domain/validation/files.ts), so the browser and the server agree on every limit.
 *
 * All or nothing: each accepted file is written under a new random key, and if any file fails
 * (or the database write does) every key written for the request is deleted. The rows of all
 * files are inserted in one transaction; only a key with a row is ever served.
 *
 * Failures (400): 101 wrong pixel size `{ name, width, height, requiredWidth, requiredHeight }`
 * or more than IMAGE_MAX_PIXELS (40 MP) whatever the rule `{ name, width, height, maxPixels }`,
 * 102 too large `{ name, sizeMB, maxMB }`, 103 too many files `{ maxCount }`, 104 (image) /
 * 202 (file) no file, 201 wrong type `{ name, ext }`; a bad rule parameter is code 1 naming it.
 * Success: 201 with `[{ url, name, size, type, width?, height? }]`, url `/files/<key>`.
 *
 * `GET /files/:key` (outside /v1, public): the bytes with their type, a Content-Disposition
 * carrying the original name, and year-long immutable caching (a key never changes content);
 * a 404 is never cached (`no-store`).
 * Public on purpose: logos, login backgrounds and marketing images are shown to people who
 * are not signed in. What protects a file is its key: 128 random bits, never listed.
 */
import type { FastifyRequest } from 'fastify';
import { imageSize } from 'image-size';
import type { UploadedFile } from '../../src/domain/api';
import { ErrorCode } from '../../src/domain/errors';
import { IMAGE_MAX_MB, IMAGE_MAX_PIXELS, MULTI_UPLOAD_MAX_IMAGES } from '../../src/domain/limits';
import type { RuleResult } from '../../src/domain/rules';
import { allowedExtensions, checkUpload, type FileRule } from '../../src/domain/validation/files';
import { caller } from '../auth';
import type { AppDeps } from '../context';
import type { Db } from '../db/index';
import { ApiError, badRequest } from '../errors';
import { eachPart, readPart } from './multipart';
import {
  fileUrl, keyOfUrl, newFileKey, openFileStore, sniffType, STORABLE_EXTENSIONS, STORED_TYPES,
  typeOfExtension, type FileStore, type StoredType,
} from '../storage/index';

/** The multipart field that carries the files. */
export const FILES_FIELD = 'Files';
/** Most files in one upload, whatever maxCount asks (SPEC.md 9: up to 10 images). */
export const MAX_FILES_PER_UPLOAD = MULTI_UPLOAD_MAX_IMAGES;
const BYTES_PER_MB = 1024 * 1024;
const RULE_PARAMS = ['kind', 'maxMB', 'width', 'height', 'maxCount', 'ext'] as const;

/** The rule of one upload after defaults and server caps. */
export interface UploadRule extends FileRule {
  kind: 'file' | 'image';
  ext: string[];
  maxMB: number;
  maxCount: number;
}

/** One FileStore per settings object: the upload and the serving routes share it. */
const stores = new WeakMap<object, FileStore>();
export function fileStoreOf(deps: Pick<AppDeps, 'settings' | 'db'>): FileStore {
  let store = stores.get(deps.settings);
  if (!store) {
    store = openFileStore(deps.settings, deps.db);
    stores.set(deps.settings, store);
  }
  return store;
}

const invalid = (field: string, key = 'invalid') => badRequest({ [field]: { key } });

/** The first value of a query or field parameter as text (undefined when absent or empty). */
function textParam(raw: unknown): string | undefined {
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || v === null) return undefined;
  const s = String(v).trim();
  return s === '' ? undefined : s;
}

function positiveInt(raw: unknown, field: string): number | undefined {
  const s = textParam(raw);
  if (s === undefined) return undefined;
  if (!/^\d+$/.test(s) || Number(s) < 1) throw invalid(field, 'integer');
  return Number(s);
}

/**
 * The upload rule from request parameters (query and fields, all text): SPEC.md defaults,
 * capped by the server's limits. Bad parameters are code 1 naming the parameter.
 */
export function parseUploadRule(params: Record<string, unknown>, serverMaxMB: number): UploadRule {
  const kindText = textParam(params.kind) ?? 'file';
  if (kindText !== 'file' && kindText !== 'image') throw invalid('kind', 'oneOf');
  const kind = kindText;

  const maxText = textParam(params.maxMB);
  let maxMB = kind === 'image' ? IMAGE_MAX_MB : serverMaxMB;
  if (maxText !== undefined) {
    const n = Number(maxText);
    if (!Number.isFinite(n) || n <= 0) throw invalid('maxMB', 'numeric');
    maxMB = n;
  }
  maxMB = Math.min(maxMB, serverMaxMB);

  const width = positiveInt(params.width, 'width');
  const height = positiveInt(params.height, 'height');
  if (kind !== 'image' && width !== undefined) throw invalid('width');
  if (kind !== 'image' && height !== undefined) throw invalid('height');

  const maxCount = Math.min(positiveInt(params.maxCount, 'maxCount') ?? MAX_FILES_PER_UPLOAD, MAX_FILES_PER_UPLOAD);

  const extText = Array.isArray(params.ext) ? params.ext.join(',') : textParam(params.ext);
  const asked = extText === undefined ? undefined : extText.split(',').map((e) => e.trim()).filter(Boolean);
  const ext = allowedExtensions({ kind, ext: asked?.length ? asked : undefined });
  for (const e of ext) {
    const type = typeOfExtension(e);
    if (!type || !STORABLE_EXTENSIONS.includes(e) || (kind === 'image' && !STORED_TYPES[type].image)) throw invalid('ext', 'oneOf');
  }

  return {
    kind, ext, maxMB, maxCount,
    ...(width !== undefined ? { width } : {}),
    ...(height !== undefined ? { height } : {}),
  };
}

/** The original name kept for display: no path parts, no control characters, at most 255 characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  return [...clean].slice(0, 255).join('');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
}

/** MB with two decimals, rounded up (a file 1 byte over 2 MB reads 2.01 MB, never 2). */
export function megabytes(bytes: number): number {
  return Math.ceil((bytes / BYTES_PER_MB) * 100) / 100;
}

export function noFileError(rule: Pick<UploadRule, 'kind'>): ApiError {
  return new ApiError(400, rule.kind === 'image' ? ErrorCode.NoImage : ErrorCode.NoFile);
}

function wrongType(name: string, rule: UploadRule): ApiError {
  return new ApiError(400, ErrorCode.FileFormat, { name, ext: rule.ext });
}

function tooLarge(name: string, size: number, rule: UploadRule): ApiError {
  return new ApiError(400, ErrorCode.ImageSize, { name, sizeMB: megabytes(size), maxMB: rule.maxMB });
}

/** The catalogue failure of a shared-rule result for one file. */
function failureOf(result: NonNullable<RuleResult>, file: { name: string; size: number; width?: number; height?: number }, rule: UploadRule): ApiError {
  switch (result.key) {
    case 'size':
      return tooLarge(file.name, file.size, rule);
    case 'dimensions':
      return new ApiError(400, ErrorCode.ImageResolution, {
        name: file.name, width: file.width ?? null, height: file.height ?? null,
        requiredWidth: rule.width ?? file.width ?? null, requiredHeight: rule.height ?? file.height ?? null,
      });
    default: // ext, mimes, image, invalid
      return wrongType(file.name, rule);
  }
}

interface Checked {
  key: string;
  type: StoredType;
  name: string;
  size: number;
  width?: number;
  height?: number;
}

/** Pixel size as shown (EXIF orientations 5-8 turn a JPEG by 90 degrees), or null when unreadable. */
function pixelSize(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const dim = imageSize(bytes);
    if (!dim.width || !dim.height) return null;
    const turned = (dim.orientation ?? 1) >= 5;
    return turned ? { width: dim.height, height: dim.width } : { width: dim.width, height: dim.height };
  } catch {
    return null;
  }
}

/**
 * One file's bytes checked against the rule: type by extension and magic bytes, size,
 * pixel size; the shared rule has the last word. Throws the catalogue failure.
 */
export function checkFileBytes(name: string, bytes: Uint8Array, rule: UploadRule): Omit<Checked, 'key'> {
  const byName = typeOfExtension(extensionOf(name));
  const byBytes = sniffType(bytes);
  if (!rule.ext.includes(extensionOf(name)) || !byName || byBytes !== byName) throw wrongType(name, rule);
  const info = STORED_TYPES[byBytes];
  const file: Omit<Checked, 'key'> = { type: byBytes, name, size: bytes.length };
  if (info.image) {
    const dim = pixelSize(bytes);
    if (!dim) throw wrongType(name, rule);
    // A header may claim any size: more pixels than any image we keep is 101, sized or not.
    if (dim.width * dim.height > IMAGE_MAX_PIXELS) {
      throw new ApiError(400, ErrorCode.ImageResolution, { name, width: dim.width, height: dim.height, maxPixels: IMAGE_MAX_PIXELS });
    }
    file.width = dim.width;
    file.height = dim.height;
  }
  const result = checkUpload({ name, size: file.size, type: info.mime, width: file.width, height: file.height }, rule);
  if (result) throw failureOf(result, file, rule);
  return file;
}

async function receiveFiles(req: FastifyRequest, deps: AppDeps, store: FileStore, written: string[], fixed: Record<string, string> = {}): Promise<{ rule: UploadRule; files: Checked[] }> {
  const serverMaxMB = deps.settings.uploadMaxMB;
  const query = (req.query ?? {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  let rule: UploadRule | null = null;
  const ruleNow = () => (rule ??= parseUploadRule({ ...fields, ...query, ...fixed }, serverMaxMB));
  if (!req.isMultipart()) return { rule: ruleNow(), files: [] };

  const files: Checked[] = [];
  const limits = {
    fileSize: Math.floor(serverMaxMB * BYTES_PER_MB),
    // One more than allowed, so that the extra file is seen and answered 103.
    files: MAX_FILES_PER_UPLOAD + 1,
    fields: RULE_PARAMS.length * 2,
    fieldSize: 1024,
    parts: MAX_FILES_PER_UPLOAD + 1 + RULE_PARAMS.length * 2,
  };
  await eachPart(req, limits, async (part) => {
    if (part.type === 'field') {
      if (!(RULE_PARAMS as readonly string[]).includes(part.fieldname)) throw invalid(part.fieldname, 'unknownField');
      // The rule is fixed by the first file; a rule field after it is refused.
      if (rule) throw invalid(part.fieldname);
      fields[part.fieldname] = part.value;
      return;
    }
    if (part.fieldname !== FILES_FIELD) throw invalid(part.fieldname, 'unknownField');
    const r = ruleNow();
    const name = cleanFileName(part.filename ?? '');
    if (!name) {
      // An empty file input sends a part without a name and without bytes: no file.
      const { size } = await readPart(part.file, 0);
      if (size === 0) return;
      throw wrongType(name, r);
    }
    if (files.length + 1 > r.maxCount) throw new ApiError(400, ErrorCode.ImageCount, { maxCount: r.maxCount });
    if (!r.ext.includes(extensionOf(name))) throw wrongType(name, r);
    const { bytes, size } = await readPart(part.file, Math.floor(r.maxMB * BYTES_PER_MB));
    if (!bytes) throw tooLarge(name, size, r);
    const checked = checkFileBytes(name, bytes, r);
    const key = newFileKey(checked.type);
    written.push(key);
    await store.put(key, bytes, { type: STORED_TYPES[checked.type].mime });
    files.push({ ...checked, key });
  });
  return { rule: ruleNow(), files };
}

/**
 * One upload request stored all or nothing (the body of POST /v1/Files), for other upload
 * routes too (POST marketing/activity-template/files): `fixed` rule parameters win over the
 * query's (e.g. `{ kind: 'image' }`). The caller's module registers @fastify/multipart.
 */
export async function storeUploads(req: FastifyRequest, deps: AppDeps, fixed: Record<string, string> = {}): Promise<UploadedFile[]> {
  const who = caller(req);
  const store = fileStoreOf(deps);
  const written: string[] = [];
  try {
    const { rule, files } = await receiveFiles(req, deps, store, written, fixed);
    if (files.length === 0) throw noFileError(rule);
    await deps.db.transaction().execute(async (trx) => {
      await trx.insertInto('files').values(files.map((f) => ({
        tenant_id: who.tenantId, key: f.key, name: f.name, size: f.size, type: STORED_TYPES[f.type].mime,
        width: f.width ?? null, height: f.height ?? null, created_by: who.userId,
      }))).execute();
    });
    return files.map((f) => ({
      url: fileUrl(f.key), name: f.name, size: f.size, type: STORED_TYPES[f.type].mime,
      ...(f.width !== undefined ? { width: f.width, height: f.height } : {}),
    }));
  } catch (e) {
    // All or nothing: nothing of a failed upload stays in the store.
    const failed = await Promise.allSettled(written.map((key) => store.delete(key)));
    for (const f of failed) if (f.status === 'rejected') req.log.error({ err: f.reason }, 'could not delete the file of a failed upload');
    throw e;
  }
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * For modules that save an upload's address (a tenant logo, a banner): the stored file behind
 * `url` checked again against `rule` (its recorded size, type and pixels), so a resource
 * cannot point at a file uploaded under a looser rule or by another tenant. null when it
 * passes; 'invalid' when the address is not an upload of the tenant.
 */
export async function checkStoredUpload(db: Db, tenantId: number, url: unknown, rule: FileRule): Promise<RuleResult> {
  const key = keyOfUrl(url);
  if (!key) return { key: 'invalid' };
  const row = await db.selectFrom('files').select(['name', 'size', 'type', 'width', 'height'])
    .where('key', '=', key).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!row) return { key: 'invalid' };
  return checkUpload({ name: row.name, size: Number(row.size), type: row.type, width: row.width ?? undefined, height: row.height ?? undefined }, rule);
}

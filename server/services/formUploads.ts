/**
 * Uploads a declaration's form names (`x-file` rules: kind, maxMB, width, height), one path for
 * every write that takes them:
 *  - declaredFileRules: the rules of a form's fields by dotted path (array items as `*`);
 *  - readBody: a JSON or multipart/form-data body (the marketing banner and product): text
 *    fields typed by the form's schema, file parts named by a declared file field checked on
 *    their bytes with its rule and stored, their rows inserted with the write (insertFiles),
 *    the stored files of a failed write deleted again (withUploads);
 *  - checkDeclaredUploads: the addresses of earlier uploads in a checked body, each against its
 *    field's rule (the tenant's file, its pixels and size: 101/102, else code 1 on the field).
 */
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { ErrorCode } from '../../src/domain/errors';
import type { FileRule } from '../../src/domain/validation/files';
import type { Caller } from '../auth';
import type { AppDeps } from '../context';
import type { Database } from '../db/schema';
import { ApiError, badRequest } from '../errors';
import { eachPart, readPart } from './multipart';
import { objectBody } from './resource';
import { storedFileFailure } from './textKeys';
import { checkFileBytes, checkStoredUpload, cleanFileName, fileStoreOf, parseUploadRule } from './uploads';
import { fileUrl, newFileKey, STORED_TYPES, type StoredType } from '../storage/index';

export interface PendingFile {
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

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** The `x-file` rules of a (resolved) form schema's fields by dotted path; array items as `<array>.*`. */
export function declaredFileRules(schema: unknown, prefix = ''): Record<string, FileRule> {
  if (!isNode(schema)) return {};
  const out: Record<string, FileRule> = {};
  if (isNode(schema['x-file']) && prefix) out[prefix] = schema['x-file'] as FileRule;
  if (isNode(schema.properties)) {
    for (const [k, sub] of Object.entries(schema.properties)) Object.assign(out, declaredFileRules(sub, prefix ? `${prefix}.${k}` : k));
  }
  if (isNode(schema.items)) Object.assign(out, declaredFileRules(schema.items, `${prefix}.*`));
  return out;
}

/** The values at a dotted path (`*`: every item of an array) with their concrete paths. */
function valuesAt(body: unknown, path: string[], at: string[] = []): [string, unknown][] {
  if (!path.length) return [[at.join('.'), body]];
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(body) ? body.flatMap((item, i) => valuesAt(item, rest, [...at, String(i)])) : [];
  return isNode(body) && Object.hasOwn(body, head) ? valuesAt(body[head], rest, [...at, head]) : [];
}

/**
 * Every upload address of a checked body checked against its field's declared rule, in the
 * schema's order: the tenant's stored file, its type, pixels and size (101, 102, else code 1).
 * A field holding a list of addresses is checked address by address (`images.0`). With
 * `before` (the stored record), an address it already holds at the same place is not checked
 * again (saved under the rule of its day).
 */
export async function checkDeclaredUploads(db: Transaction<Database> | AppDeps['db'], tenantId: number, rules: Record<string, FileRule>, body: unknown, before?: unknown): Promise<void> {
  for (const [path, rule] of Object.entries(rules)) {
    const stored = new Map(before === undefined || before === null ? [] : valuesAt(before, path.split('.')));
    for (const [field, value] of valuesAt(body, path.split('.'))) {
      const urls: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [`${field}.${i}`, v]) : [[field, value]];
      const kept = stored.get(field);
      for (const [at, url] of urls) {
        if (url === undefined || url === null || url === '') continue;
        if (kept === url || (Array.isArray(kept) && kept.includes(url))) continue;
        const result = await checkStoredUpload(db as AppDeps['db'], tenantId, url, rule);
        if (result) throw storedFileFailure(at, result);
      }
    }
  }
}

/**
 * The body of a write that takes JSON or multipart/form-data. Multipart: text fields by name
 * (dotted paths for nested fields, typed by `schema`), file parts named by a field of `uploads`
 * (declaredFileRules of the form), checked on their bytes with its rule (type, size, exact pixels:
 * 101/102/201) and stored; the field gets the stored address. `written` collects the keys (the
 * caller deletes them when the write fails); `files` are inserted with the write.
 */
export async function readBody(req: FastifyRequest, deps: AppDeps, schema: Record<string, unknown>, uploads: Record<string, FileRule>, written: string[]): Promise<{ raw: Record<string, unknown>; files: PendingFile[] }> {
  if (!req.isMultipart()) return { raw: objectBody(req.body), files: [] };
  const fileFields = Object.fromEntries(Object.entries(uploads).filter(([path]) => !path.includes('*')));
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
    const rule = parseUploadRule({ kind: fileRule.kind ?? 'file', ...(fileRule.ext ? { ext: fileRule.ext } : {}), ...(fileRule.maxMB ? { maxMB: String(fileRule.maxMB) } : {}), ...(fileRule.width ? { width: String(fileRule.width), height: String(fileRule.height) } : {}) }, maxMB);
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

export async function insertFiles(trx: Transaction<Database>, who: Caller, files: PendingFile[]): Promise<void> {
  if (!files.length) return;
  await trx.insertInto('files').values(files.map((f) => ({
    tenant_id: who.tenantId, key: f.key, name: f.name, size: f.size, type: STORED_TYPES[f.type].mime,
    width: f.width ?? null, height: f.height ?? null, created_by: who.userId,
  }))).execute();
}

/** A multipart or JSON write: the stored files of a failed write are deleted again. */
export async function withUploads<T>(req: FastifyRequest, deps: AppDeps, run: (written: string[]) => Promise<T>): Promise<T> {
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

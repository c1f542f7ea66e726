/**
 * Small pieces every resource module uses: ids that fit the database, request bodies checked
 * against a screen declaration's form with the shared validator (src/domain/validation), and
 * the database errors a write can meet under concurrency.
 */
import { DB_INT_MAX, validateBody, type FormDeclaration } from '../../src/domain/validation/index';
import { badRequest } from '../errors';

/** Ids are PostgreSQL `integer`: a larger number would fail in the database, not in the check. */
export { DB_INT_MAX };

export const isDbId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= DB_INT_MAX;

/** Params schema of routes with an `{id}`: a bad id is 400 code 1 (data.id). */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: DB_INT_MAX } },
} as const;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** The body as an object; anything else (none, an array, a number) is 400 code 1. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) throw badRequest({ body: { key: 'invalid' } });
  return body;
}

/** The `id` of an update body: required, an integer id; else 400 code 1 (data.id). */
export function bodyId(body: Record<string, unknown>): number {
  const id = body.id;
  if (id === undefined || id === null || id === '') throw badRequest({ id: { key: 'required' } });
  if (!isDbId(id)) throw badRequest({ id: { key: 'integer' } });
  return id;
}

/** The `id` of a body where an id edits and none creates: undefined, or an integer id (else 400 code 1, data.id). */
export function optionalBodyId(body: Record<string, unknown>): number | undefined {
  const id = body.id;
  if (id === undefined || id === null || id === '') return undefined;
  if (!isDbId(id)) throw badRequest({ id: { key: 'integer' } });
  return id;
}

/** A copy of the body without these keys (the id, and fields the server answers but never takes). */
export function withoutKeys(body: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !keys.includes(k)));
}

/**
 * The body checked against the (resolved) form of a declaration: unknown fields refused,
 * empty values dropped. Failing: 400 code 1 with the FieldErrors.
 */
export function validated<T>(form: FormDeclaration, body: Record<string, unknown>): T {
  const result = validateBody<T>(form, body);
  if (!result.ok) throw badRequest(result.errors);
  return result.value;
}

const pgCode = (err: unknown): string | undefined =>
  err && typeof err === 'object' && typeof (err as { code?: unknown }).code === 'string' ? (err as { code: string }).code : undefined;

/** A unique index refused the write (23505), optionally that index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  return pgCode(err) === '23505' && (constraint === undefined || (err as { constraint?: string }).constraint === constraint);
}

/** A foreign key refused the write (23503): the referenced row is gone or still referenced. */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgCode(err) === '23503';
}

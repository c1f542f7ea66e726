/**
 * What every input value obeys whatever its schema says, on both sides:
 *  - strings and object keys carry no NUL and no lone UTF-16 surrogate (PostgreSQL refuses
 *    NUL in text and jsonb, and a lone surrogate in jsonb);
 *  - numbers are finite (JSON's `1e309` parses to Infinity);
 *  - a schema's integers lie within the database's `integer` range unless the schema bounds
 *    them itself (`boundIntegers`, applied by the validator and to every route schema of the
 *    server). Ajv skips minimum/maximum for non-finite numbers: `inputFaults` catches those.
 */
import type { FieldErrors } from '../api';
import { joinPath, setOwn } from './paths';

/** PostgreSQL `integer`. */
export const DB_INT_MIN = -2_147_483_648;
export const DB_INT_MAX = 2_147_483_647;

/** Most faults one answer lists (a megabyte of bad strings still answers a few lines). */
const MAX_FAULTS = 20;

const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** No NUL, no lone surrogate. */
export const isCleanText = (s: string): boolean => !BAD_TEXT.test(s);

/**
 * FieldErrors ('invalid') for every string, key or number of `value` that breaks the rules
 * above, by dot path ('names.en', 'items.2'); `root` names the value itself when it is the
 * culprit ('body'). Iterative, so any depth is safe. {} when clean.
 */
export function inputFaults(value: unknown, root = 'body'): FieldErrors {
  const out: FieldErrors = {};
  let count = 0;
  const fault = (path: string) => {
    if (!Object.hasOwn(out, path)) setOwn(out, path, { key: 'invalid' });
    count += 1;
  };
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length && count < MAX_FAULTS) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isCleanText(v)) fault(path || root);
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) fault(path || root);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], joinPath(path, i)]);
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        const at = joinPath(path, k);
        if (!isCleanText(k)) fault(at);
        else stack.push([child, at]);
      }
    }
  }
  return out;
}

const NOT_SUBSCHEMAS = new Set(['enum', 'const', 'default', 'examples', 'example', 'required']);

/** A copy of `schema` where every `integer` without a bound of its own gets the database's range. */
export function boundIntegers<T>(schema: T): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) setOwn(out, k, NOT_SUBSCHEMAS.has(k) ? v : walk(v));
    if (obj.type === 'integer' || (Array.isArray(obj.type) && obj.type.includes('integer'))) {
      if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = DB_INT_MIN;
      if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = DB_INT_MAX;
    }
    return out;
  };
  return walk(schema) as T;
}

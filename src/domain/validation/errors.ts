/**
 * Ajv errors to FieldErrors: one { key, params } per dot path, keys of SPEC.md section 5.
 * The first error of a field wins after ordering by kind: required (and unknown fields),
 * then type, then length and count, then everything else in schema order.
 */
import type { ErrorObject } from 'ajv';
import type { FieldErrors } from '../api';
import type { RuleResult } from '../rules';
import { formatKey } from './formats';
import { joinPath, pointerToPath, setOwn } from './paths';

export interface PathedResult {
  path: string;
  result: NonNullable<RuleResult>;
  rank: number;
}

const RANK = { required: 0, type: 1, length: 2, other: 3, composite: 9 } as const;

const isDataRef = (v: unknown) => !!v && typeof v === 'object' && '$data' in (v as object);

/** The key, params, path and rank of one Ajv error; null for errors that only wrap others. */
export function mapAjvError(e: ErrorObject): PathedResult | null {
  const path = pointerToPath(e.instancePath);
  const p = e.params as Record<string, any>;
  const parent = (e.parentSchema ?? {}) as Record<string, unknown>;
  const at = (key: string, params?: Record<string, unknown>, rank: number = RANK.other, extra?: string): PathedResult => ({
    path: joinPath(path, extra),
    result: params ? { key, params } : { key },
    rank,
  });
  switch (e.keyword) {
    case 'required':
    case 'dependencies':
    case 'dependentRequired':
      return at('required', undefined, RANK.required, p.missingProperty);
    case 'additionalProperties':
      return at('unknownField', undefined, RANK.required, p.additionalProperty);
    case 'type': {
      const types = String(p.type).split(',');
      if (types.includes('integer')) return at('integer', undefined, RANK.type);
      if (types.includes('number')) return at('numeric', undefined, RANK.type);
      return at('invalid', undefined, RANK.type);
    }
    case 'minLength':
    case 'maxLength':
      if (typeof parent.minLength === 'number' && typeof parent.maxLength === 'number')
        return at('between', { min: parent.minLength, max: parent.maxLength }, RANK.length);
      return at(e.keyword === 'minLength' ? 'min' : 'max', { length: p.limit }, RANK.length);
    case 'minItems':
      return at('minItems', { count: p.limit }, RANK.length);
    case 'maxItems':
      return at('maxItems', { count: p.limit }, RANK.length);
    case 'minimum':
      return at('min_value', { min: p.limit });
    case 'maximum':
      return at('max_value', { max: p.limit });
    case 'exclusiveMinimum':
      return at('greaterThan', { min: p.limit });
    case 'exclusiveMaximum':
      return at('lessThan', { max: p.limit });
    case 'pattern':
      return at('regex');
    case 'format':
      return at(formatKey(String(p.format)));
    case 'const':
      return at(isDataRef(parent.const) ? 'crossEqual' : 'isEqual');
    case 'enum':
      return at('oneOf');
    case 'uniqueItems':
      return at('uniqueItems');
    // Wrappers: their branches already reported what is wrong.
    case 'if':
    case 'anyOf':
      return null;
    case 'oneOf':
      return p.passingSchemas ? at('invalid', undefined, RANK.composite) : null;
    default:
      if (e.keyword.startsWith('x-') && p.key) {
        const rank = e.keyword === 'x-length' || e.keyword === 'x-digits' ? RANK.length : p.key === 'required' ? RANK.required : RANK.other;
        return at(String(p.key), p.params, rank);
      }
      return at('invalid', undefined, RANK.composite);
  }
}

/** FieldErrors from pathed results: per path the lowest rank, the earliest among equals. */
export function firstPerField(results: PathedResult[]): FieldErrors {
  const best = new Map<string, PathedResult>();
  for (const r of results) {
    const cur = best.get(r.path);
    if (!cur || r.rank < cur.rank) best.set(r.path, r);
  }
  const out: FieldErrors = {};
  for (const [path, { result }] of best) setOwn(out, path, result.params ? { key: result.key, params: result.params } : { key: result.key });
  return out;
}

export function fieldErrorsOfAjv(errors: ErrorObject[] | null | undefined): FieldErrors {
  return firstPerField((errors ?? []).map(mapAjvError).filter((r): r is PathedResult => r !== null));
}

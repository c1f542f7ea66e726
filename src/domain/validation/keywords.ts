/**
 * Custom keywords of the declarations (all prefixed `x-`), each answering SPEC.md section 5
 * keys. Field lookups ("countryField", "field") name a sibling property of the same object,
 * a dot path below it ('contacts.primary.email'), or, starting with '/', a JSON pointer
 * from the root of the data ('/newMima').
 */
import type { ErrorObject, FuncKeywordDefinition, SchemaValidateFunction } from 'ajv';
import type { DataValidationCxt } from 'ajv/dist/types';
import { isPlatformUrl } from '../marketing/links';
import { checkMobilePhone, isKnownCallingCode, normalizeNullish } from '../phone';
import type { RuleResult } from '../rules';
import { checkUpload, maxFileCount, type FileRule } from './files';
import { escapePointerToken, valueAt, valueAtPointer } from './paths';

/** One failure of a keyword, at a path below the value the keyword is on. */
interface Failure {
  at?: (string | number)[];
  result: NonNullable<RuleResult>;
}

type Check = (schema: any, data: any, cxt: DataValidationCxt | undefined) => Failure[];

const fail = (result: RuleResult, at?: (string | number)[]): Failure[] => (result ? [{ at, result }] : []);

function define(keyword: string, type: FuncKeywordDefinition['type'], metaSchema: object, check: Check): FuncKeywordDefinition {
  const validate: SchemaValidateFunction = (schema, data, _parentSchema, cxt) => {
    const failures = check(schema, data, cxt);
    if (failures.length === 0) return true;
    const base = cxt?.instancePath ?? '';
    validate.errors = failures.map(({ at, result }) => {
      const error: Partial<ErrorObject> = { keyword, message: result.key, params: { key: result.key, params: result.params } };
      if (at?.length) error.instancePath = base + at.map((p) => `/${escapePointerToken(p)}`).join('');
      return error;
    });
    return false;
  };
  return { keyword, type, metaSchema, errors: true, validate };
}

/** The value another field holds, for sibling lookups. */
export function lookup(field: string, cxt: DataValidationCxt | undefined): unknown {
  if (!cxt) return undefined;
  if (field.startsWith('/')) return valueAtPointer(cxt.rootData, field);
  return valueAt(cxt.parentData, field);
}

const text = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '');

const fieldMeta = { type: 'object', required: ['field'], properties: { field: { type: 'string', minLength: 1 } }, additionalProperties: false };
const listKeyMeta = {
  anyOf: [
    { const: true },
    { type: 'object', properties: { key: { type: 'string', minLength: 1 }, caseSensitive: { type: 'boolean' } }, additionalProperties: false },
  ],
};

/** 'integerDecimal': at most `integer` digits before the point and `decimal` after it. */
export function checkIntegerDecimal(value: unknown, integer: number, decimal: number): RuleResult {
  const s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : text(value).trim();
  const pattern = new RegExp(`^[-+]?\\d{1,${integer}}${decimal > 0 ? `(\\.\\d{1,${decimal}})?` : ''}$`);
  return pattern.test(s) ? null : { key: 'integerDecimal', params: { integer, decimal } };
}

function nameKey(v: unknown, caseSensitive: boolean): string {
  const s = text(v).trim();
  return caseSensitive ? s : s.toLowerCase();
}

/** Later duplicates of a name in a list: checkRepeatName on `i.key` (or `i.key.lang` for multilingual names). */
export function repeatedNames(list: unknown[], key: string | undefined, caseSensitive = false): Failure[] {
  const seen = new Map<string, Set<string>>();
  const failures: Failure[] = [];
  const note = (scope: string, value: unknown, at: (string | number)[]) => {
    const k = nameKey(value, caseSensitive);
    if (!k) return;
    const set = seen.get(scope) ?? new Set<string>();
    seen.set(scope, set);
    if (set.has(k)) failures.push({ at, result: { key: 'checkRepeatName' } });
    else set.add(k);
  };
  list.forEach((item, i) => {
    const name = key === undefined ? item : item && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;
    const at = key === undefined ? [i] : [i, key];
    if (name && typeof name === 'object' && !Array.isArray(name)) {
      for (const [lang, v] of Object.entries(name)) note(lang, v, [...at, lang]);
    } else note('', name, at);
  });
  return failures;
}

/** pointLarger: every threshold must exceed all earlier ones; empty entries are skipped. */
export function pointsNotLarger(list: unknown[], key: string): Failure[] {
  const failures: Failure[] = [];
  let max: number | undefined;
  list.forEach((item, i) => {
    const raw = item && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;
    if (raw === null || raw === undefined || raw === '') return;
    const v = Number(raw);
    if (!Number.isFinite(v)) return;
    if (max !== undefined && v <= max) failures.push({ at: [i, key], result: { key: 'pointLarger' } });
    max = max === undefined ? v : Math.max(max, v);
  });
  return failures;
}

export const KEYWORDS: FuncKeywordDefinition[] = [
  define('x-length', ['string', 'number'], { type: 'integer', minimum: 0 }, (n, data) =>
    fail([...text(data)].length === n ? null : { key: 'length', params: { length: n } }),
  ),

  define('x-digits', ['string', 'number'], { type: 'integer', minimum: 1 }, (n, data) =>
    fail(new RegExp(`^\\d{${n}}$`).test(text(data)) ? null : { key: 'digits', params: { length: n } }),
  ),

  define(
    'x-integerDecimal',
    ['string', 'number'],
    { type: 'object', required: ['integer', 'decimal'], properties: { integer: { type: 'integer', minimum: 1 }, decimal: { type: 'integer', minimum: 0 } }, additionalProperties: false },
    (s, data) => fail(checkIntegerDecimal(data, s.integer, s.decimal)),
  ),

  // Mobile phone for the calling code in `countryField` (default 'phoneCountryCode'). Without
  // a usable calling code only the country field is flagged (by its own format/required).
  define(
    'x-phone',
    ['string', 'number'],
    { anyOf: [{ const: true }, { type: 'object', properties: { countryField: { type: 'string', minLength: 1 } }, additionalProperties: false }] },
    (s, data, cxt) => {
      const country = lookup(s === true ? 'phoneCountryCode' : (s.countryField ?? 'phoneCountryCode'), cxt);
      const result = checkMobilePhone(normalizeNullish(country), normalizeNullish(data));
      if (result?.key === 'phoneNumber' && !isKnownCallingCode(country)) return [];
      return fail(result);
    },
  ),

  // A contact platform's address (src/domain/marketing/links.ts): http(s) or the platform's own scheme.
  define('x-platformUrl', 'string', { type: 'object', properties: { typeField: { type: 'string', minLength: 1 } }, additionalProperties: false }, (s, data, cxt) => {
    const type = Number(lookup(s.typeField ?? 'type', cxt));
    return fail(isPlatformUrl(Number.isInteger(type) ? type : null, data) ? null : { key: 'url' });
  }),

  define('x-confirmed', undefined, fieldMeta, (s, data, cxt) => fail(data === lookup(s.field, cxt) ? null : { key: 'confirmed' })),

  define('x-crossEqual', undefined, fieldMeta, (s, data, cxt) => fail(data === lookup(s.field, cxt) ? null : { key: 'crossEqual' })),

  define('x-checkRepeatName', 'array', listKeyMeta, (s, data) =>
    repeatedNames(data, s === true ? undefined : s.key, s === true ? false : (s.caseSensitive ?? false)),
  ),

  define(
    'x-pointLarger',
    'array',
    { type: 'object', required: ['key'], properties: { key: { type: 'string', minLength: 1 } }, additionalProperties: false },
    (s, data) => pointsNotLarger(data, s.key),
  ),

  define(
    'x-file',
    ['object', 'array', 'string'],
    {
      anyOf: [
        { const: true },
        {
          type: 'object',
          properties: {
            kind: { enum: ['file', 'image'] },
            ext: { type: 'array', items: { type: 'string', minLength: 1 } },
            mimes: { type: 'array', items: { type: 'string', minLength: 1 } },
            maxMB: { type: 'number', exclusiveMinimum: 0 },
            width: { type: 'integer', minimum: 1 },
            height: { type: 'integer', minimum: 1 },
            maxCount: { type: 'integer', minimum: 1 },
          },
          additionalProperties: false,
        },
      ],
    },
    (s, data) => {
      const rule: FileRule = s === true ? {} : s;
      if (!Array.isArray(data)) return fail(checkUpload(data, rule));
      const failures: Failure[] = [];
      const max = maxFileCount(rule);
      if (max !== undefined && data.length > max) failures.push({ result: { key: 'maxFiles', params: { count: max } } });
      data.forEach((file, i) => { failures.push(...fail(checkUpload(file, rule), [i])); });
      return failures;
    },
  ),
];

export const KEYWORD_NAMES = KEYWORDS.map((k) => k.keyword as string);

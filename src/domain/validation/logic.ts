/**
 * Cross-field rules of a declaration, evaluated with json-logic-js (DESIGN.md "A screen
 * declaration"):
 *
 *   { "if": <logic>, "field": "to", "message": "fromToDatetime", "params": { ... } }
 *       the logic answering true means the rule FAILS: `field` gets `message`.
 *   { "required_if": <logic>, "field": "invoice" }
 *       when the logic is true and the field is empty: 'required' (or `message`).
 *   "each": "prizes" on either shape evaluates it once per item of that array: `var` reads
 *       the item's fields, `$root` the whole data and `$index` the position; `field` is
 *       relative to the item ('prizes.2.todayQuantity').
 *
 * A rule whose logic throws (unexpected data, an operation that cannot judge its input)
 * reports nothing. Operations added to json-logic (globally, once):
 *   isAfterNow(value, utcOffsetMinutes?)  value later than context.now (default: now)
 *   fromTo(from, to, utcOffsetMinutes?)   to is not earlier than from
 *   sum(list, key?)                       total of the numbers (of item[key]), 1e-9 rounding
 *   count(list, key?)                     number of items (whose item[key] is not empty)
 *   unique(list, key?)                    no two items (item[key]) equal, empty ones ignored
 *   periodDays(from, to, timezoneId)      calendar days of the period in that zone (src/domain/activity/checkIn.ts)
 *   keywordFault(keywords, interval, quantity)  the code 4101-4105 keyword settings break, else null (src/domain/codeKeywords.ts)
 *   telephoneOrMobile(telephone, mobile)  at least one given (src/domain/partners.ts, 1501)
 * A rule with `code` is the form's copy of a rule the server checks itself, answering that
 * catalogue code: validateBody leaves it to the route.
 * isAfterNow and fromTo throw on empty or unparsable dates, so such a rule stays silent and
 * `required` speaks instead.
 */
import jsonLogic from 'json-logic-js';
import type { RulesLogic, AdditionalOperation } from 'json-logic-js';
import { periodDays } from '../activity/checkIn';
import { keywordFault } from '../codeKeywords';
import { hasTelephoneOrMobile } from '../partners';
import { isEmptyValue } from '../rules';
import { toInstant } from './dates';
import { valueAt } from './paths';

export type JsonLogic = RulesLogic<AdditionalOperation> | Record<string, unknown> | boolean;

export interface FormRule {
  /** json-logic; true means the rule fails. Exactly one of `if` and `required_if`. */
  if?: JsonLogic;
  /** json-logic; when true, `field` is required. */
  required_if?: JsonLogic;
  /** Dot path of the field that shows the message (relative to the item with `each`). */
  field: string;
  /** Message key under `validation.` ('validation.' prefix allowed). Default for required_if: 'required'. */
  message?: string;
  /** Interpolation params; a json-logic value is evaluated on the data. */
  params?: Record<string, unknown>;
  /** Dot path of an array: evaluate the rule for each of its items. */
  each?: string;
  /**
   * The catalogue code the server answers for this rule: the route checks it itself with the
   * same src/domain function, so validateBody skips it (the form still shows it on the field).
   */
  code?: number;
}

class CannotJudge extends Error {}

let now: number | undefined;

function currentNow(): number {
  return now ?? Date.now();
}

function instantOrThrow(value: unknown, offset: unknown): number {
  const t = toInstant(value, offset === undefined || offset === null ? 0 : Number(offset));
  if (t === null) throw new CannotJudge('not a date');
  return t;
}

function listOf(value: unknown): unknown[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new CannotJudge('not a list');
  return value;
}

const pick = (item: unknown, key: unknown) =>
  typeof key === 'string' && key !== '' ? (item && typeof item === 'object' ? valueAt(item, key) : undefined) : item;

export const OPERATIONS: Record<string, (...args: any[]) => unknown> = {
  isAfterNow: (value: unknown, utcOffsetMinutes?: unknown) => instantOrThrow(value, utcOffsetMinutes) > currentNow(),
  fromTo: (from: unknown, to: unknown, utcOffsetMinutes?: unknown) =>
    instantOrThrow(to, utcOffsetMinutes) >= instantOrThrow(from, utcOffsetMinutes),
  sum: (list: unknown, key?: unknown) => {
    let total = 0;
    for (const item of listOf(list)) {
      const v = pick(item, key);
      if (v === null || v === undefined || v === '') continue;
      const n = Number(v);
      if (!Number.isFinite(n)) throw new CannotJudge('not a number');
      total += n;
    }
    return Math.round(total * 1e9) / 1e9;
  },
  count: (list: unknown, key?: unknown) =>
    listOf(list).filter((item) => (typeof key === 'string' && key !== '' ? !isEmptyValue(pick(item, key)) : true)).length,
  unique: (list: unknown, key?: unknown) => {
    const seen = new Set<string>();
    for (const item of listOf(list)) {
      const v = pick(item, key);
      if (isEmptyValue(v)) continue;
      const k = typeof v === 'string' ? `s:${v.trim()}` : `j:${JSON.stringify(v)}`;
      if (seen.has(k)) return false;
      seen.add(k);
    }
    return true;
  },
  periodDays: (from: unknown, to: unknown, timezoneId: unknown) => {
    try {
      return periodDays(from, to, timezoneId);
    } catch {
      throw new CannotJudge('not a period');
    }
  },
  keywordFault: (keywords: unknown, keywordInterval: unknown, quantity: unknown) => keywordFault({ keywords, keywordInterval, quantity }),
  telephoneOrMobile: (telephone: unknown, phone: unknown) =>
    hasTelephoneOrMobile({ telephone: typeof telephone === 'string' ? telephone : null, phone: typeof phone === 'string' ? phone : null }),
};

let registered = false;

export function registerOperations(): void {
  if (registered) return;
  for (const [name, fn] of Object.entries(OPERATIONS)) jsonLogic.add_operation(name, fn);
  registered = true;
}

/** Evaluates json-logic with context.now in force; throws what the logic throws. */
export function applyLogic(logic: unknown, data: unknown, at?: Date): unknown {
  registerOperations();
  const previous = now;
  now = at?.getTime();
  try {
    return jsonLogic.apply(logic as RulesLogic<AdditionalOperation>, data);
  } finally {
    now = previous;
  }
}

/** The message key of a rule without the 'validation.' prefix. */
export function ruleKey(rule: FormRule): string {
  const message = rule.message ?? (rule.required_if !== undefined ? 'required' : '');
  return message.startsWith('validation.') ? message.slice('validation.'.length) : message;
}

/** Throws a readable Error when a rule is malformed (checked once per declaration). */
export function assertRule(rule: FormRule, index: number, knownKeys: ReadonlySet<string>): void {
  const where = `rules[${index}]`;
  if (!rule || typeof rule !== 'object') throw new Error(`${where}: a rule is an object`);
  if (typeof rule.field !== 'string' || rule.field === '') throw new Error(`${where}: "field" names the field that shows the message`);
  const shapes = Number(rule.if !== undefined) + Number(rule.required_if !== undefined);
  if (shapes !== 1) throw new Error(`${where}: give exactly one of "if" and "required_if"`);
  const key = ruleKey(rule);
  if (!key) throw new Error(`${where}: "message" is required with "if"`);
  if (!knownKeys.has(key)) throw new Error(`${where}: unknown message key "validation.${key}"`);
  if (rule.each !== undefined && (typeof rule.each !== 'string' || rule.each === '')) throw new Error(`${where}: "each" is the dot path of an array`);
  if (rule.code !== undefined && !Number.isInteger(rule.code)) throw new Error(`${where}: "code" is a catalogue code`);
}

export interface RuleFailure {
  path: string;
  key: string;
  params?: Record<string, unknown>;
}

function evaluateParams(params: Record<string, unknown> | undefined, scope: unknown, at?: Date): Record<string, unknown> | undefined {
  if (!params) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) out[k] = jsonLogic.is_logic(v) ? applyLogic(v, scope, at) : v;
  return out;
}

function failureOf(rule: FormRule, scope: unknown, fieldValue: unknown, path: string, at?: Date): RuleFailure | null {
  if (rule.required_if !== undefined) {
    if (!jsonLogic.truthy(applyLogic(rule.required_if, scope, at)) || !isEmptyValue(fieldValue)) return null;
  } else if (!jsonLogic.truthy(applyLogic(rule.if, scope, at))) return null;
  const params = evaluateParams(rule.params, scope, at);
  return params ? { path, key: ruleKey(rule), params } : { path, key: ruleKey(rule) };
}

/**
 * The top-level fields (dot paths, no `each` rules) a `required_if` rule requires for `data`
 * now: the form marks them required like the schema's `required` fields.
 */
export function requiredNow(rules: readonly FormRule[], data: unknown, at?: Date): string[] {
  return rules.filter((r) => r.required_if !== undefined && r.each === undefined).filter((r) => {
    try {
      return jsonLogic.truthy(applyLogic(r.required_if, data, at));
    } catch {
      return false;
    }
  }).map((r) => r.field);
}

/** Every failure of the rules, in rule order; a rule that throws is skipped. */
export function evaluateRules(rules: readonly FormRule[], data: unknown, at?: Date): RuleFailure[] {
  const failures: RuleFailure[] = [];
  for (const rule of rules) {
    try {
      if (rule.each === undefined) {
        const f = failureOf(rule, data, valueAt(data, rule.field), rule.field, at);
        if (f) failures.push(f);
        continue;
      }
      const list = valueAt(data, rule.each);
      if (!Array.isArray(list)) continue;
      list.forEach((item, i) => {
        try {
          const scope = { ...(item && typeof item === 'object' && !Array.isArray(item) ? item : {}), $item: item, $root: data, $index: i };
          const f = failureOf(rule, scope, valueAt(item, rule.field), `${rule.each}.${i}.${rule.field}`, at);
          if (f) failures.push(f);
        } catch {
          // This item cannot be judged: nothing to report for it.
        }
      });
    } catch {
      // A rule that throws on unexpected data reports nothing.
    }
  }
  return failures;
}

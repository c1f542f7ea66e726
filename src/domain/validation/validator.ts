/**
 * One validator for the form (browser) and the request body (server), from the same
 * declaration `{ schema, rules }`. See docs/validation.md.
 */
import type { AnySchema, ValidateFunction } from 'ajv';
import type { FieldErrors } from '../api';
import enValidation from '../../locales/en/validation';
import { ajvFor, type UnknownFields } from './ajv';
import { fieldErrorsOfAjv } from './errors';
import { assertRule, evaluateRules, type FormRule } from './logic';
import { boundIntegers, inputFaults } from './input';
import { closeObjects, inlineRefs, requiredView, withoutEmpty } from './normalize';
import { setOwn } from './paths';
import { DEFAULT_LANG, type Lang } from '../lang';

/** A JSON Schema, draft-07, with this project's formats and `x-` keywords. */
export type JsonSchema = Record<string, unknown> | boolean;

export interface FormDeclaration {
  schema: JsonSchema;
  rules?: FormRule[];
}

export interface ValidatorOptions {
  /**
   * Properties the schema does not declare. 'allow' (default of createValidator: a form may
   * hold fields of the loaded record it does not edit), 'reject' (default of validateBody:
   * each answers 'unknownField', so the body fails with code 1) or 'remove' (dropped
   * silently from the value).
   */
  unknownFields?: UnknownFields;
  /** Resolves non-local `$ref`s ('enum:RoleType') to schemas; must be stable per declaration. */
  resolveRef?: (ref: string) => JsonSchema | undefined;
}

export interface ValidationContext {
  /** The current time for isAfterNow; default new Date(). */
  now?: Date;
  /**
   * The tenant's default language (default zh_TW): rules read it as `{ "var": "$defaultLanguage" }`,
   * e.g. the names a marketing form requires in it (code 6403).
   */
  defaultLanguage?: Lang;
}

export type Validator = (data: unknown, context?: ValidationContext) => FieldErrors;

interface Compiled {
  validate: ValidateFunction;
  schema: JsonSchema;
  rules: readonly FormRule[];
  /** The rules a request body is checked with: those without `code` (the route answers those). */
  bodyRules: readonly FormRule[];
  /** Unknown fields are removed from the data by ajv (mode 'remove'). */
  removes: boolean;
}

const KNOWN_MESSAGE_KEYS: ReadonlySet<string> = new Set(Object.keys(enValidation));

/** declaration -> mode -> compiled; a declaration is compiled once per mode. */
const compiledCache = new WeakMap<object, Map<UnknownFields, Compiled>>();

function compile(form: FormDeclaration, mode: UnknownFields, options: ValidatorOptions): Compiled {
  if (!form || typeof form !== 'object' || form.schema === undefined) throw new Error('a declaration has a "schema"');
  const key = form as object;
  let byMode = compiledCache.get(key);
  const hit = byMode?.get(mode);
  if (hit) return hit;
  const rules = form.rules ?? [];
  if (!Array.isArray(rules)) throw new Error('"rules" is a list');
  rules.forEach((rule, i) => { assertRule(rule, i, KNOWN_MESSAGE_KEYS); });
  let schema: JsonSchema = form.schema;
  if (options.resolveRef) schema = inlineRefs(schema, options.resolveRef) as JsonSchema;
  if (mode !== 'allow') schema = closeObjects(schema) as JsonSchema;
  schema = boundIntegers(schema);
  const compiled: Compiled = { validate: ajvFor(mode).compile(schema as AnySchema), schema, rules, bodyRules: rules.filter((r) => r.code === undefined), removes: mode === 'remove' };
  if (!byMode) compiledCache.set(key, (byMode = new Map()));
  byMode.set(mode, compiled);
  return compiled;
}

/** What the rules see: the data and, beside its fields, the context's `$defaultLanguage`. */
function ruleScope(data: unknown, context: ValidationContext | undefined): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
  return { ...data, $defaultLanguage: context?.defaultLanguage ?? DEFAULT_LANG };
}

function run(compiled: Compiled, data: unknown, context: ValidationContext | undefined, rules = compiled.rules): { view: unknown; errors: FieldErrors } {
  const view = withoutEmpty(data);
  // ajv removes unknown fields from what it validates: the view itself, not the copy that
  // requiredView makes to mark nested required fields.
  if (compiled.removes) compiled.validate(view);
  compiled.validate(requiredView(view, compiled.schema));
  // A string with NUL or a lone surrogate, or a non-finite number, fails first (input.ts).
  const errors = fieldErrorsOfAjv(compiled.validate.errors);
  for (const [path, fault] of Object.entries(inputFaults(data))) setOwn(errors, path, fault);
  // Rules run even when the schema fails elsewhere; a field keeps its first error.
  for (const f of evaluateRules(rules, ruleScope(data, context), context?.now)) {
    if (Object.hasOwn(errors, f.path)) continue;
    setOwn(errors, f.path, f.params ? { key: f.key, params: f.params } : { key: f.key });
  }
  return { view, errors };
}

/**
 * Compiles the declaration (once; later calls with the same declaration object reuse it)
 * and answers a function from data to FieldErrors ({} when valid).
 */
export function createValidator(form: FormDeclaration, options: ValidatorOptions = {}): Validator {
  const compiled = compile(form, options.unknownFields ?? 'allow', options);
  return (data, context) => run(compiled, data, context).errors;
}

export type BodyResult<T = unknown> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/**
 * For the server: validates a request body against the declaration. Unknown fields are
 * rejected by default (the route answers code 1 with `errors` as data). On success `value`
 * is a copy of the body without empty values (null, blank strings, empty arrays count as
 * not given) and, with unknownFields 'remove', without unknown fields. Types are not
 * coerced: a JSON body must carry numbers as numbers. Rules with a `code` are left to the
 * route, which answers that code from the same src/domain rule.
 */
export function validateBody<T = unknown>(
  form: FormDeclaration,
  body: unknown,
  options: ValidatorOptions & ValidationContext = {},
): BodyResult<T> {
  const compiled = compile(form, options.unknownFields ?? 'reject', options);
  const { view, errors } = run(compiled, body, options, compiled.bodyRules);
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: view as T };
}

/** A failing rule with a catalogue code: the code, the field and its message key. */
export interface CodeRuleFailure {
  code: number;
  path: string;
  key: string;
}

/**
 * For the server: the first failing rule of the declaration that carries a catalogue `code`
 * (those validateBody leaves to the route), or null. The route answers its code with the
 * field in `data`, checking the same rule the form checked.
 */
export function codeRuleFailure(form: FormDeclaration, body: unknown, context: ValidationContext = {}): CodeRuleFailure | null {
  const scope = ruleScope(body, context);
  for (const rule of form.rules ?? []) {
    if (rule.code === undefined) continue;
    const [first] = evaluateRules([rule], scope, context.now);
    if (first) return { code: rule.code, path: first.path, key: first.key };
  }
  return null;
}

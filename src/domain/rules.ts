/**
 * Rule results and small generic checks shared by the browser and the server. A rule
 * answers null when the value passes, else an i18n key under `validation.` with the
 * interpolation params of its message (src/locales/<lang>/validation.ts).
 */
import type { FieldErrors } from './api';

export type RuleResult = null | { key: string; params?: Record<string, unknown> };

/** null, undefined, '' (after trimming), and empty arrays are empty. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

export function checkRequired(value: unknown): RuleResult {
  return isEmptyValue(value) ? { key: 'required' } : null;
}

/** Length (in characters) between min and max inclusive. */
export function checkBetween(value: string, min: number, max: number): RuleResult {
  const n = [...value].length;
  return n < min || n > max ? { key: 'between', params: { min, max } } : null;
}

/** At most `length` characters. */
export function checkMaxLength(value: string, length: number): RuleResult {
  return [...value].length > length ? { key: 'max', params: { length } } : null;
}

/** At least `length` characters. */
export function checkMinLength(value: string, length: number): RuleResult {
  return [...value].length < length ? { key: 'min', params: { length } } : null;
}

/** Equal to the value of another field (confirm fields). */
export function checkConfirmed(value: unknown, other: unknown): RuleResult {
  return value === other ? null : { key: 'confirmed' };
}

/** The first failing result, evaluated lazily in order; null when all pass. */
export function firstFailure(...checks: (() => RuleResult)[]): RuleResult {
  for (const check of checks) {
    const result = check();
    if (result) return result;
  }
  return null;
}

/** Collects failing results by field path; passing fields are left out. */
export function collectErrors(results: Record<string, RuleResult>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, result] of Object.entries(results)) {
    if (result) errors[path] = result.params ? { key: result.key, params: result.params } : { key: result.key };
  }
  return errors;
}

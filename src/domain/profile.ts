/**
 * Profile and password-change validation (SPEC.md section 5 "Profile and password"), the
 * same on the form and on PUT /v1/System/user and PUT /v1/System/mima. Answers FieldErrors
 * by field path; an empty object means valid.
 */
import type { FieldErrors } from './api';
import { PASSWORD_MAX, PASSWORD_MIN, checkNewPassword } from './password';
import { checkMobilePhone, isKnownCallingCode, normalizeNullish } from './phone';
import { checkBetween, checkConfirmed, checkRequired, collectErrors, firstFailure, type RuleResult } from './rules';

function asText(v: unknown): string | null {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
}

/**
 * phoneCountryCode: required, a known calling code (key 'phoneCountryCode' otherwise);
 * phone: per checkMobilePhone, checked only once the country code is usable.
 */
export function validateProfileUpdate(body: { phoneCountryCode?: unknown; phone?: unknown }): FieldErrors {
  const code = normalizeNullish(body.phoneCountryCode);
  const codeResult: RuleResult =
    code === '' ? { key: 'required' } : isKnownCallingCode(code) ? null : { key: 'phoneCountryCode' };
  const phone = asText(body.phone);
  let phoneResult: RuleResult =
    phone === null && body.phone !== null && body.phone !== undefined
      ? { key: 'phoneDigits' }
      : checkMobilePhone(code, phone);
  // Without a usable country code the number cannot be judged: only the code is flagged.
  if (codeResult && phoneResult?.key === 'phoneNumber') phoneResult = null;
  return collectErrors({ phoneCountryCode: codeResult, phone: phoneResult });
}

export interface PasswordChangeForm {
  originalMima?: unknown;
  newMima?: unknown;
  confirmNewMima?: unknown;
}

/**
 * originalMima: required, 8 to 20. newMima: required, 8 to 20, password rule.
 * confirmNewMima (unless requireConfirm is false, as on the server, which never sees it):
 * required, 8 to 20, equal to newMima (key 'confirmed').
 */
export function validatePasswordChange(form: PasswordChangeForm, opts?: { requireConfirm?: boolean }): FieldErrors {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const original = text(form.originalMima);
  const results: Record<string, RuleResult> = {
    originalMima: firstFailure(
      () => checkRequired(original),
      () => checkBetween(original, PASSWORD_MIN, PASSWORD_MAX),
    ),
    newMima: checkNewPassword(text(form.newMima)),
  };
  if (opts?.requireConfirm ?? true) {
    const confirm = text(form.confirmNewMima);
    results.confirmNewMima = firstFailure(
      () => checkRequired(confirm),
      () => checkBetween(confirm, PASSWORD_MIN, PASSWORD_MAX),
      () => checkConfirmed(confirm, text(form.newMima)),
    );
  }
  return collectErrors(results);
}

/**
 * Mobile phone rule of SPEC.md section 5 "Profile and password": required, digits only,
 * at most 15 digits, a valid MOBILE number for the calling code. The mobile-only metadata
 * of libphonenumber-js makes landlines fail. Taiwan numbers pass with or without the
 * national leading 0 (0912345678 and 912345678).
 */
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { PHONE_MAX_DIGITS } from './limits';
import type { RuleResult } from './rules';

/** '' for null, undefined, '', whitespace and the string 'null'; else the trimmed text. */
export function normalizeNullish(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v !== 'string' && typeof v !== 'number') return '';
  const s = String(v).trim();
  return s === 'null' ? '' : s;
}

let callingCodes: Set<string> | undefined;

/** Calling codes of the countries libphonenumber-js knows (non-geographic codes excluded). */
export function knownCallingCodes(): Set<string> {
  callingCodes ??= new Set(getCountries().map((c) => String(getCountryCallingCode(c))));
  return callingCodes;
}

/** Digits of a calling code written '886' or '+886'; '' when empty or not digits. */
export function normalizeCallingCode(v: unknown): string {
  const s = normalizeNullish(v).replace(/^\+/, '');
  return /^\d{1,4}$/.test(s) ? s : '';
}

export function isKnownCallingCode(v: unknown): boolean {
  const code = normalizeCallingCode(v);
  return code !== '' && knownCallingCodes().has(code);
}

/** The mobile-phone rule; calling code '886' or '+886'. */
export function checkMobilePhone(callingCode: string | null | undefined, phone: string | null | undefined): RuleResult {
  const digits = normalizeNullish(phone);
  if (digits === '') return { key: 'required' };
  if (!/^\d+$/.test(digits)) return { key: 'phoneDigits' };
  if (digits.length > PHONE_MAX_DIGITS) return { key: 'max', params: { length: PHONE_MAX_DIGITS } };
  const code = normalizeCallingCode(callingCode);
  if (!code || !knownCallingCodes().has(code)) return { key: 'phoneNumber' };
  try {
    const parsed = parsePhoneNumberFromString(digits, { defaultCallingCode: code });
    if (parsed && parsed.countryCallingCode === code && parsed.isValid()) return null;
  } catch {
    // libphonenumber-js throws on calling codes it has no numbering plan for.
  }
  return { key: 'phoneNumber' };
}

/**
 * The one way exports write a phone number (issue 23): E.164, `+886912345678`: the calling
 * code, then the national number without its trunk prefix (Taiwan's leading 0); '' when there
 * is no number. What cannot be parsed keeps its digits after the calling code.
 */
export function exportPhone(callingCode: unknown, phone: unknown): string {
  const digits = normalizeNullish(phone).replace(/\D/g, '');
  if (!digits) return '';
  const code = normalizeCallingCode(callingCode);
  if (!code) return `+${digits}`;
  try {
    const parsed = parsePhoneNumberFromString(digits, { defaultCallingCode: code });
    if (parsed?.nationalNumber && parsed.countryCallingCode === code) return `+${code}${parsed.nationalNumber}`;
  } catch {
    // No numbering plan for that code: the digits as they are.
  }
  return `+${code}${digits.replace(/^0+/, '')}`;
}

/** A member's phone as the back office shows it ('+886 912345678'); '' for a member who joined through a platform (no phone). */
export function memberPhoneText(callingCode: string | null, phone: string | null): string {
  return callingCode && phone ? `+${callingCode} ${phone}` : '';
}

/**
 * String formats named after the rules of SPEC.md section 5. Each is a pure predicate and
 * answers its own message key; `{ "type": "string", "format": "alpha_dash" }` in a
 * declaration. Letters are English letters (A-Z, a-z), as the locale texts say.
 */
import { PASSWORD_PATTERN } from '../password';
import { isKnownCallingCode } from '../phone';

export interface FormatRule {
  test: (value: string) => boolean;
  /** Message key under `validation.`. */
  key: string;
}

const re = (pattern: RegExp) => (value: string) => pattern.test(value);

const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** An e-mail address: local part, '@', a dotted domain with a letter TLD; at most 254 chars. */
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value) && !value.split('@')[0].startsWith('.') && !value.includes('..');
}

/** An absolute http(s) URL with a real host name (dotted with a TLD, localhost or IPv4). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+/i.test(value) || /\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname;
  if (host === 'localhost' || IPV4.test(host)) return true;
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((l) => HOST_LABEL.test(l) || /^xn--/.test(l)) && /^[a-z]{2,}$|^xn--/.test(labels[labels.length - 1]);
}

/** name -> predicate and key. Names double as the Ajv format names. */
export const FORMATS: Record<string, FormatRule> = {
  alpha: { test: re(/^[A-Za-z]+$/), key: 'alpha' },
  alpha_dash: { test: re(/^[A-Za-z0-9_-]+$/), key: 'alpha_dash' },
  alpha_num: { test: re(/^[A-Za-z0-9]+$/), key: 'alpha_num' },
  alpha_spaces: { test: re(/^[A-Za-z ]+$/), key: 'alpha_spaces' },
  alphaUpperCase: { test: re(/^[A-Z]+$/), key: 'alphaUpperCase' },
  email: { test: isEmail, key: 'email' },
  url: { test: isHttpUrl, key: 'url' },
  domain: { test: re(/^[A-Za-z0-9.-]+$/), key: 'domain' },
  characterChineseSpace: { test: re(/^[\p{Script=Han}A-Za-z0-9 -]+$/u), key: 'characterChineseSpace' },
  /** Digits only (a numeric string such as a code or a phone number). */
  numeric: { test: re(/^\d+$/), key: 'numeric' },
  /** A whole number written as text, optionally negative. */
  integer: { test: re(/^-?\d+$/), key: 'integer' },
  password: { test: (v) => PASSWORD_PATTERN.test(v), key: 'passwordRule' },
  /** A known country calling code, '886' or '+886'. */
  phoneCountryCode: { test: (v) => isKnownCallingCode(v), key: 'phoneCountryCode' },
};

/** Message key of a format failure; formats we did not define read 'regex' (wrong format). */
export function formatKey(format: string): string {
  return FORMATS[format]?.key ?? 'regex';
}

/**
 * Input formats (SPEC.md section 2 "Input formats strip disallowed characters"): what an input
 * keeps of the text the user types or pastes. Pure functions, shared by the formattedInput
 * widget and its tests. They strip; they never reject: the validator judges the result.
 *
 *   number           digits with one decimal point and a leading minus     -12.5
 *   positiveInteger  digits without leading zeros (0 is not positive)      42
 *   integer          digits with a leading minus, no leading zeros         -42
 *   phoneDigits      digits only, at most 15 (PHONE_MAX_DIGITS)            912345678
 *   email            the characters of an address, one '@', no spaces      a.b+c@d.com
 *   thousands        a non-negative number grouped by thousands            1,234,567.89
 *   percentage       0 to 100 with at most 2 decimals                      12.5
 *   domain           letters, digits, '-' and '.', lower case              shop.example.com
 *   url              the characters of a URL, no spaces                    https://a.b/c?d=e
 *   alpha            English letters only                                  Abc
 */
import { PHONE_MAX_DIGITS } from '../domain/limits';

export const INPUT_FORMATS = [
  'number', 'positiveInteger', 'integer', 'phoneDigits', 'email', 'thousands', 'percentage', 'domain', 'url', 'alpha',
] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

export function isInputFormat(v: unknown): v is InputFormat {
  return typeof v === 'string' && (INPUT_FORMATS as readonly string[]).includes(v);
}

/** Full-width digits and punctuation (typed with a CJK input method) as their ASCII forms. */
function toHalfWidth(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .replace(/。/g, '.');
}

const digitsOnly = (s: string) => s.replace(/\D+/g, '');

/** Keeps digits and the first '.'; `decimals` limits the digits after it. */
function decimal(s: string, decimals = Infinity): string {
  const cleaned = s.replace(/[^\d.]+/g, '');
  const dot = cleaned.indexOf('.');
  if (dot < 0) return cleaned;
  const int = cleaned.slice(0, dot);
  const frac = cleaned.slice(dot + 1).replace(/\./g, '').slice(0, decimals);
  return `${int}.${frac}`;
}

/** Leading zeros off the integer part ('007' -> '7', '0.5' stays, '00.5' -> '0.5'). */
function trimLeadingZeros(s: string): string {
  const dot = s.indexOf('.');
  const int = dot < 0 ? s : s.slice(0, dot);
  const rest = dot < 0 ? '' : s.slice(dot);
  const trimmed = int.replace(/^0+(?=\d)/, '');
  return trimmed + rest;
}

function groupThousands(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The text an input of `format` keeps of `raw`. */
export function formatInput(format: InputFormat, raw: string): string {
  const text = toHalfWidth(raw ?? '');
  switch (format) {
    case 'number': {
      const negative = text.trimStart().startsWith('-');
      const body = trimLeadingZeros(decimal(text));
      return (negative ? '-' : '') + body;
    }
    case 'positiveInteger':
      return digitsOnly(text).replace(/^0+/, '');
    case 'integer': {
      const negative = text.trimStart().startsWith('-');
      const digits = digitsOnly(text);
      const body = digits.replace(/^0+(?=\d)/, '');
      return (negative ? '-' : '') + body;
    }
    case 'phoneDigits':
      return digitsOnly(text).slice(0, PHONE_MAX_DIGITS);
    case 'email': {
      const kept = text.replace(/[^A-Za-z0-9.!#$%&'*+/=?^_`{|}~@-]+/g, '');
      const at = kept.indexOf('@');
      return at < 0 ? kept : kept.slice(0, at + 1) + kept.slice(at + 1).replace(/@/g, '');
    }
    case 'thousands': {
      const body = trimLeadingZeros(decimal(text.replace(/,/g, '')));
      const dot = body.indexOf('.');
      return dot < 0 ? groupThousands(body) : groupThousands(body.slice(0, dot)) + body.slice(dot);
    }
    case 'percentage': {
      const body = trimLeadingZeros(decimal(text, 2));
      const value = Number(body);
      // Above 100 the last keystroke is refused: the previous text (without it) stays.
      if (body !== '' && body !== '.' && Number.isFinite(value) && value > 100) return formatInput('percentage', body.slice(0, -1));
      return body;
    }
    case 'domain':
      return text.replace(/[^A-Za-z0-9.-]+/g, '').toLowerCase();
    case 'url':
      return text.replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+/g, '');
    case 'alpha':
      return text.replace(/[^A-Za-z]+/g, '');
    default:
      return text;
  }
}

/**
 * The value stored for the text shown: numbers for number-typed fields (thousands separators
 * and a lone '-' or '.' dropped), the text otherwise; undefined for an empty input.
 */
export function parseFormatted(format: InputFormat, text: string, numeric: boolean): string | number | undefined {
  if (text === '') return undefined;
  const plain = format === 'thousands' ? text.replace(/,/g, '') : text;
  if (!numeric) return plain;
  if (plain === '-' || plain === '.' || plain === '-.') return undefined;
  const n = Number(plain.endsWith('.') ? plain.slice(0, -1) : plain);
  return Number.isFinite(n) ? n : undefined;
}

/** The text shown for a stored value. */
export function displayFormatted(format: InputFormat, value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  return formatInput(format, String(value));
}

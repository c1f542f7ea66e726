/**
 * The keyword settings of a code package (SPEC 5, codes 4101-4105), one rule for the form
 * (the json-logic operation `keywordFault` of the code package declaration's rules) and the
 * server (POST Code/package):
 *  - `keywords`: texts (blank ones ignored), `keywordInterval`: how many consecutive codes each
 *    keyword marks; neither given: no settings.
 *  - interval without keywords: 4104 (on keywords); keywords without interval: 4102; more than
 *    KEYWORDS_MAX keywords: 4105 (on keywords); interval not a whole number between 1 and the
 *    quantity: 4103; keywords x interval not equal to the quantity: 4101 (on the interval),
 *    checked in this order.
 */
import { ErrorCode } from './errors';
import { KEYWORDS_MAX } from './limits';

export interface KeywordInput {
  keywords?: unknown;
  keywordInterval?: unknown;
  quantity?: unknown;
}

export interface KeywordSettings {
  keywords: string[];
  interval: number;
}

const keywordsOf = (v: unknown): string[] =>
  (Array.isArray(v) ? v : []).filter((k): k is string => typeof k === 'string').map((k) => k.trim()).filter(Boolean);
const given = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

/**
 * The catalogue code the settings break, or null when they hold (or there are none). While the
 * quantity is not a positive whole number only 4102, 4104 and 4105 can be judged.
 */
export function keywordFault(input: KeywordInput): number | null {
  const keywords = keywordsOf(input.keywords);
  const hasInterval = given(input.keywordInterval);
  if (keywords.length === 0 && !hasInterval) return null;
  if (keywords.length === 0) return ErrorCode.KeywordsMissing;
  if (!hasInterval) return ErrorCode.KeywordIntervalMissing;
  if (keywords.length > KEYWORDS_MAX) return ErrorCode.KeywordsOverLimit;
  const quantity = input.quantity;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
  const interval = Number(input.keywordInterval);
  if (!Number.isInteger(interval) || interval < 1 || interval > quantity) return ErrorCode.KeywordIntervalInvalid;
  if (keywords.length * interval !== quantity) return ErrorCode.KeywordCountMismatch;
  return null;
}

/** The settings to store: null when none. Only for input keywordFault passed. */
export function keywordSettingsOf(input: KeywordInput): KeywordSettings | null {
  const keywords = keywordsOf(input.keywords);
  return keywords.length === 0 ? null : { keywords, interval: Number(input.keywordInterval) };
}

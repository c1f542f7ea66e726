/**
 * The rules of playing a lottery on the consumer page (issue 15 "Play"), pure TypeScript shared
 * by the server (server/modules/public/lotteryPlay.ts) and the consumer page (src/consumer/lottery):
 *
 *  - drawIndex: which prize a draw lands on, from the configured probabilities in hundredths of
 *    a percent (basis points of 10,000) and an injected random source `randomInt(max)` (the
 *    server passes node:crypto's randomInt; tests pass their own).
 *  - qualifies / qualificationFailure: whether a scanned code may play an activity
 *    (qualificationType 1 product, 2 order package, 3 shipment package) and the code when not
 *    (211, 210, 212).
 *  - playRefusal: once per code and activity (9003), and per the code's brand product
 *    qualification (BrandProductQualification) at most one lottery (9001) for SingleOnce and
 *    BothOnce. See docs/decisions.md "Activities: lottery play".
 *  - checkAnswers: the redemption answers against the activity's form fields.
 *  - prizeExpiry: when a won prize can no longer be redeemed.
 */
import { BrandProductQualification, NumberCondition, PrizeType, QualificationType, RedemptionFieldType } from '../enums';
import { ErrorCode } from '../errors';

/** 100% in hundredths of a percent. */
export const BASIS = 10_000;

export interface DrawPrize { probability: number | string; type: number }

/**
 * The index of the prize a draw lands on: a uniform integer r in [0, 10000) falls into the
 * prize whose cumulative range (in hundredths of a percent, list order) holds it. Prizes of
 * probability 0 are never drawn. When the list totals less than 100% (never after the wizard's
 * checks), r past the total answers -1: nothing won.
 */
export function drawIndex(prizes: readonly DrawPrize[], randomInt: (max: number) => number): number {
  const r = randomInt(BASIS);
  if (!Number.isInteger(r) || r < 0 || r >= BASIS) throw new RangeError(`random source answered ${r}`);
  let upTo = 0;
  for (let i = 0; i < prizes.length; i++) {
    upTo += Math.round(Number(prizes[i].probability) * 100);
    if (r < upTo) return i;
  }
  return -1;
}

/** The not-winning prize of a list (the fall-back when a drawn prize has no pieces left), or -1. */
export function noWinIndex(prizes: readonly DrawPrize[]): number {
  return prizes.findIndex((p) => p.type === PrizeType.NotWinning);
}

export interface CodeFacts {
  /** The code's brand product (through its packaging material), if any. */
  brandProductId: number | null;
  /** The code package of the code. */
  packageId: number;
  /** Shipment sheets (logistic_sheets ids, types 4-6) that moved the code. */
  sheetIds: readonly number[];
}

export interface Qualification {
  product?: number[];
  order?: { productId: number; packageIds: number[] }[];
  shipment?: { productId: number; packageIds: number[] }[];
}

/**
 * Whether a code qualifies: type 1 its brand product is one of the activity's products; type 2
 * its code package is one of the packages listed (any row); type 3 a shipment sheet that moved
 * it is one of the sheets listed.
 */
export function qualifies(type: number, q: Qualification, code: CodeFacts): boolean {
  if (type === QualificationType.Product) return code.brandProductId !== null && (q.product ?? []).includes(code.brandProductId);
  if (type === QualificationType.OrderPackage) return (q.order ?? []).some((r) => r.packageIds.includes(code.packageId));
  if (type === QualificationType.ShipmentPackage) return (q.shipment ?? []).some((r) => r.packageIds.some((id) => code.sheetIds.includes(id)));
  return false;
}

/** The catalogue code of a code that does not qualify (by qualificationType). */
export function qualificationFailure(type: number): number {
  if (type === QualificationType.OrderPackage) return ErrorCode.NoQualifiedOrderPackage;
  if (type === QualificationType.ShipmentPackage) return ErrorCode.NoQualifiedShipmentPackage;
  return ErrorCode.NoQualifiedProduct;
}

/**
 * Whether the code may play `lotteryId` given the lotteries it already played (`played`, ids,
 * repeats allowed) and its brand product's qualification (null: none set, read as Distinct):
 *  - the same activity again: 9003 (every qualification);
 *  - SingleOnce (one activity) and BothOnce (one point and one lottery activity): a second
 *    lottery activity is 9001;
 *  - Distinct: any number of activities, each once.
 * Answers null when the play may go ahead.
 */
export function playRefusal(lotteryId: number, played: readonly number[], qualification: number | null): number | null {
  if (played.includes(lotteryId)) return ErrorCode.CodeAlreadyPlayed;
  const once = qualification === BrandProductQualification.SingleOnce || qualification === BrandProductQualification.BothOnce;
  if (once && played.length > 0) return ErrorCode.AlreadyPlayed;
  return null;
}

// --- Redemption ---------------------------------------------------------------------------------

export interface AnswerField { id: number; name: string; type: number; options: string[]; required: boolean; condition: number | null }
export type AnswerValue = string | number | string[];
export type AnswerFailures = Record<string, { key: string; params?: Record<string, unknown> }>;

/** Decided limits of an answer: single line 200, multi line and address 1,000 characters. */
export const ANSWER_MAX = { line: 200, text: 1000 } as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * Checks the answers (keyed by field id) against the form: required fields, options of the
 * choices, a number of the field's condition, a real calendar date (YYYY-MM-DD), lengths.
 * Answers the cleaned answers keyed by field NAME (what records and exports keep), or the
 * failures keyed `answers.<fieldId>`. Answers to fields not in the form are failures too.
 */
export function checkAnswers(fields: readonly AnswerField[], answers: Record<string, unknown>): { answers: Record<string, AnswerValue> } | { fields: AnswerFailures } {
  const out: Record<string, AnswerValue> = {};
  const bad: AnswerFailures = {};
  const known = new Set(fields.map((f) => String(f.id)));
  for (const key of Object.keys(answers)) if (!known.has(key)) bad[`answers.${key}`] = { key: 'unknownField' };
  for (const f of fields) {
    const at = `answers.${f.id}`;
    const v = answers[String(f.id)];
    if (blank(v)) {
      if (f.required) bad[at] = { key: 'required' };
      continue;
    }
    switch (f.type) {
      case RedemptionFieldType.Dropdown:
      case RedemptionFieldType.Radio:
        if (typeof v !== 'string' || !f.options.includes(v)) bad[at] = { key: 'oneOf' };
        else out[f.name] = v;
        break;
      case RedemptionFieldType.Checkbox: {
        const list = Array.isArray(v) ? v : [v];
        if (list.some((x) => typeof x !== 'string' || !f.options.includes(x)) || new Set(list).size !== list.length) bad[at] = { key: 'oneOf' };
        else out[f.name] = f.options.filter((o) => list.includes(o));
        break;
      }
      case RedemptionFieldType.Number: {
        const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
        if (!Number.isFinite(n) || Math.abs(n) > 1e12) bad[at] = { key: 'number' };
        else if (f.condition === NumberCondition.Positive && !(n > 0)) bad[at] = { key: 'exclusiveMinimum', params: { min: 0 } };
        else if (f.condition === NumberCondition.Negative && !(n < 0)) bad[at] = { key: 'exclusiveMaximum', params: { max: 0 } };
        else out[f.name] = n;
        break;
      }
      case RedemptionFieldType.Date: {
        const s = typeof v === 'string' ? v.trim() : '';
        const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
        const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
        if (!m || !d || d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3]) bad[at] = { key: 'date' };
        else out[f.name] = s;
        break;
      }
      default: {
        const max = f.type === RedemptionFieldType.SingleLine ? ANSWER_MAX.line : ANSWER_MAX.text;
        if (typeof v !== 'string') bad[at] = { key: 'invalid' };
        else if (v.trim().length > max) bad[at] = { key: 'max', params: { length: max } };
        else if (f.type === RedemptionFieldType.SingleLine && /[\r\n]/.test(v.trim())) bad[at] = { key: 'invalid' };
        else out[f.name] = v.trim();
      }
    }
  }
  return Object.keys(bad).length ? { fields: bad } : { answers: out };
}

/**
 * When a prize won at `wonAt` stops being redeemable: expireType 1 the end of expireDate (UTC),
 * 2 `expireDays` days after the play; null: no end.
 */
export function prizeExpiry(p: { expireType: number | null; expireDate: string | null; expireDays: number | null }, wonAt: Date): Date | null {
  if (p.expireType === 1 && p.expireDate) return new Date(`${p.expireDate.slice(0, 10)}T23:59:59.999Z`);
  if (p.expireType === 2 && p.expireDays) return new Date(wonAt.getTime() + p.expireDays * 86_400_000);
  return null;
}

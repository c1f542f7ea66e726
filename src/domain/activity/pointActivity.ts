/**
 * Point activities (issue 15, menu 50; SPEC 3 "Point activity", 4 defaults, 8 codes 7401-7406):
 * the rules written once for the config form (src/schemas/activity/point-activity.json holds
 * the field rules as json-logic; this file maps their failures to the catalogue codes the
 * server answers) and for the server (server/modules/activity/pointActivity.ts) and the earning on the
 * consumer page (server/services/pointActivity.ts). Pure TypeScript: no React, no Node.
 *
 * Decisions (docs/decisions.md "Point activities"):
 *  - the period is two calendar dates in the activity's zone (timezoneId): it runs from the
 *    start of `from` to the end of `to` there; the status (PointActivityStatus) is Disabled
 *    when not enabled, else Published before the period, Ongoing in it, Ended after it;
 *  - reward rules: 1 to 10 (more: 7402), each PricePercentage (value % of the product's
 *    marketing price, two decimals, rounded down to whole points) or Constant (whole points),
 *    with a probability in percent (two decimals); the probabilities total at most 100 (7403),
 *    the rest is the chance of no points;
 *  - expiry of the earned points: Date (the end of expiryDate in the activity's zone; missing
 *    7404) or DaysFromTomorrow (the end of the expiryDays-th day after the scan's day; missing
 *    7405);
 *  - qualification: the products (type 1), or per product its order packages (code packages,
 *    type 2) or shipment packages (ship sheets, type 3); an empty list or an entry without
 *    packages 7406;
 *  - 7401 "already configured": another enabled point activity of the tenant whose period
 *    overlaps this one and whose qualification of the same type shares an id (a product for
 *    type 1, a package for types 2 and 3) while this one is enabled: one code would earn twice;
 *  - enterLimitHours: a member earns from one activity at most once in that many hours (0 or
 *    empty: no limit); the code itself earns once per activity whoever scans it.
 */
import { PointActivityStatus, QualificationType, RewardExpiryType, RewardIcon, RewardRuleType } from '../enums';
import { ErrorCode } from '../errors';
import type { FieldErrors } from '../api';
import { RULES_MAX } from '../limits';
import { dateInZone, startOfDateInZone, zoneOrUtc } from '../datetime';

/** SPEC 9: reward or point rules at most 10. */
export const POINT_RULES_MAX = RULES_MAX;
/** SPEC 4: a new activity's points expire 180 days from today. */
export const DEFAULT_EXPIRY_DAYS = 180;
/** Decided: enterLimitHours 0 to 8760 (a year); expiryDays 1 to 3650. */
export const ENTER_LIMIT_HOURS_MAX = 8760;
export const EXPIRY_DAYS_MAX = 3650;

export interface RewardRule {
  /** RewardRuleType: 1 PricePercentage, 2 Constant. */
  type: number;
  /** Percent of the marketing price (type 1) or points (type 2). */
  value: number;
  /** Percent, two decimals. */
  probability: number;
}

export interface QualificationPackages { productId: number; packageIds: number[] }

export interface PointActivityInput {
  id?: number;
  name: string;
  enable?: boolean;
  enterLimitHours?: number | null;
  timezoneId: number;
  /** Calendar dates 'YYYY-MM-DD' in the activity's zone. */
  from: string;
  to: string;
  image?: string | null;
  expiryType: number;
  expiryDate?: string | null;
  expiryDays?: number | null;
  description?: string | null;
  qualification?: string | null;
  qualificationType: number;
  qualificationProducts?: number[];
  qualificationOrders?: QualificationPackages[];
  qualificationShipments?: QualificationPackages[];
  notice?: string | null;
  icon: number;
  rewardRules: RewardRule[];
}

/** The list item and record of GET member/point-activity[/{id}]. */
export interface PointActivityDto extends Omit<PointActivityInput, 'id'> {
  id: number;
  enable: boolean;
  status: number;
  /** The qualifying products' names (list column; read only). */
  products: string[];
  createdAt: string;
  updatedAt: string;
}

/** What a scan earned from one point activity (POST member/{tenantCode}/scan `activities`). */
export interface PointActivityEarning {
  activityId: number;
  name: string;
  /** RewardIcon: 1 Box, 2 RedPacket (the consumer page's reveal). */
  icon: number;
  /** The draw's points (0: the draw gave nothing, or `nextAt` is set). */
  points: number;
  expiresAt: string | null;
  /** enterLimitHours: no draw now; the member may earn from the activity again at this instant. */
  nextAt: string | null;
}

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' plus `days`, as 'YYYY-MM-DD' (calendar arithmetic, no zone). */
export function addDays(date: string, days: number): string {
  const m = DATE.exec(date);
  if (!m) throw new Error('not a date');
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date of an instant in the zone of the timezone id (the zone database; UTC if unknown). */
export function dateIn(instant: Date, timezoneId: number): string {
  return dateInZone(instant, zoneOrUtc(timezoneId));
}

/** The instant a calendar date starts in the zone of `timezoneId` (the zone database; UTC if unknown). */
export function startOfDay(date: string, timezoneId: number): Date {
  if (!DATE.test(date)) throw new Error('not a date');
  return startOfDateInZone(date, zoneOrUtc(timezoneId));
}

/** [start, end) of the activity's period: the start of `from` to the start of the day after `to`. */
export function periodOf(a: { from: string; to: string; timezoneId: number }): { start: Date; end: Date } {
  return { start: startOfDay(a.from, a.timezoneId), end: startOfDay(addDays(a.to, 1), a.timezoneId) };
}

/** The list's status (transitions not shown in SPEC: derived like the lottery's). */
export function pointActivityStatus(a: { enable: boolean; from: string; to: string; timezoneId: number }, now: Date = new Date()): number {
  if (!a.enable) return PointActivityStatus.Disabled;
  const { start, end } = periodOf(a);
  if (now < start) return PointActivityStatus.Published;
  if (now >= end) return PointActivityStatus.Ended;
  return PointActivityStatus.Ongoing;
}

/** SPEC 4 defaults of a new activity, `today` being the local calendar date. */
export function pointActivityDefaults(today: string): Partial<PointActivityInput> {
  return {
    enable: true, enterLimitHours: 0, timezoneId: 103, from: today, to: today, expiryType: RewardExpiryType.Date,
    expiryDate: addDays(today, DEFAULT_EXPIRY_DAYS), qualificationType: QualificationType.Product, icon: RewardIcon.Box, rewardRules: [],
  };
}

/** Probability in hundredths of a percent (integer arithmetic: 33.33 + 66.67 is exactly 100). */
export const hundredths = (p: number) => Math.round(Number(p) * 100);

/** The rules' probabilities together, in percent. */
export function probabilityTotal(rules: readonly Pick<RewardRule, 'probability'>[]): number {
  return rules.reduce((s, r) => s + hundredths(Number(r.probability) || 0), 0) / 100;
}

/**
 * The catalogue code of a body's field errors (those of the declaration's schema and rules, the
 * same in the browser and on the server): the first of 7402 (more than 10 rules), 7403
 * (probabilities over 100%), 7404 / 7405 (expiry date / days missing), 7406 (no product or
 * package), else 1.
 */
export function pointActivityCode(errors: FieldErrors): number {
  const has = (path: string, keys: string[]) => keys.includes(errors[path]?.key ?? '');
  if (has('rewardRules', ['maxItems'])) return ErrorCode.TooManyRules;
  if (has('rewardRules', ['probabilityOver100'])) return ErrorCode.RuleProbabilityOver100;
  if (has('expiryDate', ['required', 'required_if'])) return ErrorCode.ExpiryDateMissing;
  if (has('expiryDays', ['required', 'required_if'])) return ErrorCode.ExpiryDaysMissing;
  const q = Object.entries(errors).find(([path, e]) => /^qualification(Products|Orders|Shipments)(\.\d+\.packageIds)?$/.test(path) && ['required', 'required_if', 'minItems'].includes(e.key));
  if (q) return ErrorCode.ProductOrPackageMissing;
  return ErrorCode.BadRequest;
}

/** The field and the list of the qualification type. */
export function qualificationField(type: number): 'qualificationProducts' | 'qualificationOrders' | 'qualificationShipments' {
  return type === QualificationType.Product ? 'qualificationProducts' : type === QualificationType.OrderPackage ? 'qualificationOrders' : 'qualificationShipments';
}

/** The ids that qualify: product ids (type 1) or package ids (types 2 and 3). */
export function qualificationIds(a: Pick<PointActivityInput, 'qualificationType' | 'qualificationProducts' | 'qualificationOrders' | 'qualificationShipments'>): number[] {
  if (a.qualificationType === QualificationType.Product) return [...new Set(a.qualificationProducts ?? [])];
  const list = (a.qualificationType === QualificationType.OrderPackage ? a.qualificationOrders : a.qualificationShipments) ?? [];
  return [...new Set(list.flatMap((r) => r.packageIds))];
}

/** Duplicate productIds in order or shipment package lists (SPEC 5), as FieldErrors. */
export function duplicateProducts(a: Pick<PointActivityInput, 'qualificationType' | 'qualificationOrders' | 'qualificationShipments'>): FieldErrors {
  if (a.qualificationType === QualificationType.Product) return {};
  const field = qualificationField(a.qualificationType);
  const out: FieldErrors = {};
  const seen = new Set<number>();
  ((a as Record<string, unknown>)[field] as QualificationPackages[] | undefined ?? []).forEach((row, i) => {
    if (seen.has(row.productId)) out[`${field}.${i}.productId`] = { key: 'uniqueItems' };
    seen.add(row.productId);
  });
  return out;
}

type Periodic = Pick<PointActivityInput, 'from' | 'to' | 'timezoneId' | 'qualificationType' | 'qualificationProducts' | 'qualificationOrders' | 'qualificationShipments'>;

/** 7401: both enabled, periods overlapping, the same qualification type sharing an id. */
export function conflicts(a: Periodic & { enable?: boolean }, b: Periodic & { enable?: boolean }): boolean {
  if (a.enable === false || b.enable === false) return false;
  if (a.qualificationType !== b.qualificationType) return false;
  const pa = periodOf(a);
  const pb = periodOf(b);
  if (!(pa.start < pb.end && pb.start < pa.end)) return false;
  const ids = new Set(qualificationIds(a));
  return qualificationIds(b).some((id) => ids.has(id));
}

/**
 * The rule a draw picks: `roll` is a uniform integer in [0, 10000) (hundredths of a percent,
 * from a cryptographic source on the server); rule i covers the next `probability` hundredths.
 * null: the roll fell in the rest (no points).
 */
export function drawRule<R extends Pick<RewardRule, 'probability'>>(rules: readonly R[], roll: number): R | null {
  let edge = 0;
  for (const r of rules) {
    edge += hundredths(r.probability);
    if (roll < edge) return r;
  }
  return null;
}

/** Points of a rule: whole points of `value`% of the marketing price (type 1) or `value` (type 2). */
export function rulePoints(rule: Pick<RewardRule, 'type' | 'value'>, price: number | null): number {
  if (rule.type === RewardRuleType.Constant) return Math.max(0, Math.floor(Number(rule.value)));
  if (price === null || !Number.isFinite(price) || price <= 0) return 0;
  // Integer arithmetic on hundredths: 12.5% of 99.99 is 12.49875 -> 12.
  return Math.max(0, Math.floor((Math.round(price * 100) * Math.round(Number(rule.value) * 100)) / 1_000_000));
}

/** When points earned at `now` expire (the activity's expiry type). */
export function activityPointsExpireAt(a: Pick<PointActivityInput, 'expiryType' | 'expiryDate' | 'expiryDays' | 'timezoneId'>, now: Date): Date | null {
  if (a.expiryType === RewardExpiryType.Date) return a.expiryDate ? startOfDay(addDays(a.expiryDate, 1), a.timezoneId) : null;
  if (a.expiryType === RewardExpiryType.DaysFromTomorrow && a.expiryDays) {
    return startOfDay(addDays(dateIn(now, a.timezoneId), Number(a.expiryDays) + 1), a.timezoneId);
  }
  return null;
}

/** enterLimitHours: whether a member who last earned at `last` may earn again at `now`. */
export function enterAllowed(enterLimitHours: number | null | undefined, last: Date | null, now: Date): boolean {
  if (!enterLimitHours || !last) return true;
  return now.getTime() - last.getTime() >= enterLimitHours * 3_600_000;
}

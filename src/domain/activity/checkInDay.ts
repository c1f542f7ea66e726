/**
 * A shopper's daily check-in (issue 29), written once for the server and the consumer page.
 *
 *  - The day of a check-in is the calendar date of the instant in the activity's zone (the IANA
 *    zone of its timezoneId, daylight saving included: src/domain/datetime.ts).
 *  - A check-in counts only while the activity is enabled and the instant lies within its
 *    period [from, to]; one per member, activity and day (the unique key of check_in_records).
 *  - The streak is the run of consecutive days ending with the day: the day after the previous
 *    check-in continues it, any gap starts again at 1.
 *  - The entry shown is the picture-and-text entry of the member's nth check-in (n = check-ins so
 *    far, this one included); from the requiredDays-th on it stays the last entry.
 *  - The grant: `pointsPerDay` points every check-in, and `completionPoints` once, on the
 *    check-in that reaches requiredDays (not necessarily consecutive days). Points land in the
 *    member's points ledger as type CheckIn 6, with the activity's name as memo; they expire as
 *    the tenant's point calculation type says, like scanned points.
 */
import { dateInZone, zoneOrUtc } from '../datetime';
import type { CheckInEntry } from './checkIn';

export interface CheckInRules {
  timezoneId: number;
  from: Date | string;
  to: Date | string;
  enable: boolean;
  requiredDays: number;
  pointsPerDay: number;
  completionPoints: number;
}

/** The calendar date ('YYYY-MM-DD') of `now` in the activity's zone. */
export function checkInDayOf(rules: Pick<CheckInRules, 'timezoneId'>, now: Date): string {
  return dateInZone(now, zoneOrUtc(rules.timezoneId));
}

/** Whether a check-in at `now` counts: enabled and within the period. */
export function checkInOpen(rules: Pick<CheckInRules, 'from' | 'to' | 'enable'>, now: Date): boolean {
  const t = now.getTime();
  return rules.enable && new Date(rules.from).getTime() <= t && t <= new Date(rules.to).getTime();
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The streak on `day` after the previous check-in (none: 1). */
export function streakOn(day: string, previous: { day: string; streak: number } | null): number {
  if (!previous) return 1;
  return dayNumber(day) - dayNumber(previous.day) === 1 ? previous.streak + 1 : 1;
}

/** The entry of the member's `count`-th check-in (1-based); the last one from requiredDays on. */
export function entryOf(entries: readonly CheckInEntry[], count: number): CheckInEntry | null {
  if (entries.length === 0 || count < 1) return null;
  return entries[Math.min(count, entries.length) - 1];
}

/** What the `count`-th check-in grants. */
export function pointsOf(rules: Pick<CheckInRules, 'pointsPerDay' | 'completionPoints' | 'requiredDays'>, count: number): number {
  return rules.pointsPerDay + (count === rules.requiredDays ? rules.completionPoints : 0);
}

/** A running check-in activity as the shopper sees it (GET member/{tenantCode}/check-in). */
export interface MemberCheckIn {
  id: number;
  name: string;
  timezoneId: number;
  from: string;
  to: string;
  requiredDays: number;
  pointsPerDay: number;
  completionPoints: number;
  /** Today's date in the activity's zone. */
  today: string;
  checkedInToday: boolean;
  /** Check-ins of the member in this activity. */
  count: number;
  /** Consecutive days ending today (or yesterday, when not yet checked in today); 0 when broken. */
  streak: number;
  /** Today's entry once checked in today, else null. */
  entry: CheckInEntry | null;
  completed: boolean;
}

/** The answer of POST member/{tenantCode}/check-in/{id}. */
export interface CheckInResult extends MemberCheckIn {
  /** Points this check-in granted. */
  points: number;
  /** The member's balance after it. */
  balance: number;
}

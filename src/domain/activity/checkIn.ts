/**
 * Check-in activities (SPEC.md 5 "Check-in", 9 "Check-in entries 1 to 60 days"): rules written
 * once for the admin form (json-logic rules of src/schemas/activity/check-in.json use
 * `periodDays`) and the server.
 *
 *  - requiredDays (the number of check-in days required, filled first): an integer 1..60 and
 *    not more than the activity's total days;
 *  - total days: the calendar days the period touches in the activity's time zone (the zone
 *    database's IANA zone of its timezoneId, daylight saving included), first and last day
 *    included: 2025-01-01 10:00 to 2025-01-03 09:00 is 3;
 *  - entries (one picture and text per day): exactly requiredDays of them, so 1 to 60. SPEC's
 *    other reading (2 to 59) is not taken: a one-day check-in and a 60-day one are allowed.
 */
import { calendarDaysInZone, zoneOfTimezoneId } from '../datetime';
import { toInstant } from '../validation/dates';

export const CHECK_IN_MIN_DAYS = 1;
export const CHECK_IN_MAX_DAYS = 60;

export interface CheckInEntry {
  /** Upload address of the day's picture. */
  image: string;
  /** The day's text (1 to 100 characters). */
  text: string;
}

/** Calendar days from `from` to `to` inclusive in the zone of `timezoneId`; throws on bad input. */
export function periodDays(from: unknown, to: unknown, timezoneId: unknown): number {
  const zone = zoneOfTimezoneId(timezoneId);
  if (zone === undefined) throw new Error('unknown timezone');
  const a = toInstant(from, 0);
  const b = toInstant(to, 0);
  if (a === null || b === null || b < a) throw new Error('not a period');
  return calendarDaysInZone(a, b, zone);
}

/** The list item and record of GET marketing/check-in-activity[/{id}]. */
export interface CheckInActivityDto {
  id: number;
  name: string;
  timezoneId: number;
  from: string;
  to: string;
  enable: boolean;
  requiredDays: number;
  /** Calendar days of the period (periodDays). */
  totalDays: number;
  entries: CheckInEntry[];
  /** Issue 29: points granted on every check-in, and once more on the requiredDays-th (checkInDay.ts). */
  pointsPerDay: number;
  completionPoints: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * The one rule for date-times on screen (lists, dialogs, home): a time shows in the record's
 * time zone when the record has one (its `timezoneId`, an entry of TIMEZONES), otherwise in
 * the user's (the browser's) zone; where the zone shown is not the user's (a different
 * offset at that instant), its name follows the time, e.g. "2025/01/15 00:00 (UTC+08:00)
 * Taipei". Times travel as ISO 8601 in UTC (DESIGN.md).
 */
import dayjs, { type Dayjs } from 'dayjs';
import timezonePlugin from 'dayjs/plugin/timezone';
import utcPlugin from 'dayjs/plugin/utc';
import { pickName, type Lang } from './lang';
import { DATE_FORMAT, DATE_TIME_FORMAT } from './limits';
import { timezoneById } from './reference/timezones';

dayjs.extend(utcPlugin);
dayjs.extend(timezonePlugin);

let userZone: string | undefined;
/**
 * The user's IANA zone (the browser's, or the process's on the server), read once: building a
 * DateTimeFormat to ask costs as much as formatting, and a list formats every time cell twice.
 */
export function userTimeZone(): string {
  userZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return userZone;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * `instant` as wall-clock time in `zone`: dayjs's own `tz()` builds an ICU formatter on every
 * call (toLocaleString with a zone); this keeps one per zone and reads the offset from it.
 */
function inZone(instant: Dayjs, zone: string): Dayjs {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    offsetFormats.set(zone, format);
  }
  const ms = Math.floor(instant.valueOf() / 1000) * 1000;
  const p: Record<string, number> = {};
  for (const part of format.formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return atOffset(instant, Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - ms) / 60_000), () => zone);
}

/**
 * `instant` at `offset` minutes from UTC. dayjs reads an offset of 1..16 as hours: such minute
 * offsets (old local mean times) take dayjs's own path in the zone `zone()` names.
 */
function atOffset(instant: Dayjs, offset: number, zone: () => string): Dayjs {
  return offset === 0 || Math.abs(offset) > 16 ? instant.utcOffset(offset) : instant.tz(zone());
}

/**
 * `instant` as wall-clock time in the user's own zone, from the platform's local offset: no ICU
 * formatter, whose first construction in a page costs 13-26 ms (Chromium, measured), on the way
 * to a list's first rows.
 */
function inLocalZone(instant: Dayjs): Dayjs {
  return atOffset(instant, Math.round(-new Date(instant.valueOf()).getTimezoneOffset()), userTimeZone);
}

export interface ZonedTime {
  /** The time in the declared zone, e.g. '2025/01/15 00:00'. */
  text: string;
  /** The zone's name when it is not the user's (differs in offset at that instant). */
  zoneName?: string;
}

/** `value` (ISO, epoch or Date) in the zone of `timezoneId`, else the user's; null when empty or invalid. */
export function zonedTime(
  value: unknown,
  options: { timezoneId?: unknown; lang: Lang; format?: string; userZone?: string },
): ZonedTime | null {
  if (value === null || value === undefined || value === '') return null;
  // A calendar date without a time ('2025-01-15') is the same day everywhere.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return { text: dayjs(value).format(options.format ?? DATE_FORMAT) };
  const instant = dayjs.utc(value as string | number | Date);
  if (!instant.isValid()) return null;
  const info = typeof options.timezoneId === 'number' || typeof options.timezoneId === 'string' ? timezoneById(Number(options.timezoneId)) : undefined;
  const inUser = options.userZone ? inZone(instant, options.userZone) : inLocalZone(instant);
  const shown: Dayjs = info ? inZone(instant, info.zone) : inUser;
  const text = shown.format(options.format ?? DATE_TIME_FORMAT);
  return info && shown.utcOffset() !== inUser.utcOffset() ? { text, zoneName: pickName(info.names, options.lang) } : { text };
}

/** zonedTime as one line: the time, then the zone's name where it is not the user's; '' when empty. */
export function zonedTimeText(value: unknown, options: Parameters<typeof zonedTime>[1]): string {
  const z = zonedTime(value, options);
  if (!z) return value === null || value === undefined ? '' : String(value);
  return z.zoneName ? `${z.text} ${z.zoneName}` : z.text;
}

/** The header every API call carries: the user's (the browser's) IANA zone; exports write times in it. */
export const TIME_ZONE_HEADER = 'X-Time-Zone';

/** Whether `zone` is an IANA zone this runtime knows ('Asia/Taipei'). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An instant as wall-clock time in `zone`, 'YYYY-MM-DD HH:mm:ss' (exports; `format` for file names); '' when invalid. */
export function wallClockText(value: Date | string | number, zone: string, format = 'YYYY-MM-DD HH:mm:ss'): string {
  const instant = dayjs.utc(value);
  return instant.isValid() ? instant.tz(zone).format(format) : '';
}

/** The IANA zone of a timezone id, if it names one. */
export function zoneOfTimezoneId(id: unknown): string | undefined {
  return typeof id === 'number' || typeof id === 'string' ? timezoneById(Number(id))?.zone : undefined;
}

/**
 * Calendar days in a zone, by the zone database (daylight saving included), never by a fixed
 * offset: the timezone list's `offset` is the standard one and is wrong half the year in New
 * York or London. A timezone id that names no zone counts in UTC.
 */
export const zoneOrUtc = (timezoneId: unknown): string => zoneOfTimezoneId(timezoneId) ?? 'UTC';

/** The calendar date ('YYYY-MM-DD') of an instant in an IANA zone. */
export function dateInZone(instant: Date | number, zone: string): string {
  return dayjs(instant).tz(zone).format('YYYY-MM-DD');
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MINUTE_MS = 60_000;

/**
 * The instant a calendar date ('YYYY-MM-DD') starts in an IANA zone: its first minute, also
 * where midnight is skipped (a daylight-saving change at 00:00). Found by halving, between
 * 16 hours before and 13 hours after the date's midnight in UTC (offsets run from -12 to +14
 * hours), the first minute whose date in the zone is the date: dayjs's startOf in a zone
 * depends on the process's own zone.
 */
export function startOfDateInZone(date: string, zone: string): Date {
  const m = ISO_DATE.exec(date);
  if (!m) throw new Error('not a date');
  const midnight = Date.UTC(+m[1], +m[2] - 1, +m[3]);
  let lo = midnight / MINUTE_MS - 16 * 60; // before the date everywhere
  let hi = midnight / MINUTE_MS + 13 * 60; // within the date or after it everywhere
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (dateInZone(mid * MINUTE_MS, zone) < date) lo = mid;
    else hi = mid;
  }
  return new Date(hi * MINUTE_MS);
}

/** Calendar days from one instant to a later one, both included, in an IANA zone (1 for the same day). */
export function calendarDaysInZone(from: Date | number, to: Date | number, zone: string): number {
  const day = (t: Date | number) => Date.parse(`${dateInZone(t, zone)}T00:00:00Z`) / 86_400_000;
  return day(to) - day(from) + 1;
}

/** An ISO instant as the value of a datetime-local input, in the browser's zone ('' when none). */
export function toLocalInputValue(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Instants for the date rules (fromToDatetime, isAfterNow). Values travel as ISO 8601 in
 * UTC (DESIGN.md), but a form may also hold a wall-clock time of a chosen time zone:
 *   - '2025-01-31T08:00:00Z', '2025-01-31T16:00+08:00'  -> that instant (offset ignored);
 *   - '2025-01-31 16:00', '2025/01/31 16:00:00', '2025-01-31' (no zone) -> wall-clock time at
 *     `utcOffsetMinutes` east of UTC (0 when not given);
 *   - a number (epoch milliseconds) or a Date -> that instant.
 * Anything else (empty, unparsable) is null.
 */
const LOCAL = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

export function toInstant(value: unknown, utcOffsetMinutes = 0): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (ZONED.test(s)) {
    const t = Date.parse(s);
    return Number.isNaN(t) ? null : t;
  }
  const m = LOCAL.exec(s);
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', sec = '0', ms = '0'] = m.slice(1);
  const year = Number(y);
  const month = Number(mo) - 1;
  const day = Number(d);
  const utc = Date.UTC(year, month, day, Number(h), Number(mi), Number(sec), Number(ms.padEnd(3, '0')));
  const check = new Date(utc);
  // Reject impossible dates such as 2025-02-30 or 25:00 rather than rolling them over.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month || check.getUTCDate() !== day || Number(h) > 23) return null;
  const offset = Number(utcOffsetMinutes);
  return utc - (Number.isFinite(offset) ? offset : 0) * 60_000;
}

/**
 * A faster reader of PostgreSQL's `timestamptz` text (DateStyle ISO), for node-postgres: a list
 * page of ten rows reads twenty of them, and the general parser (postgres-date, a regular
 * expression per value) was the largest single cost of reading rows (docs/benchmarks.md).
 * The common shape, `2026-11-26 13:05:00.123456+00` (a four-digit year from 1000, an offset of
 * hours and optionally minutes and seconds), is read digit by digit; anything else (BC, infinity,
 * five-digit years) goes to node-postgres's own reader, so every value reads as it did.
 */
import pg from 'pg';

/** node-postgres's own reader (postgres-date), for everything but the common shape. */
const parseDate = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (text: string) => Date | number | null;

const digit = (s: string, i: number): number => {
  const d = s.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : NaN;
};
const two = (s: string, i: number) => digit(s, i) * 10 + digit(s, i + 1);

export function parseTimestamptz(text: string): Date | number | null {
  const fast = fastTimestamptz(text);
  return fast ?? parseDate(text);
}

function fastTimestamptz(s: string): Date | null {
  if (s.length < 22 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 32
    || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return null;
  const year = two(s, 0) * 100 + two(s, 2);
  if (!(year >= 1000)) return null;
  let i = 19;
  let ms = 0;
  if (s.charCodeAt(i) === 46) { // '.': up to six digits, milliseconds truncated (as Date does)
    let scale = 100;
    for (i++; i < s.length; i++) {
      const d = digit(s, i);
      if (Number.isNaN(d)) break;
      ms += d * scale;
      scale /= 10;
    }
    ms = Math.trunc(ms);
  }
  const sign = s.charCodeAt(i) === 43 ? 1 : s.charCodeAt(i) === 45 ? -1 : 0;
  if (sign === 0) return null;
  let offset = two(s, i + 1) * 60;
  i += 3;
  if (s.charCodeAt(i) === 58) { offset += two(s, i + 1); i += 3; }
  let offsetSeconds = 0;
  if (s.charCodeAt(i) === 58) { offsetSeconds = two(s, i + 1); i += 3; }
  if (i !== s.length) return null;
  const utc = Date.UTC(year, two(s, 5) - 1, two(s, 8), two(s, 11), two(s, 14), two(s, 17), ms)
    - sign * (offset * 60 + offsetSeconds) * 1000;
  return Number.isNaN(utc) ? null : new Date(utc);
}

/** node-postgres reads `timestamptz` with parseTimestamptz (once per process). */
export function useFastTimestamps(): void {
  pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text', parseTimestamptz);
}

import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseTimestamptz } from '../../server/db/timestamps';

const parseDate = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (text: string) => Date | number | null;

const same = (text: string) => {
  const expected = parseDate(text);
  const got = parseTimestamptz(text);
  expect(got instanceof Date ? got.getTime() : got, text).toEqual(expected instanceof Date ? expected.getTime() : expected);
};

describe('timestamptz text (server/db/timestamps.ts)', () => {
  it('reads what postgres-date reads, to the millisecond', () => {
    for (const t of [
      '2026-11-26 13:05:00+00', '2026-11-26 13:05:00.1+00', '2026-11-26 13:05:00.123456+00', '2026-11-26 13:05:00.999999+08',
      '2024-02-29 23:59:59.5-03:30', '1970-01-01 00:00:00+00', '1900-06-01 12:00:00+08:05:43', '2026-01-01 00:00:00.000001+14',
      '1000-01-01 00:00:00+00', '9999-12-31 23:59:59.999999+00', '2026-11-26 13:05:00.123-00:30',
    ]) same(t);
  });

  it('leaves the unusual to postgres-date: BC, infinity, long and short years', () => {
    for (const t of ['infinity', '-infinity', '0044-03-15 12:00:00+00 BC', '12026-01-01 00:00:00+00', '0099-01-01 00:00:00+00', '2026-11-26']) same(t);
  });

  it('agrees on random instants and offsets', () => {
    for (let n = 0; n < 2000; n++) {
      const d = new Date(Date.UTC(1000 + Math.floor(Math.random() * 8999), 0, 1) + Math.floor(Math.random() * 365 * 86400e3));
      const off = Math.floor(Math.random() * 27) - 12;
      const local = new Date(d.getTime() + off * 3600e3);
      const frac = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
      const text = `${local.toISOString().slice(0, 19).replace('T', ' ')}.${frac}${off < 0 ? '-' : '+'}${String(Math.abs(off)).padStart(2, '0')}`;
      same(text);
    }
  });
});

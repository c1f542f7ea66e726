/**
 * One rule for date-times on screen (src/domain/datetime.ts), used by lists (formatCell),
 * dialogs (the dateTime widget) and home: the record's zone where it has one, else the
 * user's, the zone named where it is not the user's.
 */
import { describe, expect, it } from 'vitest';
import { zonedTime, zonedTimeText } from '../../src/domain/datetime';
import { formatCell } from '../../src/domain/format';

// 2025/01/15 00:00 in Taipei (UTC+8).
const MIDNIGHT_TAIPEI = '2025-01-14T16:00:00.000Z';
const t = (k: string) => k;

describe('zonedTime', () => {
  it('shows a record time in its own zone and names the zone for a user elsewhere', () => {
    expect(zonedTime(MIDNIGHT_TAIPEI, { timezoneId: 103, lang: 'en', userZone: 'UTC' })).toEqual({ text: '2025/01/15 00:00', zoneName: '(UTC+08:00) Taipei' });
    expect(zonedTimeText(MIDNIGHT_TAIPEI, { timezoneId: 103, lang: 'zh_TW', userZone: 'UTC' })).toBe('2025/01/15 00:00 (UTC+08:00) 台北');
  });

  it('does not name the zone when it is the user\'s (same offset at that instant)', () => {
    expect(zonedTime(MIDNIGHT_TAIPEI, { timezoneId: 103, lang: 'en', userZone: 'Asia/Taipei' })).toEqual({ text: '2025/01/15 00:00' });
    expect(zonedTime(MIDNIGHT_TAIPEI, { timezoneId: 103, lang: 'en', userZone: 'Asia/Shanghai' })).toEqual({ text: '2025/01/15 00:00' });
  });

  it('uses the user\'s zone for a time without one; empty stays empty', () => {
    expect(zonedTimeText(MIDNIGHT_TAIPEI, { lang: 'en', userZone: 'UTC' })).toBe('2025/01/14 16:00');
    expect(zonedTimeText(MIDNIGHT_TAIPEI, { timezoneId: null, lang: 'en', userZone: 'America/New_York' })).toBe('2025/01/14 11:00');
    expect(zonedTime(null, { lang: 'en' })).toBeNull();
    expect(zonedTimeText('', { lang: 'en' })).toBe('');
  });
});

describe('list cells follow the same rule', () => {
  it('a datetime column with a timezoneField shows the row\'s zone', () => {
    const column = { format: 'datetime' as const, timezoneField: 'timezoneId' };
    const row = { startTime: MIDNIGHT_TAIPEI, timezoneId: 103 };
    const text = formatCell(column, MIDNIGHT_TAIPEI, t, 'en', row);
    expect(text.startsWith('2025/01/15 00:00')).toBe(true);
    expect(text).toBe(zonedTimeText(MIDNIGHT_TAIPEI, { timezoneId: 103, lang: 'en' }));
  });
});

describe('calendar dates', () => {
  it('a date without a time is the same day in every zone', () => {
    expect(zonedTimeText('2025-01-15', { lang: 'en', userZone: 'America/Los_Angeles' })).toBe('2025/01/15');
  });
});

describe('zones across their offset changes', () => {
  it('shows summer and winter times, a half-hour zone and the date line as the zone\'s own clock does', () => {
    const cases: [string, string, string][] = [
      ['2025-07-01T12:00:00Z', 'America/New_York', '2025/07/01 08:00'],
      ['2025-01-01T12:00:00Z', 'America/New_York', '2025/01/01 07:00'],
      ['2025-03-09T06:59:59Z', 'America/New_York', '2025/03/09 01:59'],
      ['2025-03-09T07:00:00Z', 'America/New_York', '2025/03/09 03:00'],
      ['2025-10-26T00:59:00Z', 'Europe/London', '2025/10/26 01:59'],
      ['2025-10-26T01:00:00Z', 'Europe/London', '2025/10/26 01:00'],
      ['2025-06-15T00:00:00Z', 'Asia/Kolkata', '2025/06/15 05:30'],
      ['2025-06-15T00:00:00Z', 'Asia/Kathmandu', '2025/06/15 05:45'],
      ['2025-06-15T23:30:00Z', 'Pacific/Kiritimati', '2025/06/16 13:30'],
      ['2025-06-15T00:00:00Z', 'Pacific/Pago_Pago', '2025/06/14 13:00'],
      ['1970-01-01T00:00:00Z', 'UTC', '1970/01/01 00:00'],
    ];
    for (const [iso, zone, text] of cases) expect(zonedTimeText(iso, { lang: 'en', userZone: zone }), `${iso} in ${zone}`).toBe(text);
  });
});

describe('the user\'s own zone, read from the platform\'s local offset', () => {
  it('shows the same as the zone named, across offset changes, in every kind of zone', () => {
    const before = process.env.TZ;
    const instants = ['2025-01-15T16:00:00Z', '2025-03-09T06:59:59Z', '2025-03-09T07:00:00Z', '2025-07-01T12:34:56Z', '2025-10-05T15:30:00Z', '1970-01-01T00:00:00Z'];
    try {
      for (const zone of ['Asia/Taipei', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC']) {
        process.env.TZ = zone;
        for (const iso of instants) expect(zonedTimeText(iso, { lang: 'en' }), `${iso} in ${zone}`).toBe(zonedTimeText(iso, { lang: 'en', userZone: zone }));
        // With a record zone: named only where its offset differs from the user's.
        expect(zonedTime(MIDNIGHT_TAIPEI, { timezoneId: 103, lang: 'en' })).toEqual(zonedTime(MIDNIGHT_TAIPEI, { timezoneId: 103, lang: 'en', userZone: zone }));
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

/**
 * Calendar days in an activity's zone come from the zone database, not the timezone list's
 * standard offset (issue 23): New York in July is UTC-4, London in summer UTC+1, Taipei UTC+8
 * all year. Check-in's total days (periodDays), point activities' dates, periods, status and
 * expiry, and the shared helpers of src/domain/datetime.ts.
 */
import { describe, expect, it } from 'vitest';
import { periodDays } from '../../src/domain/activity/checkIn';
import { activityPointsExpireAt, dateIn, periodOf, pointActivityStatus, startOfDay } from '../../src/domain/activity/pointActivity';
import { calendarDaysInZone, dateInZone, startOfDateInZone } from '../../src/domain/datetime';
import { PointActivityStatus, RewardExpiryType } from '../../src/domain/enums';

const NEW_YORK = 109;
const TAIPEI = 103;
const LONDON = 133;
const at = (iso: string) => new Date(iso);

describe('check-in total days in a zone with daylight saving', () => {
  it('counts one day for a one-day period in New York, in July (UTC-4) and in January (UTC-5)', () => {
    expect(periodDays('2026-07-01T04:00:00.000Z', '2026-07-02T03:59:00.000Z', NEW_YORK)).toBe(1);
    expect(periodDays('2026-01-15T05:00:00.000Z', '2026-01-16T04:59:00.000Z', NEW_YORK)).toBe(1);
    expect(periodDays('2026-07-01T04:00:00.000Z', '2026-07-03T03:59:00.000Z', NEW_YORK)).toBe(2);
  });

  it('counts London across the change to summer time (29 March 2026) and back (25 October 2026)', () => {
    // 28 March 00:00 GMT to 29 March 23:59 BST: two days.
    expect(periodDays('2026-03-28T00:00:00.000Z', '2026-03-29T22:59:00.000Z', LONDON)).toBe(2);
    // 1 July 00:30 BST is still 1 July.
    expect(periodDays('2026-06-30T23:30:00.000Z', '2026-07-01T22:00:00.000Z', LONDON)).toBe(1);
    // 24 October 00:00 BST to 25 October 23:59 GMT: two days.
    expect(periodDays('2026-10-23T23:00:00.000Z', '2026-10-25T23:59:00.000Z', LONDON)).toBe(2);
  });

  it('counts Taipei (no daylight saving) as before', () => {
    expect(periodDays('2026-06-30T16:00:00.000Z', '2026-07-01T15:59:00.000Z', TAIPEI)).toBe(1);
    expect(periodDays('2026-06-30T16:00:00.000Z', '2026-07-01T16:00:00.000Z', TAIPEI)).toBe(2);
  });
});

describe('point activity dates in a zone with daylight saving', () => {
  it('dates 00:30 local time on its own day in New York and London, summer and winter, and in Taipei', () => {
    expect(dateIn(at('2026-07-01T04:30:00Z'), NEW_YORK)).toBe('2026-07-01');
    expect(dateIn(at('2026-01-15T05:30:00Z'), NEW_YORK)).toBe('2026-01-15');
    expect(dateIn(at('2026-01-15T04:30:00Z'), NEW_YORK)).toBe('2026-01-14');
    expect(dateIn(at('2026-06-30T23:30:00Z'), LONDON)).toBe('2026-07-01');
    expect(dateIn(at('2026-01-15T00:30:00Z'), LONDON)).toBe('2026-01-15');
    expect(dateIn(at('2026-06-30T16:30:00Z'), TAIPEI)).toBe('2026-07-01');
  });

  it('starts a day at local midnight, across the DST changes too', () => {
    expect(startOfDay('2026-07-01', NEW_YORK).toISOString()).toBe('2026-07-01T04:00:00.000Z');
    expect(startOfDay('2026-01-15', NEW_YORK).toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(startOfDay('2026-03-29', LONDON).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfDay('2026-03-30', LONDON).toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(startOfDay('2026-10-25', LONDON).toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(startOfDay('2026-10-26', LONDON).toISOString()).toBe('2026-10-26T00:00:00.000Z');
    expect(startOfDay('2026-07-01', TAIPEI).toISOString()).toBe('2026-06-30T16:00:00.000Z');
  });

  it('runs a one-day New York activity in July from local midnight to local midnight', () => {
    const a = { enable: true, from: '2026-07-01', to: '2026-07-01', timezoneId: NEW_YORK };
    expect(periodOf(a)).toEqual({ start: at('2026-07-01T04:00:00Z'), end: at('2026-07-02T04:00:00Z') });
    expect(pointActivityStatus(a, at('2026-07-01T03:30:00Z'))).toBe(PointActivityStatus.Published);
    expect(pointActivityStatus(a, at('2026-07-01T04:30:00Z'))).toBe(PointActivityStatus.Ongoing);
    expect(pointActivityStatus(a, at('2026-07-02T03:30:00Z'))).toBe(PointActivityStatus.Ongoing);
    expect(pointActivityStatus(a, at('2026-07-02T04:00:00Z'))).toBe(PointActivityStatus.Ended);
  });

  it('expires points earned at 00:30 in New York by that local day', () => {
    const daysFromTomorrow = { expiryType: RewardExpiryType.DaysFromTomorrow, expiryDate: null, expiryDays: 1, timezoneId: NEW_YORK };
    // Earned 1 July 00:30 EDT: one day from tomorrow (2 July) ends at the start of 3 July, EDT.
    expect(activityPointsExpireAt(daysFromTomorrow, at('2026-07-01T04:30:00Z'))?.toISOString()).toBe('2026-07-03T04:00:00.000Z');
    const onDate = { expiryType: RewardExpiryType.Date, expiryDate: '2026-10-25', expiryDays: null, timezoneId: LONDON };
    expect(activityPointsExpireAt(onDate, at('2026-07-01T00:00:00Z'))?.toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });
});

describe('zone helpers', () => {
  it('finds the first minute of a day whose midnight is skipped (Santiago, 6 September 2026)', () => {
    expect(startOfDateInZone('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(dateInZone(at('2026-09-06T03:59:00Z'), 'America/Santiago')).toBe('2026-09-05');
  });

  it('counts calendar days between instants in a zone', () => {
    expect(calendarDaysInZone(at('2026-03-08T05:00:00Z'), at('2026-03-09T03:59:00Z'), 'America/New_York')).toBe(1);
    expect(calendarDaysInZone(at('2026-03-08T05:00:00Z'), at('2026-03-09T04:00:00Z'), 'America/New_York')).toBe(2);
  });
});

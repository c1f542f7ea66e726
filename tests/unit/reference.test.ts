import { describe, it, expect } from 'vitest';
import { TIMEZONES, timezoneById, formatUtcOffset, DEFAULT_TIMEZONE_ID } from '../../src/domain/reference/timezones';
import {
  buildDialCodes, buildLocations, sortByCountryPriority, countryLocationId,
} from '../../src/domain/reference/dialCodes';
import { CURRENCIES, currencyByCode } from '../../src/domain/reference/currencies';

/** Standard offset of a zone: the smaller of its January and July offsets (minutes). */
function standardOffset(zone: string): number {
  const offsetAt = (iso: string) => {
    const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(iso)).find((p) => p.type === 'timeZoneName')!.value;
    const m = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(part)!;
    return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  };
  return Math.min(offsetAt('2025-01-15T12:00:00Z'), offsetAt('2025-07-15T12:00:00Z'));
}

describe('timezones', () => {
  it('id 103 is (UTC+08:00) Taipei, the default', () => {
    const tz = timezoneById(103)!;
    expect(DEFAULT_TIMEZONE_ID).toBe(103);
    expect(tz.zone).toBe('Asia/Taipei');
    expect(tz.offset).toBe(480);
    expect(tz.names).toEqual({ zh_TW: '(UTC+08:00) 台北', zh_CN: '(UTC+08:00) 台北', en: '(UTC+08:00) Taipei' });
  });

  it('ids are unique, from 100, and unknown ids give undefined', () => {
    const ids = TIMEZONES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Math.min(...ids)).toBe(100);
    expect(timezoneById(99)).toBeUndefined();
    expect(timezoneById(null)).toBeUndefined();
  });

  it('spans UTC-12 to UTC+14 in offset order', () => {
    expect(TIMEZONES[0].offset).toBe(-720);
    expect(TIMEZONES[TIMEZONES.length - 1].offset).toBe(840);
    for (let i = 1; i < TIMEZONES.length; i++) expect(TIMEZONES[i].offset).toBeGreaterThanOrEqual(TIMEZONES[i - 1].offset);
  });

  it('each offset is the zone standard offset and every name carries it', () => {
    for (const tz of TIMEZONES) {
      expect(standardOffset(tz.zone), tz.zone).toBe(tz.offset);
      for (const name of Object.values(tz.names)) expect(name.startsWith(`${formatUtcOffset(tz.offset)} `)).toBe(true);
    }
  });

  it('formats offsets', () => {
    expect(formatUtcOffset(-570)).toBe('(UTC-09:30)');
    expect(formatUtcOffset(0)).toBe('(UTC+00:00)');
    expect(formatUtcOffset(345)).toBe('(UTC+05:45)');
  });
});

describe('dial codes', () => {
  const list = buildDialCodes();

  it('starts with the priority countries TW, CN, SG, US in that order', () => {
    expect(list.slice(0, 4).map((d) => d.countryCode)).toEqual(['TW', 'CN', 'SG', 'US']);
    expect(list[0]).toMatchObject({ code: '886', countryCode: 'TW' });
    expect(list.find((d) => d.countryCode === 'CN')!.code).toBe('86');
  });

  it('names countries per language', () => {
    const tw = list[0];
    expect(tw.names.en).toBe('Taiwan');
    expect(tw.names.zh_TW).toBe('台灣');
    expect(tw.names.zh_CN).toBe('台湾');
  });

  it('has one entry per country', () => {
    const codes = list.map((d) => d.countryCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(200);
  });

  it('sorts the rest by localized name', () => {
    const en = buildDialCodes('en').slice(4).map((d) => d.names.en);
    expect(en).toEqual([...en].sort(new Intl.Collator('en').compare));
  });

  it('sortByCountryPriority keeps the priority order (CN-91 included) and sorts the rest', () => {
    const items = ['JP', 'US', 'AF', 'CN-91', 'SG', 'CN', 'TW', 'DE'].map((countryCode) => ({ countryCode }));
    expect(sortByCountryPriority(items).map((i) => i.countryCode)).toEqual(['TW', 'CN', 'CN-91', 'SG', 'US', 'AF', 'DE', 'JP']);
    expect(items[0].countryCode).toBe('JP');
  });

  it('sortByCountryPriority uses names in the chosen language', () => {
    const items = [
      { countryCode: 'DE', names: { en: 'Germany', zh_TW: '德國' } },
      { countryCode: 'AT', names: { en: 'Austria', zh_TW: '奧地利' } },
      { countryCode: 'XX', names: { en: 'Zed' } },
    ];
    expect(sortByCountryPriority(items, 'en').map((i) => i.countryCode)).toEqual(['AT', 'DE', 'XX']);
  });
});

describe('locations', () => {
  it('countries are top-level, named by ISO code, with stable ids', () => {
    const locations = buildLocations();
    const tw = locations.find((l) => l.name === 'TW')!;
    expect(tw).toMatchObject({ id: countryLocationId('TW'), parentId: null });
    expect(tw.names.en).toBe('Taiwan');
    expect(countryLocationId('AA')).toBe(1);
    expect(countryLocationId('ZZ')).toBe(676);
    const ids = locations.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(locations.every((l) => l.parentId === null && /^[A-Z]{2}$/.test(l.name))).toBe(true);
  });
});

describe('currencies', () => {
  it('lists the main currencies with names in every language', () => {
    for (const code of ['TWD', 'CNY', 'HKD', 'USD', 'JPY', 'SGD', 'MYR', 'EUR']) expect(currencyByCode(code), code).toBeDefined();
    expect(currencyByCode('twd')!.names.zh_TW).toBe('新臺幣');
    expect(currencyByCode('XYZ')).toBeUndefined();
    for (const c of CURRENCIES) expect(Object.keys(c.names).sort()).toEqual(['en', 'zh_CN', 'zh_TW']);
  });
});

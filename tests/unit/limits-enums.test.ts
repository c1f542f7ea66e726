import { describe, it, expect } from 'vitest';
import { shouldSuggestPasswordChange, addCalendarMonthsUtc, PAGE_SIZE, JOB_POLL_MS, EXPORT_AMOUNT_POLL_MS, PHONE_MAX_DIGITS } from '../../src/domain/limits';
import {
  ENUMS, HomeDialogMode, JobCategory, ReportExportStatus, GameType, enumKeyOf, splitFlags, isEnumName, FLAG_ENUMS,
} from '../../src/domain/enums';

describe('shouldSuggestPasswordChange', () => {
  const now = new Date('2025-09-15T10:00:00Z');

  it('suggests once the change is more than six calendar months old', () => {
    expect(shouldSuggestPasswordChange('2025-03-15T09:59:59Z', now)).toBe(true);
    expect(shouldSuggestPasswordChange('2024-01-01T00:00:00Z', now)).toBe(true);
  });

  it('does not suggest within six calendar months', () => {
    expect(shouldSuggestPasswordChange('2025-03-15T10:00:00Z', now)).toBe(false);
    expect(shouldSuggestPasswordChange('2025-03-16T00:00:00Z', now)).toBe(false);
    expect(shouldSuggestPasswordChange('2025-09-01T00:00:00Z', now)).toBe(false);
  });

  it('clamps to month end (Aug 31 + 6 months = end of February)', () => {
    expect(addCalendarMonthsUtc(new Date('2024-08-31T00:00:00Z'), 6).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(shouldSuggestPasswordChange('2024-08-31T00:00:00Z', new Date('2025-02-28T00:00:00Z'))).toBe(false);
    expect(shouldSuggestPasswordChange('2024-08-31T00:00:00Z', new Date('2025-02-28T00:00:01Z'))).toBe(true);
  });

  it('gives false for an unparsable date', () => {
    expect(shouldSuggestPasswordChange('not a date', now)).toBe(false);
  });
});

describe('limits', () => {
  it('holds the constants of SPEC.md section 9', () => {
    expect([PAGE_SIZE, JOB_POLL_MS, EXPORT_AMOUNT_POLL_MS, PHONE_MAX_DIGITS]).toEqual([10, 2000, 30000, 15]);
  });
});

describe('enums', () => {
  it('registry holds every enumeration by its own name', () => {
    expect(ENUMS.HomeDialogMode).toBe(HomeDialogMode);
    expect(ENUMS.JobCategory).toBe(JobCategory);
    expect(Object.keys(ENUMS).length).toBeGreaterThanOrEqual(60);
    expect(isEnumName('RoleType')).toBe(true);
    expect(isEnumName('toString')).toBe(false);
    for (const name of FLAG_ENUMS) expect(isEnumName(name)).toBe(true);
  });

  it('keeps the SPEC values', () => {
    expect(HomeDialogMode).toEqual({
      None: 0, ViewProfile: 1, EditProfile: 2, Logout: 3, ChangeDefaultPassword: 4, SuggestPasswordChange: 5, EditPassword: 6,
    });
    expect(ReportExportStatus).toEqual({ Preparing: 1, Processing: 2, Completed: 3, Error: 4 });
    expect(JobCategory.ExportCodeInfos).toBe(14);
    expect(JobCategory.CustomerExportPrizeWinners).toBe(18);
    expect(JobCategory.Test).toBe(999);
    expect(GameType.Baseball).toBe(9);
    expect(ENUMS.MemberRequiredInfo.DiscountCode).toBe(128);
    expect(ENUMS.EventsPageFunction.EventQualification).toBe(64);
    expect(ENUMS.RedemptionFieldType.Address).toBe(9);
  });

  it('enumKeyOf and splitFlags', () => {
    expect(enumKeyOf('RoleType', 2)).toBe('General');
    expect(enumKeyOf('RoleType', 9)).toBeUndefined();
    expect(splitFlags('ClientFunction', 5)).toEqual([1, 4]);
    expect(splitFlags('MemberRequiredInfo', 0)).toEqual([]);
  });
});

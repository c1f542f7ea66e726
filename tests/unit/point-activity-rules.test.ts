/**
 * The rules of point activities (src/domain/activity/pointActivity.ts) and the declaration's form
 * that carries them (the same validator the browser and the server run): status, defaults,
 * catalogue codes of the field errors, 7401's conflict, the draw, points and expiry.
 */
import { describe, expect, it } from 'vitest';
import {
  activityPointsExpireAt, addDays, conflicts, drawRule, enterAllowed, pointActivityCode, pointActivityDefaults, pointActivityStatus,
  probabilityTotal, rulePoints,
} from '../../src/domain/activity/pointActivity';
import { declaration, editForm, resolveForm } from '../../src/domain/declarations';
import { PointActivityStatus } from '../../src/domain/enums';
import { validateBody } from '../../src/domain/validation/index';

const decl = declaration('activity.point-activity');
const check = (body: Record<string, unknown>) => {
  const r = validateBody(resolveForm(decl.form!), body);
  return r.ok ? {} : r.errors;
};
const base = {
  name: 'A', enable: true, enterLimitHours: 0, timezoneId: 103, from: '2026-03-01', to: '2026-03-31', expiryType: 1, expiryDate: '2026-09-01',
  icon: 1, qualificationType: 1, qualificationProducts: [5], rewardRules: [{ type: 2, value: 10, probability: 50 }],
};

describe('point activity rules', () => {
  it('status: Disabled when off, else Published / Ongoing / Ended by the calendar dates in the zone', () => {
    const a = { enable: true, from: '2026-03-01', to: '2026-03-31', timezoneId: 103 };
    // Zone 103 is UTC+8: 2026-03-01 starts at 2026-02-28T16:00Z.
    expect(pointActivityStatus(a, new Date('2026-02-28T15:59:59Z'))).toBe(PointActivityStatus.Published);
    expect(pointActivityStatus(a, new Date('2026-02-28T16:00:00Z'))).toBe(PointActivityStatus.Ongoing);
    expect(pointActivityStatus(a, new Date('2026-03-31T15:59:59Z'))).toBe(PointActivityStatus.Ongoing);
    expect(pointActivityStatus(a, new Date('2026-03-31T16:00:00Z'))).toBe(PointActivityStatus.Ended);
    expect(pointActivityStatus({ ...a, enable: false }, new Date('2026-03-10T00:00:00Z'))).toBe(PointActivityStatus.Disabled);
  });

  it('defaults of SPEC 4: enabled, expiry type 1 in 180 days, qualification 1, icon 1, dates today', () => {
    expect(pointActivityDefaults('2026-01-10')).toMatchObject({ enable: true, expiryType: 1, expiryDate: '2026-07-09', qualificationType: 1, icon: 1, from: '2026-01-10', to: '2026-01-10' });
  });

  it('the form holds: at most 10 rules (7402), probabilities at most 100 (7403), expiry date / days (7404 / 7405), products or packages (7406)', () => {
    expect(check(base)).toEqual({});
    const eleven = check({ ...base, rewardRules: Array.from({ length: 11 }, () => ({ type: 2, value: 1, probability: 1 })) });
    expect(pointActivityCode(eleven)).toBe(7402);
    const over = check({ ...base, rewardRules: [{ type: 2, value: 1, probability: 70 }, { type: 2, value: 2, probability: 30.01 }] });
    expect(over.rewardRules).toEqual({ key: 'probabilityOver100' });
    expect(pointActivityCode(over)).toBe(7403);
    expect(check({ ...base, rewardRules: [{ type: 2, value: 1, probability: 66.67 }, { type: 2, value: 2, probability: 33.33 }] })).toEqual({});
    expect(pointActivityCode(check({ ...base, expiryDate: undefined }))).toBe(7404);
    expect(pointActivityCode(check({ ...base, expiryType: 2, expiryDate: undefined }))).toBe(7405);
    expect(pointActivityCode(check({ ...base, qualificationProducts: [] }))).toBe(7406);
    expect(pointActivityCode(check({ ...base, qualificationType: 3, qualificationProducts: undefined }))).toBe(7406);
    expect(pointActivityCode(check({ ...base, qualificationType: 2, qualificationOrders: [{ productId: 1, packageIds: [] }] }))).toBe(7406);
    const dup = check({ ...base, qualificationType: 2, qualificationOrders: [{ productId: 1, packageIds: [2] }, { productId: 1, packageIds: [3] }] });
    expect(dup.qualificationOrders).toEqual({ key: 'uniqueItems' });
    expect(pointActivityCode(dup)).toBe(1);
    expect(pointActivityCode(check({ ...base, to: '2026-02-01' }))).toBe(1);
    // The edit form is the same rules.
    expect(validateBody(editForm(decl.form!), { ...base, rewardRules: [] }).ok).toBe(false);
  });

  it('7401 conflict: both enabled, periods overlapping, the same type sharing an id', () => {
    const a = { ...base, qualificationProducts: [1, 2] };
    expect(conflicts(a, { ...base, from: '2026-03-31', to: '2026-04-10', qualificationProducts: [2] })).toBe(true);
    expect(conflicts(a, { ...base, from: '2026-04-01', to: '2026-04-10', qualificationProducts: [2] })).toBe(false);
    expect(conflicts(a, { ...base, qualificationProducts: [3] })).toBe(false);
    expect(conflicts(a, { ...base, enable: false, qualificationProducts: [1] })).toBe(false);
    const orders = { ...base, qualificationType: 2, qualificationOrders: [{ productId: 1, packageIds: [10, 11] }] };
    expect(conflicts(orders, { ...orders, qualificationOrders: [{ productId: 9, packageIds: [11] }] })).toBe(true);
    expect(conflicts(orders, { ...base, qualificationProducts: [1] })).toBe(false);
  });

  it('draw: a roll in [0, 10000) falls in the rules by their hundredths, the rest is nothing', () => {
    const rules = [{ type: 2, value: 1, probability: 12.5 }, { type: 2, value: 2, probability: 37.5 }];
    expect(probabilityTotal(rules)).toBe(50);
    expect(drawRule(rules, 0)).toBe(rules[0]);
    expect(drawRule(rules, 1249)).toBe(rules[0]);
    expect(drawRule(rules, 1250)).toBe(rules[1]);
    expect(drawRule(rules, 4999)).toBe(rules[1]);
    expect(drawRule(rules, 5000)).toBeNull();
    expect(drawRule([{ probability: 100 }], 9999)).not.toBeNull();
  });

  it('points: whole points of the percentage of the marketing price, or the constant', () => {
    expect(rulePoints({ type: 1, value: 10 }, 250)).toBe(25);
    expect(rulePoints({ type: 1, value: 12.5 }, 99.99)).toBe(12);
    expect(rulePoints({ type: 1, value: 10 }, null)).toBe(0);
    expect(rulePoints({ type: 2, value: 7 }, null)).toBe(7);
  });

  it('expiry: the end of the date in the zone, or of the N-th day after the scan\'s day', () => {
    const zone = { timezoneId: 103 };
    expect(activityPointsExpireAt({ ...zone, expiryType: 1, expiryDate: '2026-09-01' }, new Date('2026-03-05T00:00:00Z'))?.toISOString()).toBe('2026-09-01T16:00:00.000Z');
    // 2026-03-05T20:00Z is 2026-03-06 04:00 in UTC+8: 10 days from tomorrow end with 2026-03-16.
    expect(activityPointsExpireAt({ ...zone, expiryType: 2, expiryDays: 10 }, new Date('2026-03-05T20:00:00Z'))?.toISOString()).toBe('2026-03-16T16:00:00.000Z');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('enterLimitHours: at most one earning in that many hours; 0 is no limit', () => {
    const last = new Date('2026-03-05T00:00:00Z');
    expect(enterAllowed(24, last, new Date('2026-03-05T23:59:59Z'))).toBe(false);
    expect(enterAllowed(24, last, new Date('2026-03-06T00:00:00Z'))).toBe(true);
    expect(enterAllowed(0, last, last)).toBe(true);
    expect(enterAllowed(24, null, last)).toBe(true);
  });
});

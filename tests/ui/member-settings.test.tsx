/**
 * The member settings form (issue 14) over a faked /v1, and the rules it shares with the server
 * (src/domain/member/settings.ts):
 *  - add mode before the first save: the declared defaults (two tiers), pointLarger on the
 *    thresholds shown on the field and nothing posted, then a POST without id;
 *  - view mode once saved: read-only with Edit; Edit, Cancel, and a save going back to view
 *    with the id posted;
 *  - the shared rules: 7102 / 7103 / 7104, the tier of a balance, the reward rule a scan earns
 *    by, when earned points expire, the required profile fields.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { ErrorCode } from '../../src/domain/errors';
import {
  memberSettingFault, missingProfileFields, pointsExpireAt, scanRewardRule, tierOf,
} from '../../src/domain/member/settings';
import { FormView } from '../../src/engine/crud/FormScreen';
import { sessionStore } from '../../src/engine/session/store';
import { config, fakeFetch, signedIn, withProviders } from './harness';

const decl = declaration('member.setting')!;
const POINT_LARGER = "Each level's point threshold must be greater than the previous level's.";

const SAVED = {
  id: 42, requiredInfo: 3, pointCalculationType: 2, loginPlatforms: [1],
  tiers: [{ name: 'Silver', points: 0 }, { name: 'Gold', points: 100 }],
  rewardRules: [{ name: 'Every scan', earnType: 1, brandProductIds: [], points: 10, memoType: 2, memo: '' }],
  createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
};
const NONE = Object.fromEntries(Object.keys(SAVED).map((k) => [k, null]));

function stub(initial: Record<string, unknown>) {
  let record = initial;
  return fakeFetch((method, full, init) => {
    const p = full.split('?')[0];
    if (p.startsWith('Config/')) return { status: 200, body: config() };
    if (method === 'GET' && p === 'member') return { status: 200, body: record };
    if (method === 'POST' && p === 'member') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      record = { ...SAVED, ...body, id: 42 };
      return { status: body.id ? 200 : 201, body: record };
    }
    if (method === 'GET') return { status: 200, body: [] };
    return undefined;
  });
}

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
  localStorage.clear();
});

describe('member settings form', () => {
  it('adds: starts from two tiers, shows pointLarger on the field, posts without id once fixed', async () => {
    signedIn(null, { tenantCode: 'club', tenantType: 2 });
    const { calls } = stub(NONE);
    withProviders(<FormView decl={decl} />);
    const form = await screen.findByTestId('form-member.setting');
    await waitFor(() => expect(form).toHaveAttribute('data-mode', 'add'));
    await waitFor(() => expect(input('tiers.1.points')).toBeTruthy());
    expect(input('tiers.0.points').value).toBe('0');
    fireEvent.change(input('tiers.0.name'), { target: { value: 'Silver' } });
    fireEvent.change(input('tiers.1.name'), { target: { value: 'Gold' } });
    fireEvent.change(input('tiers.1.points'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('form-save'));
    expect(await screen.findByText(POINT_LARGER)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(input('tiers.1.points'), { target: { value: '100' } });
    const modal = screen.queryByTestId('alert-modal');
    if (modal) fireEvent.click(within(modal).getByTestId('modal-confirm'));
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.method === 'POST')!.body!) as Record<string, unknown>;
    expect(body).not.toHaveProperty('id');
    expect(body).toMatchObject({ requiredInfo: 1, pointCalculationType: 1, tiers: [{ name: 'Silver', points: 0 }, { name: 'Gold', points: 100 }] });
    await waitFor(() => expect(form).toHaveAttribute('data-mode', 'view'));
  });

  it('views a saved record read-only; Edit, Cancel, and a save back to view with the id', async () => {
    signedIn(null, { tenantCode: 'club', tenantType: 2 });
    const { calls } = stub(SAVED);
    withProviders(<FormView decl={decl} />);
    const form = await screen.findByTestId('form-member.setting');
    await waitFor(() => expect(form).toHaveAttribute('data-mode', 'view'));
    await waitFor(() => expect(input('tiers.1.name').value).toBe('Gold'));
    expect(input('tiers.1.name')).toBeDisabled();
    expect(screen.queryByTestId('form-save')).toBeNull();
    fireEvent.click(screen.getByTestId('form-edit'));
    expect(form).toHaveAttribute('data-mode', 'edit');
    expect(input('tiers.1.name')).not.toBeDisabled();
    fireEvent.change(input('tiers.1.name'), { target: { value: 'Platinum' } });
    fireEvent.click(screen.getByTestId('form-cancel'));
    expect(form).toHaveAttribute('data-mode', 'view');
    await waitFor(() => expect(input('tiers.1.name').value).toBe('Gold'));
    fireEvent.click(screen.getByTestId('form-edit'));
    fireEvent.change(input('tiers.1.points'), { target: { value: '250' } });
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.method === 'POST')!.body!) as Record<string, unknown>;
    expect(body).toMatchObject({ id: 42, tiers: [{ name: 'Silver', points: 0 }, { name: 'Gold', points: 250 }] });
    await waitFor(() => expect(form).toHaveAttribute('data-mode', 'view'));
  });
});

describe('member setting rules (shared with the server)', () => {
  const tiers = [{ name: 'A', points: 0 }, { name: 'B', points: 10 }];
  it('answers the catalogue codes 7102, 7103, 7104', () => {
    expect(memberSettingFault({ tiers }, null)).toBeNull();
    expect(memberSettingFault({ tiers: [tiers[0]] }, null)).toBe(ErrorCode.MemberTierCount);
    expect(memberSettingFault({ tiers: Array.from({ length: 11 }, (_, i) => ({ name: `T${i}`, points: i })) }, null)).toBe(ErrorCode.MemberTierCount);
    expect(memberSettingFault({ tiers, loginPlatforms: [1, 2, 3, 4] }, null)).toBeNull();
    expect(memberSettingFault({ tiers, loginPlatforms: [1, 2, 3, 4, 1] }, null)).toBe(ErrorCode.LoginPlatformLimit);
    expect(memberSettingFault({ tiers, loginPlatforms: [3, 3] }, null)).toBe(ErrorCode.LoginPlatformLimit);
    expect(memberSettingFault({ tiers: [] }, { tiers })).toBe(ErrorCode.TierCannotBeDisabled);
    expect(memberSettingFault({}, null)).toBe(ErrorCode.MemberTierCount);
  });

  it('finds the tier of a balance, the rule of a scan, the expiry, the missing profile fields', () => {
    expect(tierOf(tiers, 0)).toEqual({ index: 0, name: 'A' });
    expect(tierOf(tiers, 10)).toEqual({ index: 1, name: 'B' });
    expect(tierOf([{ name: 'X', points: 5 }, { name: 'Y', points: 9 }], 4)).toBeNull();
    const rules = [
      { name: 'All', earnType: 1, points: 5, memoType: 2 },
      { name: 'Tea', earnType: 1, points: 20, memoType: 1, memo: 'Tea bonus', brandProductIds: [7] },
      { name: 'Other', earnType: 3, points: 99, memoType: 2 },
    ];
    expect(scanRewardRule(rules, 7)?.name).toBe('Tea');
    expect(scanRewardRule(rules, 8)?.name).toBe('All');
    expect(scanRewardRule(rules, null)?.name).toBe('All');
    expect(scanRewardRule([rules[1]], 8)).toBeNull();
    const at = new Date('2026-02-28T10:00:00.000Z');
    expect(pointsExpireAt(1, at)).toBeNull();
    expect(pointsExpireAt(2, at)?.toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(pointsExpireAt(3, at)?.toISOString()).toBe('2028-02-28T10:00:00.000Z');
    expect(missingProfileFields(1 | 2 | 16, { name: 'Mei', email: '' })).toEqual(['email']);
    expect(missingProfileFields(1, {})).toEqual([]);
  });
});

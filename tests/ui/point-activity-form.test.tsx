/**
 * The point activity config page (src/schemas/activity/point-activity.json, crud `formPage`) over
 * a faked /v1: the page without mode and id goes to the list; add mode starts from SPEC 4's
 * defaults (enabled, expiry type 1 in 180 days, qualification 1, icon 1, dates today); the
 * reward rules stop at 10 (no add button), an eleventh cannot be sent; a save posts the body
 * and goes back to the list; a view of a record shows it read-only with Edit.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, pointActivityDefaults } from '../../src/domain/activity/pointActivity';
import { localDatePlus } from '../../src/engine/crud/schemaForm';
import { sessionStore } from '../../src/engine/session/store';
import '../../src/app/registerAll';
import { config, fakeFetch, menuOf, renderApp, signedIn } from './harness';

const today = localDatePlus(0);
const slash = (d: string) => d.replace(/-/g, '/');
const SAVED = {
  id: 7, name: 'Spring', enable: true, enterLimitHours: 0, timezoneId: 103, from: today, to: addDays(today, 10), image: null, expiryType: 1,
  expiryDate: addDays(today, 180), expiryDays: null, description: null, qualification: null, notice: null, icon: 2, qualificationType: 1,
  qualificationProducts: [11], qualificationOrders: [], qualificationShipments: [], rewardRules: [{ type: 2, value: 5, probability: 50 }],
  status: 2, products: ['Tea'], timezoneNames: { en: '(UTC+08:00) Taipei' }, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
};

function stub() {
  return fakeFetch((method, full, init) => {
    const p = full.split('?')[0];
    if (p.startsWith('Config/')) return { status: 200, body: config() };
    if (method === 'GET' && p === 'member/point-activity') return { status: 200, body: { items: [SAVED], total: 1 } };
    if (method === 'GET' && p === 'member/point-activity/7') return { status: 200, body: SAVED };
    if (method === 'GET' && p === 'member/point-activity/product') return { status: 200, body: [{ value: 11, label: 'Tea' }, { value: 12, label: 'Coffee' }] };
    if (method === 'POST' && p === 'member/point-activity') return { status: 201, body: { ...SAVED, ...JSON.parse(String(init.body)), id: 8 } };
    if (method === 'GET') return { status: 200, body: [] };
    return undefined;
  });
}

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement | null;
const addRule = () => document.querySelector('[data-testid="array-add-rewardRules"]') as HTMLButtonElement | null;

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
  localStorage.clear();
});

describe('point activity config page', () => {
  it('goes to the list without mode and id', async () => {
    signedIn(menuOf([48, 50]), { tenantType: 2 });
    stub();
    const { router } = renderApp('/activity/point-activity/config?lang=en');
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity/point-activity'));
    expect(await screen.findByText('Spring')).toBeInTheDocument();
  });

  it('adds from the defaults of SPEC 4, stops the rules at 10, posts and goes back', async () => {
    signedIn(menuOf([48, 50]), { tenantType: 2 });
    const { calls } = stub();
    const { router } = renderApp('/activity/point-activity/config?mode=add');
    await waitFor(() => expect(input('name')).toBeTruthy(), { timeout: 45000 });
    await waitFor(() => expect(input('name')).toBeTruthy());
    const defaults = pointActivityDefaults(today);
    expect(input('from')!.value).toBe(slash(defaults.from!));
    expect(input('to')!.value).toBe(slash(defaults.to!));
    expect(input('expiryDate')!.value).toBe(slash(defaults.expiryDate!));
    expect(input('enable')!.checked).toBe(true);
    expect((document.querySelector('input[name="icon"][value="1"], input[name="icon"]:checked') as HTMLInputElement).checked).toBe(true);
    expect((document.querySelector('input[name="expiryType"]:checked') as HTMLInputElement).value).toMatch(/^(1|0)$/);
    expect((document.querySelector('input[name="qualificationType"]:checked') as HTMLInputElement)).toBeTruthy();
    expect(input('expiryDays')?.type ?? 'hidden').toBe('hidden');

    for (let i = 0; i < 10; i++) {
      const add = addRule();
      expect(add, `add button before rule ${i + 1}`).toBeTruthy();
      fireEvent.click(add!);
      await waitFor(() => expect(input(`rewardRules.${i}.value`)).toBeTruthy());
    }
    expect(addRule()).toBeNull();
    for (let i = 0; i < 10; i++) {
      // The second choice of the rule type: Constant (2).
      fireEvent.click(document.querySelectorAll<HTMLInputElement>(`input[name="rewardRules.${i}.type"]`)[1]);
      fireEvent.change(input(`rewardRules.${i}.value`)!, { target: { value: String(i + 1) } });
      fireEvent.change(input(`rewardRules.${i}.probability`)!, { target: { value: '10' } });
    }
    fireEvent.change(input('name')!, { target: { value: 'Ten rules' } });
    // The qualification's products: the multiSelect's input.
    const products = document.querySelector('[data-field="qualificationProducts"] input, input[name="qualificationProducts"]') as HTMLInputElement;
    fireEvent.mouseDown(products);
    fireEvent.click(await screen.findByRole('option', { name: 'Tea' }));
    fireEvent.click(screen.getByTestId('crud-form-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.method === 'POST')!.body!) as Record<string, any>;
    expect(body).toMatchObject({ name: 'Ten rules', enable: true, expiryType: 1, expiryDate: defaults.expiryDate, qualificationType: 1, icon: 1, from: today, to: today, qualificationProducts: [11] });
    expect(body.rewardRules).toHaveLength(10);
    expect(body.rewardRules[9]).toEqual({ type: 2, value: 10, probability: 10 });
    expect(body).not.toHaveProperty('id');
    await waitFor(() => expect(router.state.location.pathname).toBe('/activity/point-activity'));
  }, 120_000);

  it('views a record read-only with Edit; Edit then Cancel returns to view', async () => {
    signedIn(menuOf([48, 50]), { tenantType: 2 });
    stub();
    const { router } = renderApp('/activity/point-activity/config?mode=view&id=7');
    await waitFor(() => expect(input('name')?.value).toBe('Spring'));
    expect(input('name')!.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('crud-form-edit'));
    await waitFor(() => expect(router.state.location.search).toContain('mode=edit'));
    await waitFor(() => expect(input('name')!.disabled).toBe(false));
    fireEvent.click(screen.getByTestId('crud-form-cancel'));
    await waitFor(() => expect(router.state.location.search).toContain('mode=view'));
  });
});

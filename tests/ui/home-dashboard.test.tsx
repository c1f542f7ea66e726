/**
 * The home dashboard (GET Home/dashboard): a card per part the server answered, the period's
 * totals, the suspicious codes, and nothing (no Fail modal) when the call fails.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import HomeDashboard from '../../src/engine/pages/HomeDashboard';
import { fakeFetch, withProviders } from './harness';

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

describe('the home dashboard', () => {
  it('shows the parts answered with their totals and the suspicious codes, asking for the user\'s zone', async () => {
    const { calls } = fakeFetch((method, path) => (method === 'GET' && path.startsWith('Home/dashboard') ? {
      status: 200,
      body: {
        days: 30, since: new Date().toISOString(),
        scans: [{ day: day(1), values: { consumer: 12, app: 3 } }, { day: day(0), values: { consumer: 2, app: 0 } }],
        suspicious: { overScanned: [{ code: 'TEA0001', scans: 12, safeScanCount: 10, lastScanAt: new Date().toISOString() }], farApart: [{ code: 'TEA0002', km: 2100, lastScanAt: new Date().toISOString() }] },
        logistics: [{ day: day(2), values: { stocked: 40, shipped: 10 } }],
      },
    } : undefined));
    withProviders(<HomeDashboard />, 'en');
    const scans = await screen.findByTestId('dashboard-scans');
    expect(within(scans).getByTestId('dashboard-scans-consumer')).toHaveTextContent('Shoppers 14');
    expect(within(scans).getByTestId('dashboard-scans-app')).toHaveTextContent('App 3');
    const suspicious = screen.getByTestId('dashboard-suspicious');
    expect(suspicious).toHaveTextContent('TEA0001');
    expect(suspicious).toHaveTextContent('12 scans (safe 10)');
    expect(suspicious).toHaveTextContent('2,100 km apart');
    expect(screen.getByTestId('dashboard-logistics-stocked')).toHaveTextContent('Stocked in 40');
    expect(screen.queryByTestId('dashboard-codes')).toBeNull();
    const query = new URLSearchParams(calls.find((c) => c.path.startsWith('Home/dashboard'))!.path.split('?')[1]);
    expect(query.get('days')).toBe('30');
    expect(query.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('shows nothing when the user holds none of its functions, or when the call fails', async () => {
    fakeFetch((_method, path) => (path.startsWith('Home/dashboard') ? { status: 200, body: { days: 30, since: '' } } : undefined));
    const { unmount } = withProviders(<HomeDashboard />, 'en');
    await waitFor(() => expect(screen.queryByTestId('dashboard-loading')).toBeNull());
    expect(screen.queryByTestId('dashboard')).toBeNull();
    unmount();
    fakeFetch(() => ({ status: 500, body: { code: 9999, message: 'down' } }));
    withProviders(<HomeDashboard />, 'en');
    await waitFor(() => expect(screen.queryByTestId('dashboard-loading')).toBeNull());
    expect(screen.queryByTestId('dashboard')).toBeNull();
    expect(screen.queryByTestId('fail-modal')).toBeNull();
  });
});

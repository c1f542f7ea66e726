/**
 * The lottery result-download dialog offers the products of GET Report/SMYproductName (SPEC 7)
 * as a filter, and the export it queues carries the chosen product (only that product's records).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportDialog } from '../../src/panes/lottery/ReportDialog';
import { config, fakeFetch, withProviders } from './harness';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

describe('lottery result-download dialog', () => {
  it('offers the product names and sends the chosen product with the export', async () => {
    const { calls } = fakeFetch((method, full) => {
      const path = full.split('?')[0];
      if (path.startsWith('Config/')) return { status: 200, body: config() };
      if (method === 'GET' && path === 'Report/SMYproductName') return { status: 200, body: [{ id: 4, name: 'Oolong tea' }, { id: 9, name: 'Green tea' }] };
      if (method === 'POST' && path === 'marketing/lottery-activity/report') return { status: 201, body: { id: 77 } };
      return undefined;
    });
    withProviders(<ReportDialog activity={{ id: 5, name: 'Spring draw', timezoneId: 103 }} onClose={() => {}} />, 'en');
    const dialog = await screen.findByTestId('lottery-report-dialog');
    const select = within(dialog).getByRole('combobox', { name: 'Product' });
    expect(select).toHaveTextContent('All products');
    fireEvent.mouseDown(select);
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['All products', 'Oolong tea', 'Green tea']));
    fireEvent.click(within(listbox).getByRole('option', { name: 'Green tea' }));
    await waitFor(() => expect(select).toHaveTextContent('Green tea'));
    fireEvent.click(within(dialog).getByTestId('lottery-report-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === 'marketing/lottery-activity/report')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST' && c.path === 'marketing/lottery-activity/report')!;
    expect(JSON.parse(sent.body!)).toMatchObject({ activityId: 5, productId: 9, language: 'en' });
    expect(calls.find((c) => c.path.startsWith('Report/SMYproductName'))!.path).toContain('lang=en');
  });
});

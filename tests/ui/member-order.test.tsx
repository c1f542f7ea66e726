/**
 * Member > orders (menu 40): the order's items and history show as read-only tables in the
 * view dialog; the toolbar CSV import posts the chosen file, says so and reloads the list, and a
 * refusal lists every bad line with its reason in the shared modal.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { config, fakeFetch, signedIn, withProviders } from './harness';

vi.setConfig({ testTimeout: 90_000 });

const DECL = declaration('member.order');
const AT = '2025-01-15T02:30:00.000Z';
const row = {
  id: 7, orderNo: 'M250115-K7H3QX', status: 2, points: 600, memberId: 3, memberPhone: '+886 912345678', memberName: 'Lin',
  productSummary: 'Mug x2', recipient: { name: 'Lin', phone: '0912', address: 'Taipei' }, note: null, createdAt: AT, updatedAt: AT,
};
const detail = {
  ...row,
  items: [{ pointProductId: 1, productId: 2, productName: 'Mug', productNames: { zh_TW: '馬克杯', en: 'Mug' }, quantity: 2, points: 300 }],
  history: [{ at: AT, status: 1, account: '+886 912345678' }, { at: '2025-01-16T02:30:00.000Z', status: 2, account: 'amy' }],
};

function setup(batch: (init: RequestInit) => { status: number; body?: unknown }) {
  const calls: string[] = [];
  fakeFetch((method, full, init) => {
    const path = full.split('?')[0];
    if (path.startsWith('Config/tenant')) return { status: 200, body: config() };
    if (method === 'GET' && path === 'member/order') { calls.push('list'); return { status: 200, body: { items: [row], total: 1 } }; }
    if (method === 'GET' && path === 'member/order/7') return { status: 200, body: detail };
    if (method === 'POST' && path === 'member/order/batch') { calls.push('batch'); return batch(init); }
    return undefined;
  });
  signedIn(null);
  withProviders(<CrudView decl={DECL} />, 'en');
  return calls;
}

const csvFile = () => new File(['orderNo,status\r\nM250115-K7H3QX,Shipped\r\n'], 'orders.csv', { type: 'text/csv' });

describe('member orders', () => {
  it('shows the items and the history as read-only tables', async () => {
    setup(() => ({ status: 200, body: {} }));
    await screen.findByText('M250115-K7H3QX', {}, { timeout: 30_000 });
    await act(async () => fireEvent.click(screen.getByTestId('row-view-7')));
    const dialog = await screen.findByTestId('crud-form', {}, { timeout: 45_000 });
    const items = await within(dialog).findByTestId('record-table-items', {}, { timeout: 30_000 });
    await waitFor(() => expect(items.textContent).toContain('Mug'));
    expect([...items.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['Mug', '2', '300']);
    const history = within(dialog).getByTestId('record-table-history');
    expect([...history.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].slice(1).map((c) => c.textContent))).toEqual([
      ['Created', '+886 912345678'],
      ['Stocking', 'amy'],
    ]);
    expect(items.querySelector('input')).toBeNull();
  });

  it('imports a CSV file: the notice and the list again', async () => {
    let sent: FormData | null = null;
    const calls = setup((init) => { sent = init.body as FormData; return { status: 200, body: { rows: 1, changed: 1, canceled: 0 } }; });
    await screen.findByText('M250115-K7H3QX', {}, { timeout: 30_000 });
    const lists = calls.filter((c) => c === 'list').length;
    await act(async () => fireEvent.change(screen.getByTestId('crud-import-file'), { target: { files: [csvFile()] } }));
    await waitFor(() => expect(calls).toContain('batch'));
    expect((sent as unknown as FormData).get('file')).toBeInstanceOf(File);
    expect(await screen.findByTestId('toast')).toHaveTextContent('Imported successfully');
    await waitFor(() => expect(calls.filter((c) => c === 'list').length).toBeGreaterThan(lists));
  });

  it('lists every bad line of a refused file', async () => {
    setup(() => ({
      status: 400,
      body: { code: 7303, message: 'Order number not found', data: { count: 2, errors: [{ line: 2, code: 7303, orderNo: 'M1' }, { line: 5, code: 7311, orderNo: 'M2', value: 'Lost' }] } },
    }));
    await screen.findByText('M250115-K7H3QX', {}, { timeout: 30_000 });
    await act(async () => fireEvent.change(screen.getByTestId('crud-import-file'), { target: { files: [csvFile()] } }));
    const message = await screen.findByTestId('app-modal-message', {}, { timeout: 30_000 });
    expect(message.textContent).toContain('2 lines need correcting');
    expect(message.textContent).toMatch(/Line 2 \(M1\): .+ \(7303\)/);
    expect(message.textContent).toMatch(/Line 5 \(M2\): .+ \(7311\)/);
  });
});

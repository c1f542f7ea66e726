/**
 * The draws of a lottery activity (the detail's records) page like every other list (SPEC 2
 * Tables): a DataGrid over one page of 10 asked from the server, and the crud engine's pager
 * (the total, first and last pages, a window of five), not MUI's "1-10 of 25" pager.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LotteryRecords } from '../../src/panes/lottery/LotteryRecords';
import { config, fakeFetch, withProviders } from './harness';

vi.setConfig({ testTimeout: 60_000 });
afterEach(() => vi.unstubAllGlobals());

const TOTAL = 25;
const record = (id: number) => ({
  id, code: `CODE${id}`, member: null, prize: id % 2 ? 'Tea' : null, won: id % 2 === 1, serial: null, answers: null, redeemedAt: null,
  createdAt: '2026-05-01T08:00:00.000Z',
});

function api() {
  return fakeFetch((_method, full) => {
    const [path, query = ''] = full.split('?');
    if (path.startsWith('Config/')) return { status: 200, body: config() };
    if (path !== 'marketing/lottery-activity/7/records') return undefined;
    const q = new URLSearchParams(query);
    const page = Number(q.get('page'));
    const size = Number(q.get('pageSize'));
    // Newest first: ids 25..1.
    const ids = Array.from({ length: TOTAL }, (_, i) => TOTAL - i).slice((page - 1) * size, page * size);
    return { status: 200, body: { total: TOTAL, items: ids.map(record) } };
  });
}

describe('lottery records', () => {
  it('pages with the crud pager, one page of 10 asked from the server at a time', async () => {
    const { calls } = api();
    withProviders(<LotteryRecords lotteryId={7} timezoneId={103} />, 'en');
    const records = await screen.findByTestId('lottery-records');
    expect(await within(records).findByTestId('lottery-record-25')).toHaveTextContent('CODE25');
    const pager = within(records).getByTestId('crud-pagination');
    expect(within(pager).getByTestId('crud-total')).toHaveTextContent('25');
    expect(within(pager).getByTestId('page-3')).toBeInTheDocument();
    expect(records.querySelector('.MuiTablePagination-root')).toBeNull();
    expect(records.querySelector('.MuiDataGrid-root')).not.toBeNull();

    fireEvent.click(within(pager).getByTestId('page-3'));
    expect(await within(records).findByTestId('lottery-record-5')).toHaveTextContent('CODE5');
    await waitFor(() => expect(within(records).queryByTestId('lottery-record-25')).toBeNull());
    const asked = calls.filter((c) => c.path.startsWith('marketing/lottery-activity/7/records')).map((c) => new URLSearchParams(c.path.split('?')[1]));
    expect(asked.map((q) => [q.get('page'), q.get('pageSize')])).toEqual([['1', '10'], ['3', '10']]);
  });
});

/**
 * Report > transaction log (menu 43): the view dialog of a change shows who, which function,
 * the action and each changed field once, labelled as its screen labels it (not its key), with
 * its value before and after in one compact table, read-only.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { config, fakeFetch, signedIn, withProviders } from './harness';

vi.setConfig({ testTimeout: 90_000 });

const DECL = declaration('report.transaction-log');
const AT = '2025-01-15T02:30:00.000Z';
const item = {
  id: 5, createdAt: AT, account: 'amy', resource: 'announcementCategory', resourceId: '12',
  functionId: 14, functionNames: { zh_TW: '公告管理', zh_CN: '公告管理', en: 'Announcements' }, action: 'update',
};
const detail = {
  ...item,
  before: { id: 12, names: { zh_TW: '維護' }, announcementCount: 1 },
  after: { id: 12, names: { zh_TW: '維護公告', en: 'Maintenance' }, announcementCount: 2 },
  changes: [
    { field: 'names', before: '{"zh_TW":"維護"}', after: '{"zh_TW":"維護公告","en":"Maintenance"}' },
    { field: 'announcementCount', before: '1', after: '2' },
  ],
};
const lotteryItem = { ...item, id: 6, resource: 'lottery', resourceId: '3', functionId: 49, functionNames: { zh_TW: '抽獎活動', zh_CN: '抽奖活动', en: 'Lottery activities' }, action: 'create' };
const lotteryDetail = {
  ...lotteryItem,
  before: null,
  after: { id: 3, name: 'Spring draw', qualificationProduct: [7] },
  changes: [{ field: 'id', before: '', after: '3' }, { field: 'name', before: '', after: 'Spring draw' }, { field: 'qualificationProduct', before: '', after: '[7]' }, { field: 'updatedAt', before: '', after: AT }],
};

function api() {
  fakeFetch((_method, full) => {
    const path = full.split('?')[0];
    if (path.startsWith('Config/tenant')) return { status: 200, body: config() };
    if (path === 'Report/transactionLog') return { status: 200, body: { items: [item, lotteryItem], total: 2 } };
    if (path === 'Report/transactionLog/5') return { status: 200, body: detail };
    if (path === 'Report/transactionLog/6') return { status: 200, body: lotteryDetail };
    if (path === 'Report/transactionLog/functions') return { status: 200, body: [{ value: 14, names: item.functionNames }, { value: 49, names: lotteryItem.functionNames }] };
    return undefined;
  });
}

const rowsOf = (dialog: HTMLElement) => [...dialog.querySelectorAll('[data-testid="change-row"]')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));

describe('transaction log view dialog', () => {
  it('shows each changed field once, by its label, in a before/after table, read-only', async () => {
    api();
    signedIn(null);
    withProviders(<CrudView decl={DECL} />, 'en');
    await screen.findAllByText('amy', {}, { timeout: 30_000 });
    expect(screen.getByText('Announcements')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByTestId('row-view-5')));
    const dialog = await screen.findByTestId('crud-form', {}, { timeout: 45_000 });
    await waitFor(() => expect(dialog.querySelector<HTMLInputElement>('input[name="account"]')).toHaveValue('amy'));
    const table = await within(dialog).findByTestId('change-table');
    expect([...table.querySelectorAll('th')].map((c) => c.textContent)).toEqual(['Field', 'Before', 'After']);
    // The labels of the announcement category form; names in the interface language.
    expect(rowsOf(dialog)).toEqual([
      ['Category name', '維護', 'Maintenance'],
      ['Announcements', '1', '2'],
    ]);
    // No card or text box per field.
    expect(dialog.querySelectorAll('textarea')).toHaveLength(0);
    // View only: nothing to add, remove or save.
    expect(dialog.querySelector('button[type="submit"]')).toBeNull();
    expect([...dialog.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('Add');
  });

  it('labels a lottery\'s fields as the lottery screen does; a create shows only the values after', async () => {
    api();
    signedIn(null);
    withProviders(<CrudView decl={DECL} />, 'zh_TW');
    await screen.findAllByText('amy', {}, { timeout: 30_000 });
    await act(async () => fireEvent.click(screen.getByTestId('row-view-6')));
    const dialog = await screen.findByTestId('crud-form', {}, { timeout: 45_000 });
    const table = await within(dialog).findByTestId('change-table');
    expect([...table.querySelectorAll('th')].map((c) => c.textContent)).toEqual(['欄位', '異動後']);
    // An instant in the user's zone (YYYY/MM/DD HH:mm), not its ISO text.
    await waitFor(() => expect(rowsOf(dialog)).toEqual([['編號', '3'], ['活動名稱', 'Spring draw'], ['商品', '7'], ['更新時間', expect.stringMatching(/^2025\/01\/15 \d\d:30/)]]));
  });
});

/**
 * Report > transaction log (menu 43): the view dialog of a change shows who, which function,
 * the action and each changed field with its value before and after, read-only.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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
  before: { id: 12, names: { zh_TW: '維護' } },
  after: { id: 12, names: { zh_TW: '維護公告' } },
  changes: [{ field: 'names', before: '{"zh_TW":"維護"}', after: '{"zh_TW":"維護公告"}' }],
};

describe('transaction log view dialog', () => {
  it('shows the changed fields before and after, read-only', async () => {
    fakeFetch((_method, full) => {
      const path = full.split('?')[0];
      if (path.startsWith('Config/tenant')) return { status: 200, body: config() };
      if (path === 'Report/transactionLog') return { status: 200, body: { items: [item], total: 1 } };
      if (path === 'Report/transactionLog/5') return { status: 200, body: detail };
      if (path === 'Report/transactionLog/functions') return { status: 200, body: [{ value: 14, names: item.functionNames }] };
      return undefined;
    });
    signedIn(null);
    withProviders(<CrudView decl={DECL} />, 'en');
    await screen.findByText('amy', {}, { timeout: 30_000 });
    expect(screen.getByText('Announcements')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByTestId('row-view-5')));
    const dialog = await screen.findByTestId('crud-form', {}, { timeout: 45_000 });
    await waitFor(() => expect(dialog.querySelector<HTMLInputElement>('input[name="account"]')).toHaveValue('amy'));
    const values = () => [...dialog.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].map((e) => e.value);
    await waitFor(() => expect(values()).toEqual(expect.arrayContaining(['names', '{"zh_TW":"維護"}', '{"zh_TW":"維護公告"}', 'announcementCategory', '12'])));
    expect(dialog.textContent).toContain('Before');
    expect(dialog.textContent).toContain('After');
    // View only: nothing to add, remove or save.
    expect(dialog.querySelector('button[type="submit"]')).toBeNull();
    expect([...dialog.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('Add');
  });
});

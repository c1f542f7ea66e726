/**
 * The list of a crud declaration (role, employee): cells, sorting (ascending first, then
 * flipping, never unsorted), paging with the SPEC footer, filters back to page 1, empty state,
 * remove with confirmation, a row action with confirmation and a result shown once.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { fakeApi, makeEmployees, makeRoles } from './crudFake';
import { signedIn, withProviders } from './harness';

// The DataGrid and the lazy form are slow to start under a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

const ROLE = declaration('system.role');
const EMPLOYEE = declaration('system.employee');

function renderList(decl = ROLE, lang = 'en') {
  signedIn(null);
  return withProviders(<CrudView decl={decl} />, lang);
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
const rowTexts = () => screen.queryAllByRole('row').slice(1).map((r) => r.textContent ?? '');

describe('crud list', () => {
  it('asks for page 1, size 10, createdAt desc, and shows localized cells', async () => {
    const api = fakeApi({ roles: makeRoles(3) });
    renderList(ROLE, 'en');
    await screen.findByText('Role 03');
    const q = api.listQueries('system/role')[0];
    expect(Object.fromEntries(q)).toEqual({ page: '1', pageSize: '10', sort: 'createdAt', order: 'desc' });
    expect(screen.getByTestId('page-title')).toHaveTextContent('Staff roles');
    expect(header('Role name')).toBeInTheDocument();
    expect(header('Created')).toBeInTheDocument();
    // Newest first; enum labels; local time YYYY/MM/DD HH:mm.
    expect(rowTexts()[0]).toContain('Role 03');
    expect(screen.getAllByText('Administrator').length).toBeGreaterThan(0);
    expect(screen.getAllByText('General').length).toBeGreaterThan(0);
    expect(screen.getAllByText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/).length).toBeGreaterThan(0);
    expect(screen.getByTestId('crud-total')).toHaveTextContent('3 items in total');
  });

  it('a sortable column sorts ascending first, then flips, never unsorted', async () => {
    const api = fakeApi({ roles: makeRoles(12) });
    renderList();
    await screen.findByText('Role 12');
    const last = () => api.listQueries('system/role').at(-1)!;

    fireEvent.click(header('Role name'));
    await waitFor(() => expect([last().get('sort'), last().get('order')]).toEqual(['name', 'asc']));
    await waitFor(() => expect(rowTexts()[0]).toContain('Role 01'));

    fireEvent.click(header('Role name'));
    await waitFor(() => expect([last().get('sort'), last().get('order')]).toEqual(['name', 'desc']));
    await waitFor(() => expect(rowTexts()[0]).toContain('Role 12'));

    fireEvent.click(header('Role name'));
    await waitFor(() => expect([last().get('sort'), last().get('order')]).toEqual(['name', 'asc']));
    expect(api.listQueries('system/role').every((q) => q.get('sort') && q.get('order'))).toBe(true);

    // The default sort column flips from desc to asc on its first click.
    fireEvent.click(header('Created'));
    await waitFor(() => expect([last().get('sort'), last().get('order')]).toEqual(['createdAt', 'asc']));
    // A column not declared sortable asks nothing.
    const count = api.listQueries('system/role').length;
    fireEvent.click(header('Accounts'));
    // The next sortable click is the next query: nothing came between.
    fireEvent.click(header('Created'));
    await waitFor(() => expect(api.listQueries('system/role').length).toBe(count + 1));
    expect([last().get('sort'), last().get('order')]).toEqual(['createdAt', 'desc']);
  });

  it('pages with the footer: first and last, a window of 5, ellipses jumping 5 pages', async () => {
    const api = fakeApi({ roles: makeRoles(95) });
    renderList();
    await screen.findByText('Role 95');
    const footer = screen.getByTestId('crud-pagination');
    const labels = () => within(footer).getAllByRole('button').map((b) => b.getAttribute('data-testid'));
    expect(labels()).toEqual(['page-prev', 'page-1', 'page-2', 'page-3', 'page-4', 'page-5', 'page-6', 'page-next-more', 'page-10', 'page-next']);
    expect(within(footer).getByTestId('page-1')).toHaveAttribute('aria-current', 'page');

    fireEvent.click(within(footer).getByTestId('page-next-more'));
    await waitFor(() => expect(api.listQueries('system/role').at(-1)!.get('page')).toBe('6'));
    await waitFor(() => expect(labels()).toEqual(['page-prev', 'page-1', 'page-prev-more', 'page-4', 'page-5', 'page-6', 'page-7', 'page-8', 'page-next-more', 'page-10', 'page-next']));

    fireEvent.click(within(footer).getByTestId('page-10'));
    await waitFor(() => expect(rowTexts().length).toBe(5));
    expect(within(footer).getByTestId('page-next')).toBeDisabled();
  });

  it('applying filters (and resetting them) goes back to page 1', async () => {
    const api = fakeApi({ roles: makeRoles(25) });
    renderList();
    await screen.findByText('Role 25');
    fireEvent.click(screen.getByTestId('page-3'));
    await waitFor(() => expect(rowTexts().length).toBe(5));

    const keyword = document.querySelector<HTMLInputElement>('[data-testid="crud-filters"] input[name="keyword"]')!;
    fireEvent.change(keyword, { target: { value: 'Role 1' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(Object.fromEntries(api.listQueries('system/role').at(-1)!)).toMatchObject({ page: '1', keyword: 'Role 1' }));
    await waitFor(() => expect(screen.getByTestId('crud-total')).toHaveTextContent('10 items'));

    // Enum filter: the select offers All and the labels.
    fireEvent.click(screen.getByTestId('page-1'));
    fireEvent.mouseDown(within(screen.getByTestId('crud-filters')).getByRole('combobox', { name: 'Role type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Administrator' }));
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(Object.fromEntries(api.listQueries('system/role').at(-1)!)).toMatchObject({ page: '1', keyword: 'Role 1', type: '1' }));

    fireEvent.click(screen.getByTestId('crud-reset'));
    await waitFor(() => expect(Object.fromEntries(api.listQueries('system/role').at(-1)!)).toEqual({ page: '1', pageSize: '10', sort: 'createdAt', order: 'desc' }));
    expect(keyword).toHaveValue('');
  });

  it('shows the empty state in the interface language', async () => {
    fakeApi({ roles: [] });
    renderList(ROLE, 'zh_TW');
    expect(await screen.findByTestId('crud-no-rows')).toHaveTextContent('查無資料');
    expect(screen.getByTestId('crud-total')).toHaveTextContent('共 0 筆');
    expect(screen.getByRole('columnheader', { name: /角色名稱/ })).toBeInTheDocument();
  });

  it('remove asks in the shared modal, deletes, tells success and goes back to page 1', async () => {
    const api = fakeApi({ roles: makeRoles(15) });
    renderList();
    await screen.findByText('Role 15');
    fireEvent.click(screen.getByTestId('page-2'));
    await screen.findByText('Role 05');
    fireEvent.click(screen.getByTestId('row-remove-5'));
    const modal = await screen.findByTestId('confirm-modal');
    expect(modal).toHaveTextContent('Delete this item?');
    fireEvent.click(within(modal).getByTestId('modal-confirm'));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path === 'system/role/5')).toBe(true));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Deleted successfully');
    await waitFor(() => expect(api.listQueries('system/role').at(-1)!.get('page')).toBe('1'));
    await waitFor(() => expect(screen.getByTestId('crud-total')).toHaveTextContent('14 items'));
  });

  it('cancelling the remove confirmation calls nothing', async () => {
    const api = fakeApi({ roles: makeRoles(2) });
    renderList();
    await screen.findByText('Role 02');
    fireEvent.click(screen.getByTestId('row-remove-2'));
    fireEvent.click(within(await screen.findByTestId('confirm-modal')).getByTestId('modal-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-modal')).toBeNull());
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('a declared row action asks (with the row in the text), calls with the row filled in, shows the result once with copy', async () => {
    const api = fakeApi({ employees: makeEmployees(2) });
    renderList(EMPLOYEE);
    await screen.findByText('user2');
    expect(screen.getByTestId('row-resetPassword-2')).toHaveAccessibleName('Reset password');
    fireEvent.click(screen.getByTestId('row-resetPassword-2'));
    const ask = await screen.findByTestId('confirm-modal');
    expect(ask).toHaveTextContent('Reset the password of "user2"');
    fireEvent.click(within(ask).getByTestId('modal-confirm'));
    const result = await screen.findByTestId('result-modal');
    expect(api.calls.some((c) => c.method === 'PUT' && c.path === 'System/initial/user2')).toBe(true);
    expect(result).toHaveTextContent('Rz4wNb8c');
    expect(within(result).getByTestId('result-value')).toHaveTextContent('Rz4wNb8c');
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (s: string) => { copied = s; } }, configurable: true });
    await act(async () => fireEvent.click(within(result).getByTestId('result-copy')));
    expect(copied).toBe('Rz4wNb8c');
    expect(within(result).getByTestId('result-copy')).toHaveTextContent('Copied');
    fireEvent.click(within(result).getByTestId('modal-confirm'));
    await waitFor(() => expect(screen.queryByTestId('result-modal')).toBeNull());
  });
});

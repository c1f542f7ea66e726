/**
 * The role and employee forms offer only what the caller may grant. The fake answers the
 * option sources as the server does (the caller's own menu through the same domain rule and
 * toMenuItems; role options with `enable: false` for roles the caller may not assign; the
 * server side is proven in tests/api/grants.test.ts): the function tree holds the caller's
 * functions only, and the role select does not offer the Admin role.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { grantableFunctions, grantablePartnerFlags } from '../../src/domain/grants';
import { MENU_TREE, userMenu } from '../../src/domain/menu';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { toMenuItems } from '../../server/modules/session/menu';
import { config, fakeFetch, signedIn, withProviders } from './harness';

vi.setConfig({ testTimeout: 60_000 });

/** The caller: a General role holding staff roles and staff accounts only. */
const MINE = { type: 2, functions: [1, 9, 10] };
const TENANT = { tenantType: 1, functionFlags: 0, excludedMenuIds: [], unreleasedMenuIds: [] };

function serverLike() {
  return fakeFetch((method, full) => {
    const path = full.split('?')[0];
    if (path.startsWith('Config/')) return { status: 200, body: config() };
    if (path === 'system/menu') return { status: 200, body: { Backend: toMenuItems(userMenu(TENANT, MINE.functions)) } };
    // The caller's own role (the form's `grant` fields read it).
    if (/^system\/role\/\d+$/.test(path)) return { status: 200, body: { id: 99, name: 'Mine', ...MINE, customers: [], brands: [], manageClients: false, manageBrands: true, appStock: false } };
    if (path === 'system/role/options') {
      return { status: 200, body: [{ value: 1, label: 'Administrators', type: 1, enable: false }, { value: 2, label: 'Clerks', type: 2 }] };
    }
    if (method === 'GET' && (path === 'system/role' || path === 'system/employee')) return { status: 200, body: { items: [], total: 0 } };
    // The operator's role form offers its clients (the customers field): unanswered, the fake's
    // 404 would put the Fail modal over the form, hiding it from the accessibility tree.
    if (path === 'system/client/GetActiveClient') return { status: 200, body: [] };
    return undefined;
  });
}

async function openAdd(id: string) {
  serverLike();
  signedIn(null);
  withProviders(<CrudView decl={declaration(id)} />, 'en');
  fireEvent.click(await screen.findByTestId('crud-add'));
  return screen.findByTestId('crud-form', {}, { timeout: 25_000 });
}

describe('forms offer only what the caller may grant', () => {
  it('the role form\'s function tree holds the caller\'s own functions only', async () => {
    const dialog = await openAdd('system.role');
    const group = await within(dialog).findByTestId('menu-group-1');
    const offered = [...dialog.querySelectorAll<HTMLInputElement>('input[name="functions"]')].map((c) => Number(c.value));
    expect(offered).toEqual([9, 10]);
    expect(grantableFunctions(MINE, TENANT)).toEqual([1, ...offered]);
    expect(within(group).getByText('Staff roles')).toBeInTheDocument();
    for (const g of MENU_TREE.filter((x) => x.id !== 1)) expect(within(dialog).queryByTestId(`menu-group-${g.id}`)).toBeNull();
    expect(within(dialog).queryByText('Client accounts')).toBeNull();
    expect(within(dialog).getByTestId('menu-tree-count')).toHaveTextContent('0 of 2 selected');
  });

  it('the employee form\'s role select does not offer a role the caller may not assign', async () => {
    const dialog = await openAdd('system.employee');
    const select = within(dialog).getByRole('combobox', { name: /Role/ });
    await waitFor(() => {
      fireEvent.mouseDown(select);
      expect(screen.getByRole('option', { name: 'Clerks' })).toBeInTheDocument();
    });
    expect(screen.queryByRole('option', { name: 'Administrators' })).toBeNull();
  });

  it('the role form offers the Admin type and the switches only as the caller\'s own role holds them', async () => {
    const dialog = await openAdd('system.role');
    // The caller's General role holds "manage brands" only: the other switches cannot be turned on.
    await waitFor(() => expect(dialog.querySelector<HTMLInputElement>('input[name="manageClients"]')).toBeDisabled());
    expect(dialog.querySelector<HTMLInputElement>('input[name="appStock"]')).toBeDisabled();
    expect(dialog.querySelector<HTMLInputElement>('input[name="manageBrands"]')).toBeEnabled();
    // The type offers General only.
    const typeInputs = [...dialog.querySelectorAll<HTMLInputElement>('input[name="type"]')];
    if (typeInputs.length > 0 && typeInputs[0].type === 'radio') {
      expect(typeInputs.map((i) => i.value)).toEqual(['2']);
    } else {
      fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Role type/ }));
      await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
      expect(screen.getByRole('option')).not.toHaveTextContent(/Admin/i);
    }
  });
});

describe('the partner forms offer only the flags the caller may give', () => {
  // A client's role holding supplier settings and the logistics queries, not the app switch.
  const ROLE = { type: 2, functions: [1, 13, 5, 26, 27, 28, 29], appStock: false };
  const CLIENT = { tenantType: 2, functionFlags: 1, excludedMenuIds: [], unreleasedMenuIds: [] };

  it('the supplier form offers C (logistics management) only, as GET system/partner/grantable answers by the domain rule', async () => {
    fakeFetch((method, full) => {
      const path = full.split('?')[0];
      if (path.startsWith('Config/')) return { status: 200, body: config() };
      if (path === 'system/menu') return { status: 200, body: { Backend: toMenuItems(userMenu(CLIENT, ROLE.functions)) } };
      if (path === 'system/partner/grantable') return { status: 200, body: { flags: grantablePartnerFlags(ROLE, CLIENT) } };
      if (path === 'system/partner/warehouses') return { status: 200, body: [] };
      if (method === 'GET' && path === 'system/supplier') return { status: 200, body: { items: [], total: 0 } };
      return undefined;
    });
    signedIn(null);
    withProviders(<CrudView decl={declaration('system.supplier')} />, 'en');
    fireEvent.click(await screen.findByTestId('crud-add'));
    const dialog = await screen.findByTestId('crud-form', {}, { timeout: 25_000 });
    await waitFor(() => expect([...dialog.querySelectorAll<HTMLInputElement>('input[name="functions"]')].map((c) => c.value)).toEqual(['4']));
  });
});

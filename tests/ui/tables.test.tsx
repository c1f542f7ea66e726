/**
 * Lists as users meet them (issue 12): counts with plurals, the tab of a multi-list path in
 * the address, a card per row on a phone, column widths that follow the header's language,
 * chip lists folded into "+N".
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import type { MenuNode } from '../../src/domain/menu';
import CrudScreen, { CrudView } from '../../src/engine/crud/CrudScreen';
import { Cell } from '../../src/engine/crud/CrudCells';
import { leastWidthOf } from '../../src/engine/crud/columnWidths';
import { EngineEnvProvider, type EngineEnv } from '../../src/engine/env/EngineEnv';
import { makeRoles } from './crudFake';
import { screenLink } from '../../src/widgets/emptyLink';
import { menuOf, signedIn, withProviders } from './harness';
import '../../src/app/registerAll';

vi.setConfig({ testTimeout: 30_000 });

function envWith(lists: Record<string, Record<string, unknown>[]>) {
  const fetch = vi.fn(async (method: string, path: string) => {
    if (method === 'GET' && lists[path]) return { items: lists[path], total: lists[path].length };
    if (method === 'GET') return [];
    throw new Error(`unexpected ${method} ${path}`);
  }) as unknown as EngineEnv['fetch'];
  return { fetch, notify: vi.fn(), confirm: vi.fn(async () => false) };
}

const roles = (n: number) => makeRoles(n) as unknown as Record<string, unknown>[];

describe('counts', () => {
  it.each([
    ['en', 1, '1 item in total'],
    ['en', 2, '2 items in total'],
    ['zh_TW', 1, '共 1 筆'],
    ['zh_CN', 1, '共 1 条'],
  ])('%s: %i row(s) read "%s"', async (lang, n, text) => {
    const env = envWith({ 'system/role': roles(n) });
    withProviders(<EngineEnvProvider env={env}><CrudView decl={declaration('system.role')} /></EngineEnvProvider>, lang);
    await waitFor(() => expect(screen.getByTestId('crud-total')).toHaveTextContent(text));
  });
});

describe('tabs of a multi-list path', () => {
  const node = { id: 9, path: '/system/announcement', names: {} } as unknown as MenuNode;
  function renderAt(url: string) {
    const env = envWith({ 'system/announcement': [], 'system/announcement/category': [] });
    const router = createMemoryRouter([{ path: '/system/announcement', element: <EngineEnvProvider env={env}><CrudScreen node={node} /></EngineEnvProvider> }], { initialEntries: [url] });
    withProviders(<RouterProvider router={router} />, 'en');
    return router;
  }

  it('shows the product master beside point products for a member client without marketing (alsoOn), not otherwise', async () => {
    const memberNode = { id: 39, path: '/member/product', names: {} } as unknown as MenuNode;
    const show = (menuIds: number[]) => {
      signedIn(menuOf(menuIds), { tenantType: 2 });
      const env = envWith({ 'member/product': [], 'marketing/product': [], 'marketing/product/category': [] });
      const router = createMemoryRouter([{ path: '/member/product', element: <EngineEnvProvider env={env}><CrudScreen node={memberNode} /></EngineEnvProvider> }], { initialEntries: ['/member/product'] });
      return withProviders(<RouterProvider router={router} />, 'en');
    };
    const view = show([7, 39, 40]);
    expect(await screen.findByTestId('crud-member.product')).toBeInTheDocument();
    expect(screen.getByTestId('crud-tab-member.product')).toHaveAttribute('aria-selected', 'true');
    await act(async () => fireEvent.click(screen.getByTestId('crud-tab-marketing.product')));
    expect(await screen.findByTestId('crud-marketing.product')).toBeInTheDocument();
    expect(screen.getByTestId('crud-tab-marketing.product-category')).toBeInTheDocument();
    view.unmount();
    // The point product form's empty product list links to that tab (emptyLink), not to a screen the menu lacks.
    expect(screenLink('marketing.product', new Set(['/member/product']))?.to).toBe('/member/product?tab=marketing.product');
    expect(screenLink('marketing.product', new Set(['/marketing/product', '/member/product']))?.to).toBe('/marketing/product?tab=marketing.product');
    // With marketing, the master stays under marketing: point products alone.
    show([6, 34, 7, 39, 40]);
    expect(await screen.findByTestId('crud-member.product')).toBeInTheDocument();
    expect(screen.queryByTestId('crud-tab-marketing.product')).toBeNull();
  });

  it('opens the tab the address names and writes the chosen tab into it', async () => {
    const router = renderAt('/system/announcement?tab=system.announcement-category');
    expect(await screen.findByTestId('crud-system.announcement-category')).toBeInTheDocument();
    expect(screen.getByTestId('crud-tab-system.announcement-category')).toHaveAttribute('aria-selected', 'true');
    await act(async () => fireEvent.click(screen.getByTestId('crud-tab-system.announcement')));
    expect(await screen.findByTestId('crud-system.announcement')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    await act(async () => fireEvent.click(screen.getByTestId('crud-tab-system.announcement-category')));
    expect(router.state.location.search).toBe('?tab=system.announcement-category');
  });
});

describe('a list on a phone', () => {
  it('shows a card per row: the first column as title, the next ones as lines, and the actions', async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: /max-width/.test(q), media: q, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false }));
    const env = envWith({ 'system/role': roles(2) });
    withProviders(<EngineEnvProvider env={env}><CrudView decl={declaration('system.role')} /></EngineEnvProvider>, 'en');
    const card = await screen.findByTestId('crud-card-2');
    expect(within(card).getByTestId('crud-card-title')).toHaveTextContent('Role 02');
    expect(within(card).getByText('Role type')).toBeInTheDocument();
    expect(within(card).getByTestId('row-edit-2')).toBeInTheDocument();
    expect(document.querySelector('.MuiDataGrid-root')).toBeNull();
  });
});

describe('column widths', () => {
  it('follow the header in the interface language and the cells, within bounds', () => {
    const col = { sortable: true };
    const zh = leastWidthOf(col, '預設語言', [{ text: 'zh_TW' }]);
    const en = leastWidthOf(col, 'Default language', [{ text: 'zh_TW' }]);
    expect(en).toBeGreaterThan(zh);
    // Wide enough for the whole English header (13 px bold) and its sort arrow.
    expect(en).toBeGreaterThanOrEqual(16 * 13 * 0.5 + 50);
    expect(leastWidthOf({}, 'No', [{ text: 'x'.repeat(500) }])).toBe(360);
  });

  it('fold a long chip list into "+N" and measure what shows', () => {
    const two = leastWidthOf({}, 'F', [{ chips: ['Staff', 'Roles'] }]);
    const many = leastWidthOf({}, 'F', [{ chips: ['Staff', 'Roles', 'Clients', 'Brands', 'Materials'] }]);
    expect(many).toBeLessThan(two + 60);
  });

  it('shows "+N" for more than three chips, naming the rest in its label', async () => {
    withProviders(<Cell column={{ key: 'q', label: 'l', enum: 'QueryPageFunction' }} value={1 | 2 | 4 | 8} />, 'en');
    const more = await screen.findByTestId('chips-more');
    expect(more).toHaveTextContent('+2');
    expect(document.querySelectorAll('.MuiChip-root')).toHaveLength(3);
    expect(more.getAttribute('aria-label')).toMatch(/^2 more: /);
  });
});

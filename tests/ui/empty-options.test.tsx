/**
 * An empty option list that the user can fill elsewhere says so and links to the screen (or
 * tab) that creates it (`ui:options.emptyLink`), instead of only 'no match data'; the tab of a
 * multi-screen path is in the URL, so the link opens it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '../../src/app/registerAll';
import { config, fakeFetch, menuOf, renderApp, signedIn } from './harness';

vi.setConfig({ testTimeout: 90_000 });

const MENU = menuOf([1, 14]);

function api(categories: unknown[]) {
  return fakeFetch((method, full) => {
    const path = full.split('?')[0];
    if (path.startsWith('Config/tenant')) return { status: 200, body: config() };
    if (path === 'system/menu/nested') return { status: 200, body: { Backend: MENU } };
    if (path === 'system/announcement/category/options') return { status: 200, body: categories };
    if (method === 'GET' && (path === 'system/announcement' || path === 'system/announcement/category')) return { status: 200, body: { items: [], total: 0 } };
    return undefined;
  });
}

describe('announcement form without categories', () => {
  it('says there is nothing to choose yet and links to the categories tab', async () => {
    api([]);
    signedIn(MENU);
    const { router } = renderApp('/system/announcement', { lang: 'en' });
    fireEvent.click(await screen.findByTestId('crud-add', {}, { timeout: 30_000 }));
    const dialog = await screen.findByTestId('crud-form', {}, { timeout: 45_000 });
    const hint = await within(dialog).findByTestId('empty-hint');
    expect(hint).toHaveTextContent('Nothing to choose yet. Add them in Announcement categories');
    fireEvent.click(within(hint).getByTestId('empty-link'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=system.announcement-category'));
    await waitFor(() => expect(screen.getByTestId('crud-tab-system.announcement-category')).toHaveAttribute('aria-selected', 'true'));
    expect(screen.queryByTestId('crud-form')).toBeNull();
  });

  it('with categories, no hint and the usual list', async () => {
    api([{ value: 1, names: { en: 'News' } }]);
    signedIn(MENU);
    renderApp('/system/announcement?tab=system.announcement', { lang: 'en' });
    fireEvent.click(await screen.findByTestId('crud-add', {}, { timeout: 30_000 }));
    const dialog = await screen.findByTestId('crud-form', {}, { timeout: 45_000 });
    await waitFor(() => expect(dialog.querySelector('input[name="categoryId"]')).not.toBeNull());
    fireEvent.mouseDown(dialog.querySelector('input[name="categoryId"]')!);
    expect(await screen.findByRole('option', { name: 'News' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('empty-hint')).toBeNull();
  });
});

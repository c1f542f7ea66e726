/** Top-bar dialogs (SPEC.md section 4) in the real shell. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../src/engine/session/store';
import { config, fakeFetch, menuOf, renderApp, signedIn } from './harness';

const MENU = menuOf([1, 9]);
let profileReads = 0;
let calls: ReturnType<typeof fakeFetch>['calls'];

beforeEach(() => {
  profileReads = 0;
  calls = fakeFetch((method, path) => {
    if (path.startsWith('Config/tenant/platform') || path === 'Config/reference') return { status: 200, body: config() };
    if (path === 'system/menu/nested') return { status: 200, body: { Backend: MENU } };
    if (path === 'System/user' && method === 'GET') {
      profileReads += 1;
      return { status: 200, body: { account: 'admin', name: 'Admin', roleName: 'Admins', phoneCountryCode: '886', phone: '0912345678', email: 'a@b.c', mimaChangedAt: new Date().toISOString() } };
    }
    if (path === 'system/announcement/Home') return { status: 200, body: [] };
    if (path === 'Identity' && method === 'DELETE') return { status: 204 };
    return undefined;
  }).calls;
});

describe('top-bar dialogs', () => {
  it('name -> reload profile -> view; Edit -> edit; cancel -> view; the phone field blocks an invalid save', async () => {
    signedIn(MENU);
    renderApp('/home', { lang: 'en' });
    await screen.findByTestId('home', {}, { timeout: 10000 }); // the shell and home load lazily
    const before = profileReads;
    await act(async () => {
      fireEvent.click(screen.getByTestId('user-name'));
    });
    const view = await screen.findByTestId('profile-view', {}, { timeout: 8000 }); // first load of the lazy dialogs
    expect(profileReads).toBeGreaterThan(before);
    expect(within(view).getByText('+886 0912345678')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('profile-edit-button'));
    const edit = await screen.findByTestId('profile-edit');
    expect(edit.querySelector('input[name="phoneCountryCode"]')).toHaveValue('+886 Taiwan');
    expect(edit.querySelector('input[name="originalMima"]')).toBeNull();
    fireEvent.click(edit.querySelector('input[name="changePassword"]')!);
    await waitFor(() => expect(edit.querySelector('input[name="originalMima"]')).not.toBeNull());

    fireEvent.change(edit.querySelector('input[name="phone"]')!, { target: { value: '12ab3' } });
    expect(edit.querySelector('input[name="phone"]')).toHaveValue('123');
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByTestId('alert-modal')).toHaveTextContent('Some fields fail validation');
    fireEvent.click(within(screen.getByTestId('alert-modal')).getByTestId('modal-confirm'));
    await waitFor(() => expect(edit.querySelectorAll('.Mui-error.MuiFormHelperText-root').length).toBeGreaterThanOrEqual(2));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByTestId('profile-cancel'));
    expect(await screen.findByTestId('profile-view')).toBeInTheDocument();
  });

  it('logout asks first, then DELETE Identity, clears the session and goes to /login?code', async () => {
    signedIn(MENU);
    const { router } = renderApp('/home', { lang: 'en' });
    await screen.findByTestId('home', {}, { timeout: 10000 }); // the shell and home load lazily
    fireEvent.click(screen.getByTestId('logout'));
    const modal = await screen.findByTestId('logout-modal', {}, { timeout: 8000 });
    expect(modal).toHaveTextContent('Are you sure you want to log out?');
    await act(async () => {
      fireEvent.click(within(modal).getByTestId('modal-confirm'));
    });
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/login?code=platform'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === 'Identity')).toBe(true);
    expect(sessionStore.get()).toBeNull();
  });

  it('suggests a change for a password older than six months: not change closes, once per session', async () => {
    const old = new Date(Date.now() - 200 * 86400_000).toISOString();
    fakeFetch((method, path) => {
      if (path.startsWith('Config/tenant/platform') || path === 'Config/reference') return { status: 200, body: config() };
      if (path === 'system/menu/nested') return { status: 200, body: { Backend: MENU } };
      if (path === 'System/user') return { status: 200, body: { account: 'admin', name: 'Admin', roleName: 'Admins', phoneCountryCode: null, phone: null, email: null, mimaChangedAt: old } };
      if (path === 'system/announcement/Home') return { status: 200, body: [] };
      void method;
      return undefined;
    });
    signedIn(MENU, { mimaChangedAt: old });
    const first = renderApp('/home', { lang: 'en' });
    const modal = await screen.findByTestId('suggest-password-modal', {}, { timeout: 8000 });
    expect(within(modal).getByTestId('modal-cancel')).toHaveTextContent('Not now');
    fireEvent.click(within(modal).getByTestId('modal-cancel'));
    await waitFor(() => expect(screen.queryByTestId('suggest-password-modal')).toBeNull());
    first.unmount();

    renderApp('/home', { lang: 'en' });
    await screen.findByTestId('profile-card');
    // The dialogs' chunk is loaded (the first render loaded it): a suggestion would render now.
    await act(async () => {
      await import('../../src/engine/account/AccountDialogs');
    });
    expect(screen.queryByTestId('suggest-password-modal')).toBeNull();
  });

  it('the top bar draws the default logo in the page, and shows a tenant\'s own logo as an image', async () => {
    signedIn(MENU);
    const { unmount } = renderApp('/home', { lang: 'en' });
    const link = await screen.findByTestId('logo-link', {}, { timeout: 10000 });
    const drawn = within(link).getByRole('img', { name: 'One Item One Code Management System' });
    expect(drawn.tagName).toBe('SPAN');
    expect(drawn.querySelector('svg')).not.toBeNull();
    unmount();

    fakeFetch((_method, path) => {
      if (path.startsWith('Config/tenant/platform') || path === 'Config/reference') return { status: 200, body: config({ logo: 'uploads/acme-logo.png' }) };
      if (path === 'system/menu/nested') return { status: 200, body: { Backend: MENU } };
      if (path === 'system/announcement/Home') return { status: 200, body: [] };
      return undefined;
    });
    renderApp('/home', { lang: 'en' });
    const tenantLink = await screen.findByTestId('logo-link', {}, { timeout: 10000 });
    await waitFor(() => expect(tenantLink.querySelector('img')).toHaveAttribute('src', '/uploads/acme-logo.png'));
  });
});

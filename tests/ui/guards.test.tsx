/** The route guards of SPEC.md "Entry and guards", with a fake session and a fake server. */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberTenantCode } from '../../src/engine/session/store';
// The screens registered as the app registers them: a section route inside the menu renders its
// declared screen (without a registration it would show 'coming soon'; with shared modules,
// another file's registration would decide which).
import '../../src/app/registerAll';
import { config, fakeFetch, menuOf, renderApp, signedIn } from './harness';

// The operator-like menu of these tests: system (role, employee, client) and report (download).
const MENU = menuOf([1, 9, 10, 11, 8, 42]);

beforeEach(() => {
  fakeFetch((method, path) => {
    if (path.startsWith('Config/tenant/platform') || path === 'Config/reference') return { status: 200, body: config() };
    if (path === 'system/menu/nested') return { status: 200, body: { Backend: MENU } };
    if (path === 'System/user') return { status: 200, body: { account: 'admin', name: 'Admin', roleName: 'Admins', phoneCountryCode: null, phone: null, email: null, mimaChangedAt: new Date().toISOString() } };
    if (path === 'system/announcement/Home') return { status: 200, body: [] };
    // SPEC 7: the side menu asks with argument 500.
    if (path === 'Report/exportReportAmount?max=500') return { status: 200, body: { amount: 3 } };
    // The two lists the routes below open (empty).
    if (/^(system\/client|Report\/exportReport)\?/.test(path)) return { status: 200, body: { items: [], total: 0 } };
    void method;
    return undefined;
  });
});

const at = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname + router.state.location.search;

describe('entry and guards', () => {
  it('/ goes to the login route, which without a code goes to /forbidden', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(at(router)).toBe('/forbidden'));
    expect(screen.getByTestId('forbidden')).toBeInTheDocument();
  });

  it('/ keeps a known tenant code on its way to the login route', async () => {
    rememberTenantCode('platform');
    const { router } = renderApp('/');
    await waitFor(() => expect(at(router)).toBe('/login?code=platform'));
    expect(await screen.findByTestId('login-page')).toBeInTheDocument();
  });

  it('/home without a session goes to /login (with the known tenant code)', async () => {
    rememberTenantCode('platform');
    const { router } = renderApp('/home');
    await waitFor(() => expect(at(router)).toBe('/login?code=platform'));
    expect(await screen.findByText('平台營運商')).toBeInTheDocument();
  });

  it('/login with a session goes to /home', async () => {
    signedIn(MENU);
    const { router } = renderApp('/login?code=platform');
    await waitFor(() => expect(at(router)).toBe('/home'));
    expect(await screen.findByTestId('home')).toBeInTheDocument();
  });

  it('unknown paths go to / (and on)', async () => {
    signedIn(MENU);
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(at(router)).toBe('/home'));
  });

  it('a section route outside the menu goes to /home; one inside renders', async () => {
    signedIn(MENU);
    const outside = renderApp('/marketing/layout');
    await waitFor(() => expect(at(outside.router)).toBe('/home'));
    outside.unmount();

    const inside = renderApp('/system/client');
    expect(await screen.findByTestId('crud-system.client')).toBeInTheDocument();
    expect(await screen.findByTestId('crud-no-rows')).toBeInTheDocument();
    expect(at(inside.router)).toBe('/system/client');
    await waitFor(() => expect(document.title).toBe('客戶帳號設定 - 一物一碼管理系統'));
  });

  it('a section parent goes to its first child present in the menu', async () => {
    signedIn(menuOf([1, 10, 14]));
    const { router } = renderApp('/system');
    await waitFor(() => expect(at(router)).toBe('/system/employee'));
  });

  it('a section route waits for the menu when the session has none yet', async () => {
    signedIn(null);
    const { router } = renderApp('/report/download', { lang: 'en' });
    expect(await screen.findByTestId('crud-report.download')).toBeInTheDocument();
    expect(await screen.findByTestId('crud-no-rows')).toBeInTheDocument();
    expect(at(router)).toBe('/report/download');
    // The delivered menu is kept in the session; the breadcrumb ends with the function.
    expect(screen.getByTestId('breadcrumb-current')).toHaveTextContent('Export downloads');
    expect(screen.getAllByTestId('export-amount')[0]).toHaveTextContent('3');
  });
});

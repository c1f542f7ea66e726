/** Renders the real app tree (providers, routes) in a memory router over a faked fetch. */
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import type { MenuItem, ReferenceLists, SessionUser, TenantConfig } from '../../src/domain/api';
import { MENU_TREE } from '../../src/domain/menu';
import { AppProviders } from '../../src/engine/app/App';
import { WidgetEnvRoot } from '../../src/app/widgetEnv';
import '../../src/app/parts';
import { createI18n } from '../../src/engine/i18n/i18n';
import { buildRoutes } from '../../src/engine/routes/routes';
import { sessionStore } from '../../src/engine/session/store';

export type Reply = { status: number; body?: unknown } | Error;
export type Handler = (method: string, path: string, init: RequestInit) => Reply | undefined | Promise<Reply | undefined>;

/** Installs a fake fetch: `handler` answers by method and /v1-relative path (query kept). */
export function fakeFetch(handler: Handler) {
  const calls: { method: string; path: string; headers: Record<string, string>; body?: string }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const path = url.replace(/^\/v1\//, '');
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({ method, path, headers: (init.headers ?? {}) as Record<string, string>, body: init.body as string | undefined });
    const reply = (await handler(method, path, init)) ?? { status: 404, body: { code: 2, message: 'Not found' } };
    if (reply instanceof Error) throw reply;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return new Response(text || null, { status: reply.status, headers: text ? { 'content-type': 'application/json' } : {} });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

/**
 * A tenant config together with the reference lists: fakes answer it for Config/tenant/{code}
 * and Config/reference alike (each reader takes its own fields).
 */
export function config(overrides: Partial<TenantConfig & ReferenceLists> = {}): TenantConfig & ReferenceLists {
  return {
    tenant: { id: 1, code: 'platform', type: 1, names: { zh_TW: '平台營運商', en: 'Platform operator' }, functions: 0, excludedMenuIds: [] },
    languages: ['zh_TW', 'zh_CN', 'en'],
    defaultLanguage: 'zh_TW',
    dialCodes: [{ code: '886', countryCode: 'TW', names: { zh_TW: '台灣', zh_CN: '台湾', en: 'Taiwan' } }],
    locations: [],
    timezoneInfo: [],
    currencies: [],
    defaultDomains: [],
    staticHost: '',
    logo: null,
    loginBackground: null,
    forgotPasswordHint: null,
    passwordPublicKey: '-----BEGIN PUBLIC KEY-----\nTEST\n-----END PUBLIC KEY-----',
    unreleasedMenuIds: [],
    ...overrides,
  };
}

export function user(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    token: 'tok-123',
    userId: 7,
    account: 'admin',
    name: 'Admin',
    roleId: 1,
    tenantId: 1,
    tenantCode: 'platform',
    tenantType: 1,
    userType: 1,
    mimaStatus: 1,
    mimaChangedAt: new Date().toISOString(),
    ...overrides,
  };
}

/** The delivered menu: the given groups of MENU_TREE with the given children. */
export function menuOf(ids: number[]): MenuItem[] {
  const keep = new Set(ids);
  return MENU_TREE.filter((g) => keep.has(g.id))
    .map((g) => ({ id: g.id, path: g.path, names: g.names, children: (g.children ?? []).filter((c) => keep.has(c.id)).map((c) => ({ id: c.id, path: c.path, names: c.names })) }))
    .filter((g) => g.children.length > 0);
}

export function signedIn(menu: MenuItem[] | null, overrides: Partial<SessionUser> = {}): SessionUser {
  const u = user(overrides);
  sessionStore.signIn(u, menu);
  return u;
}

export function renderApp(path: string, options: { lang?: string } = {}) {
  const i18n = createI18n(options.lang ? `?lang=${options.lang}` : '');
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const view = render(
    <WidgetEnvRoot>
    <AppProviders i18n={i18n} swr={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RouterProvider router={router} />
    </AppProviders>
    </WidgetEnvRoot>,
  );
  return { ...view, router, i18n };
}

export function withProviders(children: ReactNode, lang = 'en') {
  const i18n = createI18n(`?lang=${lang}`);
  return render(
    <WidgetEnvRoot>
    <AppProviders i18n={i18n} swr={{ provider: () => new Map(), dedupingInterval: 0 }}>
      {children}
    </AppProviders>
    </WidgetEnvRoot>,
  );
}

/** The input of a form field by its name (the stable `name` hook). */
export const fieldInput = (dialog: HTMLElement, name: string) => dialog.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

/** Picks `option` in the select (MUI Autocomplete) named `name`. */
export async function pickOption(dialog: HTMLElement, name: string, option: string): Promise<void> {
  const field = fieldInput(dialog, name);
  fireEvent.mouseDown(field);
  fireEvent.change(field, { target: { value: '' } });
  fireEvent.keyDown(field, { key: 'ArrowDown' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

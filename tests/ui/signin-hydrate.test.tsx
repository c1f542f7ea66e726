/**
 * The prerendered sign-in page (issue 10 section 4): the server sends the form in the HTML
 * (src/engine/signin/prerender.tsx, server/signinPage.ts) and the script hydrates it — the same
 * inputs, what was typed before the script ran kept — or, when the prerendered form is not the
 * one to show (another language), renders it afresh.
 */
import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountSignIn } from '../../src/app/signinMount';
import { prerenderSignIn } from '../../src/engine/signin/prerender';
import { SIGNIN_CODE_SLOT, SIGNIN_PENDING_CLASS, SIGNIN_YEAR_SLOT } from '../../src/engine/signin/slots';

// mountSignIn renders outside testing-library: React's act() checks apply here too.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('../../src/app/boot', () => ({ bootApp: vi.fn() }));

const CONFIG = {
  tenant: { id: 2, code: 'demo', type: 2, names: { zh_TW: '示範客戶', en: 'Demo client' }, functions: 7, excludedMenuIds: [] },
  languages: ['zh_TW', 'zh_CN', 'en'], defaultLanguage: 'zh_TW', defaultDomains: [], staticHost: '', logo: null,
  loginBackground: null, forgotPasswordHint: 'Call 0800-000-000', passwordPublicKey: 'unused', unreleasedMenuIds: [],
};

/** The page as the server answers /login?code=demo in `lang`: #root holds the form. */
function serve(lang: string): HTMLElement {
  const page = prerenderSignIn().find((p) => p.lang === lang)!;
  document.body.innerHTML = page.root.replaceAll(SIGNIN_CODE_SLOT, 'demo').replaceAll(SIGNIN_YEAR_SLOT, String(new Date().getFullYear()));
  document.documentElement.classList.add(SIGNIN_PENDING_CLASS);
  return document.getElementById('root')!;
}

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('the prerendered sign-in page', () => {
  it('is hydrated: the same inputs, typed text kept, no mismatch, the tenant filled in after', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(CONFIG), { status: 200, headers: { 'content-type': 'application/json' } })));
    const errors = vi.spyOn(console, 'error');
    window.history.replaceState(null, '', '/login?code=demo&lang=en');
    const root = serve('en');
    const account = root.querySelector('input[name="account"]') as HTMLInputElement;
    expect(account).not.toBeNull();
    expect(root.querySelector('input[name="mima"][type="password"]')).not.toBeNull();
    expect(screen.getByTestId('tenant-name')).toHaveTextContent('demo');
    account.value = 'amy'; // typed before the script ran

    await act(async () => mountSignIn(root, 'demo'));
    expect(await screen.findByText('Demo client')).toBeInTheDocument();
    expect(root.querySelector('input[name="account"]')).toBe(account);
    expect(account.value).toBe('amy');
    await waitFor(() => expect(screen.getByTestId('sign-in')).toBeEnabled());
    expect(document.documentElement.classList.contains(SIGNIN_PENDING_CLASS)).toBe(false);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('is rendered afresh when the language asked for is another', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(CONFIG), { status: 200, headers: { 'content-type': 'application/json' } })));
    window.history.replaceState(null, '', '/login?code=demo&lang=en');
    const root = serve('zh_TW');
    const before = root.querySelector('input[name="account"]');
    await act(async () => mountSignIn(root, 'demo'));
    expect(await screen.findByText('Demo client')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    expect(root.querySelector('input[name="account"]')).not.toBe(before);
    expect(root.querySelectorAll('input[name="account"]')).toHaveLength(1);
    expect(document.documentElement.classList.contains(SIGNIN_PENDING_CLASS)).toBe(false);
  });
});

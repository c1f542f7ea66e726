/**
 * The light sign-in page (src/engine/signin): what a user sees and what it sends, with the
 * server's two calls answered by a fake fetch. The browser flow (hand-over to the full app,
 * the forced password change) is in tests/e2e/01-guards and 02-first-login.
 */
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../src/domain/api';
import { lightSignInCode } from '../../src/app/signinRoute';
import { SignInPage } from '../../src/engine/signin/SignInPage';
import { sessionStore } from '../../src/engine/session/store';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

const CONFIG = {
  tenant: { id: 2, code: 'demo', type: 2, names: { zh_TW: '示範客戶', en: 'Demo client' }, functions: 7, excludedMenuIds: [] },
  languages: ['zh_TW', 'zh_CN', 'en'],
  defaultLanguage: 'zh_TW',
  defaultDomains: [],
  staticHost: '',
  logo: null,
  loginBackground: null,
  forgotPasswordHint: 'Call 0800-000-000',
  passwordPublicKey: publicKey,
  unreleasedMenuIds: [],
};

type Answer = { status: number; body: unknown };

function fakeServer(signIn: Answer, config: Answer = { status: 200, body: CONFIG }) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ url, body });
    const answer = url.startsWith('/v1/Config/tenant/') ? config : signIn;
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }));
  return sent;
}

const decrypt = (b64: string) =>
  privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(b64, 'base64')).toString('utf8');

const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;

describe('the light sign-in page', () => {
  it('shows the tenant, checks required fields first, and sends the encrypted password', async () => {
    const sent = fakeServer({ status: 200, body: { token: 't1', account: 'amy', mimaStatus: 1, tenantCode: 'demo' } });
    const signedIn = vi.fn<(user: SessionUser) => void>();
    render(<SignInPage code="demo" initialLang="en" onSignedIn={signedIn} />);
    expect(await screen.findByText('Demo client')).toBeInTheDocument();
    expect(screen.getByTestId('forgot-hint')).toHaveTextContent('Call 0800-000-000');
    expect(document.title).toBe('Sign in - One Item One Code Management System');

    fireEvent.click(screen.getByTestId('sign-in'));
    expect(screen.getByTestId('alert-modal')).toHaveTextContent('Some fields fail validation');
    expect(screen.getAllByTestId('field-error')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('modal-confirm'));
    await waitFor(() => expect(input('account')).toHaveFocus());
    expect(sent.filter((c) => c.url === '/v1/Identity/token')).toHaveLength(0);

    fireEvent.change(input('account'), { target: { value: ' amy ' } });
    expect(screen.getAllByTestId('field-error')).toHaveLength(1); // the edited field's error goes
    fireEvent.change(input('mima'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByTestId('sign-in'));
    await waitFor(() => expect(signedIn).toHaveBeenCalledTimes(1));
    expect(signedIn.mock.calls[0][0]).toMatchObject({ token: 't1', account: 'amy' });
    const call = sent.find((c) => c.url === '/v1/Identity/token')!.body as { tenantCode: string; account: string; mima: string };
    expect(call.tenantCode).toBe('demo');
    expect(call.account).toBe('amy');
    expect(decrypt(call.mima)).toBe('Secret123');
  });

  it('a wrong password shows the Fail modal with the localized text and code, and clears the password', async () => {
    fakeServer({ status: 400, body: { code: 14, message: 'Sign-in failed' } });
    const signedIn = vi.fn();
    render(<SignInPage code="demo" initialLang="zh_TW" onSignedIn={signedIn} />);
    await screen.findByText('示範客戶');
    fireEvent.change(input('account'), { target: { value: 'amy' } });
    fireEvent.change(input('mima'), { target: { value: 'Wrong1234' } });
    fireEvent.click(screen.getByTestId('sign-in'));
    const fail = await screen.findByTestId('fail-modal');
    expect(fail).toHaveTextContent('失敗');
    expect(screen.getByTestId('app-modal-message').textContent).toMatch(/\(14\)$/);
    expect(input('mima').value).toBe('');
    expect(signedIn).not.toHaveBeenCalled();
  });

  it('an unknown tenant code fails with code 2, says so on the page and keeps sign-in disabled', async () => {
    fakeServer({ status: 500, body: {} }, { status: 404, body: { code: 2, message: 'not found' } });
    render(<SignInPage code="nope" initialLang="en" onSignedIn={() => {}} />);
    expect(await screen.findByTestId('app-modal-message')).toHaveTextContent('The requested data was not found. (2)');
    expect(screen.getByTestId('tenant-unknown')).toHaveTextContent('"nope"');
    expect(screen.getByTestId('sign-in')).toBeDisabled();
  });

  it('switches the language of every text and remembers it', async () => {
    fakeServer({ status: 200, body: {} });
    render(<SignInPage code="demo" initialLang="zh_TW" onSignedIn={() => {}} />);
    await screen.findByText('示範客戶');
    expect(screen.getByTestId('sign-in')).toHaveTextContent('登入');
    fireEvent.change(screen.getByTestId('lang-select'), { target: { value: 'zh_CN' } });
    expect(screen.getByTestId('sign-in')).toHaveTextContent('登录');
    expect(document.documentElement.lang).toBe('zh-Hans-CN');
    expect(localStorage.getItem('oioc.lang')).toBe('zh_CN');
  });

  it('draws the default logo in the page, and shows the tenant\'s own logo once its config names one', async () => {
    fakeServer({ status: 200, body: {} });
    const { unmount } = render(<SignInPage code="demo" initialLang="en" onSignedIn={() => {}} />);
    await screen.findByText('Demo client');
    const drawn = screen.getByRole('img', { name: 'One Item One Code Management System' });
    expect(drawn.tagName).toBe('SPAN');
    expect(drawn.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(document.querySelector('img')).toBeNull(); // no separate SVG document to build before the paint
    unmount();

    fakeServer({ status: 200, body: {} }, { status: 200, body: { ...CONFIG, logo: 'uploads/acme-logo.png' } });
    render(<SignInPage code="demo" initialLang="en" onSignedIn={() => {}} />);
    await screen.findByText('Demo client');
    expect(screen.getByRole('img', { name: 'One Item One Code Management System' })).toHaveAttribute('src', '/uploads/acme-logo.png');
  });
});

describe('which page load is a light sign-in', () => {
  it('only /login with a tenant code and no stored session', () => {
    expect(lightSignInCode({ pathname: '/login', search: '?code=demo' })).toBe('demo');
    expect(lightSignInCode({ pathname: '/login/', search: '?code=demo&lang=en' })).toBe('demo');
    expect(lightSignInCode({ pathname: '/login', search: '' })).toBeNull();
    expect(lightSignInCode({ pathname: '/home', search: '?code=demo' })).toBeNull();
    sessionStore.signIn({ token: 't', tenantCode: 'demo' } as SessionUser);
    expect(lightSignInCode({ pathname: '/login', search: '?code=demo' })).toBeNull();
  });
});

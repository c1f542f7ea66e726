/** Top-bar dialogs (SPEC.md section 4) in the real shell. */
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerScreensWith } from '../../src/engine/routes/screens';
import { sessionStore } from '../../src/engine/session/store';
import { config, fakeFetch, menuOf, renderApp, signedIn } from './harness';

const MENU = menuOf([1, 9]);
let profileReads = 0;
let calls: ReturnType<typeof fakeFetch>['calls'];

// As the app's boot does: the registrations (the dialogs' forms among them) load when first asked.
beforeAll(() => registerScreensWith(() => import('../../src/app/registerAll')));

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
    // First load of the lazy dialogs: their chunk, the form engine and its widgets (cold in a test).
    const view = await screen.findByTestId('profile-view', {}, { timeout: 20000 });
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
    // The declared form's notice names the fields to check.
    expect(await screen.findByTestId('alert-modal')).toHaveTextContent('Some fields failed validation');
    expect(screen.getByTestId('alert-modal')).toHaveTextContent('Check: Mobile phone, Current password, New password, Confirm new password.');
    fireEvent.click(within(screen.getByTestId('alert-modal')).getByTestId('modal-confirm'));
    await waitFor(() => expect(edit.querySelectorAll('.Mui-error.MuiFormHelperText-root').length).toBeGreaterThanOrEqual(2));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByTestId('profile-cancel'));
    expect(await screen.findByTestId('profile-view')).toBeInTheDocument();
  });

  it('saves the phone and the encrypted passwords in one PUT System/user; the server\'s field errors land on their fields', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    const decrypt = (b64: string) => privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(b64, 'base64')).toString('utf8');
    const puts: Record<string, string>[] = [];
    const stored = { account: 'admin', name: 'Admin', roleName: 'Admins', phoneCountryCode: '886', phone: '0912345678', email: 'a@b.c', mimaChangedAt: new Date().toISOString() };
    fakeFetch((method, path, init) => {
      if (path.startsWith('Config/tenant/platform') || path === 'Config/reference') return { status: 200, body: config({ passwordPublicKey: publicKey }) };
      if (path === 'system/menu/nested') return { status: 200, body: { Backend: MENU } };
      if (path === 'system/announcement/Home') return { status: 200, body: [] };
      if (path === 'System/user' && method === 'GET') return { status: 200, body: stored };
      if (path === 'System/user' && method === 'PUT') {
        puts.push(JSON.parse(String(init.body)) as Record<string, string>);
        return puts.length === 1
          ? { status: 400, body: { code: 1, message: 'Validation failed', data: { phone: { key: 'phoneNumber' } } } }
          : { status: 200, body: { ...stored, phone: '0922333444' } };
      }
      return undefined;
    });
    signedIn(MENU);
    renderApp('/home', { lang: 'en' });
    await screen.findByTestId('home', {}, { timeout: 10000 });
    await act(async () => {
      fireEvent.click(screen.getByTestId('user-name'));
    });
    await screen.findByTestId('profile-view', {}, { timeout: 30_000 });
    fireEvent.click(screen.getByTestId('profile-edit-button'));
    const edit = await screen.findByTestId('profile-edit');
    const input = (name: string) => edit.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    fireEvent.click(input('changePassword'));
    await waitFor(() => expect(input('originalMima')).not.toBeNull());
    fireEvent.change(input('originalMima'), { target: { value: 'Current1x' } });
    fireEvent.change(input('newMima'), { target: { value: 'Fresh2025x' } });
    fireEvent.change(input('confirmNewMima'), { target: { value: 'Fresh2025x' } });
    fireEvent.click(screen.getByTestId('profile-save'));

    // The server refuses the phone (code 1): the notice names the field, the message is under it.
    const notice = await screen.findByTestId('alert-modal', {}, { timeout: 30_000 });
    expect(notice).toHaveTextContent('Check: Mobile phone.');
    expect(screen.queryByTestId('fail-modal')).toBeNull();
    fireEvent.click(within(notice).getByTestId('modal-confirm'));
    await waitFor(() => expect(edit.querySelector('[data-testid="field-error"][data-field="phone"]')).toHaveTextContent('The phone number format is wrong.'));
    expect(Object.keys(puts[0]).sort()).toEqual(['newMima', 'originalMima', 'phone', 'phoneCountryCode']);
    expect(puts[0]).toMatchObject({ phoneCountryCode: '886', phone: '0912345678' });
    expect(decrypt(puts[0].originalMima)).toBe('Current1x');
    expect(decrypt(puts[0].newMima)).toBe('Fresh2025x');

    // Changing the field takes its error away; the second save goes through.
    fireEvent.change(input('phone'), { target: { value: '0922333444' } });
    await waitFor(() => expect(edit.querySelector('[data-testid="field-error"]')).toBeNull());
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByTestId('profile-view', {}, { timeout: 30_000 })).toHaveTextContent('+886 0922333444');
    expect(puts).toHaveLength(2);
    expect(puts[1].phone).toBe('0922333444');
  });

  it('logout asks first, then DELETE Identity, clears the session and goes to /login?code', async () => {
    signedIn(MENU);
    const { router } = renderApp('/home', { lang: 'en' });
    await screen.findByTestId('home', {}, { timeout: 10000 }); // the shell and home load lazily
    fireEvent.click(screen.getByTestId('logout'));
    const modal = await screen.findByTestId('logout-modal', {}, { timeout: 30_000 });
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
    const modal = await screen.findByTestId('suggest-password-modal', {}, { timeout: 30_000 });
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

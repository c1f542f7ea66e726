/**
 * The member section of the consumer page (src/consumer/member.ts) in jsdom over a fake
 * /mapi/v1: a tenant without members shows none; a shopper joins with a phone and the code
 * (sent by the server, typed by the shopper), the login platforms show inactive, the token is
 * kept per tenant; a signed-in shopper's visit with ?c= earns once and says so (or 8103).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { mountConsumer, type ConsumerEnv } from '../../src/consumer/app';
import type { MemberAccount } from '../../src/domain/member/public';
import { fixturePage } from './consumerFixtures';
import { preactSettled, trackPreactEffects } from './preactSettled';

trackPreactEffects();
const ORIGIN = 'https://brand.example';
let unmount: (() => void) | null = null;

afterEach(async () => {
  unmount?.();
  unmount = null;
  document.body.innerHTML = '';
  localStorage.clear();
  // The unmounted page's pending renders and effects run now, while the test window exists.
  await preactSettled();
});

const SETTING = { members: true, requiredInfo: 1, requiredFields: [], loginPlatforms: [1, 4], tiers: [{ name: 'Silver', points: 0 }, { name: 'Gold', points: 100 }], pointCalculationType: 2 };
const account = (balance: number, history: MemberAccount['history'] = []): MemberAccount => ({
  member: { id: 5, phoneCountryCode: '886', phone: '912345678', name: null, gender: null, birth: null, email: null, address: null, lineId: null, discountCode: null, hasPassword: false },
  missingFields: [], balance, tier: { index: 0, name: 'Silver' }, nextTier: { name: 'Gold', points: 100 }, history,
});

const TUMBLER = { id: 4, productId: 9, names: { en: 'Tumbler' }, image: null, points: 300, stock: 5, from: '2026-01-01T00:00:00.000Z', to: '2099-12-31T00:00:00.000Z', timezoneId: 103 };
type Answer = { status: number; body?: unknown } | undefined;
type Route = (method: string, path: string, body: unknown, auth: string | null) => Answer | Promise<Answer>;

function api(route: Route) {
  const calls: { method: string; path: string; body: unknown; auth: string | null }[] = [];
  /** Every answer given: the page has read one once its body is used. */
  const answers: Response[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit = {}) => {
    const res = await answer(url, init);
    answers.push(res);
    return res;
  });
  const answer = async (url: string, init: RequestInit): Promise<Response> => {
    const method = (init.method ?? 'GET').toUpperCase();
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const auth = (init.headers as Record<string, string> | undefined)?.authorization ?? null;
    const path = url.split('?')[0];
    if (path.startsWith('/mapi/v1/page/')) {
      const page = fixturePage();
      return new Response(JSON.stringify({ ...page, layoutInfo: { ...page.layoutInfo, privacyInfo: null }, pointProducts: [TUMBLER] }), { status: 200 });
    }
    calls.push({ method, path, body, auth });
    const a = (await route(method, path.replace('/mapi/v1/member/acme/', ''), body, auth)) ?? { status: 404, body: { code: 2, message: 'not found' } };
    return new Response(a.body === undefined ? '' : JSON.stringify(a.body), { status: a.status });
  };
  return { fn: fn as unknown as typeof fetch, calls, answers };
}

/** Draws the state change and runs its effects (a shopper never clicks before the page has drawn). */
const tick = preactSettled;

function open(path: string, fetchImpl: typeof fetch, nav: Pick<ConsumerEnv, 'go' | 'replaceUrl'> = { replaceUrl: () => {} }) {
  const root = document.createElement('div');
  document.body.appendChild(root);
  const env: ConsumerEnv = {
    href: `${ORIGIN}${path}`, origin: ORIGIN, fetch: fetchImpl, storage: localStorage, languages: ['en'],
    win: window, geolocation: null, permissions: null, doc: document, ...nav,
  };
  unmount = mountConsumer(root, env);
}

describe('the member section', () => {
  it('is absent for a tenant without members', async () => {
    const { fn, calls, answers } = api((method, path) => (method === 'GET' && path === 'setting' ? { status: 200, body: { members: false, requiredInfo: 0, requiredFields: [], loginPlatforms: [], tiers: [], pointCalculationType: 0 } } : undefined));
    open('/m/acme?lang=en', fn);
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/mapi/v1/member/acme/setting']));
    // Every answer read and drawn: the section would be on the page by now.
    await waitFor(() => expect(answers.every((a) => a.bodyUsed)).toBe(true));
    await preactSettled();
    expect(screen.queryByTestId('member-section')).toBeNull();
  });

  it('joins with a phone and the code, offers the enabled platforms, keeps the token per tenant', async () => {
    const { fn, calls } = api((method, path, body) => {
      if (method === 'GET' && path === 'setting') return { status: 200, body: SETTING };
      if (method === 'POST' && path === 'otp') return { status: 201, body: { expiresAt: '', resendAfter: '' } };
      if (method === 'POST' && path === 'join') {
        return (body as { code: string }).code === '123456' ? { status: 201, body: { token: 'tok-abcdefghijklmnopqrstuvwxyz', account: account(0) } } : { status: 400, body: { code: 8101, message: 'x' } };
      }
      if (method === 'GET' && path === 'me') return { status: 200, body: account(0) };
      return undefined;
    });
    open('/m/acme?lang=en', fn);
    const section = await screen.findByTestId('member-section');
    // Issue 29: the enabled platforms sign in (their buttons work; social sign-in has its own tests below).
    expect(within(section).getByRole('button', { name: 'Continue with LINE' })).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    fireEvent.input(within(section).getByTestId('member-phone'), { target: { value: '0912345678' } });
    await tick();
    fireEvent.click(within(section).getByTestId('member-send'));
    const codeInput = await within(section).findByTestId('member-code');
    expect(calls.find((c) => c.path.endsWith('/otp'))?.body).toEqual({ phoneCountryCode: '886', phone: '0912345678', purpose: 'join' });
    fireEvent.input(codeInput, { target: { value: '000000' } });
    await tick();
    fireEvent.click(within(section).getByTestId('member-verify'));
    expect(await within(section).findByRole('alert')).toHaveTextContent('The code is wrong or has expired.');
    fireEvent.input(codeInput, { target: { value: '123456' } });
    await tick();
    fireEvent.click(within(section).getByTestId('member-verify'));
    expect(await within(section).findByTestId('member-balance')).toHaveTextContent('0');
    expect(within(section).getByTestId('member-tier')).toHaveTextContent('Silver');
    expect(localStorage.getItem('oioc.member.acme')).toBe('tok-abcdefghijklmnopqrstuvwxyz');
  });

  it('earns for the scanned code once the shopper is signed in, and says when the code already earned', async () => {
    localStorage.setItem('oioc.member.acme', 'tok-abcdefghijklmnopqrstuvwxyz');
    let scans = 0;
    const { fn, calls } = api((method, path, _body, auth) => {
      if (method === 'GET' && path === 'setting') return { status: 200, body: SETTING };
      if (auth !== 'Bearer tok-abcdefghijklmnopqrstuvwxyz') return { status: 401, body: { code: 3, message: 'Unauthorized' } };
      if (method === 'POST' && path === 'scan') {
        scans += 1;
        return scans === 1 ? { status: 201, body: { code: 'X', points: 10, memo: 'Every scan', balance: 10, expiresAt: null } } : { status: 400, body: { code: 8103, message: 'x' } };
      }
      if (method === 'GET' && path === 'me') return { status: 200, body: account(scans ? 10 : 0, scans ? [{ id: 1, createdAt: '2026-11-25T00:00:00Z', type: 1, points: 10, code: 'X', memo: 'Every scan', expiresAt: null }] : []) };
      return undefined;
    });
    open('/m/acme?c=X&lang=en', fn);
    expect(await screen.findByTestId('member-scan')).toHaveTextContent('You earned 10 points for this scan!');
    expect(screen.getByTestId('member-balance')).toHaveTextContent('10');
    expect(screen.getByTestId('member-history')).toHaveTextContent('Every scan');
    expect(calls.filter((c) => c.path.endsWith('/scan'))).toHaveLength(1);
    unmount!();
    document.body.innerHTML = '';
    open('/m/acme?c=X&lang=en', fn);
    expect(await screen.findByTestId('member-scan')).toHaveTextContent('This code has already earned points.');
  });

  it('rewords the scan note in the chosen language and shows the new balance after a redemption without a reload (issue 26)', async () => {
    localStorage.setItem('oioc.member.acme', 'tok-abcdefghijklmnopqrstuvwxyz');
    let balance = 1000;
    const { fn } = api((method, path) => {
      if (method === 'GET' && path === 'setting') return { status: 200, body: SETTING };
      if (method === 'POST' && path === 'scan') return { status: 201, body: { code: 'X', points: 10, memo: 'Every scan', balance: 1000, expiresAt: null } };
      if (method === 'GET' && path === 'me') return { status: 200, body: account(balance) };
      if (method === 'POST' && path === 'order') { balance = 700; return { status: 201, body: { id: 1, orderNo: 'M1', points: 300, balance: 700 } }; }
      return undefined;
    });
    open('/m/acme?c=X&lang=zh_TW', fn);
    const note = await screen.findByTestId('member-scan');
    expect(note.textContent).not.toContain('You earned');
    fireEvent.click(screen.getByRole('button', { name: 'EN' }));
    await waitFor(() => expect(screen.getByTestId('member-scan')).toHaveTextContent('You earned 10 points for this scan!'));
    expect(screen.getByTestId('member-balance')).toHaveTextContent('1,000');
    fireEvent.click(screen.getByText('Redeem'));
    const dialog = await screen.findByRole('dialog');
    const input = (name: string) => dialog.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    fireEvent.input(input('name'), { target: { value: 'Lin' } });
    fireEvent.input(input('phone'), { target: { value: '0912345678' } });
    fireEvent.input(input('address'), { target: { value: 'Taipei' } });
    await tick();
    fireEvent.click(within(screen.getByRole('dialog')).getByText('Confirm'));
    await waitFor(() => expect(screen.getByTestId('member-balance')).toHaveTextContent('700'));
  });

  it('social sign-in (issue 29): a platform button goes to the address the server answers; the return is posted once, leaves the address and signs in', async () => {
    const gone: string[] = [];
    const { fn, calls } = api((method, path) => {
      if (method === 'GET' && path === 'setting') return { status: 200, body: SETTING };
      if (method === 'POST' && path === 'social/4/start') return { status: 201, body: { url: 'https://op.example/authorize?state=s1' } };
      return undefined;
    });
    open('/m/acme?lang=en', fn, { replaceUrl: () => {}, go: (u) => { gone.push(u); } });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(gone).toEqual(['https://op.example/authorize?state=s1']));
    expect(calls.find((c) => c.path.endsWith('/social/4/start'))?.body).toEqual({ returnPath: '/m/acme?lang=en' });
    unmount?.();

    const replaced: string[] = [];
    const back = api((method, path, body) => {
      if (method === 'GET' && path === 'setting') return { status: 200, body: SETTING };
      if (method === 'POST' && path === 'social/callback') {
        expect(body).toEqual({ params: '?lang=en&code=c1&state=s1&iss=https%3A%2F%2Fop.example' });
        return { status: 201, body: { outcome: 'joined', platform: 4, token: 'tok-social-abcdefghijklmnopqrst', returnPath: '/m/acme?lang=en', account: { ...account(0), linked: [4] } } };
      }
      if (method === 'GET' && path === 'me') return { status: 200, body: { ...account(0), linked: [4] } };
      return undefined;
    });
    open('/m/acme?lang=en&code=c1&state=s1&iss=https%3A%2F%2Fop.example', back.fn, { replaceUrl: (u) => { replaced.push(u); } });
    expect(await screen.findByTestId('linked-4')).toHaveTextContent('Google');
    expect(localStorage.getItem('oioc.member.acme')).toBe('tok-social-abcdefghijklmnopqrst');
    expect(replaced[0]).toBe('/m/acme?lang=en');
    expect(back.calls.filter((c) => c.path.endsWith('/social/callback'))).toHaveLength(1);
    // The member's other platform links from the account.
    expect(screen.getByRole('button', { name: 'Link LINE' })).toBeEnabled();
  });

  it('social sign-in: a refused return says why (8122)', async () => {
    const { fn } = api((method, path) => {
      if (method === 'GET' && path === 'setting') return { status: 200, body: SETTING };
      if (method === 'POST' && path === 'social/callback') return { status: 400, body: { code: 8122, message: 'x' } };
      return undefined;
    });
    open('/m/acme?lang=en&code=c1&state=s1', fn);
    expect(await screen.findByTestId('social-error')).toHaveTextContent('This platform account is linked to another member.');
  });

  it('social link: the account the link returns stays, though a read of the account answered before the link arrives later', async () => {
    localStorage.setItem('oioc.member.acme', 'tok-abcdefghijklmnopqrstuvwxyz');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let meAsked!: () => void;
    const asked = new Promise<void>((resolve) => { meAsked = resolve; });
    const { fn, answers } = api(async (method, path) => {
      if (method === 'GET' && path === 'setting') return { status: 200, body: SETTING };
      if (method === 'GET' && path === 'me') {
        // Read by the server before the link: answered late, still without Google.
        meAsked();
        await gate;
        return { status: 200, body: { ...account(0), linked: [] } };
      }
      if (method === 'POST' && path === 'social/callback') {
        await asked;
        return { status: 201, body: { outcome: 'linked', platform: 4, token: null, returnPath: '/m/acme?lang=en', account: { ...account(0), linked: [4] } } };
      }
      return undefined;
    });
    open('/m/acme?lang=en&code=c1&state=s1', fn);
    expect(await screen.findByTestId('social-linked')).toHaveTextContent('Google is linked.');
    expect(await screen.findByTestId('linked-4')).toHaveTextContent('Google');
    const before = answers.length;
    release();
    // The late read answered, every answer read and drawn: the stale account would show by now.
    await waitFor(() => expect(answers.length).toBeGreaterThan(before));
    await waitFor(() => expect(answers.every((a) => a.bodyUsed)).toBe(true));
    await preactSettled();
    expect(screen.getByTestId('linked-4')).toHaveTextContent('Google');
    expect(screen.getByRole('button', { name: 'Link LINE' })).toBeEnabled();
  });
});

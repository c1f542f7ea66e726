/**
 * The lottery play on the consumer page (src/consumer/lottery): a genuine code offered a running
 * activity loads the games, spins the wheel to the server's prize, shows the result and sends
 * the redemption form (checked first by the shared rules, then the server's field errors),
 * shows the serial; the scratch card reveals by keyboard; a refused red envelope rain starts again; refusals
 * show their text. The Marketing API is a fake fetch.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { mountConsumer, type ConsumerEnv } from '../../src/consumer/app';
import type { PlayActivity, PlayRecord } from '../../src/domain/activity/lotteryPublic';
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
  // Let the unmounted page's pending renders and effects settle before the next test.
  await preactSettled();
});

const PRIZES = [
  { id: 11, name: 'Tea set', shortName: 'Tea', picture: '/files/tea.png', type: 1 },
  { id: 12, name: 'Cup', shortName: '', picture: null, type: 1 },
  { id: 13, name: 'Thanks', shortName: '', picture: null, type: 0 },
];
const FORM = [
  { id: 1, name: 'Address', type: 9, options: [], required: true, condition: null },
  { id: 2, name: 'Size', type: 1, options: ['S', 'M'], required: true, condition: null },
  { id: 3, name: 'Colour', type: 2, options: ['Red', 'Blue'], required: false, condition: null },
  { id: 4, name: 'Extras', type: 3, options: ['Bag', 'Card'], required: false, condition: null },
  { id: 5, name: 'Age', type: 6, options: [], required: false, condition: 1 },
  { id: 6, name: 'Birthday', type: 7, options: [], required: false, condition: null },
  { id: 7, name: 'Name', type: 4, options: [], required: false, condition: null },
  { id: 8, name: 'Note', type: 5, options: [], required: false, condition: null },
];
const activity = (over: Partial<PlayActivity> = {}): PlayActivity => ({
  id: 7, name: 'Spring wheel', gameType: 2, from: '2026-11-01T00:00:00Z', to: '2026-12-31T00:00:00Z', timezoneId: 103, memberOnly: false,
  exchangeType: 2, picture: null, core: { wheelColor: '#123456', wheelColor1: '#ff0000', wheelColor2: '#00ff00', textColor: '#000000' },
  prizes: PRIZES, form: FORM, record: null, ...over,
});
const record = (over: Partial<PlayRecord> = {}): PlayRecord => ({
  id: 99, activityId: 7, code: 'QT8F3K2M9X4P', prize: PRIZES[0], prizeIndex: 0, won: true, serial: null, redeemable: true, formRequired: true,
  answers: null, redeemedAt: null, expiresAt: '2026-12-31T00:00:00Z', createdAt: '2026-11-26T00:00:00Z', ...over,
});

type Route = (method: string, path: string, body: any) => { status: number; body?: unknown } | undefined;

function api(route: Route) {
  const calls: { method: string; path: string; body: any }[] = [];
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
    if (url.startsWith('/mapi/v1/page/')) {
      const page = fixturePage();
      return new Response(JSON.stringify({ ...page, layoutInfo: { ...page.layoutInfo, privacyInfo: null } }), { status: 200 });
    }
    calls.push({ method, path: url, body });
    const a = (url.startsWith('/mapi/v1/lottery/') ? route(method, url.replace('/mapi/v1/lottery/acme', ''), body) : undefined) ?? { status: 404, body: { code: 2, message: 'not found' } };
    return new Response(a.body === undefined ? '' : JSON.stringify(a.body), { status: a.status });
  };
  return { fn: fn as unknown as typeof fetch, calls, answers };
}

/** Draws Preact's pending renders and runs their effects (a shopper never clicks before the page has drawn). */
const tick = preactSettled;

/** Every answer read, and what it led to drawn: what the page was going to show or ask is done. */
async function atRest(answers: Response[]): Promise<void> {
  await waitFor(() => expect(answers.every((a) => a.bodyUsed)).toBe(true));
  await preactSettled();
}

function open(path: string, fetchImpl: typeof fetch) {
  const root = document.createElement('div');
  document.body.appendChild(root);
  const env: ConsumerEnv = {
    href: `${ORIGIN}${path}`, origin: ORIGIN, fetch: fetchImpl, storage: localStorage, languages: ['en'],
    win: window, geolocation: null, permissions: null, replaceUrl: () => {}, doc: document,
  };
  unmount = mountConsumer(root, env);
}

describe('lottery play on the consumer page', () => {
  it('shows nothing for a code without an activity and asks nothing without a code', async () => {
    const { fn, calls, answers } = api((_m, p) => (p.startsWith('?c=') ? { status: 200, body: { code: 'QT8F3K2M9X4P', activities: [] } } : undefined));
    open('/m/acme?c=QT8F3K2M9X4P&lang=en', fn);
    await waitFor(() => expect(calls.some((c) => c.path === '/mapi/v1/lottery/acme?c=QT8F3K2M9X4P')).toBe(true));
    await atRest(answers);
    expect(screen.queryByTestId('lottery')).toBeNull();
    document.body.innerHTML = '';
    const second = api(() => undefined);
    open('/m/acme?lang=en', second.fn);
    // The page drawn and every answer read: a lottery call would have gone out by now.
    await screen.findByRole('heading', { level: 1 });
    await atRest(second.answers);
    expect(second.calls.filter((c) => c.path.startsWith('/mapi/v1/lottery'))).toEqual([]);
  });

  it('spins the wheel to the server\'s prize, then sends the redemption form and shows the serial', async () => {
    const { fn, calls } = api((m, p, body) => {
      if (m === 'GET' && p.startsWith('?c=')) return { status: 200, body: { code: 'QT8F3K2M9X4P', activities: [activity()] } };
      if (m === 'POST' && p === '/7/play') return { status: 201, body: record() };
      if (m === 'POST' && p === '/7/records/99/redeem') {
        if (body.answers['7'] === 'server says no') return { status: 400, body: { code: 1, message: 'bad', data: { 'answers.7': { key: 'invalid' } } } };
        return { status: 200, body: record({ redeemable: false, redeemedAt: '2026-11-26T01:00:00Z', serial: 'ABCD2345EFGH', answers: { Address: 'Taipei 101' } }) };
      }
      return undefined;
    });
    open('/m/acme?c=QT8F3K2M9X4P&lang=en', fn);
    const panel = await screen.findByTestId('lottery');
    expect(within(panel).getByText('Spring wheel')).toBeTruthy();
    // The wheel: one segment per prize in the template's colours.
    const wheel = await within(panel).findByTestId('wheel');
    const segments = wheel.querySelectorAll('[data-segment] path');
    expect(segments).toHaveLength(3);
    expect([...segments].map((s) => s.getAttribute('fill'))).toEqual(['#ff0000', '#00ff00', '#ff0000']);
    expect(wheel.textContent).toContain('Tea');
    fireEvent.click(within(panel).getByRole('button', { name: 'Spin the wheel' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/mapi/v1/lottery/acme/7/play')?.body).toEqual({ code: 'QT8F3K2M9X4P', gameType: 2 }));
    // It lands on segment 0: the rotation leaves the segment's centre at the pointer (top).
    await waitFor(() => {
      const m = /rotate\(([\d.]+)deg\)/.exec((wheel.querySelector('.wheel-face') as SVGGElement).getAttribute('style') ?? '');
      const landed = ((Number(m?.[1]) % 360) + 360) % 360;
      expect(landed === 0 || landed > 360 - 120).toBe(true);
    });
    const result = await screen.findByTestId('lottery-result', {}, { timeout: 2000 });
    expect(within(result).getByText('Congratulations!')).toBeTruthy();
    expect(within(result).getByText('You won “Tea set”')).toBeTruthy();
    // The game's own result line (announced to screen readers) follows a language switch too.
    const line = panel.querySelector('.game-live')!;
    const english = line.textContent;
    expect(english).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '繁中' }));
    await waitFor(() => expect(panel.querySelector('.game-live')!.textContent).not.toBe(english));
    expect(panel.querySelector('.game-live')!.textContent).toMatch(/[\u4e00-\u9fff]/);
    fireEvent.click(screen.getByRole('button', { name: 'EN' }));
    await waitFor(() => expect(panel.querySelector('.game-live')!.textContent).toBe(english));

    // The form: required fields checked before sending.
    await tick();
    fireEvent.click(within(result).getByRole('button', { name: 'Send' }));
    expect(await within(result).findAllByText('Required')).toHaveLength(2);
    expect(calls.filter((c) => c.path.endsWith('/redeem'))).toHaveLength(0);
    fireEvent.input(within(result).getByLabelText(/Address/), { target: { value: 'Taipei 101' } });
    fireEvent.change(within(result).getByLabelText(/Size/), { target: { value: 'M' } });
    fireEvent.click(within(result).getByLabelText('Blue'));
    fireEvent.click(within(result).getByLabelText('Bag'));
    await tick();
    fireEvent.click(within(result).getByLabelText('Card'));
    fireEvent.input(within(result).getByLabelText(/Age/), { target: { value: '-2' } });
    await tick();
    fireEvent.click(within(result).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(result).getAllByText('Enter a number above 0')).toHaveLength(2));
    fireEvent.input(within(result).getByLabelText(/Age/), { target: { value: '30' } });
    fireEvent.input(within(result).getByLabelText(/Birthday/), { target: { value: '1990-05-01' } });
    fireEvent.input(within(result).getByLabelText(/Name/), { target: { value: 'server says no' } });
    await tick();
    fireEvent.click(within(result).getByRole('button', { name: 'Send' }));
    // The server's field error shows on its field.
    await waitFor(() => expect(within(result).getByText('Invalid format')).toBeTruthy());
    const sent = calls.filter((c) => c.path.endsWith('/redeem'))[0].body;
    expect(sent).toEqual({ code: 'QT8F3K2M9X4P', answers: { 1: 'Taipei 101', 2: 'M', 3: 'Blue', 4: ['Bag', 'Card'], 5: '30', 6: '1990-05-01', 7: 'server says no' } });
    fireEvent.input(within(result).getByLabelText(/Name/), { target: { value: 'Ann' } });
    await tick();
    fireEvent.click(within(result).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByTestId('serial').textContent).toBe('ABCD2345EFGH'));
    expect(screen.getByText('Details sent')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('a language switch before the play shows the game in that language', async () => {
    const { fn } = api((m, p) => (m === 'GET' && p.startsWith('?c=') ? { status: 200, body: { code: 'QT8F3K2M9X4P', activities: [activity()] } } : undefined));
    open('/m/acme?c=QT8F3K2M9X4P&lang=en', fn);
    expect(await screen.findByRole('button', { name: 'Spin the wheel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '繁中' }));
    expect(await screen.findByRole('button', { name: '轉動輪盤' })).toBeTruthy();
    expect(document.querySelectorAll('[data-game="view_wheel"]')).toHaveLength(1);
  });

  it('a played code shows its record; the scratch card reveals by keyboard; refusals show their text', async () => {
    const scratch = activity({ id: 8, name: 'Scratch it', gameType: 1, exchangeType: 3, form: [], core: { coverColor: '#888888' } });
    const played = activity({ id: 9, name: 'Done draw', record: record({ activityId: 9, won: false, prize: PRIZES[2], prizeIndex: 2, redeemable: false, formRequired: false }) });
    const closed = activity({ id: 10, name: 'Closed envelope', gameType: 3, core: { envelopeColor: '#d7261e' } });
    const { fn } = api((m, p) => {
      if (m === 'GET' && p.startsWith('?c=')) return { status: 200, body: { code: 'QT8F3K2M9X4P', activities: [scratch, played, closed] } };
      if (m === 'POST' && p === '/8/play') return { status: 201, body: record({ activityId: 8, serial: 'SER123SER123', redeemable: false, formRequired: false }) };
      if (m === 'POST' && p === '/10/play') return { status: 400, body: { code: 9012, message: 'closed' } };
      return undefined;
    });
    open('/m/acme?c=QT8F3K2M9X4P&lang=en', fn);
    await screen.findByTestId('lottery');
    const cards = document.querySelectorAll('.lottery-card');
    expect(cards).toHaveLength(3);
    const [s, d, e] = [...cards] as HTMLElement[];
    expect(within(d).getByText('Thanks for playing')).toBeTruthy();
    fireEvent.click(await within(s).findByRole('button', { name: 'Scratch it all' }));
    await waitFor(() => expect(within(s).getByTestId('serial').textContent).toBe('SER123SER123'), { timeout: 2000 });
    expect(within(s).queryByRole('button', { name: 'Send' })).toBeNull();
    // The red envelope: six envelopes; a refused play shows the reason and lets the shopper start again.
    expect(await within(e).findAllByRole('button', { name: /Number/ })).toHaveLength(6);
    expect(e.querySelector('[data-game="view_redenvelope"]')).not.toBeNull();
    fireEvent.click(within(e).getByRole('button', { name: 'Start the rain' }));
    await waitFor(() => expect(within(e).getByRole('alert').textContent).toBe('The activity has closed.'));
    await waitFor(() => expect((within(e).getByRole('button', { name: 'Start the rain' }) as HTMLButtonElement).disabled).toBe(false));
  });
});

/**
 * The consumer page's point products (src/consumer/points.ts): a signed-out shopper is sent to
 * the member section; a signed-in one redeems (quantity, recipient) and sees the order number,
 * the new balance and the lower stock; a refusal shows its reason and keeps the sheet.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { h, render } from 'preact';
import { PointShop, memberTokenKey } from '../../src/consumer/points';
import type { PagePointProduct } from '../../src/domain/marketing/page';
import { preactSettled, trackPreactEffects } from './preactSettled';

trackPreactEffects();

const PRODUCT: PagePointProduct = {
  id: 4, productId: 9, names: { zh_TW: '保溫杯', en: 'Tumbler' }, image: null, points: 300, stock: 5,
  from: '2026-01-01T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z', timezoneId: 103,
};

let root: HTMLElement | null = null;
afterEach(async () => {
  if (root) render(null, root);
  document.body.innerHTML = '';
  await preactSettled();
});

/** `calls`: the redemptions sent; GET .../me answers the shopper's `balance`. */
function mount(token: string | null, answer: () => Response, balance = 10_000) {
  const store = new Map<string, string>(token ? [[memberTokenKey('demo'), token]] : []);
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/mapi/v1/member/demo/me') return json(200, { balance });
    calls.push({ url, init });
    return answer();
  }) as unknown as typeof globalThis.fetch;
  root = document.createElement('div');
  document.body.append(root);
  const member = document.createElement('section');
  member.id = 'member';
  member.scrollIntoView = vi.fn();
  document.body.append(member);
  render(h(PointShop, { env: { fetch, storage: { getItem: (k: string) => store.get(k) ?? null, setItem: () => {} }, doc: document }, tenantCode: 'demo', lang: 'en', products: [PRODUCT], preview: false }), root);
  return { calls, member };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('point products on the consumer page', () => {
  it('asks a signed-out shopper to sign in and takes them to the member section', async () => {
    const { calls, member } = mount(null, () => json(500, {}));
    expect(screen.getByText('Tumbler')).toBeTruthy();
    expect(screen.getByText(/Left 5/)).toBeTruthy();
    fireEvent.click(screen.getByText('Redeem'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Sign in as a member');
    fireEvent.click(within(dialog).getByText('Sign in'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(member.scrollIntoView).toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('redeems for a signed-in shopper: the order number, the balance and the lower stock', async () => {
    const { calls } = mount('tok-123456789012345678901', () => json(201, { id: 1, orderNo: 'M260101-ABCDEF', points: 600, balance: 400 }));
    fireEvent.click(screen.getByText('Redeem'));
    const dialog = await screen.findByRole('dialog');
    const input = (name: string) => dialog.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    fireEvent.input(input('quantity'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByText('Confirm'));
    expect(await screen.findByText('Please fill in the delivery details.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.input(input('name'), { target: { value: 'Lin' } });
    fireEvent.input(input('phone'), { target: { value: '0912345678' } });
    fireEvent.input(input('address'), { target: { value: 'Taipei' } });
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('Total 600 pts'));
    fireEvent.click(within(screen.getByRole('dialog')).getByText('Confirm'));
    await waitFor(() => expect(screen.getByRole('dialog').querySelector('[data-order-no]')?.textContent).toBe('M260101-ABCDEF'));
    expect(screen.getByRole('dialog').querySelector('[data-balance]')?.textContent).toBe('400');
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/mapi/v1/member/demo/order');
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe('Bearer tok-123456789012345678901');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      items: [{ pointProductId: 4, quantity: 2 }], points: 600, recipient: { name: 'Lin', phone: '0912345678', address: 'Taipei' },
    });
    fireEvent.click(screen.getByText('Done'));
    expect(await screen.findByText(/Left 3/)).toBeTruthy();
  });

  it('shows why a redemption was refused and keeps the sheet', async () => {
    mount('tok-123456789012345678901', () => json(400, { code: 14504, message: 'Member points insufficient' }));
    fireEvent.click(screen.getByText('Redeem'));
    const dialog = await screen.findByRole('dialog');
    for (const [name, value] of [['name', 'Lin'], ['phone', '0912'], ['address', 'Taipei']]) {
      fireEvent.input(dialog.querySelector(`input[name="${name}"]`)!, { target: { value } });
    }
    await waitFor(() => expect(dialog.querySelector<HTMLInputElement>('input[name="address"]')!.value).toBe('Taipei'));
    fireEvent.click(within(screen.getByRole('dialog')).getByText('Confirm'));
    expect(await screen.findByText('Not enough points.')).toBeTruthy();
    expect(screen.getByRole('dialog').querySelector('[data-order-no]')).toBeNull();
  });

  it('says "not enough points" on the quantity before sending when the total passes the balance', async () => {
    const { calls } = mount('tok-123456789012345678901', () => json(201, { id: 1, orderNo: 'M260101-ABCDEF', points: 300, balance: 0 }), 500);
    fireEvent.click(screen.getByText('Redeem'));
    const dialog = await screen.findByRole('dialog');
    for (const [name, value] of [['name', 'Lin'], ['phone', '0912'], ['address', 'Taipei']]) {
      fireEvent.input(dialog.querySelector(`input[name="${name}"]`)!, { target: { value } });
    }
    // One tumbler (300) fits the balance of 500; two (600) do not.
    const quantity = dialog.querySelector<HTMLInputElement>('input[name="quantity"]')!;
    fireEvent.input(quantity, { target: { value: '2' } });
    const message = await within(dialog).findByText(/Not enough points\. Points left: 500/);
    expect(message.closest('label')!.querySelector('input[name="quantity"]')).toBe(quantity);
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(dialog).getByText('Confirm'));
    expect(calls).toHaveLength(0);
    fireEvent.input(quantity, { target: { value: '1' } });
    await waitFor(() => expect(dialog.querySelector('[data-points-short]')).toBeNull());
    fireEvent.click(within(screen.getByRole('dialog')).getByText('Confirm'));
    await waitFor(() => expect(calls).toHaveLength(1));
  });
});

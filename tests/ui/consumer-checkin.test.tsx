/**
 * The consumer page's daily check-in cards (src/consumer/checkIn.ts): a signed-in shopper sees
 * each running activity with its progress and streak, checks in (the points said, the streak
 * and the day's entry shown, the button disabled, the balance reloaded), and a refusal (9002)
 * is said in the card.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { h, render } from 'preact';
import { CheckInSection } from '../../src/consumer/checkIn';
import type { ConsumerEnv } from '../../src/consumer/app';
import type { MemberCheckIn } from '../../src/domain/activity/checkInDay';
import { preactSettled, trackPreactEffects } from './preactSettled';

trackPreactEffects();

const ITEM: MemberCheckIn = {
  id: 7, name: 'May check-in', timezoneId: 103, from: '2030-04-30T16:00:00.000Z', to: '2030-05-31T15:59:00.000Z',
  requiredDays: 3, pointsPerDay: 5, completionPoints: 20, today: '2030-05-02', checkedInToday: false, count: 1, streak: 1, entry: null, completed: false,
};

let root: HTMLElement | null = null;
afterEach(async () => {
  if (root) render(null, root);
  document.body.innerHTML = '';
  await preactSettled();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function mount(post: () => Response) {
  const posts: string[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    if (init.method === 'GET') return json(200, [ITEM]);
    posts.push(url);
    return post();
  }) as unknown as typeof globalThis.fetch;
  const onChecked = vi.fn();
  root = document.createElement('div');
  document.body.append(root);
  render(h(CheckInSection, { env: { fetch } as unknown as ConsumerEnv, tenantCode: 'demo', token: 'tok', lang: 'en', onChecked }), root);
  return { posts, onChecked };
}

describe('consumer check-in', () => {
  it('checks in: points said, streak and the day\'s entry shown, the button done, the balance reloaded', async () => {
    const { posts, onChecked } = mount(() => json(201, { ...ITEM, checkedInToday: true, count: 2, streak: 2, entry: { image: '/files/d2', text: 'Day two' }, points: 5, balance: 10 }));
    await screen.findByText('May check-in');
    expect(screen.getByTestId('checkin-progress').textContent).toBe('1 of 3 days checked in');
    // The bar is named as the text beside it says (axe: aria-progressbar-name).
    expect(screen.getByRole('progressbar', { name: '1 of 3 days checked in' })).toBeInTheDocument();
    expect(screen.getByTestId('checkin-streak').textContent).toBe('1-day streak');
    fireEvent.click(screen.getByTestId('checkin-button'));
    await waitFor(() => expect(screen.getByTestId('checkin-note').textContent).toBe('Checked in: 5 points!'));
    expect(posts).toEqual(['/mapi/v1/member/demo/check-in/7']);
    expect(screen.getByTestId('checkin-streak').textContent).toBe('2-day streak');
    expect(screen.getByTestId('checkin-entry').textContent).toContain('Day two');
    expect((screen.getByTestId('checkin-button') as HTMLButtonElement).disabled).toBe(true);
    expect(onChecked).toHaveBeenCalledTimes(1);
  });

  it('a refusal is said in the card and nothing is reloaded', async () => {
    const { onChecked } = mount(() => json(400, { code: 9002, message: 'already' }));
    await screen.findByText('May check-in');
    fireEvent.click(screen.getByTestId('checkin-button'));
    await waitFor(() => expect(screen.getByTestId('checkin-note').textContent).toBe('You have already checked in today.'));
    expect(onChecked).not.toHaveBeenCalled();
    expect(screen.queryByTestId('checkin-entry')).toBeNull();
  });
});

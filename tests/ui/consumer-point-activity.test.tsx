/**
 * The point activities' reveal on the consumer page (src/consumer/pointActivity.ts): each draw
 * shows its reward icon closed; a tap reveals the points and their expiry; a draw of nothing
 * and an activity that opens again later say so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { h, render } from 'preact';
import { PointActivityReveal } from '../../src/consumer/pointActivity';
import { preactSettled, trackPreactEffects } from './preactSettled';

trackPreactEffects();

let root: HTMLElement | null = null;
afterEach(async () => {
  if (root) render(null, root);
  document.body.innerHTML = '';
  await preactSettled();
});

function mount(items: Parameters<typeof PointActivityReveal>[0]['items']) {
  root = document.createElement('div');
  document.body.append(root);
  render(h(PointActivityReveal, { items, lang: 'en' }), root);
}

describe('point activity reveal', () => {
  it('shows each draw closed with its icon, and the points once tapped', async () => {
    mount([
      { activityId: 1, name: 'Red packet week', icon: 2, points: 25, expiresAt: '2026-09-01T16:00:00.000Z', nextAt: null },
      { activityId: 2, name: 'Gift box', icon: 1, points: 0, expiresAt: null, nextAt: null },
    ]);
    const cards = screen.getAllByTestId('point-activity-reveal');
    expect(cards.map((c) => c.getAttribute('data-icon'))).toEqual(['2', '1']);
    expect(screen.queryByText('You got 25 points!')).toBeNull();
    expect(cards[0].textContent).toContain('Tap to open');
    fireEvent.click(cards[0]);
    await waitFor(() => expect(screen.getByText('You got 25 points!')).toBeTruthy());
    expect(cards[0].getAttribute('aria-expanded')).toBe('true');
    expect(cards[0].textContent).toContain('Points valid until');
    fireEvent.click(cards[1]);
    await waitFor(() => expect(cards[1].textContent).toContain('No points this time.'));
  });

  it('says when an activity opens again (enterLimitHours), and shows nothing without draws', () => {
    mount([{ activityId: 3, name: 'Daily', icon: 1, points: 0, expiresAt: null, nextAt: '2026-03-06T00:00:00.000Z' }]);
    expect(screen.getByTestId('point-activity-reveal').textContent).toContain('You can earn again from');
    render(null, root!);
    mount([]);
    expect(screen.queryByTestId('point-activities')).toBeNull();
  });
});

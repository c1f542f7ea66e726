/**
 * The nine games (src/consumer/games, issue 26) in jsdom: each mounts with its hook
 * `data-game="<view key>"`, asks the draw once when played from its start button (Enter or
 * Space on a button clicks it), shows only that outcome (`data-result`, the aria-live line)
 * and calls onDone; a refused draw gives the button back; the hint and result lines read at
 * 4.5:1 or more on the template's default colours (red envelope and darts included).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/dom';
import { GAME_VIEW_KEYS, loadGame } from '../../src/consumer/games';
import { GAME_TEXTS } from '../../src/consumer/games/texts';
import { contrast } from '../../src/consumer/games/shell';
import { defaultCore, GAMES } from '../../src/domain/activity/templates';
import type { GameOutcome } from '../../src/consumer/games/types';

const PRIZES = [{ label: 'Tea', picture: null }, { label: 'Cup', picture: null }, { label: 'Thanks', picture: null }];

afterEach(() => { document.body.innerHTML = ''; });

async function mountGame(viewKey: string, draw: () => Promise<GameOutcome | null>, onDone = vi.fn(), extra: Record<string, unknown> = {}, prizes = PRIZES) {
  const root = document.createElement('div');
  document.body.append(root);
  const game = GAMES.find((g) => g.viewKey === viewKey)!;
  const mount = (await loadGame(viewKey))!;
  const clean = mount(root, { core: { ...defaultCore(game.gameType), ...extra }, prizes, texts: GAME_TEXTS.en, reduced: true, draw, onDone });
  return { root, clean, onDone };
}

/** Plays as a shopper: the start button, then (red envelope, guess card) the first item offered. */
async function play(root: HTMLElement) {
  fireEvent.click(root.querySelector('button.game-start')!);
  const pickable = () => root.querySelector<HTMLButtonElement>('[data-pick]:not([disabled])');
  await waitFor(() => expect(root.dataset.result ?? pickable()).toBeTruthy());
  if (!root.dataset.result) fireEvent.click(pickable()!);
}

const rgb = (v: string) => { const m = /rgb\((\d+), (\d+), (\d+)\)/.exec(v); return m ? `#${[m[1], m[2], m[3]].map((x) => Number(x).toString(16).padStart(2, '0')).join('')}` : v; };

describe('the wheel', () => {
  /** The angle a segment's label is turned by, and the wheel's turn once stopped (degrees). */
  const labelTurn = (root: HTMLElement, i: number) => Number(/rotate\(([-\d.]+)/.exec(root.querySelector(`[data-segment="${i}"] g`)!.getAttribute('transform')!)![1]);
  const wheelTurn = (root: HTMLElement) => Number(/rotate\(([-\d.]+)deg\)/.exec(root.querySelector<HTMLElement>('.wheel-face')!.style.transform)![1]);

  it('stops with the drawn segment\'s label upright under the pointer', async () => {
    const { root } = await mountGame('view_wheel', async () => ({ index: 1, won: true, label: 'Cup', picture: null }));
    expect([0, 1, 2].map((i) => labelTurn(root, i))).toEqual([60, 180, 300]);
    await play(root);
    await waitFor(() => expect(root.dataset.result).toBe('win'));
    // The label's angle plus the wheel's turn: within the segment's middle 60% of the top.
    const at = (((labelTurn(root, 1) + wheelTurn(root)) % 360) + 360) % 360;
    expect(Math.min(at, 360 - at)).toBeLessThanOrEqual(36);
  });

  it('with one prize, shows its label at the top and stops it there', async () => {
    const { root } = await mountGame('view_wheel', async () => ({ index: 0, won: true, label: 'Tea', picture: null }), vi.fn(), {}, [{ label: 'Tea', picture: null }]);
    expect(labelTurn(root, 0)).toBe(0);
    await play(root);
    await waitFor(() => expect(root.dataset.result).toBe('win'));
    expect(((wheelTurn(root) % 360) + 360) % 360).toBe(0);
  });
});

describe('the nine games', () => {
  it('are nine, one per game of the templates', () => {
    expect(GAME_VIEW_KEYS.sort()).toEqual(GAMES.map((g) => g.viewKey).sort());
  });

  for (const viewKey of GAMES.map((g) => g.viewKey)) {
    it(`${viewKey}: plays the drawn outcome once and announces it`, async () => {
      const draw = vi.fn(async () => ({ index: 1, won: true, label: 'Cup', picture: null }));
      const { root, onDone } = await mountGame(viewKey, draw);
      expect(root.dataset.game).toBe(viewKey);
      expect(root.dataset.result).toBeUndefined();
      // Readable hint on the template's default colours.
      const hint = root.querySelector<HTMLElement>('.game-hint')!;
      expect(contrast(rgb(hint.style.color), rgb(hint.style.background))).toBeGreaterThanOrEqual(4.5);
      await play(root);
      await waitFor(() => expect(root.dataset.result).toBe('win'));
      expect(root.querySelector('[aria-live="polite"]')!.textContent).toBe('You won: Cup');
      await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ index: 1, won: true })));
      expect(draw).toHaveBeenCalledTimes(1);
    });
  }

  it('uses the template\'s images: the start button image, the doll images of ring toss', async () => {
    const { root } = await mountGame('view_ringtoss', async () => null, vi.fn(), { ButtonImage: '/files/go.png', DollImages: ['/files/d1.png', '', '', '', '', '', '', '', ''] });
    const button = root.querySelector<HTMLButtonElement>('button.game-start')!;
    expect(button.classList.contains('has-image')).toBe(true);
    expect(button.style.backgroundImage).toContain('/files/go.png');
    expect(button.textContent).toBe('Throw the ring');
    expect(root.querySelectorAll('.doll img')).toHaveLength(1);
    expect(root.querySelector('.doll img')!.getAttribute('src')).toBe('/files/d1.png');
  });

  it('a lost draw shows "lose"; a refused draw gives the start button back without a result', async () => {
    const lost = await mountGame('view_mary', async () => ({ index: 2, won: false, label: 'Thanks', picture: null }));
    await play(lost.root);
    await waitFor(() => expect(lost.root.dataset.result).toBe('lose'));
    expect(lost.root.querySelector('.mary-cell.stop')!.textContent).toContain('Thanks');
    const refused = await mountGame('view_darts', async () => null);
    const button = refused.root.querySelector<HTMLButtonElement>('button.game-start')!;
    fireEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(refused.root.dataset.result).toBeUndefined();
  });
});

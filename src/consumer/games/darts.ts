/**
 * Darts (view_darts): a board of the prizes' sectors (boardColor1/boardColor2, BoardImage); after
 * the draw the dart (DartImage or a drawn dart) flies from the shopper's hand into the drawn
 * prize's sector, or past the board when nothing was drawn.
 */
import { cssUrl, el, frame, polar, readableOn, sectorPath, svg } from './shell';
import type { MountGame } from './types';

const mount: MountGame = (root, o) => {
  const g = frame(root, o, 'view_darts', '#f4efe6');
  const c1 = g.color('boardColor1', '#1f1f1f');
  const c2 = g.color('boardColor2', '#f3e6c8');
  const boardImage = g.image('BoardImage');
  const dartImage = g.image('DartImage');
  const n = Math.max(g.prizes.length, 1);
  const seg = 360 / n;
  const R = 92;
  const board = svg('svg', { viewBox: '0 0 200 200', class: 'board', role: 'img', 'aria-label': g.prizes.map((p) => p.label).join(', ') },
    svg('circle', { cx: 100, cy: 100, r: 99, fill: '#3b2a1a' }));
  g.prizes.forEach((p, i) => {
    const fill = i % 2 ? c2 : c1;
    const d = sectorPath(i, n, R);
    board.append(svg('g', { 'data-segment': i }, svg('path', { d, fill: boardImage ? 'transparent' : fill, stroke: '#c9a86a', 'stroke-width': 1 }),
      svg('text', { x: 100, y: 31, transform: labelTurn(i * seg + seg / 2), fill: readableOn(fill), 'font-size': n > 8 ? 7 : 9, 'font-weight': 700, 'text-anchor': 'middle', 'dominant-baseline': 'middle' }, p.label.slice(0, 10))));
  });
  board.append(svg('circle', { cx: 100, cy: 100, r: 62, fill: 'none', stroke: '#c9a86a', 'stroke-width': 1 }),
    svg('circle', { cx: 100, cy: 100, r: 8, fill: '#d7261e', stroke: '#c9a86a' }));
  const wrap = el('div', { class: 'darts', style: boardImage ? `background-image:${cssUrl(boardImage)}` : undefined }, board);
  const dart = el('span', { class: 'dart', 'aria-hidden': 'true', style: dartImage ? `background-image:${cssUrl(dartImage)}` : undefined });
  wrap.append(dart);
  g.stage.append(wrap);

  g.button.addEventListener('click', async () => {
    const r = await g.play();
    if (!r) return;
    const box = wrap.getBoundingClientRect();
    const scale = board.getBoundingClientRect().width / 200;
    let x = 100; let y = 100;
    if (r.index >= 0) {
      [x, y] = polar(30 + Math.random() * 50, r.index * seg + seg / 2 + (Math.random() - 0.5) * seg * 0.5);
    } else { [x, y] = polar(112, Math.random() * 360); }
    const bx = board.getBoundingClientRect();
    const tx = bx.left - box.left + x * scale;
    const ty = bx.top - box.top + y * scale;
    dart.style.left = `${tx}px`;
    dart.style.top = `${ty}px`;
    await g.anim(dart, [
      { transform: `translate(-50%, ${box.height}px) scale(2.2) rotate(-20deg)`, opacity: 0.4 },
      { transform: `translate(-50%, ${box.height / 3}px) scale(1.5) rotate(-10deg)`, opacity: 1, offset: 0.6 },
      { transform: 'translate(-50%, 0) scale(1) rotate(0deg)', opacity: 1 },
    ], g.ms(900), { easing: 'cubic-bezier(.3,.6,.4,1)' });
    dart.classList.add('stuck');
    board.querySelector(`[data-segment="${r.index}"]`)?.classList.add('hit');
    g.finish(r);
  });
  return g.clean;
};

/** A sector label's turn about the centre; in the lower half it is also turned over in place, so it reads upright. */
function labelTurn(angle: number): string {
  const a = ((angle % 360) + 360) % 360;
  return a > 90 && a < 270 ? `rotate(${angle} 100 100) rotate(180 100 31)` : `rotate(${angle} 100 100)`;
}

export default mount;

/** Roulette wheel (view_wheel): the prizes as segments; it spins and stops on the drawn one. */
import { frame, polar, sectorPath, svg } from './shell';
import type { MountGame } from './types';

const mount: MountGame = (root, o) => {
  const g = frame(root, o, 'view_wheel', '#fff8ec');
  const c1 = g.color('wheelColor1', '#ffd45c');
  const c2 = g.color('wheelColor2', '#fff7e0');
  const rim = g.color('wheelColor', '#b83a24');
  const ink = g.color('textColor', '#7a2e12');
  const face = g.image('WheelImage');
  const hub = g.image('SpinCenter');
  const n = Math.max(g.prizes.length, 1);
  const seg = 360 / n;
  /** A segment's middle, where its label stands upright under the pointer; one prize is the whole disc, its label at the top. */
  const middle = (i: number) => (n === 1 ? 0 : i * seg + seg / 2);
  const R = 88;
  const segs = svg('svg', { viewBox: '0 0 200 200', 'aria-hidden': 'true' }, svg('circle', { cx: 100, cy: 100, r: 98, fill: rim }));
  if (face) segs.append(svg('image', { href: face, x: 100 - R, y: 100 - R, width: 2 * R, height: 2 * R, 'clip-path': 'circle(88px at 100px 100px)', preserveAspectRatio: 'xMidYMid slice' }));
  g.prizes.forEach((p, i) => {
    const d = sectorPath(i, n, R);
    const label = svg('g', { transform: `rotate(${middle(i)} 100 100)` },
      p.picture ? svg('image', { href: p.picture, x: 89, y: 24, width: 22, height: 22 }) : null,
      svg('text', { x: 100, y: p.picture ? 58 : 40, fill: ink, 'font-size': n > 8 ? 7 : 9, 'font-weight': 700, 'text-anchor': 'middle' }, p.label.slice(0, 10)));
    segs.append(svg('g', { 'data-segment': i }, svg('path', { d, fill: face ? 'transparent' : i % 2 ? c2 : c1, stroke: rim, 'stroke-width': 1 }), label));
  });
  const dots = Array.from({ length: 12 }, (_, i) => { const [x, y] = polar(93, i * 30); return svg('circle', { cx: x, cy: y, r: 2.2, fill: '#fff8d8' }); });
  // The segments turn as one HTML layer (the compositor rotates it: no repaint per frame); the
  // rim's lights, the hub and the pointer stay still above it.
  const over = svg('svg', { viewBox: '0 0 200 200', class: 'wheel-over', role: 'img', 'aria-label': g.prizes.map((p) => p.label).join(', ') }, ...dots,
    hub ? svg('image', { href: hub, x: 78, y: 78, width: 44, height: 44 }) : svg('circle', { cx: 100, cy: 100, r: 17, fill: rim, stroke: '#fff', 'stroke-width': 3 }),
    svg('path', { d: 'M89 3 L111 3 L100 25 Z', fill: rim, stroke: '#fff', 'stroke-width': 2, 'stroke-linejoin': 'round' }));
  const turn = document.createElement('div');
  turn.className = 'wheel-face';
  turn.append(segs);
  const wheel = document.createElement('div');
  wheel.className = 'wheel';
  wheel.dataset.testid = 'wheel';
  wheel.append(turn, over);
  g.stage.append(wheel);

  g.button.addEventListener('click', async () => {
    const r = await g.play();
    if (!r) return;
    const index = Math.max(r.index, 0);
    // Somewhere inside the drawn segment (one prize: its label upright at the top).
    const center = middle(index) + (n === 1 ? 0 : (Math.random() - 0.5) * seg * 0.6);
    const end = 360 * (o.reduced ? 1 : 6) - center;
    await g.anim(turn, [{ transform: 'rotate(0deg)' }, { transform: `rotate(${end}deg)` }], g.ms(4200), { easing: 'cubic-bezier(.15,.7,.2,1)' });
    turn.style.transform = `rotate(${end}deg)`;
    g.finish(r);
  });
  return g.clean;
};

export default mount;

/**
 * Little Mary (view_mary): eight cells (PrizeImages, else the prizes' pictures) around the start
 * button; after the draw the light (lightColor) runs around the ring, slows down and stops on the
 * drawn prize's cell.
 */
import { cellOf, el, frame } from './shell';
import type { MountGame } from './types';

/** Grid slots (3 x 3, row by row) of the ring's cells, clockwise from the top left. */
const RING = [0, 1, 2, 5, 8, 7, 6, 3];

const mount: MountGame = (root, o) => {
  const g = frame(root, o, 'view_mary', '#fff8ec');
  const cell = g.color('cellColor', '#fff4d6');
  const light = g.color('lightColor', '#ffcf33');
  const ink = g.color('textColor', '#7a2e12');
  const n = g.prizes.length;
  const grid = el('div', { class: 'mary', style: `--cell:${cell};--light:${light};color:${ink}` });
  const slots: HTMLElement[] = [];
  const cells = RING.map((slot, i) => {
    const img = g.listImage('PrizeImages', i);
    const p = n ? g.prizes[i % n] : undefined;
    const c = el('div', { class: 'mary-cell', 'data-cell': i });
    if (img) c.append(el('img', { src: img, alt: '' }), el('span', {}, p?.label.slice(0, 8) ?? ''));
    else c.append(g.face(p, ''));
    slots[slot] = c;
    return c;
  });
  slots[4] = el('div', { class: 'mary-center' }, g.button);
  grid.append(...slots);
  g.stage.append(grid);

  g.button.addEventListener('click', async () => {
    const r = await g.play();
    if (!r) return;
    const stop = cellOf(r, 8, n);
    const steps = o.reduced ? stop + 1 : 8 * 3 + stop + 1;
    for (let s = 0; s < steps; s++) {
      cells.forEach((c, i) => { c.classList.toggle('lit', i === s % 8); });
      const left = steps - s;
      // Fast laps, then slower and slower over the last eight cells.
      await g.wait(o.reduced ? 25 : left > 8 ? 60 : 60 + (9 - left) * 35);
    }
    cells[stop].classList.add('stop');
    g.finish(r);
  });
  return g.clean;
};

export default mount;

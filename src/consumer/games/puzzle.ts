/**
 * Puzzle (view_puzzle): nine scattered pieces of the template's picture (PuzzleImage, else a
 * drawn picture in frameColor); after the draw they fly into their places one by one, and only
 * once the picture is whole does the drawn prize show over it.
 */
import { cssUrl, el, frame } from './shell';
import type { MountGame } from './types';

const mount: MountGame = (root, o) => {
  const bg = typeof o.core.backgroundColor === 'string' && /^#[0-9a-fA-F]{6}$/.test(o.core.backgroundColor) ? o.core.backgroundColor : '#f1ecff';
  const g = frame(root, o, 'view_puzzle', bg);
  const frameColor = g.color('frameColor', '#6a4bc4');
  const picture = g.image('PuzzleImage');
  const art = picture ? cssUrl(picture) : `radial-gradient(circle at 50% 42%, #fff 0 18%, transparent 19%), conic-gradient(from 20deg, ${frameColor}, #f7b32b, #e8505b, ${frameColor})`;
  const board = el('div', { class: 'puzzle', style: `border-color:${frameColor};background:${bg}` });
  const spread = () => `translate(${Math.round((Math.random() - 0.5) * 120)}px,${Math.round((Math.random() - 0.5) * 90)}px) rotate(${Math.round((Math.random() - 0.5) * 70)}deg)`;
  const pieces = Array.from({ length: 9 }, (_, i) => {
    const p = el('span', { class: 'piece', 'data-piece': i, 'aria-hidden': 'true',
      style: `background-image:${art};background-position:${(i % 3) * 50}% ${Math.floor(i / 3) * 50}%;transform:${spread()}` });
    board.append(p);
    return p;
  });
  const overlay = el('div', { class: 'puzzle-prize' });
  board.append(overlay);
  g.stage.append(board);

  g.button.addEventListener('click', async () => {
    const r = await g.play();
    if (!r) return;
    await Promise.all(pieces.map((p, i) => g.anim(p, [{ transform: p.style.transform }, { transform: 'none' }], g.ms(520), { delay: o.reduced ? 0 : i * 130, easing: 'cubic-bezier(.2,.8,.3,1.1)' })
      .then(() => { p.style.transform = 'none'; })));
    board.classList.add('whole');
    await g.wait(g.ms(350));
    overlay.append(g.face(r.index >= 0 ? g.prizes[r.index] : undefined, o.texts.lost));
    overlay.classList.add('shown');
    g.finish(r);
  });
  return g.clean;
};

export default mount;

/**
 * Ring toss (view_ringtoss): nine dolls (DollImages, else built-in dolls) each over a prize; after
 * the draw the ring (RingImage or a ringColor ring) is thrown in an arc at the drawn prize's doll
 * and rings it (a win) or bounces off it (no win).
 */
import { cellOf, el, frame } from './shell';
import type { MountGame } from './types';

const PALETTE = ['#e8505b', '#f9a03f', '#4bb3fd', '#6cc551', '#a06cd5', '#f06595', '#20c997', '#ffd43b', '#748ffc'];

const mount: MountGame = (root, o) => {
  const bg = typeof o.core.backgroundColor === 'string' && /^#[0-9a-fA-F]{6}$/.test(o.core.backgroundColor) ? o.core.backgroundColor : '#dff3ff';
  const g = frame(root, o, 'view_ringtoss', bg);
  const ringColor = g.color('ringColor', '#f29c1f');
  const ringImage = g.image('RingImage');
  const n = g.prizes.length;
  const field = el('div', { class: 'toss', style: `background:${bg}` });
  const grid = el('div', { class: 'toss-grid' });
  const dolls = Array.from({ length: 9 }, (_, i) => {
    const img = g.listImage('DollImages', i);
    const d = el('div', { class: 'doll', 'data-cell': i },
      img ? el('img', { src: img, alt: '' }) : el('span', { class: 'doll-art', style: `--doll:${PALETTE[i]}`, 'aria-hidden': 'true' }),
      el('span', { class: 'doll-label' }, n ? g.prizes[i % n].label.slice(0, 8) : ''));
    grid.append(d);
    return d;
  });
  const ring = el('span', { class: 'ring', 'aria-hidden': 'true', style: ringImage ? `background:center/contain no-repeat url("${ringImage.replace(/["\\\n]/g, '')}");border-color:transparent` : `border-color:${ringColor}` });
  field.append(grid, ring);
  g.stage.append(field);

  g.button.addEventListener('click', async () => {
    const r = await g.play();
    if (!r) return;
    const target = dolls[cellOf(r, 9, n)];
    const a = ring.getBoundingClientRect();
    const b = target.getBoundingClientRect();
    const dx = b.left + b.width / 2 - (a.left + a.width / 2);
    const dy = b.top + b.height * 0.55 - (a.top + a.height / 2);
    const arc = [
      { transform: 'translate(0,0) scale(1) rotateX(0deg)' },
      { transform: `translate(${dx / 2}px,${dy / 2 - 70}px) scale(1.25) rotateX(50deg)`, offset: 0.5 },
      { transform: `translate(${dx}px,${dy}px) scale(.85) rotateX(65deg)` },
    ];
    if (!r.won) arc.push({ transform: `translate(${dx + 34}px,${dy + 40}px) scale(.8) rotateX(70deg)` });
    await g.anim(ring, arc, g.ms(r.won ? 1300 : 1700), { easing: 'ease-in-out' });
    target.classList.add(r.won ? 'ringed' : 'missed');
    g.finish(r);
  });
  return g.clean;
};

export default mount;

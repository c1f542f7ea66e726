/**
 * Baseball grid (view_baseball): a strike zone of nine cells (GridImages, else numbers) over the
 * field (fieldColor, gridColor lines), each over a prize; after the draw the ball (BallImage or a
 * drawn ball) is pitched from the mound and lands in the drawn prize's cell.
 */
import { cellOf, cssUrl, el, frame, readableOn } from './shell';
import type { MountGame } from './types';

const mount: MountGame = (root, o) => {
  const field = (typeof o.core.fieldColor === 'string' && /^#[0-9a-fA-F]{6}$/.test(o.core.fieldColor)) ? o.core.fieldColor : '#2f8f46';
  const g = frame(root, o, 'view_baseball', field);
  const line = g.color('gridColor', '#ffffff');
  const ballImage = g.image('BallImage');
  const n = g.prizes.length;
  const ink = readableOn(field, g.color('textColor', '#ffffff'));
  const pitch = el('div', { class: 'pitch', style: `background:${field};color:${ink}` });
  const zone = el('div', { class: 'zone', style: `--line:${line}` });
  const cells = Array.from({ length: 9 }, (_, i) => {
    const img = g.listImage('GridImages', i);
    const c = el('div', { class: 'zone-cell', 'data-cell': i },
      img ? el('img', { src: img, alt: '' }) : el('b', { 'aria-hidden': 'true' }, String(i + 1)),
      el('span', {}, n ? g.prizes[i % n].label.slice(0, 8) : ''));
    zone.append(c);
    return c;
  });
  const ball = el('span', { class: 'ball', 'aria-hidden': 'true', style: ballImage ? `background-image:${cssUrl(ballImage)}` : undefined });
  pitch.append(zone, ball);
  g.stage.append(pitch);

  g.button.addEventListener('click', async () => {
    const r = await g.play();
    if (!r) return;
    const target = cells[cellOf(r, 9, n)];
    const a = ball.getBoundingClientRect();
    const b = target.getBoundingClientRect();
    const dx = b.left + b.width / 2 - (a.left + a.width / 2);
    const dy = b.top + b.height / 2 - (a.top + a.height / 2);
    await g.anim(ball, [
      { transform: 'translate(0,0) scale(.5) rotate(0deg)' },
      { transform: `translate(${dx * 0.35}px,${dy * 0.6}px) scale(.9) rotate(360deg)`, offset: 0.55 },
      { transform: `translate(${dx}px,${dy}px) scale(1.3) rotate(720deg)` },
    ], g.ms(1100), { easing: 'cubic-bezier(.4,.1,.6,1)' });
    target.classList.add('hit');
    g.finish(r);
  });
  return g.clean;
};

export default mount;

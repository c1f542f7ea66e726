/**
 * Guess card (view_guesscard): eight cards show their icons (CardIcons, else built-in signs);
 * after the draw they turn over (CardBackImage or cardColor), shuffle, and the shopper picks one
 * (tap, or Tab and Enter/Space): it turns on the drawn prize.
 */
import { cssUrl, el, frame } from './shell';
import type { MountGame } from './types';

const SIGNS = ['★', '♥', '♣', '♦', '♠', '●', '▲', '✿'];

const mount: MountGame = (root, o) => {
  const bg = typeof o.core.backgroundColor === 'string' && /^#[0-9a-fA-F]{6}$/.test(o.core.backgroundColor) ? o.core.backgroundColor : '#eaf1ff';
  const g = frame(root, o, 'view_guesscard', bg);
  const back = g.color('cardColor', '#3a6fd8');
  const backImage = g.image('CardBackImage');
  const table = el('div', { class: 'cards', style: `background:${bg}` });
  const cards = Array.from({ length: 8 }, (_, i) => {
    const icon = g.listImage('CardIcons', i);
    const front = el('span', { class: 'card-front' }, icon ? el('img', { src: icon, alt: '' }) : el('span', { class: 'card-sign', 'aria-hidden': 'true' }, SIGNS[i]));
    const rear = el('span', { class: 'card-back', style: `background-color:${back}${backImage ? `;background-image:${cssUrl(backImage)}` : ''}` });
    const c = el('button', { type: 'button', class: 'card', 'data-pick': i, disabled: true, 'aria-label': o.texts.item(i + 1) }, front, rear);
    table.append(c);
    return c;
  });
  g.stage.append(table);

  /** Moves the cards to a new order, sliding each from where it was (FLIP). */
  const shuffle = async () => {
    const before = new Map(cards.map((c) => [c, c.getBoundingClientRect()]));
    const order = [...cards].sort(() => Math.random() - 0.5);
    table.append(...order);
    await Promise.all(order.map((c) => {
      const a = before.get(c)!;
      const b = c.getBoundingClientRect();
      return g.anim(c, [{ transform: `translate(${a.left - b.left}px,${a.top - b.top}px)` }, { transform: 'translate(0,0)' }], g.ms(380), { easing: 'ease-in-out', fill: 'none' });
    }));
  };

  g.button.addEventListener('click', async () => {
    const r = await g.play();
    if (!r) return;
    g.button.hidden = true;
    await g.wait(g.ms(600));
    cards.forEach((c) => { c.classList.add('down'); });
    await g.wait(g.ms(450));
    for (let k = 0; k < (o.reduced ? 1 : 4); k++) await shuffle();
    g.hint.textContent = o.texts.pickHint;
    const inOrder = [...table.children] as HTMLButtonElement[];
    inOrder.forEach((c, i) => { c.disabled = false; c.setAttribute('aria-label', o.texts.item(i + 1)); });
    inOrder[0].focus();
    const picked = await new Promise<HTMLButtonElement>((res) => cards.forEach((c) => { c.addEventListener('click', () => res(c), { once: true }); }));
    cards.forEach((c) => { c.disabled = true; });
    picked.querySelector('.card-front')!.replaceChildren(g.face(r.index >= 0 ? g.prizes[r.index] : undefined, o.texts.lost));
    picked.classList.add('picked');
    picked.classList.remove('down');
    // The others turn too, dimmed: the shopper sees where the icons went.
    cards.forEach((c) => { if (c !== picked) { c.classList.remove('down'); c.classList.add('other'); } });
    await g.wait(g.ms(500));
    g.finish(r);
  });
  return g.clean;
};

export default mount;

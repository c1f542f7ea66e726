/**
 * Red envelope rain (view_redenvelope): after the draw six envelopes (EnvelopeImage or
 * envelopeColor with a textColor seal) fall down the stage; the shopper catches one (tap, or
 * Tab and Enter/Space) and it opens on the drawn prize.
 */
import { cssUrl, el, frame } from './shell';
import type { MountGame } from './types';

const COUNT = 6;

const mount: MountGame = (root, o) => {
  const bg = (typeof o.core.backgroundColor === 'string' && /^#[0-9a-fA-F]{6}$/.test(o.core.backgroundColor)) ? o.core.backgroundColor : '#fbe3c0';
  const g = frame(root, o, 'view_redenvelope', bg);
  const red = g.color('envelopeColor', '#d7261e');
  const seal = g.color('textColor', '#ffe9a8');
  const image = g.image('EnvelopeImage');
  const sky = el('div', { class: 'rain', style: `background:${bg}` });
  const envelopes = Array.from({ length: COUNT }, (_, i) => {
    const b = el('button', { type: 'button', class: 'envelope', 'data-pick': i, disabled: true, 'aria-label': o.texts.item(i + 1),
      style: `left:${4 + i * 16}%;background-color:${red}${image ? `;background-image:${cssUrl(image)}` : ''}` },
    image ? null : el('span', { class: 'envelope-seal', style: `background:${seal};color:${red}`, 'aria-hidden': 'true' }, '福'));
    sky.append(b);
    return b;
  });
  g.stage.append(sky);
  const falls: Animation[] = [];
  g.onClean(() => falls.forEach((a) => { a.cancel(); }));

  g.button.addEventListener('click', async () => {
    const r = await g.play();
    if (!r) return;
    g.button.hidden = true;
    g.hint.textContent = o.texts.catchHint;
    envelopes.forEach((b, i) => {
      b.disabled = false;
      if (!o.reduced && typeof b.animate === 'function') {
        falls.push(b.animate([{ transform: 'translateY(-90px) rotate(-8deg)' }, { transform: 'translateY(300px) rotate(8deg)' }],
          { duration: 2200 + (i % 3) * 500, delay: (i * 330) % 1400, iterations: Infinity, easing: 'linear' }));
      } else b.classList.add('still');
    });
    envelopes[0].focus();
    const caught = await new Promise<HTMLButtonElement>((res) => envelopes.forEach((b) => { b.addEventListener('click', () => res(b), { once: true }); }));
    falls.forEach((a) => { a.pause(); });
    envelopes.forEach((b) => { b.disabled = true; if (b !== caught) b.classList.add('missed'); });
    // The caught one leaves the rain for the middle of the sky and grows.
    const from = getComputedStyle(caught).transform;
    falls[envelopes.indexOf(caught)]?.cancel();
    caught.classList.add('caught');
    const to = 'translate(-50%, 70px) scale(1.5)';
    await g.anim(caught, [{ transform: from === 'none' ? 'none' : from, left: caught.style.left }, { transform: to, left: '50%' }], g.ms(450));
    caught.style.left = '50%';
    caught.style.transform = to;
    caught.replaceChildren(g.face(r.index >= 0 ? g.prizes[r.index] : undefined, o.texts.lost));
    caught.classList.add('open');
    g.finish(r);
  });
  return g.clean;
};

export default mount;

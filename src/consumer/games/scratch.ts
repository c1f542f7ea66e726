/**
 * Scratch card (view_lucky): a canvas cover (coverColor or CoverImage) over the card (cardColor,
 * CardImage). The first touch asks the server's draw; past half scratched the cover clears. The
 * start button ("scratch it all") does the same for a keyboard.
 */
import { cssUrl, el, frame } from './shell';
import type { GameOutcome, MountGame } from './types';

const mount: MountGame = (root, o) => {
  const card = (o.core.cardColor as string) ?? '#fff4d6';
  const g = frame(root, o, 'view_lucky', /^#[0-9a-fA-F]{6}$/.test(card) ? card : '#fff4d6');
  const cover = g.color('coverColor', '#b8bcc4');
  const ink = g.color('textColor', '#7a2e12');
  const coverImage = g.image('CoverImage');
  const cardImage = g.image('CardImage');
  const result = el('div', { class: 'scratch-result' }, el('span', {}, o.texts.cover));
  const canvas = el('canvas', { class: 'scratch-cover', role: 'img', 'aria-label': o.texts.hint.view_lucky });
  const box = el('div', { class: 'scratch', 'data-testid': 'scratch', style: `background-color:${g.color('cardColor', '#fff4d6')};color:${ink}${cardImage ? `;background-image:${cssUrl(cardImage)}` : ''}` }, result, canvas);
  g.stage.append(box);

  let ctx: CanvasRenderingContext2D | null = null;
  try { ctx = canvas.getContext('2d'); } catch { ctx = null; }
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  const setup = () => {
    if (!ctx) return;
    const w = canvas.clientWidth || 300;
    const h = canvas.clientHeight || 160;
    canvas.width = Math.round(w * ratio);
    canvas.height = Math.round(h * ratio);
    ctx.scale(ratio, ratio);
    ctx.fillStyle = cover;
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = 'rgba(255,255,255,.9)';
    ctx.font = '700 18px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(o.texts.cover, w / 2, h / 2);
    if (coverImage) {
      const img = new Image();
      img.onload = () => { if (!touched) ctx!.drawImage(img, 0, 0, w, h); };
      img.src = coverImage;
    }
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(setup); else setup();

  let touched = false;
  let rec: GameOutcome | null = null;
  let want = false;
  const show = (r: GameOutcome) => {
    result.replaceChildren(g.face(r.index >= 0 ? g.prizes[r.index] : undefined, o.texts.lost));
    rec = r;
    reveal();
  };
  const reveal = async () => {
    if (!rec || !want || canvas.classList.contains('gone')) return;
    canvas.classList.add('gone');
    await g.wait(g.ms(500));
    g.finish(rec);
  };
  const start = async () => {
    touched = true;
    result.replaceChildren(el('span', {}, o.texts.drawing));
    const r = await g.play();
    if (!r) { touched = false; result.replaceChildren(el('span', {}, o.texts.cover)); return; }
    // Drawn: the shopper may still scratch, or clear the rest with the button.
    g.button.disabled = false;
    g.button.textContent = o.texts.start.view_lucky;
    show(r);
  };
  let last: { x: number; y: number } | null = null;
  let moves = 0;
  const at = (e: PointerEvent) => { const b = canvas.getBoundingClientRect(); return { x: e.clientX - b.left, y: e.clientY - b.top }; };
  const erase = (a: { x: number; y: number }, b: { x: number; y: number }) => {
    if (!ctx) return;
    ctx.globalCompositeOperation = 'destination-out';
    ctx.lineWidth = 34; ctx.lineCap = 'round'; ctx.lineJoin = 'round';
    ctx.beginPath(); ctx.moveTo(a.x, a.y); ctx.lineTo(b.x + 0.01, b.y); ctx.stroke();
  };
  /** The scratched share of the cover (a sparse sample of alphas). */
  const cleared = () => {
    if (!ctx || !canvas.width) return 1;
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let clear = 0; let all = 0;
    for (let i = 3; i < data.length; i += 40) { all++; if (data[i] < 128) clear++; }
    return all ? clear / all : 0;
  };
  canvas.addEventListener('pointerdown', (e) => {
    if (root.dataset.result) return;
    e.preventDefault();
    canvas.setPointerCapture?.(e.pointerId);
    if (!touched) void start();
    last = at(e);
    erase(last, last);
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!last) return;
    const p = at(e);
    erase(last, p);
    last = p;
    if (++moves % 10 === 0 && cleared() >= 0.5) { want = true; void reveal(); }
  });
  const up = () => { if (!last) return; last = null; if (cleared() >= 0.5) { want = true; void reveal(); } };
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', up);
  g.button.addEventListener('click', () => { want = true; if (!touched) void start(); else void reveal(); });
  return g.clean;
};

export default mount;

/**
 * What the nine games share (plain DOM): the frame (root with `data-game`, stage, hint, start
 * button, aria-live result line), the one draw per game, the result hook `data-result`, the
 * template's colours and images, animations through the Web Animations API (the compositor
 * moves them: no long task while they run) and a readable hint colour on any background.
 */
import './games.css';
import type { GameOptions, GameOutcome, GamePrize } from './types';

type Attrs = Record<string, string | number | boolean | null | undefined>;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...kids: (Node | string | null)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? '' : String(v));
  for (const k of kids) if (k !== null) e.append(k);
  return e;
}

export function svg(tag: string, attrs: Attrs = {}, ...kids: (Node | string | null)[]): SVGElement {
  const e = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined && v !== false) e.setAttribute(k, String(v));
  for (const k of kids) if (k !== null) e.append(k);
  return e;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Relative luminance of '#rrggbb' (WCAG 2). */
function luminance(hex: string): number {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** The template's text colour when it reads at 4.5:1 on `bg`, else black or white (one of them always reaches 4.58:1). */
export function readableOn(bg: string, wanted?: string): string {
  if (wanted && HEX.test(wanted) && contrast(wanted, bg) >= 4.5) return wanted;
  return contrast('#000000', bg) >= contrast('#ffffff', bg) ? '#000000' : '#ffffff';
}

/** A point of the 200x200 board or wheel: radius r, `deg` clockwise from the top. */
export function polar(r: number, deg: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  return [100 + r * Math.sin(a), 100 - r * Math.cos(a)];
}

/** The SVG path of sector i of n on a disc of radius r centred at (100, 100); one prize is the whole disc. */
export function sectorPath(i: number, n: number, r: number): string {
  const seg = 360 / n;
  if (n === 1) return `M100 ${100 - r}A${r} ${r} 0 1 1 99.99 ${100 - r}Z`;
  const [x0, y0] = polar(r, i * seg);
  const [x1, y1] = polar(r, (i + 1) * seg);
  return `M100 100L${x0} ${y0}A${r} ${r} 0 ${seg > 180 ? 1 : 0} 1 ${x1} ${y1}Z`;
}

export const cssUrl = (v: string) => `url("${v.replace(/["\\\n]/g, '')}")`;

/** The cell (of `cells`, showing prizes round-robin) where the outcome lands. */
export function cellOf(o: GameOutcome, cells: number, prizes: number): number {
  const fits = prizes > 0 && o.index >= 0 ? Array.from({ length: cells }, (_, j) => j).filter((j) => j % prizes === o.index) : [];
  if (fits.length) return fits[Math.floor(Math.random() * fits.length)];
  return Math.floor(Math.random() * cells);
}

export interface Game {
  root: HTMLElement;
  stage: HTMLElement;
  button: HTMLButtonElement;
  hint: HTMLElement;
  o: GameOptions;
  viewKey: string;
  prizes: GamePrize[];
  /** A '#rrggbb' of the core, else the fallback. */
  color(key: string, fallback: string): string;
  /** An image of the core (resolved), else null. */
  image(key: string): string | null;
  /** Slot i of an image list of the core, else null. */
  listImage(key: string, i: number): string | null;
  /** Animation length: the short version under reduced motion. */
  ms(full: number): number;
  /** The server's draw, once (null: refused, the button comes back). */
  play(): Promise<GameOutcome | null>;
  /** Shows the result: `data-result`, the aria-live line, then onDone. */
  finish(o: GameOutcome): void;
  anim(e: Element, frames: Keyframe[], ms: number, opts?: KeyframeAnimationOptions): Promise<void>;
  wait(ms: number): Promise<void>;
  /** A prize's face: its picture and short label. */
  face(p: GamePrize | undefined, fallback?: string): HTMLElement;
  onClean(f: () => void): void;
  clean(): void;
}

/** Builds the frame of a game in `root` and returns its helpers. */
export function frame(root: HTMLElement, o: GameOptions, viewKey: string, bg: string): Game {
  root.replaceChildren();
  root.className = `game ${viewKey}`;
  root.dataset.game = viewKey;
  delete root.dataset.result;
  const stage = el('div', { class: 'game-stage' });
  const ink = o.core.textColor;
  const text = readableOn(bg, typeof ink === 'string' ? ink : undefined);
  const hint = el('p', { class: 'game-hint', style: `background:${bg};color:${text}` }, o.texts.hint[viewKey] ?? '');
  const start = o.texts.start[viewKey] ?? '';
  const button = el('button', { type: 'button', class: 'btn primary game-btn game-start' }, start);
  const live = el('p', { class: 'game-live', 'aria-live': 'polite', role: 'status', style: `background:${bg};color:${text}` });
  root.append(stage, hint, button, live);
  const cleans: (() => void)[] = [];
  const src = o.src ?? ((u: string) => u);
  // The template's start button image (every game but the guess card has one); the words stay its name.
  const buttonImage = typeof o.core.ButtonImage === 'string' && o.core.ButtonImage ? src(o.core.ButtonImage) : null;
  if (buttonImage) { button.classList.add('has-image'); button.style.backgroundImage = cssUrl(buttonImage); }
  let drawn: Promise<GameOutcome | null> | null = null;
  let alive = true;
  const g: Game = {
    root, stage, button, hint, o, viewKey, prizes: o.prizes,
    color: (k, f) => { const v = o.core[k]; return typeof v === 'string' && HEX.test(v) ? v : f; },
    image: (k) => { const v = o.core[k]; return typeof v === 'string' && v ? src(v) : null; },
    listImage: (k, i) => { const v = o.core[k]; const x = Array.isArray(v) ? v[i] : null; return typeof x === 'string' && x ? src(x) : null; },
    ms: (full) => (o.reduced ? Math.min(full, 200) : full),
    play() {
      if (drawn) return drawn;
      button.disabled = true;
      button.setAttribute('aria-busy', 'true');
      button.textContent = o.texts.drawing;
      drawn = o.draw().then((r) => {
        button.removeAttribute('aria-busy');
        if (!r) { drawn = null; button.disabled = false; button.textContent = start; }
        return r;
      }, () => { drawn = null; button.disabled = false; button.textContent = start; return null; });
      return drawn;
    },
    finish(r) {
      if (!alive || root.dataset.result) return;
      root.dataset.result = r.won ? 'win' : 'lose';
      button.hidden = true;
      hint.hidden = true;
      live.textContent = r.won ? o.texts.won(r.label) : o.texts.lost;
      const t = setTimeout(() => o.onDone?.(r), g.ms(700));
      cleans.push(() => clearTimeout(t));
    },
    anim(e, frames, ms, opts = {}) {
      if (typeof (e as HTMLElement).animate !== 'function' || ms <= 0) return Promise.resolve();
      const a = (e as HTMLElement).animate(frames, { duration: ms, fill: 'forwards', easing: 'ease-out', ...opts });
      cleans.push(() => a.cancel());
      return a.finished.then(() => undefined, () => undefined);
    },
    wait(ms) {
      return new Promise((res) => { const t = setTimeout(res, ms); cleans.push(() => { clearTimeout(t); }); });
    },
    face(p, fallback = '?') {
      const f = el('span', { class: 'game-face' });
      if (p?.picture) f.append(el('img', { src: src(p.picture) ?? p.picture, alt: '' }));
      f.append(el('span', {}, p ? p.label.slice(0, 12) : fallback));
      return f;
    },
    onClean: (f) => { cleans.push(f); },
    clean() { alive = false; for (const f of cleans.splice(0)) f(); root.replaceChildren(); },
  };
  return g;
}

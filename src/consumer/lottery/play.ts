/**
 * The lottery games of the consumer page (issue 15 "Play"), loaded on demand by ./offer.ts when
 * a scanned code is offered a running activity. The server draws (POST .../play); the games
 * only show its answer, styled by the activity's template `core` (src/domain/activity/templates.ts):
 *  - roulette wheel: an SVG wheel of the prizes in wheelColor1/wheelColor2 segments, a wheelColor
 *    rim, textColor labels, WheelImage as the face, SpinCenter at the hub, ButtonImage on the
 *    button; it spins and lands on the drawn prize's segment;
 *  - scratch card: a canvas cover (coverColor or CoverImage) scratched with pointer events over
 *    the result; past half scratched it clears; "scratch it all" for keyboards;
 *  - the other seven games: their template images as tiles; the tile picked turns to the prize.
 * Then the result (prize, serial, expiry) and, for a prize that needs it, the redemption form
 * (field types 1, 2, 3, 4, 5, 6, 7, 9; checked by the same rules as the server).
 */
import './lottery.css';
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import type { Lang } from '../../domain/lang';
import { GameType, NumberCondition, RedemptionFieldType } from '../../domain/enums';
import { checkAnswers, type AnswerFailures } from '../../domain/activity/lotteryPlay';
import type { PlayActivity, PlayFormField, PlayOffer, PlayPrize, PlayRecord } from '../../domain/activity/lotteryPublic';
import { gameOf } from '../../domain/activity/templates';
import { INTL_LOCALE } from '../texts';
import type { ConsumerEnv } from '../app';
import { LOTTERY_TEXTS, type LotteryTexts } from './texts';
import { memberToken } from './offer';

const html = htm.bind(h);

type Answer<T> = { ok: true; value: T } | { ok: false; status: number; code: number | null; data?: Record<string, { key: string }> };

async function api<T>(env: ConsumerEnv, tenantCode: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> {
  try {
    const token = memberToken(env, tenantCode);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await env.fetch(`/mapi/v1/lottery/${encodeURIComponent(tenantCode)}/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    const json = text ? JSON.parse(text) : null;
    if (res.ok) return { ok: true, value: json as T };
    return { ok: false, status: res.status, code: typeof json?.code === 'number' ? json.code : null, data: json?.data };
  } catch {
    return { ok: false, status: 0, code: null };
  }
}

const color = (v: unknown, fallback: string) => (typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v) ? v : fallback);
const url = (v: unknown) => (typeof v === 'string' && v ? v : null);
const cssUrl = (v: string) => `url("${v.replace(/["\\\n]/g, '')}")`;

function fmtDate(lang: Lang, iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium' }).format(d);
}

/** Whether animations should be short (reduced motion asked, or no way to know). */
function reducedMotion(env: ConsumerEnv): boolean {
  const w = env.doc.defaultView;
  if (!w || typeof w.matchMedia !== 'function') return true;
  return w.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const errorText = (t: LotteryTexts, a: { code: number | null; status: number }) => (a.code !== null && t.errors[a.code]) || (a.status === 401 ? t.errors[3] : t.failed);

// --- The panel ----------------------------------------------------------------------------------

export function LotteryPanel({ env, tenantCode, lang, offer }: { env: ConsumerEnv; tenantCode: string; lang: Lang; offer: PlayOffer }) {
  const t = LOTTERY_TEXTS[lang];
  return html`<section class="lottery" aria-labelledby="h-lottery" data-testid="lottery">
    <h2 id="h-lottery" class="lottery-title">${t.title}</h2>
    <p class="muted small">${t.intro}</p>
    ${offer.activities.map((a) => html`<${ActivityCard} key=${a.id} env=${env} tenantCode=${tenantCode} lang=${lang} t=${t} a=${a} code=${offer.code} />`)}
  </section>`;
}

function ActivityCard({ env, tenantCode, lang, t, a, code }: { env: ConsumerEnv; tenantCode: string; lang: Lang; t: LotteryTexts; a: PlayActivity; code: string }) {
  const [record, setRecord] = useState<PlayRecord | null>(a.record);
  const [error, setError] = useState<string | null>(null);
  const core = a.core ?? {};
  const back = url(core.BackImage);
  const title = url(core.WheelTitleImage) ?? url(core.TitleImage);
  const logo = url(core.LogoImage);

  /** The server's draw; null (with the message shown) when it refused. */
  const draw = async (): Promise<PlayRecord | null> => {
    setError(null);
    const r = await api<PlayRecord>(env, tenantCode, 'POST', `${a.id}/play`, { code, gameType: a.gameType });
    if (r.ok) return r.value;
    setError(errorText(t, r));
    return null;
  };
  const Game = a.gameType === GameType.Wheel ? Wheel : a.gameType === GameType.Scratch ? Scratch : Reveal;
  return html`<article class=${`lottery-card game-${a.gameType}`} data-activity=${a.id} style=${back ? `background-image:${cssUrl(back)}` : undefined}>
    <header class="lottery-head">
      ${logo ? html`<img class="lottery-logo" src=${logo} alt="" />` : null}
      <div>
        <h3>${a.name}</h3>
        <p class="muted small">${t.period(fmtDate(lang, a.from), fmtDate(lang, a.to))}</p>
      </div>
    </header>
    ${title ? html`<img class="lottery-banner" src=${title} alt="" />` : a.picture ? html`<img class="lottery-banner" src=${a.picture} alt="" />` : null}
    ${a.memberOnly && !record && !memberToken(env, tenantCode) ? html`<p class="lottery-note">${t.memberOnly}</p>` : null}
    ${record
      ? html`<${Result} env=${env} tenantCode=${tenantCode} lang=${lang} t=${t} a=${a} record=${record} onRecord=${setRecord} />`
      : html`<${Game} env=${env} t=${t} a=${a} draw=${draw} done=${setRecord} />`}
    ${error ? html`<p class="lottery-error" role="alert">${error}</p>` : null}
  </article>`;
}

interface GameProps { env: ConsumerEnv; t: LotteryTexts; a: PlayActivity; draw: () => Promise<PlayRecord | null>; done: (r: PlayRecord) => void }

const prizeLabel = (p: PlayPrize) => p.shortName || p.name;

// --- Roulette wheel -----------------------------------------------------------------------------

const polar = (r: number, deg: number) => {
  const a = (deg * Math.PI) / 180;
  return [100 + r * Math.sin(a), 100 - r * Math.cos(a)];
};

function Wheel({ env, t, a, draw, done }: GameProps) {
  const core = a.core ?? {};
  const [angle, setAngle] = useState(0);
  const [busy, setBusy] = useState(false);
  const n = Math.max(a.prizes.length, 1);
  const seg = 360 / n;
  const ms = reducedMotion(env) ? 300 : 4200;
  const c1 = color(core.wheelColor1, '#ffd45c');
  const c2 = color(core.wheelColor2, '#fff7e0');
  const rim = color(core.wheelColor, '#b83a24');
  const ink = color(core.textColor, '#7a2e12');
  const face = url(core.WheelImage);
  const hub = url(core.SpinCenter);
  const button = url(core.ButtonImage);

  const spin = async () => {
    if (busy) return;
    setBusy(true);
    const rec = await draw();
    if (!rec) { setBusy(false); return; }
    const index = Math.max(rec.prizeIndex, 0);
    const center = index * seg + seg / 2 + (Math.random() - 0.5) * seg * 0.6;
    const turn = (((-center - angle) % 360) + 360) % 360;
    setAngle(angle + 360 * 5 + turn);
    setTimeout(() => done(rec), ms + 250);
  };

  const R = 88;
  return html`<div class="wheel-game">
    <div class="wheel" data-testid="wheel">
      <svg viewBox="0 0 200 200" role="img" aria-label=${a.prizes.map(prizeLabel).join(', ')}>
        <defs><clipPath id=${`wheel-clip-${a.id}`}><circle cx="100" cy="100" r=${R} /></clipPath></defs>
        <circle cx="100" cy="100" r="98" fill=${rim} />
        <g class="wheel-face" style=${`transform:rotate(${angle}deg);transition:transform ${busy ? ms : 0}ms cubic-bezier(.15,.7,.2,1)`}>
          ${face ? html`<image href=${face} x=${100 - R} y=${100 - R} width=${2 * R} height=${2 * R} clip-path=${`url(#wheel-clip-${a.id})`} preserveAspectRatio="xMidYMid slice" />` : null}
          ${a.prizes.map((p, i) => {
            const [x0, y0] = polar(R, i * seg);
            const [x1, y1] = polar(R, (i + 1) * seg);
            const large = seg > 180 ? 1 : 0;
            const d = n === 1 ? `M100 ${100 - R}A${R} ${R} 0 1 1 99.99 ${100 - R}Z` : `M100 100L${x0} ${y0}A${R} ${R} 0 ${large} 1 ${x1} ${y1}Z`;
            const mid = i * seg + seg / 2;
            return html`<g key=${p.id} data-segment=${i}>
              <path d=${d} fill=${face ? 'transparent' : i % 2 ? c2 : c1} stroke=${rim} stroke-width="1" />
              <g transform=${`rotate(${mid} 100 100)`}>
                ${p.picture ? html`<image href=${p.picture} x="89" y="24" width="22" height="22" />` : null}
                <text x="100" y=${p.picture ? 58 : 40} fill=${ink} font-size=${n > 8 ? 7 : 9} font-weight="700" text-anchor="middle">${prizeLabel(p).slice(0, 10)}</text>
              </g>
            </g>`;
          })}
        </g>
        ${Array.from({ length: 12 }, (_, i) => { const [x, y] = polar(93, i * 30); return html`<circle key=${i} cx=${x} cy=${y} r="2.2" fill="#fff8d8" />`; })}
        ${hub ? html`<image href=${hub} x="78" y="78" width="44" height="44" />` : html`<circle cx="100" cy="100" r="17" fill=${rim} stroke="#fff" stroke-width="3" />`}
        <path d="M89 3 L111 3 L100 25 Z" fill=${rim} stroke="#fff" stroke-width="2" stroke-linejoin="round" />
      </svg>
    </div>
    <button type="button" class=${button ? 'btn primary game-btn has-image' : 'btn primary game-btn'} style=${button ? `background-image:${cssUrl(button)}` : undefined}
      onClick=${spin} disabled=${busy} aria-busy=${busy ? 'true' : undefined}>${busy ? t.spinning : t.spin}</button>
  </div>`;
}

// --- Scratch card -------------------------------------------------------------------------------

function Scratch({ env, t, a, draw, done }: GameProps) {
  const core = a.core ?? {};
  const canvas = useRef<HTMLCanvasElement>(null);
  const ctxRef = useRef<CanvasRenderingContext2D | null>(null);
  const started = useRef(false);
  const down = useRef<{ x: number; y: number } | null>(null);
  const [rec, setRec] = useState<PlayRecord | null>(null);
  const [wantReveal, setWantReveal] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const [noCanvas, setNoCanvas] = useState(false);
  const cover = color(core.coverColor, '#b8bcc4');
  const card = color(core.cardColor, '#fff4d6');
  const ink = color(core.textColor, '#7a2e12');
  const coverImage = url(core.CoverImage);
  const cardImage = url(core.CardImage);

  useEffect(() => {
    const el = canvas.current;
    let ctx: CanvasRenderingContext2D | null = null;
    try { ctx = el?.getContext('2d') ?? null; } catch { ctx = null; }
    if (!el || !ctx) { setNoCanvas(true); return; }
    const ratio = env.doc.defaultView?.devicePixelRatio || 1;
    const w = el.clientWidth || 300;
    const hh = el.clientHeight || 160;
    el.width = Math.round(w * ratio);
    el.height = Math.round(hh * ratio);
    ctx.scale(ratio, ratio);
    ctx.fillStyle = cover;
    ctx.fillRect(0, 0, w, hh);
    ctx.fillStyle = 'rgba(255,255,255,.85)';
    ctx.font = '700 18px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(t.cover, w / 2, hh / 2);
    if (coverImage) {
      const img = new Image();
      img.onload = () => { if (!started.current) ctx!.drawImage(img, 0, 0, w, hh); };
      img.src = coverImage;
    }
    ctxRef.current = ctx;
  }, []);

  const start = async () => {
    if (started.current) return;
    started.current = true;
    const r = await draw();
    if (r) setRec(r);
    else started.current = false;
  };

  useEffect(() => {
    if (rec && wantReveal && !revealed) {
      setRevealed(true);
      setTimeout(() => done(rec), reducedMotion(env) ? 200 : 900);
    }
  }, [rec, wantReveal]);

  const at = (e: PointerEvent) => {
    const r = canvas.current!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const erase = (from: { x: number; y: number }, to: { x: number; y: number }) => {
    const ctx = ctxRef.current;
    if (!ctx) return;
    ctx.globalCompositeOperation = 'destination-out';
    ctx.lineWidth = 34;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x + 0.01, to.y);
    ctx.stroke();
  };
  /** The scratched share of the cover (every 6th pixel's alpha). */
  const cleared = () => {
    const el = canvas.current;
    const ctx = ctxRef.current;
    if (!el || !ctx) return 0;
    const data = ctx.getImageData(0, 0, el.width, el.height).data;
    let clear = 0;
    let all = 0;
    for (let i = 3; i < data.length; i += 24) { all++; if (data[i] < 128) clear++; }
    return all ? clear / all : 0;
  };
  const onDown = (e: PointerEvent) => {
    if (revealed) return;
    e.preventDefault();
    (e.target as Element).setPointerCapture?.(e.pointerId);
    void start();
    const p = at(e);
    down.current = p;
    erase(p, p);
  };
  const moves = useRef(0);
  const onMove = (e: PointerEvent) => {
    if (!down.current || revealed) return;
    const p = at(e);
    erase(down.current, p);
    down.current = p;
    if (++moves.current % 8 === 0 && cleared() >= 0.5) setWantReveal(true);
  };
  const onUp = () => {
    down.current = null;
    if (cleared() >= 0.5) setWantReveal(true);
  };
  const revealAll = () => { void start(); setWantReveal(true); };

  return html`<div class="scratch-game">
    <div class="scratch" data-testid="scratch" style=${`background:${card};color:${ink}${cardImage ? `;background-image:${cssUrl(cardImage)}` : ''}`}>
      <div class="scratch-result" aria-live="polite">
        ${rec ? html`${rec.prize?.picture ? html`<img src=${rec.prize.picture} alt="" width="64" height="64" />` : null}<strong>${rec.won ? rec.prize!.name : t.lost}</strong>`
          : html`<span>${started.current ? t.drawing : t.cover}</span>`}
      </div>
      ${noCanvas ? null : html`<canvas ref=${canvas} class=${revealed ? 'scratch-cover gone' : 'scratch-cover'} aria-label=${t.scratchHint} role="img"
        onPointerDown=${onDown} onPointerMove=${onMove} onPointerUp=${onUp} onPointerCancel=${onUp}></canvas>`}
      ${noCanvas && !revealed ? html`<div class="scratch-cover solid" style=${`background:${cover}`}><span>${t.cover}</span></div>` : null}
    </div>
    <p class="muted small">${t.scratchHint}</p>
    <button type="button" class="btn outline game-btn" onClick=${revealAll} disabled=${wantReveal}>${t.scratchAll}</button>
  </div>`;
}

// --- The other seven: a reveal in the template's images -----------------------------------------

/** The tiles of a game: its image list, else its main image repeated; 6 to 9 tiles. */
function tilesOf(a: PlayActivity): { images: (string | null)[]; tile: string; back: string; ink: string } {
  const core = a.core ?? {};
  const def = gameOf(a.gameType);
  const keys = def?.styleKeys ?? [];
  const list = keys.find((k) => k.kind === 'images');
  const frame = new Set(['LogoImage', 'BackImage', 'TitleImage', 'ButtonImage', 'ResultWinBackgroundImage', 'RecordImage']);
  const main = keys.find((k) => k.kind === 'image' && !frame.has(k.key));
  const colors = keys.filter((k) => k.kind === 'color' && k.key !== 'textColor' && k.key !== 'backgroundColor');
  const count = a.gameType === GameType.RedEnvelope || a.gameType === GameType.Darts ? 6 : list?.count ?? 9;
  const fromList = list && Array.isArray(core[list.key]) ? (core[list.key] as string[]) : [];
  const single = main ? url(core[main.key]) : null;
  const images = Array.from({ length: Math.min(count, 9) }, (_, i) => url(fromList[i]) ?? single);
  return {
    images,
    tile: color(core[colors[0]?.key ?? ''], colors[0]?.default ?? '#d7261e'),
    back: color(core.backgroundColor, '#fff8ec'),
    ink: color(core.textColor, '#1c1c1e'),
  };
}

function Reveal({ env, t, a, draw, done }: GameProps) {
  const { images, tile, back, ink } = tilesOf(a);
  const [picked, setPicked] = useState<number | null>(null);
  const [rec, setRec] = useState<PlayRecord | null>(null);
  const pick = async (i: number) => {
    if (picked !== null) return;
    setPicked(i);
    const r = await draw();
    if (!r) { setPicked(null); return; }
    setRec(r);
    setTimeout(() => done(r), reducedMotion(env) ? 200 : 1100);
  };
  return html`<div class="reveal-game" style=${`background:${back};color:${ink}`}>
    <p class="reveal-hint">${t.pick}</p>
    <ul class=${`reveal-tiles n${images.length}`} data-testid="reveal">
      ${images.map((src, i) => html`<li key=${i}>
        <button type="button" class=${picked === i && rec ? 'reveal-tile open' : picked === i ? 'reveal-tile busy' : 'reveal-tile'}
          style=${`background-color:${tile}`} aria-label=${t.pickOne(i + 1)} disabled=${picked !== null} onClick=${() => pick(i)}>
          ${picked === i && rec
            ? html`<span class="reveal-prize">${rec.prize?.picture ? html`<img src=${rec.prize.picture} alt="" />` : null}<span>${rec.prize ? prizeLabel(rec.prize) : t.lost}</span></span>`
            : src ? html`<img src=${src} alt="" />` : html`<span class="reveal-q" aria-hidden="true">?</span>`}
        </button>
      </li>`)}
    </ul>
  </div>`;
}

// --- Result and redemption ----------------------------------------------------------------------

function Result({ env, tenantCode, lang, t, a, record, onRecord }: { env: ConsumerEnv; tenantCode: string; lang: Lang; t: LotteryTexts; a: PlayActivity; record: PlayRecord; onRecord: (r: PlayRecord) => void }) {
  const head = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => { head.current?.focus(); }, [record.id]);
  const bg = url(a.core?.ResultWinBackgroundImage);
  const p = record.prize;
  const copy = async () => {
    try { await env.doc.defaultView?.navigator.clipboard?.writeText(record.serial ?? ''); setCopied(true); } catch { /* not allowed */ }
  };
  return html`<div class=${record.won ? 'lottery-result won' : 'lottery-result lost'} data-testid="lottery-result"
      style=${record.won && bg ? `background-image:${cssUrl(bg)}` : undefined}>
    <h4 ref=${head} tabIndex="-1">${record.won ? t.won : t.lost}</h4>
    ${p?.picture ? html`<img class="result-prize" src=${p.picture} alt="" width="110" height="110" />` : null}
    <p class="result-line">${record.won ? t.wonPrize(p!.name) : t.lostBody}</p>
    ${record.serial ? html`<div class="serial"><span class="muted small">${t.serial}</span><code data-testid="serial">${record.serial}</code>
      <button type="button" class="btn ghost small-btn" onClick=${copy}>${copied ? t.copied : t.copy}</button></div>` : null}
    ${record.won && record.expiresAt ? html`<p class="muted small">${t.expires(fmtDate(lang, record.expiresAt))}</p>` : null}
    ${record.redeemedAt ? html`<div class="redeemed" role="status"><strong>${t.redeemed}</strong><p class="muted small">${t.redeemedBody}</p></div>` : null}
    ${record.redeemable ? html`<${RedeemForm} env=${env} tenantCode=${tenantCode} t=${t} a=${a} record=${record} onRecord=${onRecord} />` : null}
  </div>`;
}

type Values = Record<string, string | string[]>;

function RedeemForm({ env, tenantCode, t, a, record, onRecord }: { env: ConsumerEnv; tenantCode: string; t: LotteryTexts; a: PlayActivity; record: PlayRecord; onRecord: (r: PlayRecord) => void }) {
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<AnswerFailures>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const set = (id: number, v: string | string[]) => {
    setValues((s) => ({ ...s, [id]: v }));
    // A corrected field drops its message.
    setErrors((e) => { if (!e[`answers.${id}`]) return e; const { [`answers.${id}`]: _gone, ...rest } = e; return rest; });
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    const answers: Record<string, unknown> = {};
    for (const f of a.form) {
      const v = values[f.id];
      if (v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)) continue;
      answers[String(f.id)] = v;
    }
    const checked = checkAnswers(a.form, answers);
    if ('fields' in checked) { setErrors(checked.fields); focusFirst(checked.fields); return; }
    setErrors({}); setError(null); setBusy(true);
    const r = await api<PlayRecord>(env, tenantCode, 'POST', `${a.id}/records/${record.id}/redeem`, { code: record.code, answers });
    setBusy(false);
    if (r.ok) { onRecord(r.value); return; }
    if (r.code === 1 && r.data) { setErrors(r.data as AnswerFailures); focusFirst(r.data as AnswerFailures); } else setError(errorText(t, r));
  };
  const focusFirst = (fails: AnswerFailures) => {
    const first = a.form.find((f) => fails[`answers.${f.id}`]);
    if (first) (form.current?.querySelector(`[data-field="${first.id}"]`) as HTMLElement | null)?.focus();
  };

  return html`<form class="redeem" ref=${form} onSubmit=${submit} noValidate aria-labelledby=${`redeem-${record.id}`}>
    <h5 id=${`redeem-${record.id}`}>${t.formTitle}</h5>
    <p class="muted small">${t.formBody}</p>
    ${a.form.map((f) => html`<${Field} key=${f.id} f=${f} t=${t} value=${values[f.id]} error=${errors[`answers.${f.id}`]?.key} onChange=${(v: string | string[]) => set(f.id, v)} />`)}
    ${error ? html`<p class="lottery-error" role="alert">${error}</p>` : null}
    <button type="submit" class="btn primary game-btn" disabled=${busy}>${busy ? t.sending : t.submit}</button>
  </form>`;
}

function Field({ f, t, value, error, onChange }: { f: PlayFormField; t: LotteryTexts; value: string | string[] | undefined; error?: string; onChange: (v: string | string[]) => void }) {
  const id = `rf-${f.id}`;
  const errId = `${id}-err`;
  const common = { id, 'data-field': f.id, 'aria-invalid': error ? 'true' : undefined, 'aria-describedby': error ? errId : undefined, 'aria-required': f.required ? 'true' : undefined };
  const label = html`${f.name}${f.required ? html`<span class="req" aria-hidden="true"> *</span>` : null}`;
  const message = error ? html`<p class="field-error" id=${errId}>${t.fieldErrors[error] ?? t.fieldErrors.invalid}</p>` : null;
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  if (f.type === RedemptionFieldType.Radio || f.type === RedemptionFieldType.Checkbox) {
    const multi = f.type === RedemptionFieldType.Checkbox;
    return html`<fieldset class="rf" aria-describedby=${error ? errId : undefined}>
      <legend>${label}</legend>
      <div class="rf-options">
        ${f.options.map((o, i) => html`<label key=${o} class="rf-option">
          <input type=${multi ? 'checkbox' : 'radio'} name=${id} value=${o} data-field=${i === 0 ? f.id : undefined}
            checked=${multi ? list.includes(o) : text === o}
            onChange=${(e: Event) => {
              const on = (e.target as HTMLInputElement).checked;
              onChange(multi ? (on ? [...list, o] : list.filter((x) => x !== o)) : o);
            }} /> <span>${o}</span></label>`)}
      </div>${message}
    </fieldset>`;
  }
  let input: unknown;
  const onInput = (e: Event) => onChange((e.target as HTMLInputElement).value);
  if (f.type === RedemptionFieldType.Dropdown) {
    input = html`<select ...${common} value=${text} onChange=${onInput}><option value="">${t.choose}</option>${f.options.map((o) => html`<option key=${o} value=${o}>${o}</option>`)}</select>`;
  } else if (f.type === RedemptionFieldType.MultiLine || f.type === RedemptionFieldType.Address) {
    input = html`<textarea ...${common} rows="3" maxLength="1000" value=${text} onInput=${onInput} autocomplete=${f.type === RedemptionFieldType.Address ? 'street-address' : undefined}></textarea>`;
  } else if (f.type === RedemptionFieldType.Number) {
    input = html`<input ...${common} type="number" inputMode="decimal" step="any" value=${text} onInput=${onInput} />
      ${f.condition === NumberCondition.Positive ? html`<span class="muted small">${t.positive}</span>` : f.condition === NumberCondition.Negative ? html`<span class="muted small">${t.negative}</span>` : null}`;
  } else if (f.type === RedemptionFieldType.Date) {
    input = html`<input ...${common} type="date" value=${text} onInput=${onInput} />`;
  } else {
    input = html`<input ...${common} type="text" maxLength="200" value=${text} onInput=${onInput} />`;
  }
  return html`<div class="rf"><label for=${id}>${label}</label>${input}${message}</div>`;
}

export default LotteryPanel;

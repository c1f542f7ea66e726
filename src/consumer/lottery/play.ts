/**
 * The lottery games of the consumer page (issue 15 "Play"), loaded on demand by ./offer.ts when
 * a scanned code is offered a running activity. The server draws (POST .../play); the games
 * only show its answer, styled by the activity's template `core` (src/domain/activity/templates.ts):
 *  - the game: one of the nine plain DOM games of ../games (issue 26), its own chunk, loaded by
 *    the template's view key; it asks the draw first and only shows that outcome;
 * Then the result (prize, serial, expiry) and, for a prize that needs it, the redemption form
 * (field types 1, 2, 3, 4, 5, 6, 7, 9; checked by the same rules as the server).
 */
import './lottery.css';
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import type { Lang } from '../../domain/lang';
import { NumberCondition, RedemptionFieldType } from '../../domain/enums';
import { checkAnswers, type AnswerFailures } from '../../domain/activity/lotteryPlay';
import type { PlayActivity, PlayFormField, PlayOffer, PlayRecord } from '../../domain/activity/lotteryPublic';
import { gameOf } from '../../domain/activity/templates';
import { INTL_LOCALE } from '../texts';
import type { ConsumerEnv } from '../env';
import { LOTTERY_TEXTS, type LotteryTexts } from './texts';
import { memberToken } from './offer';
import { loadGame } from '../games';
import { GAME_TEXTS } from '../games/texts';

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
  /** Played on this visit: the finished game stays above its result. */
  const [played, setPlayed] = useState(false);
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
    ${!record || played ? html`<${GameView} env=${env} lang=${lang} a=${a} played=${played} draw=${draw} done=${(r: PlayRecord) => { setPlayed(true); setRecord(r); }} />` : null}
    ${record ? html`<${Result} env=${env} tenantCode=${tenantCode} lang=${lang} t=${t} a=${a} record=${record} onRecord=${setRecord} />` : null}
    ${error ? html`<p class="lottery-error" role="alert">${error}</p>` : null}
  </article>`;
}

/** The template's game (src/consumer/games, a chunk of its own), drawn by the server first. */
function GameView({ env, lang, a, played, draw, done }: { env: ConsumerEnv; lang: Lang; a: PlayActivity; played: boolean; draw: () => Promise<PlayRecord | null>; done: (r: PlayRecord) => void }) {
  const host = useRef<HTMLDivElement>(null);
  // A language switch before the play mounts the game again in that language; once the draw is
  // asked, the game stays as it is (the result below follows the language).
  const shownLang = useRef(lang);
  const started = useRef(false);
  const outcome = useRef<{ won: boolean; label: string } | null>(null);
  if (!played && !started.current) shownLang.current = lang;
  // The finished game's result line follows the language too (the game itself stays).
  useEffect(() => {
    const o = outcome.current;
    const line = host.current?.dataset.result ? host.current.querySelector('.game-live') : null;
    if (o && line) line.textContent = o.won ? GAME_TEXTS[lang].won(o.label) : GAME_TEXTS[lang].lost;
  }, [lang, played]);
  useEffect(() => {
    let live = true;
    let clean: (() => void) | null = null;
    let record: PlayRecord | null = null;
    const prizes = a.prizes.map((p) => ({ label: p.shortName || p.name, picture: p.picture }));
    void loadGame(gameOf(a.gameType)?.viewKey ?? 'view_wheel').then((mount) => {
      if (!live || !mount || !host.current) return;
      clean = mount(host.current, {
        core: a.core ?? {}, prizes, texts: GAME_TEXTS[shownLang.current], reduced: reducedMotion(env),
        draw: async () => {
          started.current = true;
          record = await draw();
          if (!record) started.current = false;
          const shown = record && { index: record.prizeIndex, won: record.won, label: record.prize ? record.prize.shortName || record.prize.name : '', picture: record.prize?.picture ?? null };
          outcome.current = shown;
          return shown;
        },
        onDone: () => { if (record) done(record); },
      });
    });
    return () => { live = false; clean?.(); };
  }, [a.id, shownLang.current]);
  return html`<div ref=${host} class="game-host"></div>`;
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

/**
 * What a scan earned from point activities on the consumer page (issue 15): one card per
 * activity drawn, showing the activity's reward icon (RewardIcon Box 1 / RedPacket 2) closed;
 * a tap (or Enter) opens it and reveals the points, with when they expire. A draw of nothing
 * says so; an activity the member earned from too recently (enterLimitHours) says when it opens
 * again. The points are credited when the box opens (issue 26: `onOpen` calls the server), not
 * before. Styles live here (one <style> element), not in consumer.css.
 */
import { h } from 'preact';
import { useState } from 'preact/hooks';
import htm from 'htm';
import type { PointActivityEarning } from '../domain/activity/pointActivity';
import { RewardIcon } from '../domain/enums';
import type { Lang } from '../domain/lang';
import { validUntil } from '../domain/member/points';

const html = htm.bind(h);

const TEXTS: Record<Lang, { title: string; tap: string; points: (n: number) => string; nothing: string; expires: string; later: string }> = {
  zh_TW: { title: '集點活動', tap: '點一下打開', points: (n) => `獲得 ${n} 點！`, nothing: '這次沒有抽中點數。', expires: '點數有效至', later: '下次可參加' },
  zh_CN: { title: '集点活动', tap: '点一下打开', points: (n) => `获得 ${n} 点！`, nothing: '这次没有抽中点数。', expires: '点数有效至', later: '下次可参加' },
  en: { title: 'Point activities', tap: 'Tap to open', points: (n) => `You got ${n} points!`, nothing: 'No points this time.', expires: 'Points valid until', later: 'You can earn again from' },
};

const CSS = `
.pa-list{display:grid;gap:10px;margin:0 0 14px}
.pa-item{display:flex;align-items:center;gap:12px;width:100%;padding:12px;border:1px solid #f1d3cd;border-radius:14px;background:linear-gradient(135deg,#fff7f4,#fff);font:inherit;text-align:left;color:inherit;cursor:pointer}
.pa-item[disabled]{cursor:default}
.pa-icon{flex:0 0 52px;height:52px;display:grid;place-items:center;transition:transform .45s cubic-bezier(.2,1.6,.4,1)}
.pa-item.closed .pa-icon{animation:pa-wiggle 1.6s ease-in-out infinite}
.pa-item.open .pa-icon{transform:scale(1.08) rotate(-4deg)}
.pa-body{min-width:0;display:grid;gap:2px}
.pa-name{font-weight:600;font-size:.95rem}
.pa-result{font-size:1.05rem;font-weight:700;color:#b83a24;animation:pa-pop .4s ease-out}
.pa-muted{color:#6b6b6b;font-size:.8rem}
@keyframes pa-wiggle{0%,80%,100%{transform:rotate(0)}85%{transform:rotate(-8deg)}90%{transform:rotate(8deg)}95%{transform:rotate(-4deg)}}
@keyframes pa-pop{from{transform:scale(.6);opacity:0}to{transform:scale(1);opacity:1}}
@media (prefers-reduced-motion: reduce){.pa-item .pa-icon,.pa-result{animation:none!important;transition:none}}
`;

let styled = false;
function ensureStyle(): void {
  if (styled || typeof document === 'undefined') return;
  const el = document.createElement('style');
  el.textContent = CSS;
  document.head.appendChild(el);
  styled = true;
}

/** The reward icon: a gift box or a red packet, closed or open. */
export function rewardIconSvg(icon: number, open: boolean) {
  if (icon === RewardIcon.RedPacket) {
    return html`<svg width="44" height="52" viewBox="0 0 44 52" aria-hidden="true">
      <rect x="2" y="4" width="40" height="46" rx="6" fill="#d7261e" />
      <path d=${open ? 'M2 12 L22 2 L42 12' : 'M2 10 Q22 28 42 10'} fill="none" stroke="#a3150f" stroke-width="3" />
      <circle cx="22" cy="24" r="8" fill="#f7c948" /><text x="22" y="28" font-size="10" text-anchor="middle" fill="#a3150f" font-weight="700">$</text>
    </svg>`;
  }
  return html`<svg width="50" height="50" viewBox="0 0 50 50" aria-hidden="true">
    <rect x="6" y="20" width="38" height="26" rx="3" fill="#e4572e" />
    <rect x="22" y="20" width="6" height="26" fill="#f7c948" />
    <g transform=${open ? 'rotate(-18 6 18)' : ''}><rect x="3" y="12" width="44" height="10" rx="2" fill="#c8401e" /><rect x="22" y="12" width="6" height="10" fill="#f7c948" />
    <path d="M25 12 C18 2 10 8 18 12 M25 12 C32 2 40 8 32 12" fill="none" stroke="#f7c948" stroke-width="3" /></g>
  </svg>`;
}

/** `last`: an exclusive end (expires_at): the day shown is the last one the points are valid (validUntil, as the history). */
function fmt(lang: Lang, iso: string, time = false, last = false): string {
  const d = new Date(last ? validUntil(iso) : iso);
  return d.toLocaleString(lang.replace('_', '-'), time ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
}

/** `onOpen`: credits the points (issue 26: not before the box opens); false keeps it closed. */
export type OpenBox = (item: PointActivityEarning) => Promise<boolean>;

function Earning({ item, lang, onOpen }: { item: PointActivityEarning; lang: Lang; onOpen?: OpenBox }) {
  const t = TEXTS[lang];
  const waiting = item.nextAt !== null;
  const [open, setOpen] = useState(waiting);
  const [busy, setBusy] = useState(false);
  const reveal = async () => {
    if (busy) return;
    if (item.points > 0 && onOpen) {
      setBusy(true);
      const done = await onOpen(item).catch(() => false);
      setBusy(false);
      if (!done) return;
    }
    setOpen(true);
  };
  const result = waiting
    ? html`<span class="pa-muted">${t.later} ${fmt(lang, item.nextAt!, true)}</span>`
    : item.points > 0
      ? html`<span class="pa-result" data-testid="point-activity-points">${t.points(item.points)}</span>${item.expiresAt && html`<span class="pa-muted">${t.expires} <span data-expires>${fmt(lang, item.expiresAt, false, true)}</span></span>`}`
      : html`<span class="pa-muted" data-testid="point-activity-points">${t.nothing}</span>`;
  return html`<button type="button" class=${`pa-item ${open ? 'open' : 'closed'}`} disabled=${open} aria-expanded=${open} aria-busy=${busy ? 'true' : undefined} onClick=${reveal}
      data-testid="point-activity-reveal" data-icon=${item.icon}>
    <span class="pa-icon">${rewardIconSvg(item.icon, open)}</span>
    <span class="pa-body"><span class="pa-name">${item.name}</span>${open ? result : html`<span class="pa-muted">${t.tap}</span>`}</span>
  </button>`;
}

/** The earnings of one scan (nothing when none). */
export function PointActivityReveal({ items, lang, onOpen }: { items: readonly PointActivityEarning[] | null | undefined; lang: Lang; onOpen?: OpenBox }) {
  if (!items?.length) return null;
  ensureStyle();
  return html`<div class="pa-list" role="status" aria-label=${TEXTS[lang].title} data-testid="point-activities">
    ${items.map((item) => html`<${Earning} key=${`${item.activityId}-${(item as { code?: string }).code ?? ''}`} item=${item} lang=${lang} onOpen=${onOpen} />`)}
  </div>`;
}

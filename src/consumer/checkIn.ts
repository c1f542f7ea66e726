/**
 * The shopper's daily check-in on the consumer page (issue 29): for a signed-in member, one card
 * per running check-in activity of the brand (GET member/{tenant}/check-in): the days done of
 * the days required, the streak, a "Check in" button for today, and once checked in today the
 * day's picture and text. A check-in (POST member/{tenant}/check-in/{id}) says the points it
 * granted; the member section then reloads the balance (`onChecked`). 9002 (already today) and
 * 9012 (closed) are said in the card. Rules: src/domain/activity/checkInDay.ts.
 */
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import htm from 'htm';
import type { CheckInResult, MemberCheckIn } from '../domain/activity/checkInDay';
import type { Lang } from '../domain/lang';
import type { ConsumerEnv } from './env';

const html = htm.bind(h);

const TEXTS = {
  zh_TW: {
    title: '每日簽到', checkIn: '簽到', checking: '簽到中…', done: '今日已簽到', progress: (n: number, of: number) => `已簽到 ${n} / ${of} 天`,
    streak: (n: number) => `連續 ${n} 天`, earned: (p: number) => `簽到成功，獲得 ${p} 點！`, completed: '已完成本活動',
    perDay: (p: number) => `每次簽到 ${p} 點`, bonus: (p: number) => `完成再送 ${p} 點`,
    errors: { 9002: '今天已經簽到過了。', 9012: '活動未開放簽到。' } as Record<number, string>, failed: '簽到失敗，請稍後再試。',
  },
  zh_CN: {
    title: '每日签到', checkIn: '签到', checking: '签到中…', done: '今日已签到', progress: (n: number, of: number) => `已签到 ${n} / ${of} 天`,
    streak: (n: number) => `连续 ${n} 天`, earned: (p: number) => `签到成功，获得 ${p} 积分！`, completed: '已完成本活动',
    perDay: (p: number) => `每次签到 ${p} 积分`, bonus: (p: number) => `完成再送 ${p} 积分`,
    errors: { 9002: '今天已经签到过了。', 9012: '活动未开放签到。' } as Record<number, string>, failed: '签到失败，请稍后再试。',
  },
  en: {
    title: 'Daily check-in', checkIn: 'Check in', checking: 'Checking in…', done: 'Checked in today', progress: (n: number, of: number) => `${n} of ${of} days checked in`,
    streak: (n: number) => `${n}-day streak`, earned: (p: number) => `Checked in: ${p} points!`, completed: 'Activity completed',
    perDay: (p: number) => `${p} points a check-in`, bonus: (p: number) => `${p} more on completion`,
    errors: { 9002: 'You have already checked in today.', 9012: 'This check-in is not open.' } as Record<number, string>, failed: 'Check-in failed. Please try again later.',
  },
} satisfies Record<Lang, unknown>;

type Texts = (typeof TEXTS)[Lang];

async function request<T>(env: ConsumerEnv, method: string, path: string, token: string): Promise<{ ok: true; value: T } | { ok: false; status: number; code: number | null }> {
  try {
    const res = await env.fetch(`/mapi/v1/member/${path}`, { method, headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
    const text = await res.text();
    const body = text ? JSON.parse(text) : null;
    return res.ok ? { ok: true, value: body as T } : { ok: false, status: res.status, code: typeof body?.code === 'number' ? body.code : null };
  } catch {
    return { ok: false, status: 0, code: null };
  }
}

function Card({ item, t, busy, note, onCheckIn }: { item: MemberCheckIn; t: Texts; busy: boolean; note: { text: string; good: boolean } | null; onCheckIn: () => void }) {
  const pct = Math.min(100, Math.round((Math.min(item.count, item.requiredDays) / item.requiredDays) * 100));
  return html`<div class="card member-card checkin-card" data-testid="checkin-card" data-checkin-id=${item.id}>
    <h3>${item.name}</h3>
    <p class="muted small">${[item.pointsPerDay > 0 && t.perDay(item.pointsPerDay), item.completionPoints > 0 && t.bonus(item.completionPoints)].filter(Boolean).join(' · ')}</p>
    <div class="checkin-stats">
      <span data-testid="checkin-progress">${t.progress(Math.min(item.count, item.requiredDays), item.requiredDays)}</span>
      <strong class="checkin-streak" data-testid="checkin-streak">${t.streak(item.streak)}</strong>
    </div>
    <div class="tier-progress" role="progressbar" aria-label=${t.progress(Math.min(item.count, item.requiredDays), item.requiredDays)} aria-valuemin="0" aria-valuemax=${item.requiredDays} aria-valuenow=${Math.min(item.count, item.requiredDays)}><span style=${`width:${pct}%`}></span></div>
    ${note && html`<p class=${note.good ? 'member-earned good' : 'member-earned'} role="status" data-testid="checkin-note">${note.text}</p>`}
    ${item.entry && html`<figure class="checkin-entry" data-testid="checkin-entry">
      <img src=${item.entry.image} alt="" loading="lazy" />
      <figcaption>${item.entry.text}</figcaption>
    </figure>`}
    ${item.completed && html`<p class="muted small">${t.completed}</p>`}
    <button type="button" class="btn primary checkin-button" data-testid="checkin-button" disabled=${busy || item.checkedInToday} onClick=${onCheckIn}>
      ${item.checkedInToday ? t.done : busy ? t.checking : t.checkIn}
    </button>
  </div>`;
}

export function CheckInSection({ env, tenantCode, token, lang, onChecked }: { env: ConsumerEnv; tenantCode: string; token: string; lang: Lang; onChecked: () => void }) {
  const t = TEXTS[lang];
  const tenant = encodeURIComponent(tenantCode);
  const [items, setItems] = useState<MemberCheckIn[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const [notes, setNotes] = useState<Record<number, { text: string; good: boolean }>>({});

  useEffect(() => {
    let live = true;
    request<MemberCheckIn[]>(env, 'GET', `${tenant}/check-in`, token).then((r) => { if (live && r.ok) setItems(r.value); });
    return () => { live = false; };
  }, [token]);

  const checkIn = async (id: number) => {
    setBusy(id);
    const r = await request<CheckInResult>(env, 'POST', `${tenant}/check-in/${id}`, token);
    setBusy(null);
    if (r.ok) {
      const { points: got, balance: _b, ...item } = r.value;
      setItems((list) => list.map((x) => (x.id === id ? item : x)));
      setNotes((n) => ({ ...n, [id]: { text: t.earned(got), good: true } }));
      onChecked();
    } else {
      setNotes((n) => ({ ...n, [id]: { text: (r.code !== null && t.errors[r.code]) || t.failed, good: false } }));
    }
  };

  if (items.length === 0) return null;
  return html`<div class="checkin-list" data-testid="checkin-section">
    <h3 class="member-history-title">${t.title}</h3>
    ${items.map((item) => html`<${Card} key=${item.id} item=${item} t=${t} busy=${busy === item.id} note=${notes[item.id] ?? null} onCheckIn=${() => checkIn(item.id)} />`)}
  </div>`;
}

/**
 * The point products of the consumer page and their redemption (issue 14): the tenant's point
 * products in their period (the page data's `pointProducts`, or a preview draft's), and for a signed-in member a redeem sheet (quantity, recipient) that POSTs
 * /mapi/v1/member/{tenantCode}/order and shows the order number and the new balance.
 *
 * The member's session token is read from localStorage under memberTokenKey(tenantCode) when
 * the shopper taps Redeem (the member section, member.ts, stores it there on sign-in); without
 * one the sheet asks them to sign in and takes them to the member section.
 */
import { h } from 'preact';
import { useRef, useState } from 'preact/hooks';
import htm from 'htm';
import { pickName, type Lang } from '../domain/lang';
import type { PagePointProduct } from '../domain/marketing/page';
import { hasEnoughPoints } from '../domain/member/points';

const html = htm.bind(h);

/** Where the member sign-in keeps the shopper's bearer token. */
export const memberTokenKey = (tenantCode: string) => `oioc.member.${tenantCode}`;

const TEXTS = {
  zh_TW: {
    title: '點數兌換', points: '點', stock: '剩餘', soldOut: '已兌完', redeem: '兌換', quantity: '數量', total: '共需',
    name: '收件人姓名', phone: '收件人電話', address: '收件地址', confirm: '確認兌換', cancel: '取消', close: '完成',
    signIn: '登入會員後即可用點數兌換商品。', done: '兌換成功', orderNo: '訂單編號', balance: '剩餘點數', until: '兌換期限',
    failed: '兌換失敗', required: '請填寫收件資訊。', toSignIn: '前往登入',
    errors: { 14502: '商品已兌完或目前無法兌換。', 14503: '點數已變動，請重新整理後再試。', 14504: '點數不足。', 8144: '此商品已停止兌換。', 7302: '點數不足。', 7309: '兌換期限已過。', 401: '登入已過期，請重新登入。' } as Record<number, string>,
  },
  zh_CN: {
    title: '积分兑换', points: '分', stock: '剩余', soldOut: '已兑完', redeem: '兑换', quantity: '数量', total: '共需',
    name: '收件人姓名', phone: '收件人电话', address: '收件地址', confirm: '确认兑换', cancel: '取消', close: '完成',
    signIn: '登录会员后即可用积分兑换商品。', done: '兑换成功', orderNo: '订单编号', balance: '剩余积分', until: '兑换期限',
    failed: '兑换失败', required: '请填写收件信息。', toSignIn: '前往登录',
    errors: { 14502: '商品已兑完或目前无法兑换。', 14503: '积分已变动，请刷新后再试。', 14504: '积分不足。', 8144: '此商品已停止兑换。', 7302: '积分不足。', 7309: '兑换期限已过。', 401: '登录已过期，请重新登录。' } as Record<number, string>,
  },
  en: {
    title: 'Redeem points', points: 'pts', stock: 'Left', soldOut: 'Sold out', redeem: 'Redeem', quantity: 'Quantity', total: 'Total',
    name: 'Recipient name', phone: 'Recipient phone', address: 'Delivery address', confirm: 'Confirm', cancel: 'Cancel', close: 'Done',
    signIn: 'Sign in as a member to redeem products with your points.', done: 'Redeemed', orderNo: 'Order number', balance: 'Points left', until: 'Until',
    failed: 'Could not redeem', required: 'Please fill in the delivery details.', toSignIn: 'Sign in',
    errors: { 14502: 'This product is sold out or not available now.', 14503: 'Your points changed; reload and try again.', 14504: 'Not enough points.', 8144: 'This product is no longer offered.', 7302: 'Not enough points.', 7309: 'The redemption period has ended.', 401: 'Your sign-in has expired; please sign in again.' } as Record<number, string>,
  },
} as const;

interface Env {
  fetch: typeof fetch;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  doc?: Document;
}

type Sheet =
  | { step: 'signIn'; product: PagePointProduct }
  | { step: 'form'; product: PagePointProduct; quantity: number; name: string; phone: string; address: string; error: string | null; busy: boolean;
    /** The shopper's balance (GET member/{tenantCode}/me), null until known. */
    balance: number | null }
  | { step: 'done'; product: PagePointProduct; orderNo: string; balance: number };

const fmtDate = (lang: Lang, iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(lang === 'en' ? 'en' : lang === 'zh_CN' ? 'zh-CN' : 'zh-TW', { year: 'numeric', month: 'short', day: 'numeric' });
};

/** The point products section: the page data's (a preview's draft in preview mode). */
/** `onRedeemed`: told the new balance after a redemption (the member panel shows it at once). */
export function PointShop({ env, tenantCode, lang, products: given, preview, onRedeemed }: { env: Env; tenantCode: string; lang: Lang; products?: PagePointProduct[]; preview: boolean; onRedeemed?: (balance: number) => void }) {
  const t = TEXTS[lang];
  const [sheet, setSheetState] = useState<Sheet | null>(null);
  // The sheet as last set (inputs may fire several times before the next render).
  const latest = useRef<Sheet | null>(null);
  const setSheet = (next: Sheet | null) => { latest.current = next; setSheetState(next); };
  // Stock taken by this shopper's redemptions since the page data was read.
  const [taken, setTaken] = useState<Record<number, number>>({});
  const products = (given ?? []).map((p) => (taken[p.id] ? { ...p, stock: Math.max(0, p.stock - taken[p.id]) } : p));
  if (!products.length) return null;
  // Read when used: the member section (member.ts) stores it when the shopper signs in.
  const tokenNow = () => (preview ? null : env.storage?.getItem(memberTokenKey(tenantCode)) || null);
  const open = (p: PagePointProduct) => {
    const token = tokenNow();
    if (!token) { setSheet({ step: 'signIn', product: p }); return; }
    setSheet({ step: 'form', product: p, quantity: 1, name: '', phone: '', address: '', error: null, busy: false, balance: null });
    // The balance, so the sheet says 'not enough points' before sending (the server still checks).
    env.fetch(`/mapi/v1/member/${encodeURIComponent(tenantCode)}/me`, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } })
      .then(async (res) => {
        const balance = res.ok ? Number((await res.json())?.balance) : NaN;
        const cur = latest.current;
        if (Number.isFinite(balance) && cur?.step === 'form' && cur.product.id === p.id) setSheet({ ...cur, balance });
      })
      .catch(() => {});
  };
  /** The sheet's points are more than the shopper has (the shared rule; unknown balance: not judged). */
  const short = (s: Extract<Sheet, { step: 'form' }>) => s.balance !== null && !hasEnoughPoints(s.balance, s.product.points * s.quantity);
  // Functional updates: several inputs may fire before the next render.
  const edit = (change: Partial<Extract<Sheet, { step: 'form' }>>) => {
    const cur = latest.current;
    if (cur && cur.step === 'form') setSheet({ ...cur, ...change, error: null });
  };
  const toSignIn = () => {
    setSheet(null);
    env.doc?.getElementById('member')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const submit = async () => {
    const s = latest.current;
    if (s?.step !== 'form' || s.busy) return;
    if (short(s)) return;
    if (!s.name.trim() || !s.phone.trim() || !s.address.trim()) { setSheet({ ...s, error: t.required }); return; }
    setSheet({ ...s, busy: true, error: null });
    try {
      const res = await env.fetch(`/mapi/v1/member/${encodeURIComponent(tenantCode)}/order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${tokenNow()}` },
        body: JSON.stringify({
          items: [{ pointProductId: s.product.id, quantity: s.quantity }],
          points: s.product.points * s.quantity,
          recipient: { name: s.name.trim(), phone: s.phone.trim(), address: s.address.trim() },
        }),
      });
      const body = await res.json().catch(() => ({}));
      if (res.status === 201) {
        setSheet({ step: 'done', product: s.product, orderNo: body.orderNo, balance: body.balance });
        setTaken((m) => ({ ...m, [s.product.id]: (m[s.product.id] ?? 0) + s.quantity }));
        onRedeemed?.(Number(body.balance));
        return;
      }
      const code = res.status === 401 ? 401 : Number(body?.code);
      setSheet({ ...s, busy: false, error: t.errors[code] ?? `${t.failed} (${code || res.status})` });
    } catch {
      setSheet({ ...s, busy: false, error: t.failed });
    }
  };

  const field = (s: Extract<Sheet, { step: 'form' }>, key: 'name' | 'phone' | 'address', type = 'text') => html`<label class="field">
    <span>${t[key]}</span>
    <input type=${type} name=${key} value=${s[key]} autocomplete=${key === 'name' ? 'name' : key === 'phone' ? 'tel' : 'street-address'}
      onInput=${(e: Event) => edit({ [key]: (e.target as HTMLInputElement).value })} />
  </label>`;

  return html`<section class="section s-points" id="points" aria-labelledby="h-points">
    <h2 id="h-points">${t.title}</h2>
    <ul class="list points">
      ${products.map((p) => html`<li key=${p.id}><div class="item">
        ${p.image ? html`<img class="thumb" src=${p.image} alt="" loading="lazy" />` : html`<div class="thumb" aria-hidden="true"></div>`}
        <div class="item-body">
          <h3>${pickName(p.names, lang)}</h3>
          <p class="price">${p.points.toLocaleString()} ${t.points}</p>
          <p class="muted small">${p.stock > 0 ? `${t.stock} ${p.stock}` : t.soldOut}${p.to ? ` · ${t.until} ${fmtDate(lang, p.to)}` : ''}</p>
        </div>
        ${!preview && html`<button type="button" class="btn primary small" data-redeem=${p.id} disabled=${p.stock <= 0} onClick=${() => open(p)}>${t.redeem}</button>`}
      </div></li>`)}
    </ul>
    ${sheet && html`<div class="overlay" role="presentation">
      <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="redeem-title">
        ${sheet.step === 'signIn' ? html`
          <h2 id="redeem-title">${pickName(sheet.product.names, lang)}</h2>
          <div class="dialog-body"><p>${t.signIn}</p></div>
          <div class="dialog-actions two">
            <button type="button" class="btn ghost" onClick=${() => setSheet(null)}>${t.cancel}</button>
            <button type="button" class="btn primary" data-to-sign-in onClick=${toSignIn}>${t.toSignIn}</button>
          </div>` : sheet.step === 'form' ? html`
          <h2 id="redeem-title">${pickName(sheet.product.names, lang)}</h2>
          <div class="dialog-body redeem-form">
            <label class="field"><span>${t.quantity}</span>
              <input type="number" name="quantity" min="1" max=${Math.min(99, sheet.product.stock)} value=${sheet.quantity}
                aria-invalid=${short(sheet) ? 'true' : 'false'} aria-describedby=${short(sheet) ? 'redeem-short' : undefined}
                onInput=${(e: Event) => edit({ quantity: Math.max(1, Math.min(99, Math.trunc(Number((e.target as HTMLInputElement).value)) || 1)) })} />
              ${short(sheet) && html`<span class="field-error" id="redeem-short" role="alert" data-points-short>${t.errors[14504]} ${t.balance}: ${Number(sheet.balance).toLocaleString()}</span>`}
            </label>
            ${field(sheet, 'name')}${field(sheet, 'phone', 'tel')}${field(sheet, 'address')}
            <p class="price">${t.total} ${(sheet.product.points * sheet.quantity).toLocaleString()} ${t.points}</p>
            ${sheet.error && html`<p class="redeem-error" role="alert">${sheet.error}</p>`}
          </div>
          <div class="dialog-actions two">
            <button type="button" class="btn ghost" onClick=${() => setSheet(null)}>${t.cancel}</button>
            <button type="button" class="btn primary" data-confirm-redeem disabled=${sheet.busy || short(sheet)} onClick=${() => submit()}>${t.confirm}</button>
          </div>` : html`
          <h2 id="redeem-title">${t.done}</h2>
          <div class="dialog-body redeem-done" data-redeemed>
            <p>${t.orderNo}: <strong data-order-no>${sheet.orderNo}</strong></p>
            <p>${t.balance}: <strong data-balance>${Number(sheet.balance).toLocaleString()}</strong></p>
          </div>
          <div class="dialog-actions"><button type="button" class="btn primary" onClick=${() => setSheet(null)}>${t.close}</button></div>`}
      </div>
    </div>`}
  </section>`;
}

/**
 * The member section of the consumer page (issue 14): join or sign in with a mobile number and
 * a one-time code (the code reaches the shopper by text message, never through this page), fill
 * the fields the brand requires (a member who set a password may sign in with it instead;
 * too many wrong ones lock that for a while, 8152, and the page says so), then see the balance, the tier and the point history. A code
 * in the address (?c=) earns points once the shopper is signed in (POST member/{tenant}/scan,
 * once per page visit). The login platforms the brand enabled sign in, join and link (social.ts). The
 * bearer token lives in localStorage per tenant. A tenant without members (404) shows nothing.
 */
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import type { Lang } from '../domain/lang';
import type { MemberAccount, MemberPageSetting, MemberScanResult } from '../domain/member/public';
import { INTL_LOCALE } from './texts';
import { MEMBER_TEXTS, type MemberTexts } from './memberTexts';
import type { ConsumerEnv } from './env';
import { PointActivityReveal, type OpenBox } from './pointActivity';
import { validUntil } from '../domain/member/points';
import { CheckInSection } from './checkIn';
import { call, type Failure } from './memberApi';
import { LinkPlatforms, SocialButtons, SocialReturn } from './social';
import type { PointActivityEarning } from '../domain/activity/pointActivity';

const html = htm.bind(h);

const tokenKey = (tenantCode: string) => `oioc.member.${tenantCode}`;
const COUNTRY_CODES = ['886', '852', '853', '86', '65', '60', '81', '1'];

function fmtDate(lang: Lang, iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(INTL_LOCALE[lang], { dateStyle: 'medium' }).format(d);
}

const errorText = (m: MemberTexts, f: Failure) => (f.code !== null && m.errors[f.code]) || m.failed;

/**
 * The member's account as last known. A read's answer is dropped when a newer account was set
 * after the read began: the account a link returns (or a sign-in, a saved profile) is never
 * overwritten by a slower read that the server answered before the change.
 */
function useAccount() {
  const [account, setAccount] = useState<MemberAccount | null>(null);
  const seq = useRef({ started: 0, applied: 0 });
  /** Begins a read; its answer is applied only if nothing newer was applied meanwhile. */
  const begin = () => {
    const n = ++seq.current.started;
    return (acc: MemberAccount | null) => {
      if (n < seq.current.applied) return;
      seq.current.applied = n;
      setAccount(acc);
    };
  };
  const put = (acc: MemberAccount | null) => begin()(acc);
  return { account, begin, put };
}

function SignIn({ env, tenantCode, setting, m, lang, onToken }: { env: ConsumerEnv; tenantCode: string; setting: MemberPageSetting; m: MemberTexts; lang: Lang; onToken: (token: string, account: MemberAccount) => void }) {
  const [purpose, setPurpose] = useState<'join' | 'signin'>('join');
  const [cc, setCc] = useState('886');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [byPassword, setByPassword] = useState(false);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const send = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true); setError(null); setFieldError(null);
    const r = await call(env, 'POST', `${encodeURIComponent(tenantCode)}/otp`, { phoneCountryCode: cc, phone: phone.trim(), purpose });
    setBusy(false);
    if (r.ok) { setSent(true); return; }
    if (r.code === 1 && r.data?.phone) setFieldError(m.invalid);
    else setError(errorText(m, r));
    if (r.code === 8142) setSent(true);
  };
  const verify = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true); setError(null);
    const r = await call<{ token: string; account: MemberAccount }>(env, 'POST', `${encodeURIComponent(tenantCode)}/${purpose}`, { phoneCountryCode: cc, phone: phone.trim(), code: code.trim() });
    setBusy(false);
    if (r.ok) onToken(r.value.token, r.value.account);
    else setError(r.code === 1 ? m.errors[8101] : errorText(m, r));
  };
  const signInByPassword = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true); setError(null); setFieldError(null);
    const r = await call<{ token: string; account: MemberAccount }>(env, 'POST', `${encodeURIComponent(tenantCode)}/signin`, { phoneCountryCode: cc, phone: phone.trim(), password });
    setBusy(false);
    if (r.ok) onToken(r.value.token, r.value.account);
    else if (r.code === 1 && r.data?.phone) setFieldError(m.invalid);
    else setError(r.code === 1 ? m.errors[8151] : errorText(m, r));
  };
  const switchTo = (p: 'join' | 'signin') => { setPurpose(p); setByPassword(false); setSent(false); setCode(''); setError(null); };
  const passwordMode = purpose === 'signin' && byPassword;

  return html`<div class="card member-card member-signin">
    <h3>${purpose === 'join' ? m.joinTitle : m.signIn}</h3>
    ${purpose === 'join' && html`<p class="muted small">${m.joinBody}</p>`}
    <form class="member-form" onSubmit=${passwordMode ? signInByPassword : sent ? verify : send} novalidate>
      <div class="phone-row">
        <label class="field cc"><span>${m.countryCode}</span>
          <select value=${cc} onChange=${(e: Event) => setCc((e.target as HTMLSelectElement).value)} data-testid="member-cc">
            ${COUNTRY_CODES.map((c) => html`<option key=${c} value=${c}>+${c}</option>`)}
          </select>
        </label>
        <label class="field grow"><span>${m.phone}</span>
          <input type="tel" inputmode="tel" autocomplete="tel-national" value=${phone} required aria-invalid=${fieldError ? 'true' : undefined}
            onInput=${(e: Event) => setPhone((e.target as HTMLInputElement).value)} data-testid="member-phone" />
          ${fieldError && html`<small class="field-error">${fieldError}</small>`}
        </label>
      </div>
      ${passwordMode && html`<label class="field"><span>${m.password}</span>
        <input type="password" autocomplete="current-password" value=${password} required
          onInput=${(e: Event) => setPassword((e.target as HTMLInputElement).value)} data-testid="member-password" />
      </label>`}
      ${!passwordMode && sent && html`<label class="field"><span>${m.code}</span>
        <input type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" value=${code} required
          onInput=${(e: Event) => setCode((e.target as HTMLInputElement).value)} data-testid="member-code" />
        <small class="muted">${m.codeSent}</small>
      </label>`}
      ${error && html`<p class="member-error" role="alert">${error}</p>`}
      <div class="member-actions">
        ${passwordMode
          ? html`<button type="submit" class="btn primary" disabled=${busy} data-testid="member-password-signin">${m.signIn}</button>`
          : sent
          ? html`<button type="submit" class="btn primary" disabled=${busy} data-testid="member-verify">${purpose === 'join' ? m.confirmJoin : m.confirmSignIn}</button>
                 <button type="button" class="btn ghost" disabled=${busy} onClick=${send}>${m.resend}</button>`
          : html`<button type="submit" class="btn primary" disabled=${busy} data-testid="member-send">${m.sendCode}</button>`}
      </div>
    </form>
    ${purpose === 'signin' && html`<button type="button" class="linklike member-switch" onClick=${() => { setByPassword(!byPassword); setError(null); }} data-testid="member-use-password">${byPassword ? m.useCode : m.usePassword}</button>`}
    <button type="button" class="linklike member-switch" onClick=${() => switchTo(purpose === 'join' ? 'signin' : 'join')}>${purpose === 'join' ? m.haveAccount : m.noAccount}</button>
    <${SocialButtons} env=${env} tenantCode=${tenantCode} platforms=${setting.loginPlatforms} lang=${lang} />
  </div>`;
}

function Profile({ env, tenantCode, token, account, m, onSaved }: { env: ConsumerEnv; tenantCode: string; token: string; account: MemberAccount; m: MemberTexts; onSaved: (a: MemberAccount) => void }) {
  const fields = account.missingFields;
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (e: Event) => {
    e.preventDefault();
    if (busy) return;
    const body: Record<string, unknown> = {};
    const mem = account.member as unknown as Record<string, unknown>;
    for (const k of ['name', 'gender', 'birth', 'email', 'address', 'lineId', 'discountCode']) {
      const v = values[k] ?? (mem[k] === null || mem[k] === undefined ? '' : String(mem[k]));
      if (v.trim() !== '') body[k] = k === 'gender' ? Number(v) : v.trim();
    }
    setBusy(true); setError(null);
    const r = await call<MemberAccount>(env, 'PUT', `${encodeURIComponent(tenantCode)}/me`, body, token);
    setBusy(false);
    if (r.ok) { setErrors({}); onSaved(r.value); return; }
    if (r.code === 1 && r.data) setErrors(Object.fromEntries(Object.entries(r.data).map(([k, v]) => [k, v.key === 'required' ? m.required : m.invalid])));
    else setError(errorText(m, r));
  };
  const input = (f: string) => {
    const set = (e: Event) => setValues({ ...values, [f]: (e.target as HTMLInputElement).value });
    if (f === 'gender') {
      return html`<select value=${values[f] ?? ''} onChange=${set} data-testid=${`member-field-${f}`}><option value=""></option>
        ${[1, 2, 3].map((g) => html`<option key=${g} value=${String(g)}>${m.genders[g]}</option>`)}</select>`;
    }
    const type = f === 'birth' ? 'date' : f === 'email' ? 'email' : 'text';
    return html`<input type=${type} value=${values[f] ?? ''} required onInput=${set} aria-invalid=${errors[f] ? 'true' : undefined} data-testid=${`member-field-${f}`} />`;
  };
  return html`<div class="card member-card member-profile">
    <h3>${m.profileTitle}</h3>
    <p class="muted small">${m.profileBody}</p>
    <form class="member-form" onSubmit=${save} novalidate>
      ${fields.map((f) => html`<label class="field" key=${f}><span>${m.fields[f] ?? f} *</span>${input(f)}${errors[f] && html`<small class="field-error">${errors[f]}</small>`}</label>`)}
      ${error && html`<p class="member-error" role="alert">${error}</p>`}
      <div class="member-actions"><button type="submit" class="btn primary" disabled=${busy} data-testid="member-profile-save">${m.save}</button></div>
    </form>
  </div>`;
}

/** What the scan earned, kept as facts and worded at render: a language switch rewords it (issue 26). */
type ScanNote = { kind: 'earned'; points: number } | { kind: 'none' } | { kind: 'reused' };
const scanText = (n: ScanNote, m: MemberTexts) => (n.kind === 'earned' ? m.earned(n.points) : n.kind === 'none' ? m.noReward : m.errors[8103]);

function Account({ account, lang, m, scan, activities, onOpen, onSignOut, links }: { account: MemberAccount; lang: Lang; m: MemberTexts; scan: ScanNote | null; activities: PointActivityEarning[]; onOpen: OpenBox; onSignOut: () => void; links?: unknown }) {
  const next = account.nextTier;
  const pct = next ? Math.max(4, Math.min(100, Math.round((account.balance / Math.max(1, next.points)) * 100))) : 100;
  return html`<div class="card member-card member-account" data-testid="member-account">
    ${scan && html`<p class=${scan.kind === 'earned' ? 'member-earned good' : 'member-earned'} role="status" data-testid="member-scan">${scanText(scan, m)}</p>`}
    <${PointActivityReveal} items=${activities} lang=${lang} onOpen=${onOpen} />
    <div class="member-balance">
      <div><p class="muted small">${m.balance}</p><p class="balance-number" data-testid="member-balance">${account.balance.toLocaleString(lang.replace('_', '-'))} <span>${m.points}</span></p></div>
      ${account.tier && html`<div class="tier-badge" data-testid="member-tier"><small>${m.tier}</small><strong>${account.tier.name}</strong></div>`}
    </div>
    <div class="tier-progress" aria-hidden="true"><span style=${`width:${pct}%`}></span></div>
    <p class="muted small">${next ? m.nextTier(next.name, Math.max(0, next.points - account.balance)) : m.topTier}</p>
    <h3 class="member-history-title">${m.history}</h3>
    ${account.history.length === 0
      ? html`<p class="muted small">${m.noHistory}</p>`
      : html`<ul class="member-history" data-testid="member-history">${account.history.map((r) => html`<li key=${r.id}>
          <div><strong>${r.memo || m.changeTypes[r.type] || ''}</strong><p class="muted small">${fmtDate(lang, r.createdAt)}${r.expiresAt ? html` · ${m.expires} <span data-expires>${fmtDate(lang, validUntil(r.expiresAt))}</span>` : ''}</p></div>
          <span class=${r.points >= 0 ? 'pts plus' : 'pts minus'}>${r.points >= 0 ? `+${r.points}` : r.points}</span>
        </li>`)}</ul>`}
    ${links}
    <button type="button" class="linklike member-signout" onClick=${onSignOut}>${m.signOut}</button>
  </div>`;
}

/** `pointsChanged`: bumped by the page after a redemption: the account is read again (issue 26). */
export function MemberSection({ env, tenantCode, code, lang, pointsChanged = 0 }: { env: ConsumerEnv; tenantCode: string; code: string | null; lang: Lang; pointsChanged?: number }) {
  const m = MEMBER_TEXTS[lang];
  const [setting, setSetting] = useState<MemberPageSetting | null>(null);
  const [token, setToken] = useState<string | null>(() => env.storage?.getItem(tokenKey(tenantCode)) || null);
  const { account, begin: beginRead, put: setAccount } = useAccount();
  const [scan, setScan] = useState<ScanNote | null>(null);
  const [activities, setActivities] = useState<PointActivityEarning[]>([]);
  const scanned = useRef(false);
  const t = encodeURIComponent(tenantCode);

  useEffect(() => {
    call<MemberPageSetting>(env, 'GET', `${t}/setting`).then((r) => { if (r.ok && r.value.members) setSetting(r.value); });
  }, []);

  const forget = () => {
    try { env.storage?.setItem(tokenKey(tenantCode), ''); } catch { /* private mode */ }
    setToken(null); setAccount(null);
  };

  // Signed in: earn for the scanned code once, then read the account.
  useEffect(() => {
    if (!token || !setting) return;
    let live = true;
    (async () => {
      if (code && !scanned.current) {
        scanned.current = true;
        const r = await call<MemberScanResult & { activities?: PointActivityEarning[] }>(env, 'POST', `${t}/scan`, { code }, token);
        // Point activities' draws show as their own reveal (src/consumer/pointActivity.ts).
        const drawn = r.ok ? (r.value.activities ?? []) : [];
        setActivities(drawn);
        if (r.ok) setScan(r.value.points > 0 ? { kind: 'earned', points: r.value.points } : drawn.length ? null : { kind: 'none' });
        else if (r.status === 401) { if (live) forget(); return; }
        else if (r.code === 8103) setScan({ kind: 'reused' });
      }
      const apply = beginRead();
      const me = await call<MemberAccount>(env, 'GET', `${t}/me`, undefined, token);
      if (!live) return;
      if (me.ok) {
        apply(me.value);
        // Boxes left closed on an earlier visit join this scan's (issue 26), kept once opened.
        const left = (me.value.boxes ?? []).map((b) => ({ ...b, code: b.code }));
        setActivities((cur) => [...cur, ...left.filter((b) => !cur.some((a) => a.activityId === b.activityId && b.code === code))]);
      } else if (me.status === 401) forget();
    })();
    return () => { live = false; };
  }, [token, !!setting]);

  // A point activity's box: its points are credited when it opens, then the account is read again.
  const openBox: OpenBox = async (item) => {
    const boxCode = (item as { code?: string }).code ?? code;
    if (!token || !boxCode) return false;
    const r = await call<{ balance: number }>(env, 'POST', `${t}/point-activity/${item.activityId}/open`, { code: boxCode }, token);
    if (!r.ok) { if (r.status === 401) forget(); return false; }
    const apply = beginRead();
    const me = await call<MemberAccount>(env, 'GET', `${t}/me`, undefined, token);
    if (me.ok) apply(me.value);
    return true;
  };

  // After a redemption on this page: the new balance and history without a reload.
  useEffect(() => {
    if (!pointsChanged || !token || !setting) return;
    let live = true;
    const apply = beginRead();
    call<MemberAccount>(env, 'GET', `${t}/me`, undefined, token).then((me) => { if (live && me.ok) apply(me.value); });
    return () => { live = false; };
  }, [pointsChanged]);

  if (!setting) return null;
  // After a check-in: the balance and history again.
  const reload = async () => {
    const apply = beginRead();
    const me = await call<MemberAccount>(env, 'GET', `${t}/me`, undefined, token);
    if (me.ok) apply(me.value);
  };
  const onToken = (tok: string, acc: MemberAccount) => {
    try { env.storage?.setItem(tokenKey(tenantCode), tok); } catch { /* private mode */ }
    setAccount(acc);
    setToken(tok);
  };
  const signOut = async () => {
    await call(env, 'POST', `${t}/signout`, undefined, token);
    forget();
    setScan(null);
    setActivities([]);
  };
  let body: ReturnType<typeof html>;
  if (!token) body = html`<${SignIn} env=${env} tenantCode=${tenantCode} setting=${setting} m=${m} lang=${lang} onToken=${onToken} />${code ? html`<p class="muted small member-hint">${m.scanToEarn}</p>` : null}`;
  else if (!account) body = html`<div class="card member-card"><div class="sk sk-line w60"></div><div class="sk sk-line w40"></div></div>`;
  else if (account.missingFields.length > 0) body = html`<${Profile} env=${env} tenantCode=${tenantCode} token=${token} account=${account} m=${m} onSaved=${setAccount} />`;
  else body = html`<${Account} account=${account} lang=${lang} m=${m} scan=${scan} activities=${activities} onOpen=${openBox} onSignOut=${signOut}
      links=${html`<${LinkPlatforms} env=${env} tenantCode=${tenantCode} token=${token} platforms=${setting.loginPlatforms} linked=${account.linked ?? []} lang=${lang} />`} />
    <${CheckInSection} env=${env} tenantCode=${tenantCode} token=${token} lang=${lang} onChecked=${reload} />`;
  return html`<section class="section s-member" id="member" aria-labelledby="h-member" data-testid="member-section">
    <h2 id="h-member">${m.members}</h2>
    <${SocialReturn} env=${env} tenantCode=${tenantCode} token=${token} lang=${lang} onToken=${onToken} onLinked=${setAccount} />
    ${body}
  </section>`;
}

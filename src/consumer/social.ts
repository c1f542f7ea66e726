/**
 * Social sign-in on the consumer page (issue 29): buttons of the platforms the brand enabled
 * (join or sign in), the linked platforms of a signed-in member with a button to link one, and
 * the return from the platform: the page posts the query the provider sent back (code, state,
 * iss or error) to POST member/{tenant}/social/callback, takes it off the address at once, and
 * signs in, or shows the link. The server keeps the state, the PKCE verifier and the nonce.
 */
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import htm from 'htm';
import type { Lang } from '../domain/lang';
import type { MemberAccount } from '../domain/member/public';
import type { SocialCallbackResult } from '../domain/member/social';
import type { ConsumerEnv } from './env';
import { call } from './memberApi';
import { MEMBER_TEXTS } from './memberTexts';
import { SOCIAL_TEXTS } from './socialTexts';

const html = htm.bind(h);
const RETURN_KEYS = ['code', 'state', 'iss', 'error', 'error_description', 'error_uri', 'session_state'];

/** The address carries a platform's answer (state with a code or an error). */
export function socialReturnPending(href: string): boolean {
  const q = new URL(href).searchParams;
  return q.has('state') && (q.has('code') || q.has('error'));
}

/** The address without the platform's answer. */
function withoutReturn(href: string): string {
  const url = new URL(href);
  for (const k of RETURN_KEYS) url.searchParams.delete(k);
  return url.pathname + url.search;
}

const platformName = (lang: Lang, p: number) => MEMBER_TEXTS[lang].platforms[p] ?? String(p);
const errorOf = (lang: Lang, code: number | null) => (code !== null && (SOCIAL_TEXTS[lang].errors[code] ?? MEMBER_TEXTS[lang].errors[code])) || MEMBER_TEXTS[lang].failed;

/** Off to the platform (the server answers its authorization URL); the failure's code when it cannot start. */
async function start(env: ConsumerEnv, tenantCode: string, platform: number, token: string | null): Promise<{ failed: false } | { failed: true; code: number | null }> {
  const r = await call<{ url: string }>(env, 'POST', `${encodeURIComponent(tenantCode)}/social/${platform}/start`,
    { ...(token ? { link: true } : {}), returnPath: withoutReturn(env.href) }, token);
  if (!r.ok) return { failed: true, code: r.code };
  (env.go ?? ((u: string) => { env.doc.location.assign(u); }))(r.value.url);
  return { failed: false };
}

export function SocialButtons({ env, tenantCode, platforms, lang }: { env: ConsumerEnv; tenantCode: string; platforms: number[]; lang: Lang }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (platforms.length === 0) return null;
  const go = async (p: number) => {
    setBusy(true); setError(null);
    const r = await start(env, tenantCode, p, null);
    if (r.failed) { setBusy(false); setError(errorOf(lang, r.code)); }
  };
  return html`<div class="member-platforms">
    <p class="muted small">${MEMBER_TEXTS[lang].otherLogins}</p>
    <ul>${platforms.map((p) => html`<li key=${p}><button type="button" class=${`btn outline social p${p}`} disabled=${busy} onClick=${() => go(p)} data-testid=${`social-${p}`}>${SOCIAL_TEXTS[lang].continueWith(platformName(lang, p))}</button></li>`)}</ul>
    ${error && html`<p class="member-error" role="alert">${error}</p>`}
  </div>`;
}

/** A signed-in member's platforms: linked ones marked, the others a button that links. */
export function LinkPlatforms({ env, tenantCode, token, platforms, linked, lang }: { env: ConsumerEnv; tenantCode: string; token: string; platforms: number[]; linked: number[]; lang: Lang }) {
  const s = SOCIAL_TEXTS[lang];
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (platforms.length === 0) return null;
  const go = async (p: number) => {
    setBusy(true); setError(null);
    const r = await start(env, tenantCode, p, token);
    if (r.failed) { setBusy(false); setError(errorOf(lang, r.code)); }
  };
  return html`<div class="member-links" data-testid="member-links">
    <h3 class="member-history-title">${s.linkTitle}</h3>
    <p class="muted small">${s.linkBody}</p>
    <ul class="member-platforms-list">${platforms.map((p) => html`<li key=${p}>
      ${linked.includes(p)
        ? html`<span class="linked" data-testid=${`linked-${p}`}>${platformName(lang, p)} · ${s.linkedBadge}</span>`
        : html`<button type="button" class="btn outline" disabled=${busy} onClick=${() => go(p)} data-testid=${`link-${p}`}>${s.link(platformName(lang, p))}</button>`}
    </li>`)}</ul>
    ${error && html`<p class="member-error" role="alert">${error}</p>`}
  </div>`;
}

/**
 * The return from a platform, once per page load: signs in (`onToken`) or reports the link
 * (`onLinked`); a failure is shown in the member section.
 */
export function SocialReturn({ env, tenantCode, token, lang, onToken, onLinked }: {
  env: ConsumerEnv; tenantCode: string; token: string | null; lang: Lang;
  onToken: (token: string, account: MemberAccount) => void; onLinked: (account: MemberAccount) => void;
}) {
  const [state, setState] = useState<{ kind: 'busy' } | { kind: 'linked'; platform: number } | { kind: 'error'; text: string } | null>(() => (socialReturnPending(env.href) ? { kind: 'busy' } : null));
  useEffect(() => {
    if (!socialReturnPending(env.href)) return;
    const params = new URL(env.href).search;
    // The answer leaves the address at once: a reload does not post it again.
    env.replaceUrl(withoutReturn(env.href));
    call<SocialCallbackResult & { account: MemberAccount }>(env, 'POST', `${encodeURIComponent(tenantCode)}/social/callback`, { params }, token).then((r) => {
      if (!r.ok) { setState({ kind: 'error', text: errorOf(lang, r.code) }); return; }
      env.replaceUrl(r.value.returnPath);
      if (r.value.outcome === 'linked') { setState({ kind: 'linked', platform: r.value.platform }); onLinked(r.value.account); return; }
      setState(null);
      if (r.value.token) onToken(r.value.token, r.value.account);
    });
  }, []);
  if (!state) return null;
  if (state.kind === 'busy') return html`<p class="muted small" role="status">${SOCIAL_TEXTS[lang].finishing}</p>`;
  if (state.kind === 'linked') return html`<p class="member-earned good" role="status" data-testid="social-linked">${SOCIAL_TEXTS[lang].linkedOk(platformName(lang, state.platform))}</p>`;
  return html`<p class="member-error" role="alert" data-testid="social-error">${state.text}</p>`;
}

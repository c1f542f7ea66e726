/**
 * The consumer page's frame (src/consumer/app.ts): the privacy dialog, the language switch, the
 * loading skeleton and the notices of an unknown tenant or a failed load.
 */
import { h } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import htm from 'htm';
import { LANGS, type Lang } from '../domain/lang';
import { HTML_LANG, LANG_LABEL, type Texts } from './texts';
import { icons } from './icons';
import type { Ctx } from './sections';

const html = htm.bind(h);

export function PrivacyDialog({ ctx, mode, onAgree, onClose }: { ctx: Ctx; mode: 'consent' | 'view'; onAgree: () => void; onClose: () => void }) {
  const p = ctx.page.layoutInfo.privacyInfo;
  const btn = useRef<HTMLButtonElement>(null);
  useEffect(() => { btn.current?.focus(); }, []);
  if (!p) return null;
  const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape' && mode === 'view') onClose(); };
  return html`
    <div class="overlay" onKeyDown=${onKey}>
      <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="privacy-title" aria-describedby="privacy-body">
        <h2 id="privacy-title">${p.title || ctx.t.privacy}</h2>
        <div id="privacy-body" class="dialog-body pre" tabIndex="0">${p.content}</div>
        <div class="dialog-actions">
          ${mode === 'consent'
            ? html`<button type="button" class="btn primary" ref=${btn} onClick=${onAgree}>${ctx.t.agree}</button>`
            : html`<button type="button" class="btn primary" ref=${btn} onClick=${onClose}>${ctx.t.close}</button>`}
        </div>
      </div>
    </div>`;
}

export function LangSwitch({ lang, onChange, t }: { lang: Lang; onChange: (l: Lang) => void; t: Texts }) {
  return html`<div class="langs" role="group" aria-label=${t.language}>
    ${LANGS.map((l) => html`<button type="button" key=${l} lang=${HTML_LANG[l]} class=${l === lang ? 'lang on' : 'lang'} aria-pressed=${l === lang ? 'true' : 'false'} onClick=${() => onChange(l)}>${LANG_LABEL[l]}</button>`)}
  </div>`;
}


export function Skeleton({ t }: { t: Texts }) {
  return html`<div class="skeleton" aria-busy="true">
    <div class="sk-bar"></div>
    <div class="wrap">
      <div class="sk sk-banner"></div>
      <div class="card"><div class="sk sk-line w60"></div><div class="sk sk-line w90"></div><div class="sk sk-line w40"></div></div>
      <div class="card"><div class="sk sk-line w80"></div><div class="sk sk-line w50"></div></div>
      <p class="visually-hidden" role="status">${t.loading}</p>
    </div>
  </div>`;
}

export function Notice({ kind, t, onRetry }: { kind: 'error' | 'unknown'; t: Texts; onRetry?: () => void }) {
  return html`<main class="notice" id="main">
    <div class="notice-card" role=${kind === 'error' ? 'alert' : undefined}>
      <span class="notice-icon">${kind === 'error' ? icons.warning() : icons.info()}</span>
      <h1>${kind === 'error' ? t.errorTitle : t.unknownTenantTitle}</h1>
      <p>${kind === 'error' ? t.errorBody : t.unknownTenantBody}</p>
      ${onRetry && html`<button type="button" class="btn primary dark" onClick=${onRetry}>${icons.refresh()} ${t.retry}</button>`}
    </div>
  </main>`;
}

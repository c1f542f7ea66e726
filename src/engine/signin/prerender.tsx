/**
 * The light sign-in page rendered to HTML at build time (scripts/prerender-signin.ts), once per
 * interface language, so /login?code= paints the form with the HTML instead of after its
 * script has run (issue 10 section 4); src/app/signinMount.tsx hydrates it. The tenant code
 * and the footer year are placeholders the server fills per request (server/signinPage.ts);
 * the tenant's config (name, logo, background, hint) fills in after, as it does without
 * prerendering.
 */
import { renderToString } from 'react-dom/server';
import { HTML_LANG, LANGS, type Lang } from '../../domain/lang';
import { SignInPage } from './SignInPage';
import { text } from './texts';
import { LANG_STORAGE_KEY } from '../i18n/langStore';
import { SESSION_STORAGE_KEY } from '../session/store';
import { SIGNIN_CODE_SLOT, SIGNIN_PENDING_CLASS, SIGNIN_ROOT_ATTR, SIGNIN_YEAR_SLOT } from './slots';

export interface PrerenderedSignIn {
  lang: Lang;
  /** <html lang>. */
  htmlLang: string;
  title: string;
  /** Added to <head>: the hiding script and style, and the resources React hoists (logo preload). */
  head: string;
  /** <div id="root" ...>...</div>. */
  root: string;
}

/**
 * Hides the prerendered form when it will not be the one shown: a stored session (the full app
 * serves /login then) or another remembered language without `?lang=` (rare: the server reads
 * the language cookie); the entry (src/main.tsx) shows the root again.
 */
function pendingScript(lang: Lang): string {
  const q = JSON.stringify;
  return `<script>try{var s=localStorage.getItem(${q(SESSION_STORAGE_KEY)}),l=localStorage.getItem(${q(LANG_STORAGE_KEY)});`
    + `if(s||(l&&l!==${q(lang)}&&!/[?&]lang=/.test(location.search)))document.documentElement.classList.add(${q(SIGNIN_PENDING_CLASS)})}catch(e){}</script>`
    + `<style>.${SIGNIN_PENDING_CLASS} #root{visibility:hidden}</style>`;
}

/** React puts the resources it hoists (<link rel=preload>) first; they belong in <head>. */
function splitHoisted(html: string): { hoisted: string; rest: string } {
  const m = /^(?:<link [^>]*\/>)+/.exec(html);
  return m ? { hoisted: m[0], rest: html.slice(m[0].length) } : { hoisted: '', rest: html };
}

export function prerenderSignIn(): PrerenderedSignIn[] {
  return LANGS.map((lang) => {
    const html = renderToString(<SignInPage code={SIGNIN_CODE_SLOT} initialLang={lang} footerYear={SIGNIN_YEAR_SLOT} onSignedIn={() => {}} />);
    const { hoisted, rest } = splitHoisted(html);
    return {
      lang,
      htmlLang: HTML_LANG[lang],
      title: `${text(lang, 'page.login')} - ${text(lang, 'app.title')}`,
      head: `${pendingScript(lang)}${hoisted}`,
      root: `<div id="root" ${SIGNIN_ROOT_ATTR}="${lang}">${rest}</div>`,
    };
  });
}

/**
 * Whether the light sign-in page serves this load, and its mounting: a fresh /login?code=
 * without a stored session. The server sends the form prerendered (server/signinPage.ts); it is
 * hydrated when it is the one to show (same language and code), else rendered afresh. After a
 * sign-in the full app takes the same root: at /home, or at /login with the user handed off when
 * the default password must change first.
 */
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import type { SessionUser } from '../domain/api';
import { MimaStatus } from '../domain/enums';
import { initialLang } from '../engine/i18n/langStore';
import { handOffSignIn } from '../engine/session/handoff';
import { rememberTenantCode, sessionStore } from '../engine/session/store';
import { SignInPage } from '../engine/signin/SignInPage';
import { SIGNIN_PENDING_CLASS, SIGNIN_ROOT_ATTR } from '../engine/signin/slots';
import '../engine/signin/signin.css';

const loadApp = () => import('./boot');

/** The tenant code when this page load is a fresh sign-in, else null (the full app serves it). */
export function lightSignInCode(location: Pick<Location, 'pathname' | 'search'>): string | null {
  if (location.pathname.replace(/\/+$/, '') !== '/login') return null;
  const code = new URLSearchParams(location.search).get('code');
  if (!code || sessionStore.get()) return null;
  return code;
}

/** The language the root's prerendered form is in, or null when it holds none. */
function prerenderedLang(el: HTMLElement): string | null {
  return el.getAttribute(SIGNIN_ROOT_ATTR);
}

/** Shows the root again (the page's inline script hides a prerendered form not to be shown). */
function showRoot(el: HTMLElement): void {
  el.removeAttribute(SIGNIN_ROOT_ATTR);
  document.documentElement.classList.remove(SIGNIN_PENDING_CLASS);
}

/** The full app serves this load: a prerendered sign-in form is not its to hydrate. */
export function dropPrerenderedSignIn(el: HTMLElement): void {
  if (prerenderedLang(el) !== null) el.replaceChildren();
  showRoot(el);
}

export function mountSignIn(el: HTMLElement, code: string): void {
  const lang = initialLang(window.location.search);
  const prerendered = prerenderedLang(el) === lang && el.querySelector('[data-testid="tenant-name"]')?.textContent === code;
  let root: Root | null = null;
  const handOver = async (user: SessionUser) => {
    const { bootApp } = await loadApp();
    if (user.mimaStatus === MimaStatus.MustChange) {
      handOffSignIn(user);
    } else {
      rememberTenantCode(code);
      sessionStore.signIn({ ...user, tenantCode: user.tenantCode || code });
      window.history.replaceState(null, '', '/home');
    }
    root?.unmount();
    bootApp(el);
  };
  const page = <SignInPage code={code} initialLang={lang} onSignedIn={(user) => void handOver(user)} />;
  if (prerendered) {
    root = hydrateRoot(el, page);
  } else {
    if (prerenderedLang(el) !== null) el.replaceChildren();
    root = createRoot(el);
    root.render(page);
  }
  showRoot(el);
  // The full app loads while the user types (after the form painted).
  setTimeout(() => void loadApp().catch(() => {}), 300);
}

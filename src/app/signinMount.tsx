/**
 * The light sign-in page's mounting, for a fresh /login?code= without a stored session
 * (signinRoute.ts decides). The server sends the form prerendered (server/signinPage.ts); it is
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
import { prerenderedLang, showRoot } from './signinRoute';
import { SignInPage } from '../engine/signin/SignInPage';
import '../engine/signin/signin.css';

const loadApp = () => import('./boot');

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

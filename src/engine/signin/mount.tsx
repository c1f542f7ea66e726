/**
 * Whether the light sign-in page serves this load, and its mounting: a fresh /login?code=
 * without a stored session. After a sign-in the full app takes the same root: at /home, or at
 * /login with the user handed off when the default password must change first.
 */
import { createRoot } from 'react-dom/client';
import type { SessionUser } from '../../domain/api';
import { MimaStatus } from '../../domain/enums';
import { initialLang } from '../i18n/langStore';
import { handOffSignIn } from '../session/handoff';
import { rememberTenantCode, sessionStore } from '../session/store';
import { SignInPage } from './SignInPage';
import './signin.css';

const loadApp = () => import('../app/boot');

/** The tenant code when this page load is a fresh sign-in, else null (the full app serves it). */
export function lightSignInCode(location: Pick<Location, 'pathname' | 'search'>): string | null {
  if (location.pathname.replace(/\/+$/, '') !== '/login') return null;
  const code = new URLSearchParams(location.search).get('code');
  if (!code || sessionStore.get()) return null;
  return code;
}

export function mountSignIn(el: HTMLElement, code: string): void {
  const root = createRoot(el);
  const handOver = async (user: SessionUser) => {
    const { bootApp } = await loadApp();
    if (user.mimaStatus === MimaStatus.MustChange) {
      handOffSignIn(user);
    } else {
      rememberTenantCode(code);
      sessionStore.signIn({ ...user, tenantCode: user.tenantCode || code });
      window.history.replaceState(null, '', '/home');
    }
    root.unmount();
    bootApp(el);
  };
  root.render(<SignInPage code={code} initialLang={initialLang(window.location.search)} onSignedIn={(user) => void handOver(user)} />);
  // The full app loads while the user types (after the form painted).
  setTimeout(() => void loadApp().catch(() => {}), 300);
}

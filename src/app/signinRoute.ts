/**
 * The entry's first decisions about the sign-in page, without React (src/main.tsx loads React
 * only for the page it shows): whether this load is a fresh sign-in, and the prerendered form's
 * marks on the root.
 */
import { readStoredSession } from '../engine/session/stored';
import { SIGNIN_PENDING_CLASS, SIGNIN_ROOT_ATTR } from '../engine/signin/slots';

/** The tenant code when this page load is a fresh sign-in, else null (the full app serves it). */
export function lightSignInCode(location: Pick<Location, 'pathname' | 'search'>): string | null {
  if (location.pathname.replace(/\/+$/, '') !== '/login') return null;
  const code = new URLSearchParams(location.search).get('code');
  if (!code || readStoredSession()) return null;
  return code;
}

/** The language the root's prerendered form is in, or null when it holds none. */
export function prerenderedLang(el: HTMLElement): string | null {
  return el.getAttribute(SIGNIN_ROOT_ATTR);
}

/** Shows the root again (the page's inline script hides a prerendered form not to be shown). */
export function showRoot(el: HTMLElement): void {
  el.removeAttribute(SIGNIN_ROOT_ATTR);
  document.documentElement.classList.remove(SIGNIN_PENDING_CLASS);
}

/** The full app serves this load: a prerendered sign-in form is not its to hydrate. */
export function dropPrerenderedSignIn(el: HTMLElement): void {
  if (prerenderedLang(el) !== null) el.replaceChildren();
  showRoot(el);
}

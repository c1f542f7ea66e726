/**
 * The session as localStorage holds it, read without React: the store (store.ts) and the entry's
 * first decisions (src/app/signinRoute.ts) read it alike.
 */
import type { MenuItem, SessionUser } from '../../domain/api';

export const SESSION_STORAGE_KEY = 'oioc.session';

export interface Session {
  user: SessionUser;
  /** The side menu (GET system/menu/nested, Backend); null until it is first loaded. */
  menu: MenuItem[] | null;
}

/** The stored session, or null when there is none or it is not one (no token). */
export function readStoredSession(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Session;
    if (!parsed || typeof parsed !== 'object' || !parsed.user || typeof parsed.user.token !== 'string') return null;
    return { user: parsed.user, menu: Array.isArray(parsed.menu) ? parsed.menu : null };
  } catch {
    return null;
  }
}

/**
 * The session: the signed-in user (SPEC.md section 3 "Session user") and the side menu the
 * server delivered for them (section 6: "kept in the session"), persisted in localStorage
 * together with the tenant code of the login URL. The tenant code outlives the session so a
 * logged-out user can be sent back to /login?code=<tenant>.
 */
import { useSyncExternalStore } from 'react';
import type { MenuItem, SessionUser } from '../../domain/api';
import { readStoredSession, SESSION_STORAGE_KEY, type Session } from './stored';

export { SESSION_STORAGE_KEY, type Session };

export const TENANT_STORAGE_KEY = 'oioc.tenant';

type Listener = () => void;
const listeners = new Set<Listener>();

let current: Session | null = typeof localStorage !== 'undefined' ? readStoredSession() : null;

function emit(): void {
  for (const l of listeners) l();
}

function write(next: Session | null): void {
  current = next;
  try {
    if (next) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
    else localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    /* storage unavailable: the session lives in memory only */
  }
  emit();
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out: follow it.
  window.addEventListener('storage', (e) => {
    if (e.key === SESSION_STORAGE_KEY || e.key === null) {
      current = readStoredSession();
      emit();
    }
  });
}

export const sessionStore = {
  get(): Session | null {
    return current;
  },
  token(): string | null {
    return current?.user.token ?? null;
  },
  /** Stores a signed-in user (and remembers its tenant code). */
  signIn(user: SessionUser, menu: MenuItem[] | null = null): void {
    if (user.tenantCode) rememberTenantCode(user.tenantCode);
    write({ user, menu });
  },
  setMenu(menu: MenuItem[]): void {
    if (!current) return;
    if (JSON.stringify(current.menu) === JSON.stringify(menu)) return;
    write({ ...current, menu });
  },
  updateUser(patch: Partial<SessionUser>): void {
    if (!current) return;
    write({ ...current, user: { ...current.user, ...patch } });
  },
  clear(): void {
    if (current === null) return;
    write(null);
  },
  /** Re-reads localStorage (tests). */
  reload(): void {
    current = readStoredSession();
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

export function rememberTenantCode(code: string): void {
  try {
    localStorage.setItem(TENANT_STORAGE_KEY, code);
  } catch {
    /* ignore */
  }
}

/** The tenant code of the session, else the last one used on /login; null when unknown. */
export function knownTenantCode(): string | null {
  if (current?.user.tenantCode) return current.user.tenantCode;
  try {
    return localStorage.getItem(TENANT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** /login?code=<tenant> when the tenant is known, else /login. */
export function loginPath(code: string | null = knownTenantCode()): string {
  return code ? `/login?code=${encodeURIComponent(code)}` : '/login';
}

/** What the consumer page reads of its browser: one object, so the tests give their own. */
export interface ConsumerEnv {
  /** The page's address (kept current by replaceUrl). */
  href: string;
  origin: string;
  fetch: typeof fetch;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  languages: readonly string[];
  /** Where preview messages arrive (the page's window). */
  win: Pick<Window, 'addEventListener' | 'removeEventListener'> & { opener?: unknown };
  geolocation: Geolocation | null;
  permissions: Pick<Permissions, 'query'> | null;
  /** Goes to another address (a login platform's page); default: location.assign. */
  go?: (url: string) => void;
  /** Replaces the address bar's url (language switch). */
  replaceUrl: (url: string) => void;
  doc: Document;
}

export function browserEnv(): ConsumerEnv {
  let storage: Storage | null = null;
  try { storage = window.localStorage; } catch { /* private mode */ }
  const env: ConsumerEnv = {
    href: location.href,
    origin: location.origin,
    fetch: (...args) => fetch(...args),
    storage,
    languages: navigator.languages?.length ? navigator.languages : [navigator.language],
    win: window,
    geolocation: navigator.geolocation ?? null,
    permissions: navigator.permissions ?? null,
    go: (url) => location.assign(url),
    // `href` follows the address (a social sign-in's return path is taken from it).
    replaceUrl: (url) => { history.replaceState(null, '', url); env.href = location.href; },
    doc: document,
  };
  return env;
}

/**
 * The calls every signed-in page makes (the side menu, the tenant's config, the count of export
 * reports when the menu has their download page), asked for by index.html's head script
 * (scripts/route-preload.ts) from the first bytes of the page when a session is stored, with
 * the headers `request` sends, rather than once the app's JavaScript has loaded and the shell
 * rendered (issue 10 section 4). `request` takes such an answer once, for the same URL and
 * token, instead of asking again; on any mismatch or failure it asks as usual. Nothing is kept
 * across loads: the answers live in the page's memory until taken.
 */

// With its extension: the build's head script (scripts/route-preload.ts) loads this file in Node.
import { EXPORT_AMOUNT_PATH, PAGE_SIZE } from '../../domain/limits.ts';
import { defaultSortOf } from '../../domain/listSort.ts';
import { BREAKPOINTS } from '../theme/layout.ts';

/** The paths (relative to /v1) of the early calls; `configPrefix` is followed by the tenant code. */
export const EARLY_CALLS = {
  menu: 'system/menu/nested',
  configPrefix: 'Config/tenant/',
  /** With its argument, as the side menu asks (shell/SideMenu EXPORT_AMOUNT_KEY). */
  exportAmount: EXPORT_AMOUNT_PATH,
  /** The menu id of the export reports' download page (shell/SideMenu EXPORT_DOWNLOAD_MENU_ID). */
  exportMenuId: 42,
} as const;

/** The parts of a list declaration its first page's call depends on. */
export interface ListHead {
  api?: { list?: unknown };
  grid?: { defaultSort?: { key: string; order: string } };
}

/**
 * The list a menu path opens on, when its first page is known from the declarations alone: the
 * path's one declaration, a `crud` list (a path with tabs or a pane opens on what the caller's
 * menu decides). The head script, the first rows and the menu's prefetch use this one rule.
 */
export function listOnPath<T extends { path?: unknown; kind?: unknown }>(decls: readonly T[], path: string): T | undefined {
  const on = decls.filter((d) => d.path === path);
  return on.length === 1 && on[0].kind === 'crud' ? on[0] : undefined;
}

/**
 * The first page of a declared list as the list asks it (crud/useCrudList.ts through
 * api/client.ts buildUrl: page 1, PAGE_SIZE rows, the declared default sort, no filter),
 * relative to /v1; null for a list call with placeholders. The head script asks it early on
 * the list's own menu path (issue 27: the rows' data comes with the code, not after it).
 */
export function firstPageCall(decl: ListHead): string | null {
  const m = typeof decl.api?.list === 'string' ? /^GET ([^\s{}?]+)$/.exec(decl.api.list.trim()) : null;
  if (!m) return null;
  const query = new URLSearchParams(Object.entries(firstPageQuery(decl)).map(([k, v]) => [k, String(v)]));
  return `${m[1].replace(/^\/+/, '')}?${query}`;
}

/** The query of a declared list's first page, in the order and with the types the list asks it. */
export function firstPageQuery(decl: ListHead): { page: number; pageSize: number; sort: string; order: string } {
  const sort = defaultSortOf(decl);
  return { page: 1, pageSize: PAGE_SIZE, sort: sort.key, order: sort.order };
}

/**
 * Set by the head script to the URL of the list's first page (under /v1) when the page will draw
 * that list's first rows before the app loads (engine/firstRows): a signed-in list path on a
 * screen wide enough for the table.
 */
export const FIRST_ROWS_GLOBAL = '__oiocFirstRows';
/**
 * Set by the head script on such a page: asks for the app's files (modulepreload), once. The
 * first rows call it when their data answered, so the app's 1.5 MiB do not compete with them.
 */
export const APP_PRELOAD_GLOBAL = '__oiocPreloadApp';
/** The least window width the first rows are drawn at (below it the list shows as cards). */
export const FIRST_ROWS_MIN_WIDTH = BREAKPOINTS.sm;

/** Where the head script leaves its answers: { [url]: { token, answer } }. */
export const EARLY_GLOBAL = '__oiocEarly';

interface EarlyCall {
  token: string;
  answer: Promise<Response>;
  /** When the app asked it ahead (askEarly); the head script's answers have none. */
  at?: number;
}

/** How long an answer asked ahead waits to be taken; older, it is asked again (never stale). */
export const EARLY_TTL_MS = 5_000;

/**
 * Asks `url` (GET, the headers the head script sends) now, for the next `request` of the same
 * URL and token to take: a list's first page asked as its menu entry is clicked, while the
 * route changes and the screen renders.
 */
export function askEarly(url: string, token: string): void {
  const g = globalThis as Record<string, unknown>;
  const calls = (g[EARLY_GLOBAL] ??= {}) as Record<string, EarlyCall | undefined>;
  if (calls[url] && (calls[url].at === undefined || Date.now() - calls[url].at <= EARLY_TTL_MS)) return;
  const answer = fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  answer.catch(() => {}); // a failed ask is asked again by the request that takes it
  calls[url] = { token, answer, at: Date.now() };
}

/** The early answer of `url`, left in place for the app to take (the first rows read a clone). */
export function peekEarly(url: string): Promise<Response> | null {
  const calls = (globalThis as Record<string, unknown>)[EARLY_GLOBAL] as Record<string, EarlyCall | undefined> | undefined;
  const answer = calls?.[url]?.answer;
  return answer instanceof Promise ? answer : null;
}

/** The early answer of `url` asked with `token`, at most once; null when there is none. */
export function takeEarly(url: string, token: string | null): Promise<Response> | null {
  const calls = (globalThis as Record<string, unknown>)[EARLY_GLOBAL] as Record<string, EarlyCall | undefined> | undefined;
  const call = calls?.[url];
  if (!calls || !call) return null;
  delete calls[url];
  if (call.at !== undefined && Date.now() - call.at > EARLY_TTL_MS) return null;
  return token && call.token === token && call.answer instanceof Promise ? call.answer : null;
}

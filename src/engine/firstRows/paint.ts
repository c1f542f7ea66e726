/**
 * A declared list's first rows, drawn before the app loads (issue 27): on a signed-in list path,
 * index.html's head script asks for the list's first page with the shell's calls and sets
 * FIRST_ROWS_GLOBAL (scripts/route-preload.ts); the entry (src/main.tsx) then loads a small
 * chunk (src/app/firstRows.ts: the declarations, the interface texts and the cell formatting,
 * without React, MUI or the data grid) whose call of this function draws the page's frame and
 * the rows from that answer (view.ts) as soon as it arrives; the entry lets the app's 1.5 MiB of
 * JavaScript load and run after that frame.
 *
 * The layer (a picture: hidden from screen readers, taking no click) stays over the page until
 * the app shows the list itself (its grid's rows or its empty state), leaves the path, opens a
 * dialog (a failure, a forced password change) or fails with a script error; at most MAX_LIFE_MS. The answer is read from a clone: the app takes the same answer
 * (api/early.ts) and does not ask again.
 */
import type { ScreenDeclaration } from '../../domain/declarations';
import type { Translate } from '../../domain/format';
import type { Lang } from '../../domain/lang';
import { resources } from '../../locales';
import { listOnPath, peekEarly } from '../api/early';
import { applyDocumentLang, langOf } from '../i18n/langStore';
import { FIRST_ROWS_ID } from './style';
import { firstRowsView } from './view';

/** The longest the layer stays when nothing of the above happens (a chunk that never loads). */
const MAX_LIFE_MS = 10_000;
/** What ends the layer: the app's own rows, its empty list, or any dialog. */
const APP_SHOWS = '.MuiDataGrid-row[data-id], [data-testid="crud-no-rows"], [role="dialog"], [role="alertdialog"]';

/**
 * i18next's t for what the first rows show, over one language's texts: a dotted key, its
 * `_one` form for a count of 1, `{{name}}` values, and the defaultValue of a missing key.
 */
export function translator(lang: Lang): Translate {
  const texts = resources[lang].translation;
  const find = (key: string): string | undefined => {
    let v: unknown = texts;
    for (const part of key.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
    return typeof v === 'string' ? v : undefined;
  };
  return (key, options) => {
    const text = (options?.count === 1 ? find(`${key}_one`) : undefined) ?? find(key);
    if (text === undefined) return typeof options?.defaultValue === 'string' ? options.defaultValue : key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (options && name in options ? String(options[name]) : whole));
  };
}

/** Removes the layer once the app shows the page (see the file's comment). */
function dropWhenAppShows(layer: HTMLElement, path: string): void {
  let observer: MutationObserver | undefined;
  const drop = () => {
    observer?.disconnect();
    clearTimeout(timer);
    window.removeEventListener('error', drop);
    layer.remove();
  };
  const timer = setTimeout(drop, MAX_LIFE_MS);
  window.addEventListener('error', drop);
  observer = new MutationObserver(() => {
    if (window.location.pathname.replace(/\/+$/, '') !== path) return drop();
    for (const node of document.querySelectorAll(APP_SHOWS)) if (!layer.contains(node)) return drop();
  });
  observer.observe(document.body, { childList: true, subtree: true });
}

/**
 * Draws the first rows of the list of `decls` whose first page is `url` (its early call) on
 * `path`; false when it draws nothing (no early answer, a failed call, no rows, no such list,
 * the app first).
 */
export async function paintFirstRows(url: string, decls: readonly ScreenDeclaration[], path = window.location.pathname.replace(/\/+$/, '')): Promise<boolean> {
  const early = peekEarly(url);
  const decl = listOnPath(decls, path);
  if (!early || !decl) return false;
  let rows: unknown;
  let total: unknown;
  try {
    const res = await early;
    if (!res.ok) return false;
    ({ items: rows, total } = (await res.clone().json()) as { items?: unknown; total?: unknown });
  } catch {
    return false;
  }
  if (!Array.isArray(rows) || rows.length === 0 || document.getElementById(FIRST_ROWS_ID) || document.querySelector(APP_SHOWS)) return false;
  // The language the app will start in (it remembers a `?lang=` itself).
  const lang = langOf(window.location.search);
  applyDocumentLang(lang);
  const layer = firstRowsView({ decl, rows: rows as Record<string, unknown>[], total: typeof total === 'number' ? total : rows.length, t: translator(lang), lang, width: window.innerWidth });
  document.body.append(layer);
  dropWhenAppShows(layer, path);
  return true;
}

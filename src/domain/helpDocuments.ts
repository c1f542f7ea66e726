/**
 * Help documents (SPEC.md sections 2 and 6): one PDF per function per language, managed by the
 * operator (menu 15) and shown to every signed-in user on the screen they are on, in their
 * language with the fallback zh_TW, zh_CN, en.
 *
 * The functions that can carry a document are the screens (children) of the menu tree less
 * the ids SPEC.md excludes from the help-document list (3, 12, 13, 26, 27, 29, 30, 43; a
 * group excluded takes its children with it). Groups are headings, never a screen of their own.
 */
import { pickName, type Lang, type Names } from './lang';
import { MENU_TREE, type MenuNode } from './menu';

export const HELP_DOCUMENT_EXCLUDED_MENU_IDS: readonly number[] = [3, 12, 13, 26, 27, 29, 30, 43];

/** The menu tree offered on the help-document screen. */
export function helpDocumentMenu(): MenuNode[] {
  const excluded = new Set(HELP_DOCUMENT_EXCLUDED_MENU_IDS);
  return MENU_TREE.filter((g) => !excluded.has(g.id))
    .map((g) => ({ ...g, children: (g.children ?? []).filter((c) => !excluded.has(c.id)) }))
    .filter((g) => g.children.length > 0);
}

/** Menu ids that can carry a help document (the screens of helpDocumentMenu). */
export function helpDocumentMenuIds(): number[] {
  return helpDocumentMenu().flatMap((g) => (g.children ?? []).map((c) => c.id));
}

/** The document of a screen in `lang`, else the first of zh_TW, zh_CN, en; null when none. */
export function pickDocument(documents: Record<string, Names> | undefined | null, menuId: number, lang: Lang): string | null {
  return pickName(documents?.[String(menuId)], lang) || null;
}

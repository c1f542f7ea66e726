/**
 * Every screen's title (the h1 of its page: the first declaration on the menu path, as
 * CrudScreen/FormScreen/CustomScreen show it) equals its menu name (SPEC 2) in zh_TW, zh_CN
 * and en; the other declarations of a path are its tabs and keep their own titles.
 */
import { describe, expect, it } from 'vitest';
import type { ScreenDeclaration } from '../../src/domain/declarations';
import { LANGS } from '../../src/domain/lang';
import { MENU_TREE, type MenuNode } from '../../src/domain/menu';
import { createI18n } from '../../src/engine/i18n/i18n';
import { DECLARATION_FILES } from '../../src/schemas/index';

const leaves: MenuNode[] = [];
const walk = (nodes: readonly MenuNode[]) => nodes.forEach((n) => { if (n.children) walk(n.children); else leaves.push(n); });
walk(MENU_TREE);

describe('screen titles', () => {
  it('every screen is titled with its menu name in the three languages', () => {
    const mismatches: string[] = [];
    let screens = 0;
    for (const lang of LANGS) {
      const i18n = createI18n(`?lang=${lang}`);
      for (const node of leaves) {
        const first = (DECLARATION_FILES as readonly ScreenDeclaration[]).find((d) => d.path === node.path);
        if (!first) continue;
        screens += 1;
        const title = i18n.t(first.title);
        if (title !== node.names[lang]) mismatches.push(`${lang} ${first.id}: "${title}" (menu ${node.id}: "${node.names[lang]}")`);
      }
    }
    expect(screens).toBeGreaterThan(90);
    expect(mismatches).toEqual([]);
  });

  it('every declaration with a menu id lives on that menu path', () => {
    const byId = new Map(leaves.map((n) => [n.id, n]));
    const wrong = (DECLARATION_FILES as readonly ScreenDeclaration[])
      .filter((d) => d.menuId !== undefined && byId.has(d.menuId) && byId.get(d.menuId)!.path !== d.path)
      .map((d) => d.id);
    expect(wrong).toEqual([]);
  });
});

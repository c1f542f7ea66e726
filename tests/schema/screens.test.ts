/**
 * The SPA's checks of every screen declaration (registry and files on disk): every i18n key it
 * names exists in zh_TW, zh_CN and en (titles, column labels, schema titles, row actions,
 * create results, rule messages) with the same placeholders; every ui:widget is registered;
 * every enum it uses (and every enum of src/domain/enums.ts) has a label per value in the
 * three languages; row-action icons exist; crud screens are registered on their paths.
 * The engine's own keys (screens.crud.*) are checked the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { enumNamesOf, loadDeclarations, resolveForm, type ScreenDeclaration } from '../../src/domain/declarations';
import { ENUMS, isEnumName } from '../../src/domain/enums';
import { LANGS, type Lang } from '../../src/domain/lang';
import { MENU_TREE } from '../../src/domain/menu';
import { ACTION_ICON_NAMES } from '../../src/engine/crud/iconNames';
import { rowActionsOf } from '../../src/engine/crud/extensions';
import { crudPaths, screenPaths } from '../../src/engine/crud/registerAll';
import { PANE_NAMES } from '../../src/engine/panes/names';
import { resources } from '../../src/locales';
import { FIELD_WIDGET_NAMES, isKnownWidget, WIDGET_NAMES } from '../../src/widgets/names';
import { WIDGETS, FIELD_WIDGETS } from '../../src/widgets/index';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCHEMAS_DIR = path.join(ROOT, 'src/schemas');

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every declaration: the registry, plus files on disk the registry may lack. */
function allDeclarations(): { name: string; decl: ScreenDeclaration }[] {
  const files = (fs.readdirSync(SCHEMAS_DIR, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.json') && f !== 'screen.schema.json')
    .sort();
  const onDisk = files.map((file) => ({ name: file, decl: JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, file), 'utf8')) as ScreenDeclaration }));
  const registry = loadDeclarations().filter((d) => !onDisk.some((f) => f.decl.id === d.id)).map((decl) => ({ name: `registry:${decl.id}`, decl }));
  return [...onDisk, ...registry];
}

const ALL = allDeclarations();

/** The text of a key in a language, or undefined. */
function text(lang: Lang, key: string): string | undefined {
  let node: unknown = resources[lang].translation;
  for (const part of key.split('.')) {
    if (!isNode(node)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const placeholders = (s: string) => [...new Set([...s.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]))].sort();

function walk(value: unknown, where: string, visit: (node: Node, where: string) => void): void {
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}.${i}`, visit));
  else if (isNode(value)) {
    visit(value, where);
    for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`, visit);
  }
}

/** Every i18n key a declaration names, with where. */
function i18nKeysOf(decl: ScreenDeclaration): { where: string; key: string }[] {
  const out: { where: string; key: string }[] = [];
  const add = (where: string, key: unknown) => typeof key === 'string' && out.push({ where, key });
  add('title', decl.title);
  if (decl.description) add('description', decl.description);
  decl.grid?.columns.forEach((c, i) => add(`grid.columns.${i}.label`, c.label));
  decl.grid?.rowActions?.forEach((a, i) => {
    add(`grid.rowActions.${i}.label`, a.label);
    if (a.confirm) add(`grid.rowActions.${i}.confirm`, a.confirm);
    if (a.result) add(`grid.rowActions.${i}.result`, a.result);
    if (a.notice) add(`grid.rowActions.${i}.notice`, a.notice);
  });
  // A row action's input form: its title, field titles and hints.
  rowActionsOf(decl).forEach((a, i) => {
    if (!a.input) return;
    if (a.input.title) add(`grid.rowActions.${i}.input.title`, a.input.title);
    walk(a.input.schema, `grid.rowActions.${i}.input.schema`, (node, where) => {
      if (where.endsWith('.properties')) return;
      if (typeof node.title === 'string') add(`${where}.title`, node.title);
      if (typeof node.description === 'string') add(`${where}.description`, node.description);
    });
    walk(a.input.uiSchema, `grid.rowActions.${i}.input.uiSchema`, (node, where) => {
      for (const k of ['ui:placeholder', 'ui:help', 'ui:title', 'ui:description']) if (typeof node[k] === 'string') add(`${where}.${k}`, node[k]);
    });
    a.input.rules?.forEach((r, j) => {
      const message = r.message ?? 'required';
      add(`grid.rowActions.${i}.input.rules.${j}.message`, message.startsWith('validation.') ? message : `validation.${message}`);
    });
  });
  if (decl.grid?.createResult) add('grid.createResult', decl.grid.createResult);
  for (const [root, part] of [['filters.schema', decl.filters?.schema], ['form.schema', decl.form?.schema]] as const) {
    walk(part, root, (node, where) => {
      if (where.endsWith('.properties')) return; // property names, not schema keywords
      if (typeof node.title === 'string') add(`${where}.title`, node.title);
      if (typeof node.description === 'string') add(`${where}.description`, node.description);
    });
  }
  for (const [root, part] of [['filters.uiSchema', decl.filters?.uiSchema], ['form.uiSchema', decl.form?.uiSchema]] as const) {
    walk(part, root, (node, where) => {
      for (const k of ['ui:placeholder', 'ui:help', 'ui:title', 'ui:description']) if (typeof node[k] === 'string') add(`${where}.${k}`, node[k]);
    });
  }
  decl.form?.rules?.forEach((r, i) => {
    // A rule without a message (required_if) says 'required'.
    const message = r.message ?? 'required';
    add(`form.rules.${i}.message`, message.startsWith('validation.') ? message : `validation.${message}`);
  });
  return out;
}

/** Every ui:widget a declaration names. */
function widgetsOf(decl: ScreenDeclaration): { where: string; widget: unknown }[] {
  const out: { where: string; widget: unknown }[] = [];
  const parts: [string, unknown][] = [['filters.uiSchema', decl.filters?.uiSchema], ['form.uiSchema', decl.form?.uiSchema]];
  rowActionsOf(decl).forEach((a, i) => a.input && parts.push([`grid.rowActions.${i}.input.uiSchema`, a.input.uiSchema]));
  for (const [root, part] of parts) {
    walk(part, root, (node, where) => {
      if ('ui:widget' in node) out.push({ where, widget: node['ui:widget'] });
      if ('ui:field' in node) out.push({ where, widget: node['ui:field'] });
    });
  }
  return out;
}

/** The i18n keys the engine and the widgets use literally ('screens.crud.add', 'common.noMatch'). */
function engineKeys(): { where: string; key: string }[] {
  const dirs = ['src/engine/crud', 'src/widgets'];
  const out: { where: string; key: string }[] = [];
  for (const dir of dirs) {
    for (const file of fs.readdirSync(path.join(ROOT, dir))) {
      if (!/\.tsx?$/.test(file)) continue;
      const source = fs.readFileSync(path.join(ROOT, dir, file), 'utf8');
      for (const m of source.matchAll(/['`]((?:screens|common|validation|lang)\.[a-zA-Z_]+(?:\.[a-zA-Z0-9_]+)*)['`]/g)) {
        out.push({ where: `${dir}/${file}`, key: m[1] });
      }
    }
  }
  return out;
}

describe('i18n keys of the declarations', () => {
  it('finds declarations', () => {
    expect(ALL.length).toBeGreaterThan(0);
  });

  describe.each(ALL)('$name', ({ decl }) => {
    const keys = i18nKeysOf(decl);

    it('names keys that exist in zh_TW, zh_CN and en, non-empty, with the same placeholders', () => {
      expect(keys.length).toBeGreaterThan(0);
      for (const { where, key } of keys) {
        const en = text('en', key);
        expect(en, `${where}: "${key}" missing in en`).toMatch(/\S/);
        for (const lang of LANGS) {
          const value = text(lang, key);
          expect(value, `${where}: "${key}" missing in ${lang}`).toMatch(/\S/);
          expect(placeholders(value!), `${where}: "${key}" placeholders in ${lang}`).toEqual(placeholders(en!));
        }
      }
    });

    it('has a title under screens.<screen>, and an entity name for its dialogs', () => {
      expect(decl.title).toMatch(/^screens\.[a-zA-Z]+\.title$/);
      if (decl.kind === 'crud') {
        const entity = decl.title.replace(/\.title$/, '.entity');
        for (const lang of LANGS) expect(text(lang, entity), `${entity} in ${lang}`).toMatch(/\S/);
      }
    });

    it('fills row-action texts only with the row\'s fields and the answer', () => {
      const rowFields = new Set([decl.rowKey ?? 'id', ...(decl.grid?.columns ?? []).map((c) => c.key)]);
      for (const a of decl.grid?.rowActions ?? []) {
        if (a.confirm) for (const p of placeholders(text('en', a.confirm) ?? '')) expect(rowFields, `${a.confirm} names {{${p}}}`).toContain(p);
        for (const p of (a.api.match(/\{([^}]+)\}/g) ?? []).map((x) => x.slice(1, -1))) expect(rowFields, `${a.api} needs {${p}}`).toContain(p);
      }
    });

    it('uses registered widgets only', () => {
      for (const { where, widget } of widgetsOf(decl)) expect(isKnownWidget(widget), `${where}: ui:widget "${String(widget)}"`).toBe(true);
    });

    it('names option sources one way: x-options on the schema field, never ui:options.source', () => {
      const spelt: string[] = [];
      walk(decl, '', (node, where) => {
        const options = node['ui:options'];
        if (isNode(options) && 'source' in options) spelt.push(`${where}.ui:options.source`);
      });
      expect(spelt).toEqual([]);
    });

    it('names row-action icons that exist', () => {
      for (const a of decl.grid?.rowActions ?? []) {
        if (a.icon !== undefined) expect(ACTION_ICON_NAMES as readonly string[], `${a.id}: icon ${a.icon}`).toContain(a.icon);
      }
    });

    it('has a label for every value of every enum it uses, in the three languages', () => {
      for (const { where, value: name } of enumNamesOf(decl)) {
        expect(isEnumName(name), `${where}: ${name}`).toBe(true);
        for (const v of Object.values(ENUMS[name as keyof typeof ENUMS])) {
          for (const lang of LANGS) expect(text(lang, `enums.${name}.${String(v)}`), `${where}: enums.${name}.${v} in ${lang}`).toMatch(/\S/);
        }
      }
    });

    it('is registered on its path by kind (form, custom), a custom one with a registered pane', () => {
      if (decl.kind === 'form') {
        expect(screenPaths('form')).toContain(decl.path);
        expect(decl.form, 'a form screen has a form').toBeDefined();
        expect(decl.api.get ?? decl.api.update, 'a form screen reads or writes').toBeDefined();
      }
      if (decl.kind === 'custom') {
        expect(screenPaths('custom')).toContain(decl.path);
        expect(PANE_NAMES as readonly string[], `pane "${String(decl.pane)}" (src/engine/panes/names.ts)`).toContain(decl.pane);
      }
      // One kind per path: a path shows one screen (several crud declarations show as tabs).
      const kinds = new Set(ALL.filter((d) => d.decl.path === decl.path).map((d) => d.decl.kind));
      expect([...kinds], decl.path).toEqual([decl.kind]);
    });

    it('is registered on its path when it is a crud screen, with a menu entry there', () => {
      if (decl.kind !== 'crud') return;
      expect(crudPaths()).toContain(decl.path);
      expect(MENU_TREE.flatMap((g) => g.children ?? []).some((c) => c.path === decl.path)).toBe(true);
      expect(decl.grid, 'a crud screen has a grid').toBeDefined();
    });

    it('renders every enum field of its form with localized labels (x-exclude respected)', () => {
      if (!decl.form) return;
      walk(resolveForm(decl.form).schema, 'form.schema', (node, where) => {
        if (typeof node['x-enum'] !== 'string') return;
        const holder = node.type === 'array' && isNode(node.items) ? node.items : node;
        if (!Array.isArray(holder.enum)) return;
        const excluded = Array.isArray(node['x-exclude']) ? node['x-exclude'] : [];
        for (const v of excluded) expect(holder.enum, `${where}: excluded ${String(v)}`).not.toContain(v);
      });
    });
  });
});

describe('enum labels', () => {
  it.each(Object.keys(ENUMS))('%s has a label per value in zh_TW, zh_CN and en, and nothing else', (name) => {
    const values = Object.values(ENUMS[name as keyof typeof ENUMS]).map(String).sort();
    for (const lang of LANGS) {
      const labels = (resources[lang].translation as { enums: Record<string, Record<string, string>> }).enums[name];
      expect(labels, `${lang} enums.${name}`).toBeDefined();
      expect(Object.keys(labels).sort(), `${lang} enums.${name}`).toEqual(values);
      for (const v of values) expect(labels[v], `${lang} enums.${name}.${v}`).toMatch(/\S/);
    }
  });

  it('has no labels for enums that do not exist', () => {
    for (const lang of LANGS) {
      const names = Object.keys((resources[lang].translation as { enums: Record<string, unknown> }).enums);
      expect(names.filter((n) => !isEnumName(n))).toEqual([]);
    }
  });
});

describe('engine texts and widgets', () => {
  it('every literal i18n key of the list/form engine and the widgets exists in the three languages', () => {
    const keys = engineKeys();
    expect(keys.length).toBeGreaterThan(20);
    for (const { where, key } of keys) {
      const en = text('en', key);
      expect(en, `${where}: ${key} in en`).toMatch(/\S/);
      for (const lang of LANGS) {
        expect(text(lang, key), `${where}: ${key} in ${lang}`).toMatch(/\S/);
        expect(placeholders(text(lang, key)!), `${key} placeholders in ${lang}`).toEqual(placeholders(en!));
      }
    }
  });

  it('the screens texts have the same keys in the three languages, each in its own script', () => {
    const flat = (lang: Lang) => {
      const out: Record<string, string> = {};
      const go = (node: unknown, prefix: string) => {
        if (typeof node === 'string') out[prefix] = node;
        else if (isNode(node)) for (const [k, v] of Object.entries(node)) go(v, prefix ? `${prefix}.${k}` : k);
      };
      const tr = resources[lang].translation as Node;
      go({ screens: tr.screens, enums: tr.enums }, '');
      return out;
    };
    const en = flat('en');
    const tw = flat('zh_TW');
    const cn = flat('zh_CN');
    expect(Object.keys(tw).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(cn).sort()).toEqual(Object.keys(en).sort());
    const traditionalOnly = /[錯誤資無碼記錄設類應與廠線據於產數圖檔權檢視編輯刪選擇單頁筆帳號啟戶銷運]/;
    const simplifiedOnly = /[错误资无码记录设类应与厂线据产数图档权检视编辑删选择单页条账号启户销运]/;
    expect(Object.values(tw).join('')).not.toMatch(simplifiedOnly);
    expect(Object.values(cn).join('')).not.toMatch(traditionalOnly);
  });

  it('the registry holds exactly the named widgets and fields', () => {
    expect(Object.keys(WIDGETS).sort()).toEqual([...WIDGET_NAMES].sort());
    expect(Object.keys(FIELD_WIDGETS).sort()).toEqual([...FIELD_WIDGET_NAMES].sort());
  });
});

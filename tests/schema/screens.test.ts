/**
 * The SPA's side of the declarations as a whole: every declaration is registered on its path
 * by kind, one kind per path; every enum of src/domain/enums.ts has a label per value in
 * zh_TW, zh_CN and en; the engine's and widgets' own keys (screens.crud.*) exist with the same
 * placeholders; the screens texts have the same keys in the three languages; the widget
 * registry holds exactly the named widgets. Each declaration's own checks (i18n keys, widgets,
 * enums, icons) are src/engine/declarations/checks.ts, run by declarations.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDeclarations, type ScreenDeclaration } from '../../src/domain/declarations';
import { ENUMS, isEnumName } from '../../src/domain/enums';
import { LANGS, type Lang } from '../../src/domain/lang';
import { crudPaths, screenPaths } from '../../src/app/registerAll';
import { placeholdersOf, textOf } from '../../src/engine/declarations/checks';
import { wizardRoutes } from '../../src/engine/wizard/steps';
import { resources } from '../../src/locales';
import { FIELD_WIDGET_NAMES, WIDGET_NAMES } from '../../src/widgets/names';
import { WIDGETS, FIELD_WIDGETS } from '../../src/widgets/index';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCHEMAS_DIR = path.join(ROOT, 'src/schemas');

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** Every declaration: the registry, plus files on disk the registry may lack. */
function allDeclarations(): { name: string; decl: ScreenDeclaration }[] {
  const files = (fs.readdirSync(SCHEMAS_DIR, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
    .sort();
  // Forms shown outside a screen (`"$schema": "../form.schema.json"`) are tests/schema/forms.test.ts's.
  const onDisk = files
    .map((file) => ({ name: file, decl: JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, file), 'utf8')) as ScreenDeclaration & { $schema?: unknown } }))
    .filter(({ decl }) => decl.$schema !== '../form.schema.json');
  const registry = loadDeclarations().filter((d) => !onDisk.some((f) => f.decl.id === d.id)).map((decl) => ({ name: `registry:${decl.id}`, decl }));
  return [...onDisk, ...registry];
}

const ALL = allDeclarations();

const text = textOf;
const placeholders = placeholdersOf;

/** The i18n keys the engine and the widgets use literally ('screens.crud.add', 'common.noMatch'). */
function engineKeys(): { where: string; key: string }[] {
  const dirs = ['src/engine/crud', 'src/engine/wizard', 'src/widgets'];
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

// The checks of each declaration (i18n keys, widgets, enums, icons, row-action texts) are in
// src/engine/declarations/checks.ts, run by declarations.test.ts and the playground.
describe('screens registered on their paths', () => {
  it('finds declarations', () => {
    expect(ALL.length).toBeGreaterThan(0);
  });

  describe.each(ALL)('$name', ({ decl }) => {
    it('is registered on its path by kind (form, custom, crud)', () => {
      const kinds = new Set(ALL.filter((d) => d.decl.path === decl.path).map((d) => d.decl.kind));
      // A form beside crud declarations is one of the crud screen's tabs (member settings and members).
      const tabOfCrud = decl.kind === 'form' && kinds.has('crud');
      if (decl.kind === 'form') expect(screenPaths('form').includes(decl.path)).toBe(!tabOfCrud);
      if (decl.kind === 'custom') expect(screenPaths('custom')).toContain(decl.path);
      if (decl.kind === 'crud' || tabOfCrud) expect(crudPaths()).toContain(decl.path);
      // One screen per path: several crud declarations show as tabs, forms among them too; a
      // custom screen is alone on its path.
      kinds.delete('form');
      if (kinds.size === 0) kinds.add(decl.kind);
      expect(kinds.size, decl.path).toBe(1);
      if (decl.kind === 'custom') expect(ALL.filter((d) => d.decl.path === decl.path), decl.path).toHaveLength(1);
    });

    it('has child routes (wizard steps, view page, form page) no other screen of its path has', () => {
      const own = [...wizardRoutes(decl), ...(decl.formPage ? [decl.formPage] : [])];
      expect(new Set(own).size, decl.id).toBe(own.length);
      const others = ALL.filter((d) => d.decl.path === decl.path && d.decl.id !== decl.id)
        .flatMap((d) => [...wizardRoutes(d.decl), ...(d.decl.formPage ? [d.decl.formPage] : [])]);
      expect(own.filter((r) => others.includes(r)), decl.id).toEqual([]);
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

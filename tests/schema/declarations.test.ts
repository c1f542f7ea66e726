/**
 * Every screen declaration (src/schemas/<module>/<screen>.json), checked against what it names:
 * the meta-schema, the registry, the menu, the enums, the server's routes (built once on an
 * in-memory PGlite), the shared validator, and the server's sortable columns.
 * The SPA's checks (i18n keys, widgets) live beside these.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCallsOf, editForm, enumNamesOf, loadDeclarations, parseApiCall, resolveForm, resolveSchema, sortableKeys,
  type FormDeclarationJson, type ScreenDeclaration,
} from '../../src/domain/declarations';
import { ENUMS, TenantType, isEnumName } from '../../src/domain/enums';
import { menuIds, pathForMenuId, tenantMenu } from '../../src/domain/menu';
import { createValidator, validateBody } from '../../src/domain/validation/index';
import { findApiRoute, listRoutes, type RouteEntry } from '../../server/app';
import { Harness } from '../api/harness';

const SCHEMAS_DIR = fileURLToPath(new URL('../../src/schemas', import.meta.url));
const META_FILE = 'screen.schema.json';

/** Every declaration file on disk, relative to src/schemas. */
function declarationFiles(): string[] {
  return (fs.readdirSync(SCHEMAS_DIR, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.json') && f !== META_FILE)
    .sort();
}

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, file), 'utf8')) as ScreenDeclaration;

const registry = loadDeclarations();
const files = declarationFiles();
const onDisk = files.map((file) => ({ file, decl: readJson(file) }));
/** Registry and disk together: a file missing from the registry is still checked (and fails below). */
const all: { name: string; decl: ScreenDeclaration }[] = [
  ...onDisk.map(({ file, decl }) => ({ name: file, decl })),
  ...registry.filter((d) => !onDisk.some((f) => f.decl.id === d.id)).map((decl) => ({ name: `registry:${decl.id}`, decl })),
];

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

describe('Screen declarations: the registry', () => {
  it('finds declarations', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(registry.length).toBeGreaterThan(0);
  });

  it.each(files)('%s is listed in src/schemas/index.ts', (file) => {
    const decl = readJson(file);
    const listed = registry.find((d) => d.id === decl.id);
    expect(listed, `add "${file}" to src/schemas/index.ts`).toBeDefined();
    expect(listed).toEqual(decl);
  });

  it('lists every file once and nothing else', () => {
    const ids = registry.map((d) => d.id);
    expect(new Set(ids).size, `duplicate ids: ${ids}`).toBe(ids.length);
    for (const d of registry) expect(onDisk.map((f) => f.decl.id), `${d.id} has no file under src/schemas`).toContain(d.id);
  });

  it('gives each file the id <module>.<screen> of its place', () => {
    for (const { file, decl } of onDisk) {
      const [module, screen] = file.replace(/\.json$/, '').split('/');
      expect(decl.id, file).toBe(`${module}.${screen}`);
    }
  });
});

describe.each(all)('Screen declaration $name', ({ decl }) => {
  it('obeys screen.schema.json', () => {
    const meta = JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, META_FILE), 'utf8')) as Record<string, unknown>;
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(meta);
    const ok = validate(decl);
    expect(ok, ajv.errorsText(validate.errors, { separator: '\n' })).toBe(true);
  });

  it('sits on the route of its menu id', () => {
    expect(pathForMenuId(decl.menuId), `menu ${decl.menuId}`).toBe(decl.path);
  });

  it('names only enums of src/domain/enums.ts', () => {
    for (const { where, value } of enumNamesOf(decl)) {
      expect(isEnumName(value), `${where}: "${value}" is not in ENUMS (${Object.keys(ENUMS).length} names)`).toBe(true);
    }
  });

  it('has a resource name and the list call when it is a crud screen', () => {
    if (decl.kind !== 'crud') return;
    expect(decl.resource, 'resource (the change log name)').toMatch(/^[a-z][a-zA-Z-]*$/);
    expect(decl.api.list).toBeDefined();
    expect(decl.grid).toBeDefined();
  });

  it('filters dependent selects by fields of its own form', () => {
    const props = Object.keys((decl.form?.schema.properties as Record<string, unknown> | undefined) ?? {});
    for (const [field, ui] of Object.entries((decl.form?.uiSchema ?? {}) as Record<string, { 'ui:options'?: { filterBy?: unknown } }>)) {
      const filterBy = ui?.['ui:options']?.filterBy;
      if (filterBy === undefined) continue;
      const formFields = typeof filterBy === 'string' ? [filterBy] : Object.values(filterBy as Record<string, string>);
      for (const f of formFields) {
        expect(props, `${field}: filterBy names "${f}"`).toContain(f);
        expect(f, `${field} filters by itself`).not.toBe(field);
      }
    }
  });

  it('links empty option lists to a screen that creates them (ui:options.emptyLink)', () => {
    for (const [field, ui] of Object.entries((decl.form?.uiSchema ?? {}) as Record<string, { 'ui:widget'?: string; 'ui:options'?: { emptyLink?: unknown } }>)) {
      const link = ui?.['ui:options']?.emptyLink;
      if (link === undefined) continue;
      expect(['select', 'multiSelect'], `${field}: emptyLink on a select`).toContain(ui['ui:widget']);
      const target = loadDeclarations().find((d) => d.id === link);
      expect(target, `${field}: emptyLink names a declaration`).toBeDefined();
      expect(target!.api.create, `${field}: ${String(link)} creates records`).toBeDefined();
    }
  });

  it('declares the POST export call its toolbar export needs, and no export call without the button', () => {
    const wantsExport = decl.grid?.toolbar?.includes('export') ?? false;
    expect(decl.api.export !== undefined, `toolbar export ${wantsExport ? 'without' : 'is missing for'} api.export`).toBe(wantsExport);
    if (decl.api.export) expect(decl.api.export).toMatch(/^POST \S+\/file$/);
  });

  it('refers to its own fields: uiSchema, ui:order, rules, read-only and omitted fields, sort and placeholders', () => {
    const props = Object.keys((decl.form?.schema.properties as Record<string, unknown> | undefined) ?? {});
    const ui = decl.form?.uiSchema ?? {};
    for (const key of Object.keys(ui)) if (!key.startsWith('ui:')) expect(props, `form.uiSchema.${key}`).toContain(key);
    for (const key of (ui['ui:order'] as string[] | undefined) ?? []) if (key !== '*') expect(props, `ui:order ${key}`).toContain(key);
    for (const rule of decl.form?.rules ?? []) expect(props, `rule on ${rule.field}`).toContain(rule.field.split('.')[0]);
    for (const key of [...(decl.form?.readOnlyOnEdit ?? []), ...(decl.form?.omitOnEdit ?? [])]) expect(props, key).toContain(key);
    const filterProps = Object.keys((decl.filters?.schema.properties as Record<string, unknown> | undefined) ?? {});
    for (const key of Object.keys(decl.filters?.uiSchema ?? {})) if (!key.startsWith('ui:')) expect(filterProps, `filters.uiSchema.${key}`).toContain(key);
    const columns = decl.grid?.columns.map((c) => c.key) ?? [];
    expect(new Set(columns).size, 'duplicate column keys').toBe(columns.length);
    if (decl.grid?.defaultSort) expect(sortableKeys(decl), 'grid.defaultSort.key must be sortable').toContain(decl.grid.defaultSort.key);
    // Row calls fill their placeholders from the row.
    const rowFields = [...columns, decl.rowKey ?? 'id'];
    const rowCalls = [decl.api.get, decl.api.remove, ...(decl.grid?.rowActions ?? []).map((a) => a.api)].filter((c): c is string => !!c);
    for (const call of rowCalls) for (const p of parseApiCall(call).params) expect(rowFields, `${call}: {${p}}`).toContain(p);
  });

  it('has a form and filters the shared validator compiles', () => {
    if (decl.form) {
      expect(() => createValidator(resolveForm(decl.form!))).not.toThrow();
      expect(() => validateBody(resolveForm(decl.form!), {})).not.toThrow();
      expect(() => validateBody(editForm(decl.form!), {})).not.toThrow();
    }
    if (decl.filters) expect(() => createValidator({ schema: resolveSchema(decl.filters!.schema) })).not.toThrow();
    // A row action's input is a form too (its data is the call's body).
    for (const action of (decl.grid?.rowActions ?? []) as { id: string; input?: FormDeclarationJson }[]) {
      if (action.input) expect(() => createValidator(resolveForm(action.input!)), action.id).not.toThrow();
    }
  });

  it('names only its own fields in visibleIf conditions', () => {
    const props = Object.keys((decl.form?.schema.properties as Record<string, unknown> | undefined) ?? {});
    const vars: string[] = [];
    const collect = (logic: unknown): void => {
      if (Array.isArray(logic)) return logic.forEach(collect);
      if (!isObject(logic)) return;
      for (const [op, arg] of Object.entries(logic)) {
        if (op === 'var') vars.push(String(Array.isArray(arg) ? arg[0] : arg));
        else collect(arg);
      }
    };
    const walkUi = (ui: unknown): void => {
      if (!isObject(ui)) return;
      const options = ui['ui:options'];
      if (isObject(options) && options.visibleIf !== undefined) collect(options.visibleIf);
      for (const [k, v] of Object.entries(ui)) if (!k.startsWith('ui:')) walkUi(v);
    };
    walkUi(decl.form?.uiSchema);
    for (const v of vars) expect(props, `visibleIf var "${v}"`).toContain(v.split('.')[0]);
  });

  it('makes every named enum concrete for the validator, less x-exclude', () => {
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}.${i}`));
      if (!isObject(node)) return;
      if (typeof node['x-enum'] === 'string') {
        const target = node.type === 'array' ? (node.items as Record<string, unknown>) : node;
        const concrete = Array.isArray(target.enum) || typeof target.maximum === 'number';
        expect(concrete, `${where}: x-enum ${String(node['x-enum'])}`).toBe(true);
        for (const excluded of (node['x-exclude'] as unknown[] | undefined) ?? []) expect(target.enum ?? [], where).not.toContain(excluded);
      }
      for (const [k, v] of Object.entries(node)) walk(v, `${where}.${k}`);
    };
    if (decl.form) walk(resolveForm(decl.form).schema, 'form.schema');
    if (decl.filters) walk(resolveSchema(decl.filters.schema), 'filters.schema');
  });
});

describe('Screen declarations against the server', () => {
  const h = new Harness('pglite');
  let routes: readonly RouteEntry[] = [];
  beforeAll(async () => {
    await h.start();
    routes = listRoutes(h.app);
  });
  afterAll(() => h.stop());

  it('reads the route table', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(findApiRoute(routes, 'GET system/role/{id}')?.url).toBe('/v1/system/role/:id');
    expect(findApiRoute(routes, 'GET system/role/{x}/{y}')).toBeUndefined();
    expect(findApiRoute(routes, 'GET System/role')).toBeUndefined();
  });

  it.each(all)('$name: every api call it names exists, open to the screen menu', ({ decl }) => {
    const calls = apiCallsOf(decl);
    expect(calls.length).toBeGreaterThan(0);
    for (const { where, value } of calls) {
      const route = findApiRoute(routes, value);
      expect(route, `${where}: "${value}" has no route on the server`).toBeDefined();
      const menu = route!.config.menuId as number | number[] | undefined;
      if (menu !== undefined) {
        expect(typeof menu === 'number' ? [menu] : menu, `${where}: "${value}" is guarded by menu ${String(menu)}, not the screen's ${decl.menuId}`).toContain(decl.menuId);
      }
    }
  });

  it.each(all.filter(({ decl }) => decl.api.list))('$name: the list route sorts by every sortable column and refuses the others', async ({ decl }) => {
    // Sign in where the screen's menu exists: the operator, else the demo client.
    const operatorMenu = menuIds(tenantMenu({ tenantType: TenantType.Operator, functionFlags: 0, unreleasedMenuIds: h.settings.unreleasedMenuIds }));
    const tenant = operatorMenu.includes(decl.menuId) ? 'platform' : 'demo';
    const user = await h.signedInUser({ tenant, functions: [decl.menuId] });
    const { path: listPath } = parseApiCall(decl.api.list!);
    for (const key of sortableKeys(decl)) {
      for (const order of ['asc', 'desc']) {
        const res = await h.call('GET', `${listPath}?sort=${key}&order=${order}`, { token: user.token });
        expect(res.statusCode, `${decl.api.list} sort=${key}&order=${order}: ${res.body}`).toBe(200);
        expect(res.json()).toEqual({ items: expect.any(Array), total: expect.any(Number) });
      }
    }
    for (const column of decl.grid?.columns.filter((c) => !c.sortable) ?? []) {
      const res = await h.call('GET', `${listPath}?sort=${column.key}`, { token: user.token });
      expect(res.statusCode, `${decl.api.list} sort=${column.key} is not sortable`).toBe(400);
      expect(res.json()).toMatchObject({ code: 1, data: { sort: expect.any(Object) } });
    }
    const fine = await h.call('GET', `${listPath}`, { token: user.token });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

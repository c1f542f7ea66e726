/**
 * Every screen declaration (src/schemas/<module>/<screen>.json): the registry holds every file
 * once; each declaration passes every check of src/engine/declarations/checks.ts (the
 * meta-schema, its file, the menu, the enums, its own fields, the shared validator, i18n keys,
 * widgets, icons, and the calls against the server's routes, built once on an in-memory
 * PGlite); src/domain/api-routes.json is the server's route table; list routes sort by every
 * sortable column.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDeclarations, parseApiCall, sortableKeys, type ScreenDeclaration } from '../../src/domain/declarations';
import { API_ROUTES } from '../../src/domain/apiRoutes';
import { TenantType } from '../../src/domain/enums';
import { menuIds, tenantMenu } from '../../src/domain/menu';
import { checkDeclaration, DECLARATION_CHECKS } from '../../src/engine/declarations/checks';
import '../../src/app/parts';
import { findApiRoute, listRoutes, type RouteEntry } from '../../server/app';
import { toApiRoutes } from '../../server/apiRoutes';
import { Harness, testSettings } from '../api/harness';

const SCHEMAS_DIR = fileURLToPath(new URL('../../src/schemas', import.meta.url));
const META_FILE = 'screen.schema.json';

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, file), 'utf8')) as ScreenDeclaration;

/**
 * Every screen declaration file on disk, relative to src/schemas: not a meta-schema, not a form
 * shown outside a screen (`"$schema": "../form.schema.json"`, tests/schema/forms.test.ts).
 */
function declarationFiles(): string[] {
  return (fs.readdirSync(SCHEMAS_DIR, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.json') && f !== META_FILE && !f.endsWith('.schema.json'))
    .filter((f) => (readJson(f) as { $schema?: unknown }).$schema !== '../form.schema.json')
    .sort();
}

const registry = loadDeclarations();
const files = declarationFiles();
const onDisk = files.map((file) => ({ file, decl: readJson(file) }));
/** Registry and disk together: a file missing from the registry is still checked (and fails below). */
const all: { name: string; decl: ScreenDeclaration }[] = [
  ...onDisk.map(({ file, decl }) => ({ name: file, decl })),
  ...registry.filter((d) => !onDisk.some((f) => f.decl.id === d.id)).map((decl) => ({ name: `registry:${decl.id}`, decl })),
];

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

});

/**
 * The checks of one declaration live in src/engine/declarations/checks.ts, which the
 * playground runs too as a product owner types; here every declaration passes every one
 * (the calls are checked against the server's routes below).
 */
describe.each(all)('Screen declaration $name', ({ name, decl }) => {
  const file = name.startsWith('registry:') ? undefined : name;
  it.each(DECLARATION_CHECKS.filter((c) => c.id !== 'calls'))('$title', ({ id }) => {
    expect(checkDeclaration(decl, { file }, [id])).toEqual([]);
  });
});

describe('Screen declarations against the server', () => {
  const h = new Harness('pglite');
  // Unreleased functions (UNRELEASED_MENU_IDS) are built whole and tested released.
  h.settings = testSettings({ unreleasedMenuIds: [] });
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

  it('is what src/domain/api-routes.json holds (run `npm run api-routes` after changing a route)', () => {
    expect(API_ROUTES).toEqual(toApiRoutes(routes));
  });

  it.each(all)('$name: every api call it names exists, open to the screen menu', ({ decl }) => {
    expect(checkDeclaration(decl, { routes: toApiRoutes(routes) }, ['calls'])).toEqual([]);
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

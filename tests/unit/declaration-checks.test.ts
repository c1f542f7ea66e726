/**
 * The checks of src/engine/declarations/checks.ts find what they promise, at the path to fix:
 * a role declaration with one thing broken at a time.
 */
import { describe, expect, it } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import { checkDeclaration } from '../../src/engine/declarations/checks';
import '../../src/app/parts';

const role = () => structuredClone(declaration('system.role')) as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('declaration checks', () => {
  it('find nothing in a declaration of the registry', () => {
    expect(checkDeclaration(role(), { file: 'system/role.json' })).toEqual([]);
  }, 30_000); // the first run compiles the meta-schema and the shared validator

  it('report a misspelt keyword of the meta-schema with its path', () => {
    const d = role();
    d.grid.columns[0].sortabel = true;
    delete d.title;
    expect(checkDeclaration(d, {}, ['meta'])).toEqual([
      { check: 'meta', path: 'title', message: "must have required property 'title'" },
      { check: 'meta', path: 'grid.columns.0.sortabel', message: 'unknown property "sortabel"' },
    ]);
  });

  it('report an unknown widget and an unknown enum', () => {
    const d = role();
    d.form.uiSchema.functions['ui:widget'] = 'menuTre';
    d.grid.columns[1].enum = 'RoleTyp';
    expect(checkDeclaration(d)).toEqual(expect.arrayContaining([
      { check: 'widgets', path: 'form.uiSchema.functions.ui:widget', message: expect.stringContaining('"menuTre"') },
      { check: 'enums', path: 'grid.columns.1.enum', message: expect.stringContaining('"RoleTyp"') },
    ]));
  });

  it('report an i18n key missing in each language', () => {
    const d = role();
    d.grid.columns[0].label = 'screens.role.nope';
    const found = checkDeclaration(d, {}, ['i18n']);
    expect(found.map((p) => p.message)).toEqual(['zh_TW', 'zh_CN', 'en'].map((l) => `"screens.role.nope" is missing in ${l}`));
    expect(found.every((p) => p.path === 'grid.columns.0.label')).toBe(true);
  });

  it('report a call the server does not declare, and one guarded by another menu', () => {
    const d = role();
    d.api.list = 'GET system/roles';
    d.api.get = 'GET system/employee/{id}';
    expect(checkDeclaration(d, {}, ['calls'])).toEqual([
      { check: 'calls', path: 'api.list', message: '"GET system/roles" is not a route of the server' },
      { check: 'calls', path: 'api.get', message: '"GET system/employee/{id}" is guarded by menu 10, not the screen\'s 9' },
    ]);
  });

  it('report a form the shared validator refuses to compile, and a file of another id', () => {
    const d = role();
    d.form.schema.properties.name.maxLenght = 5;
    expect(checkDeclaration(d, { file: 'system/employee.json' }, ['validator', 'file']).map((p) => [p.check, p.path])).toEqual([
      ['file', 'id'],
      ['validator', 'form.schema'],
    ]);
  });

  it('survive garbage', () => {
    expect(checkDeclaration([1, 2])).toEqual([{ check: 'meta', path: '', message: 'a declaration is a JSON object' }]);
    expect(checkDeclaration({ grid: 3 }).length).toBeGreaterThan(3);
  });
});

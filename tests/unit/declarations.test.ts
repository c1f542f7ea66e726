import { describe, expect, it } from 'vitest';
import {
  apiCallsOf, declaration, editForm, enumNamesOf, loadDeclarations, parseApiCall, resolveForm, resolveSchema, sortableKeys,
  type FormDeclarationJson, type ScreenDeclaration,
} from '../../src/domain/declarations';
import { createValidator, validateBody } from '../../src/domain/validation/index';
import { listQuerySchema, listSpec, containsPattern } from '../../server/db/list';

const form = (schema: Record<string, unknown>, extra: Partial<FormDeclarationJson> = {}): FormDeclarationJson => ({ schema, ...extra });

describe('loadDeclarations and declaration', () => {
  it('answers the registry, role and employee included', () => {
    const ids = loadDeclarations().map((d) => d.id);
    expect(ids).toEqual(expect.arrayContaining(['system.role', 'system.employee']));
    expect(declaration('system.role').menuId).toBe(9);
    expect(() => declaration('system.nothing')).toThrow(/system\.nothing/);
  });
});

describe('resolveForm', () => {
  it('adds the enum values of x-enum, less x-exclude, and keeps the annotations', () => {
    const f = form({
      type: 'object',
      properties: {
        status: { type: 'integer', title: 'screens.employee.status', 'x-enum': 'UserStatus', 'x-exclude': [3] },
        type: { type: 'integer', 'x-enum': 'RoleType' },
        colour: { type: 'string', 'x-enum': 'LayoutColor' },
      },
    });
    const props = (resolveForm(f).schema as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(props.status).toEqual({ type: 'integer', title: 'screens.employee.status', 'x-enum': 'UserStatus', 'x-exclude': [3], enum: [1, 2] });
    expect(props.type.enum).toEqual([1, 2]);
    expect((props.colour.enum as string[])).toContain('b83a24');
    // The declaration itself is untouched.
    expect((f.schema.properties as Record<string, Record<string, unknown>>).status.enum).toBeUndefined();
  });

  it('puts the enum on the items of an array and turns "$ref": "enum:X" into x-enum', () => {
    const props = (resolveSchema({
      type: 'object',
      properties: {
        targets: { type: 'array', 'x-enum': 'AnnouncementTarget', 'x-exclude': [3, 4, 5], items: { type: 'integer' } },
        type: { $ref: 'enum:RoleType' },
      },
    }) as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(props.targets.items).toEqual({ type: 'integer', enum: [1, 2] });
    expect(props.type).toEqual({ type: 'integer', 'x-enum': 'RoleType', enum: [1, 2] });
  });

  it('bounds a flag enum to the sum of its bits', () => {
    const props = (resolveSchema({ type: 'object', properties: { fns: { type: 'integer', 'x-enum': 'ClientFunction' } } }) as {
      properties: Record<string, Record<string, unknown>>;
    }).properties;
    expect(props.fns).toMatchObject({ minimum: 0, maximum: 7 });
    const f = form({ type: 'object', properties: { fns: { type: 'integer', 'x-enum': 'ClientFunction' } } });
    expect(validateBody(resolveForm(f), { fns: 5 }).ok).toBe(true);
    expect(validateBody(resolveForm(f), { fns: 8 })).toEqual({ ok: false, errors: { fns: { key: 'max_value', params: { max: 7 } } } });
  });

  it('throws on an unknown enum name', () => {
    expect(() => resolveSchema({ type: 'object', properties: { x: { type: 'integer', 'x-enum': 'Nope' } } })).toThrow(/Nope/);
  });

  it('is memoized per form, so the validator compiles it once', () => {
    const f = form({ type: 'object', properties: { a: { type: 'string' } } });
    expect(resolveForm(f)).toBe(resolveForm(f));
    expect(editForm(f)).toBe(editForm(f));
  });

  it('lets the strict validator accept x-enum, x-exclude and x-options', () => {
    const role = declaration('system.role').form!;
    const employee = declaration('system.employee').form!;
    expect(() => createValidator(resolveForm(role))).not.toThrow();
    expect(() => createValidator(resolveForm(employee))).not.toThrow();
    expect(validateBody(resolveForm(employee), { account: 'abc', name: 'N', roleId: 1, status: 3 })).toEqual({ ok: false, errors: { status: { key: 'oneOf' } } });
    expect(validateBody(resolveForm(role), { name: 'R', type: 2, functions: [9] }).ok).toBe(true);
  });
});

describe('editForm', () => {
  it('drops readOnlyOnEdit and omitOnEdit fields from required, and omitOnEdit fields altogether', () => {
    const f = form(
      { type: 'object', required: ['account', 'name', 'code'], properties: { account: { type: 'string' }, name: { type: 'string' }, code: { type: 'string' } } },
      { readOnlyOnEdit: ['account'], omitOnEdit: ['code'] },
    );
    const schema = editForm(f).schema as { required: string[]; properties: Record<string, unknown> };
    expect(schema.required).toEqual(['name']);
    expect(Object.keys(schema.properties)).toEqual(['account', 'name']);
    expect(validateBody(editForm(f), { name: 'x' }).ok).toBe(true);
    expect(validateBody(editForm(f), { name: 'x', code: 'c' })).toEqual({ ok: false, errors: { code: { key: 'unknownField' } } });
    expect(validateBody(resolveForm(f), { name: 'x' }).ok).toBe(false);
  });

  it('keeps the employee account optional on edit and still checked when sent', () => {
    const f = declaration('system.employee').form!;
    expect(validateBody(editForm(f), { name: 'N', roleId: 1, status: 1 }).ok).toBe(true);
    expect(validateBody(editForm(f), { account: 'a b', name: 'N', roleId: 1, status: 1 })).toEqual({ ok: false, errors: { account: { key: 'alpha_dash' } } });
  });
});

describe('walking declarations', () => {
  const decl = {
    id: 'x.y', menuId: 9, path: '/system/role', kind: 'crud', title: 't.t',
    api: { list: 'GET x/y', remove: 'DELETE x/y/{id}' },
    grid: { columns: [{ key: 'a', label: 'l.a', sortable: true, enum: 'RoleType' }, { key: 'b', label: 'l.b' }], rowActions: [{ id: 'r', label: 'l.r', api: 'PUT x/reset/{a}' }] },
    filters: { schema: { type: 'object', properties: { o: { type: 'integer', 'x-options': 'GET x/options' }, e: { 'x-enum': 'UserStatus' } } } },
    form: {
      schema: { type: 'object', properties: { t: { $ref: 'enum:Gender' }, n: { type: 'object', properties: { deep: { 'x-enum': 'TenantType' } } } } },
      uiSchema: { t: { 'ui:widget': 'select', 'ui:options': { source: 'GET x/source' } } },
    },
  } as unknown as ScreenDeclaration;

  it('finds every api call with its place', () => {
    expect(apiCallsOf(decl)).toEqual([
      { where: 'api.list', value: 'GET x/y' },
      { where: 'api.remove', value: 'DELETE x/y/{id}' },
      { where: 'grid.rowActions.0.api', value: 'PUT x/reset/{a}' },
      { where: 'filters.schema.properties.o.x-options', value: 'GET x/options' },
      { where: 'form.uiSchema.t.ui:options.source', value: 'GET x/source' },
    ]);
  });

  it('finds every enum name', () => {
    expect(enumNamesOf(decl).map((e) => e.value)).toEqual(['RoleType', 'UserStatus', 'Gender', 'TenantType']);
  });

  it('parses api calls and sortable keys', () => {
    expect(parseApiCall('PUT System/initial/{account}')).toEqual({ method: 'PUT', path: 'System/initial/{account}', params: ['account'] });
    expect(() => parseApiCall('FETCH x')).toThrow();
    expect(sortableKeys(decl)).toEqual(['a']);
  });
});

describe('server list specs', () => {
  const role = declaration('system.role');

  it('must cover exactly the sortable columns of the declaration', () => {
    const columns = { name: 'r.name', type: 'r.type', createdAt: 'r.created_at', updatedAt: 'r.updated_at' };
    expect(listSpec(role, columns, 'r.id').defaultSort).toEqual({ key: 'createdAt', order: 'desc' });
    const { updatedAt: _u, ...missing } = columns;
    expect(() => listSpec(role, missing, 'r.id')).toThrow(/differ/);
    expect(() => listSpec(role, { ...columns, userCount: 'x' }, 'r.id')).toThrow(/differ/);
  });

  it('builds the querystring schema from paging, sort keys and the filters without x- keywords', () => {
    const spec = listSpec(role, { name: 'r.name', type: 'r.type', createdAt: 'r.created_at', updatedAt: 'r.updated_at' }, 'r.id');
    const schema = listQuerySchema(spec, role.filters!.schema) as { properties: Record<string, Record<string, unknown>> };
    expect(schema.properties.sort).toEqual({ type: 'string', enum: ['name', 'type', 'createdAt', 'updatedAt'] });
    expect(schema.properties.pageSize).toMatchObject({ minimum: 1, maximum: 100 });
    expect(schema.properties.type).toEqual({ type: 'integer', title: 'screens.role.type', enum: [1, 2] });
    expect(JSON.stringify(schema)).not.toContain('x-');
  });

  it('escapes LIKE wildcards', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

/**
 * Pure parts of the list/form engine and its widgets: declaration forms made ready for RJSF,
 * error schemas, bodies, cell texts, option lists, the menu tree's value, flags, api calls
 * with placeholders, and the values a result dialog offers to copy.
 */
import { describe, expect, it } from 'vitest';
import { declaration, editForm, resolveForm } from '../../src/domain/declarations';
import { resolveCall } from '../../src/engine/crud/apiCall';
import { enumChoices } from '../../src/engine/crud/enumChoices';
import { enumValuesOf, formatCell } from '../../src/domain/format';
import { placeholdersOf, secretsOf } from '../../src/engine/crud/ResultDialog';
import { buildUiSchema, localizeSchema, schemaDefaults, toBody, toErrorSchema, toFormData } from '../../src/engine/crud/schemaForm';
import { filterQuery } from '../../src/engine/crud/useCrudList';
import { flagBits, toggleFlag } from '../../src/widgets/FlagsWidget';
import { leafIds, toggleIds, toTree } from '../../src/widgets/MenuTreeWidget';
import { dependentConditions, matchingOptions, sourceItems, sourcePath, toSelectOptions, visibleOptions } from '../../src/domain/options';
import { hiddenPaths } from '../../src/engine/crud/schemaForm';
import { applyLogic } from '../../src/domain/validation/index';
import { splitTags } from '../../src/widgets/TagsWidget';
import { allowedForTenant } from '../../src/widgets/tenantOptions';
import '../../src/app/parts';
import { countryChoices, timezoneChoices, utcOffsetLabel } from '../../src/widgets/ConfigWidgets';

const t = (key: string, o?: Record<string, unknown>) => (o && Object.keys(o).length ? `<${key} ${JSON.stringify(o)}>` : `<${key}>`);

describe('schemaForm', () => {
  const role = declaration('system.role').form!;
  const employee = declaration('system.employee').form!;

  it('translates titles (not property names, enum values or defaults)', () => {
    const out = localizeSchema({ type: 'object', properties: { title: { type: 'string', title: 'screens.x.title', default: 'a.b' } }, enum: ['x.y'] }, t) as Record<string, any>;
    expect(out.properties.title.title).toBe('<screens.x.title>');
    expect(out.properties.title.default).toBe('a.b');
    expect(out.enum).toEqual(['x.y']);
  });

  it('gives x-enum fields localized ui:enumNames, less x-exclude', () => {
    const ui = buildUiSchema(resolveForm(employee).schema, employee.uiSchema, t);
    expect(ui.status).toMatchObject({ 'ui:widget': 'radio', 'ui:enumNames': ['<enums.UserStatus.1>', '<enums.UserStatus.2>'] });
    const roleUi = buildUiSchema(resolveForm(role).schema, role.uiSchema, t);
    expect(roleUi.type).toMatchObject({ 'ui:enumNames': ['<enums.RoleType.1>', '<enums.RoleType.2>'] });
    expect(roleUi['ui:submitButtonOptions']).toEqual({ norender: true });
  });

  it('marks readOnlyOnEdit fields read-only, maps object widgets to fields, drops unknown widgets, defaults flag enums to flags', () => {
    const ui = buildUiSchema(editForm(employee).schema, employee.uiSchema, t, { readOnly: employee.readOnlyOnEdit });
    expect(ui.account).toMatchObject({ 'ui:readonly': true });
    expect(ui.name).not.toHaveProperty('ui:readonly');
    const schema = {
      type: 'object',
      properties: {
        names: { type: 'object' },
        logo: { type: 'string' },
        functions: { type: 'integer', 'x-enum': 'ClientFunction' },
      },
    };
    const out = buildUiSchema(resolveForm({ schema }).schema, { names: { 'ui:widget': 'names' }, logo: { 'ui:widget': 'nope' } }, t);
    expect(out.names).toEqual({ 'ui:field': 'names' });
    expect(out.logo).toEqual({});
    expect(out.functions).toMatchObject({ 'ui:widget': 'flags' });
  });

  it('starts a new record from the schema defaults', () => {
    expect(schemaDefaults(resolveForm(role).schema)).toEqual({ manageClients: false, manageBrands: false, appStock: false });
    expect(schemaDefaults(resolveForm(employee).schema)).toEqual({ status: 1 });
    expect(schemaDefaults({ type: 'object', properties: { a: { type: 'object', properties: { b: { default: [1] } } } } })).toEqual({ a: { b: [1] } });
  });

  it('loads only declared fields (nulls as absent) and the stored labels they name, and sends only declared fields plus the key', () => {
    const schema = resolveForm(employee).schema;
    const record = { id: 3, account: 'amy', name: 'Amy', roleId: 2, roleName: 'R', status: 1, email: null, createdAt: 'x' };
    // roleName is the stored label of roleId (x-labelField): shown at once, never sent.
    expect(toFormData(record, schema)).toEqual({ account: 'amy', name: 'Amy', roleId: 2, roleName: 'R', status: 1 });
    expect(toBody({ ...toFormData(record, schema), extra: 1 }, schema, { name: 'id', value: 3 })).toEqual({ account: 'amy', name: 'Amy', roleId: 2, status: 1, id: 3 });
  });

  it('nests field errors by path for RJSF', () => {
    expect(toErrorSchema({ name: 'A', 'contacts.primary.email': 'B', 'prizes.2.name': 'C' })).toEqual({
      name: { __errors: ['A'] },
      contacts: { primary: { email: { __errors: ['B'] } } },
      prizes: { 2: { name: { __errors: ['C'] } } },
    });
  });
});

describe('cells', () => {
  it('formats enums, flag enums, times, dates, booleans, numbers, names and lists', () => {
    expect(formatCell({ enum: 'RoleType' }, 1, t, 'en')).toBe('<enums.RoleType.1 {"defaultValue":"1"}>');
    expect(enumValuesOf('ClientFunction', 5)).toEqual([1, 4]);
    expect(enumValuesOf('RoleType', 2)).toEqual([2]);
    expect(formatCell({ format: 'datetime' }, '2025-01-15T02:30:00Z', t, 'en')).toMatch(/^2025\/01\/15 \d\d:30$/);
    expect(formatCell({ format: 'date' }, '2025-01-15', t, 'en')).toBe('2025/01/15');
    expect(formatCell({ format: 'boolean' }, true, t, 'en')).toBe('<screens.crud.yes>');
    expect(formatCell({ format: 'number' }, 1234567, t, 'en')).toBe('1,234,567');
    expect(formatCell({ format: 'progress' }, 42.4, t, 'en')).toBe('42%');
    expect(formatCell({ format: 'names' }, { zh_CN: '简', en: 'En' }, t, 'zh_TW')).toBe('简');
    expect(formatCell({ format: 'list' }, ['a', { en: 'b' }], t, 'en')).toBe('a, b');
    expect(formatCell({}, null, t, 'en')).toBe('');
    expect(formatCell({}, 'x', t, 'en')).toBe('x');
  });

  it('offers enum filter choices less the excluded values', () => {
    expect(enumChoices('UserStatus', [3])).toEqual([{ value: 1, key: 'enums.UserStatus.1' }, { value: 2, key: 'enums.UserStatus.2' }]);
    expect(enumChoices('Nope')).toEqual([]);
  });

  it('sends filters without empty values', () => {
    expect(filterQuery({ keyword: '  ab ', type: undefined, roleId: 3, status: '', ids: [], tags: [1] })).toEqual({ keyword: 'ab', roleId: 3, tags: [1] });
  });
});

describe('options', () => {
  it('reads the list of an answer, flattens groups, labels by names with fallback', () => {
    expect(sourceItems([1])).toEqual([1]);
    expect(sourceItems({ Backend: [2] })).toEqual([2]);
    expect(sourceItems({ items: [3], total: 1 })).toEqual([3]);
    expect(sourceItems({ a: 1, b: [4] }, 'b')).toEqual([4]);
    expect(sourceItems(null)).toEqual([]);
    const options = toSelectOptions(
      [
        { value: 1, label: 'One' },
        { groupName: { zh_TW: '甲', en: 'A' }, groupItems: [{ value: 2, names: { zh_CN: '二' } }, { value: 3, label: 'Three', deleted: true }] },
        { value: 4, label: 'Four', enable: false },
        { nope: true },
      ],
      'zh_TW',
    );
    expect(options.map(({ item: _item, ...o }) => o)).toEqual([
      { value: 1, label: 'One', inactive: false },
      { value: 2, label: '二', group: '甲', inactive: false },
      { value: 3, label: 'Three', group: '甲', inactive: true },
      { value: 4, label: 'Four', inactive: true },
    ]);
    expect(visibleOptions(options, [4]).map((o) => o.value)).toEqual([1, 2, 4]);
    // Each option keeps its item (for ui:options.filterBy).
    expect(options[2].item).toEqual({ value: 3, label: 'Three', deleted: true });
    expect(sourcePath('GET system/role/options')).toBe('system/role/options');
    expect(sourcePath('POST x')).toBeUndefined();
  });

  it('keeps the options whose item matches the chosen value of another field (filterBy)', () => {
    const options = toSelectOptions([{ value: 1, clientId: 7 }, { value: 2, clientId: 8 }, { value: 3, ownerId: 7 }], 'en');
    expect(dependentConditions('clientId', { clientId: 7 })).toEqual([['clientId', 7]]);
    expect(matchingOptions(options, dependentConditions('clientId', { clientId: 7 })).map((o) => o.value)).toEqual([1]);
    expect(matchingOptions(options, dependentConditions({ ownerId: 'clientId' }, { clientId: 7 })).map((o) => o.value)).toEqual([3]);
    // An empty form field, or no filterBy, filters nothing.
    expect(dependentConditions('clientId', { clientId: '' })).toEqual([]);
    expect(dependentConditions(undefined, { clientId: 7 })).toEqual([]);
    expect(matchingOptions(options, [])).toHaveLength(3);
  });

  it('offers operator-only values to the operator only (or when already chosen)', () => {
    const opts = [{ value: 1 }, { value: 2 }];
    expect(allowedForTenant(opts, { operatorOnlyValues: [2] }, 1, [])).toEqual(opts);
    expect(allowedForTenant(opts, { operatorOnlyValues: [2] }, 2, [])).toEqual([{ value: 1 }]);
    expect(allowedForTenant(opts, { operatorOnlyValues: [2] }, 2, [2])).toEqual(opts);
    expect(allowedForTenant(opts, {}, 2, [])).toEqual(opts);
  });

  it('lists countries priority first and time zones by offset', () => {
    const names = (en: string) => ({ zh_TW: en, zh_CN: en, en });
    const config = {
      locations: [
        { id: 1, parentId: null, name: 'AD', names: names('Andorra') },
        { id: 2, parentId: null, name: 'TW', names: names('Taiwan') },
        { id: 3, parentId: 2, name: 'TPE', names: names('Taipei') },
      ],
      timezoneInfo: [
        { id: 103, zone: 'Asia/Taipei', offset: 480, names: names('Taipei') },
        { id: 100, zone: 'America/New_York', offset: -300, names: names('New York') },
      ],
    } as never;
    expect(countryChoices(config, 'en').map((c) => c.label)).toEqual(['Taiwan', 'Andorra']);
    expect(timezoneChoices(config, 'en').map((c) => c.label)).toEqual(['(UTC-05:00) New York', '(UTC+08:00) Taipei']);
    expect(utcOffsetLabel(330)).toBe('(UTC+05:30)');
  });
});

describe('menuTree and flags', () => {
  const tree = toTree(
    [
      { id: 1, names: { en: 'System' }, children: [{ id: 9, names: { en: 'Roles' } }, { id: 10, names: { en: 'Staff' } }] },
      { id: 4, label: 'Codes', children: [] },
    ],
    'en',
  );

  it('reads nodes and their leaves', () => {
    expect(tree.map((n) => n.label)).toEqual(['System', 'Codes']);
    expect(leafIds(tree)).toEqual([9, 10, 4]);
  });

  it('toggles leaves in tree order, dropping ids that are not leaves', () => {
    expect(toggleIds(tree, [], [9, 10], true)).toEqual([9, 10]);
    expect(toggleIds(tree, [10, 1, 99], [9], true)).toEqual([9, 10]);
    expect(toggleIds(tree, [9, 10, 4], [9, 10], false)).toEqual([4]);
  });

  it('sums flags', () => {
    expect(flagBits('ClientFunction')).toEqual([1, 2, 4]);
    expect(flagBits('ClientFunction', [2])).toEqual([1, 4]);
    expect(toggleFlag(undefined, 4, true)).toBe(4);
    expect(toggleFlag(5, 4, false)).toBe(1);
    expect(toggleFlag(5, 2, true)).toBe(7);
  });
});

describe('api calls and results', () => {
  it('fills placeholders from the row, URI-encoded, and refuses a missing one', () => {
    expect(resolveCall('PUT System/initial/{account}', { account: 'a b/c' })).toEqual({ method: 'PUT', path: 'System/initial/a%20b%2Fc' });
    expect(resolveCall('GET system/role')).toEqual({ method: 'GET', path: 'system/role' });
    expect(() => resolveCall('DELETE system/role/{id}', {})).toThrow(/\{id\}/);
    expect(() => resolveCall('FETCH x')).toThrow();
  });

  it('offers to copy what the answer brought that the text names', () => {
    const text = 'The default password of "{{account}}" is {{defaultPassword}}.';
    expect(placeholdersOf(text)).toEqual(['account', 'defaultPassword']);
    expect(secretsOf(text, { account: 'amy' }, { id: 5, account: 'amy', defaultPassword: 'Xy7' })).toEqual(['Xy7']);
    expect(secretsOf(text, {}, { account: 'amy', defaultPassword: 'Xy7' })).toEqual(['amy', 'Xy7']);
    expect(secretsOf(text, { account: 'amy' }, null)).toEqual([]);
  });
});

describe('tags', () => {
  it('splits a typed or pasted entry on line breaks and commas, trimmed, without empty items', () => {
    expect(splitTags(' Spring , Summer,,\r\nAutumn\n\nWinter，Snow ')).toEqual(['Spring', 'Summer', 'Autumn', 'Winter', 'Snow']);
    expect(splitTags('  ')).toEqual([]);
  });
});

describe('hidden fields', () => {
  const ui = {
    domain: { 'ui:options': { visibleIf: { '!=': [{ var: 'domainType' }, 1] } } },
    customers: { 'ui:options': { tenantTypes: [1] } },
    brands: { 'ui:options': { tenantTypes: [2] } },
  };
  const evaluate = (logic: unknown, data: unknown) => applyLogic(logic, data);

  it('hides a field whose visibleIf fails, and fields meant for other tenant types', () => {
    expect(hiddenPaths(ui, { domainType: 1 }, evaluate, 1)).toEqual(['domain', 'brands']);
    expect(hiddenPaths(ui, { domainType: 2 }, evaluate, 2)).toEqual(['customers']);
    // Before the session is known, tenant-bound fields stay hidden.
    expect(hiddenPaths(ui, { domainType: 2 }, evaluate)).toEqual(['customers', 'brands']);
  });
});

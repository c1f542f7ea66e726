/**
 * Every check of one screen declaration, written once for the schema tests
 * (tests/schema/declarations.test.ts, screens.test.ts) and the playground, which runs them as
 * the product owner types. Pure TypeScript: no React, no Node APIs.
 *
 * A check answers problems, each with the dotted path of the declaration to fix
 * ('grid.columns.0.label') and a message. Checks that need every declaration at once (ids
 * unique, files listed in src/schemas/index.ts, one kind per path) or the running server
 * (sortable columns) stay in the tests.
 *
 * The server's routes reach the browser as src/domain/api-routes.json (`npm run api-routes`;
 * a schema test keeps it equal to the server's route table).
 */
import {
  apiCallsOf, editForm, enumNamesOf, loadDeclarations, parseApiCall, resolveForm, resolveSchema, sortableKeys,
  type ScreenDeclaration,
} from '../../domain/declarations';
import { API_ROUTES, findApiRoute, routeMenuIds, type ApiRoute } from '../../domain/apiRoutes';
import { ENUMS, isEnumName } from '../../domain/enums';
import { LANGS } from '../../domain/lang';
import { MENU_TREE, pathForMenuId } from '../../domain/menu';
import { createValidator, validateBody } from '../../domain/validation/index';
import { isKnownWidget } from '../registry/widgets';
import { rowActionsOf } from '../crud/extensions';
import { partNames } from '../registry/registry';
import { i18nKeysOf, isNode, metaSchemaProblems, placeholdersOf, propsOf, textOf, walk, widgetsOf, type Found, type Node } from './reading';

export { i18nKeysOf, metaSchemaProblems, placeholdersOf, textOf, widgetsOf } from './reading';

export interface Problem {
  /** The check that found it (DECLARATION_CHECKS[].id). */
  check: string;
  /** Dotted path in the declaration ('grid.columns.0.label'); '' for the whole declaration. */
  path: string;
  message: string;
}

export interface CheckContext {
  /** The server's routes (default: src/domain/api-routes.json). */
  routes?: readonly ApiRoute[];
  /** The declaration's file under src/schemas ('system/role.json'): its id must match. */
  file?: string;
}


export interface DeclarationCheck {
  id: string;
  /** What the declaration must do, as a test title. */
  title: string;
  run(decl: ScreenDeclaration, ctx: Required<Pick<CheckContext, 'routes'>> & CheckContext): Found[];
}

// --- The checks --------------------------------------------------------------------------

const check = (id: string, title: string, run: DeclarationCheck['run']): DeclarationCheck => ({ id, title, run });

/** Expect-style helper: a problem when `ok` is false. */
function need(out: Found[], ok: boolean, path: string, message: string): void {
  if (!ok) out.push({ path, message });
}

/** Placeholders a form screen's calls take from the session and the interface language (FormScreen.tsx sessionValues). */
export const FORM_SESSION_FIELDS = ['tenantCode', 'tenantId', 'lang'] as const;

export const DECLARATION_CHECKS: readonly DeclarationCheck[] = [
  check('meta', 'obeys screen.schema.json', (decl) => metaSchemaProblems(decl)),

  check('file', 'has the id <module>.<screen> of its file', (decl, { file }) => {
    if (!file) return [];
    const [module, screen] = file.replace(/\.json$/, '').split('/');
    return decl.id === `${module}.${screen}` ? [] : [{ path: 'id', message: `the file ${file} holds the screen "${module}.${screen}", not "${decl.id}"` }];
  }),

  check('menu', 'sits on the route of its menu id, a crud screen with a menu entry there', (decl) => {
    const out: Found[] = [];
    need(out, pathForMenuId(decl.menuId) === decl.path, 'path', `menu ${decl.menuId} is on "${pathForMenuId(decl.menuId)}", not "${decl.path}"`);
    if (decl.kind === 'crud') need(out, MENU_TREE.flatMap((g) => g.children ?? []).some((c) => c.path === decl.path), 'path', `no menu entry on "${decl.path}"`);
    return out;
  }),

  check('kind', 'has what its kind needs: a crud screen a resource, a list call and a grid; a form screen a form and a call; a custom screen a registered pane', (decl) => {
    const out: Found[] = [];
    if (decl.kind === 'crud') {
      need(out, /^[a-z][a-zA-Z-]*$/.test(decl.resource ?? ''), 'resource', 'a crud screen names its resource (the change log name), e.g. "role"');
      need(out, decl.api?.list !== undefined, 'api.list', 'a crud screen has a list call');
      need(out, decl.grid !== undefined, 'grid', 'a crud screen has a grid');
    }
    if (decl.kind === 'form') {
      need(out, decl.form !== undefined, 'form', 'a form screen has a form');
      need(out, (decl.api?.get ?? decl.api?.update) !== undefined, 'api', 'a form screen reads (api.get) or writes (api.update)');
    }
    if (decl.kind === 'custom') need(out, partNames('pane').includes(decl.pane ?? ''), 'pane', `pane "${String(decl.pane)}" is not registered (${partNames('pane').join(', ')})`);
    return out;
  }),

  check('parts', 'names only registered parts: a wizard\'s steps and view page (kind step), a row action\'s dialog (kind dialog)', (decl) => {
    const out: Found[] = [];
    const steps = partNames('step');
    decl.wizard?.steps.forEach((s, i) => {
      need(out, steps.includes(s.part), `wizard.steps.${i}.part`, `no step part "${s.part}" (src/app/parts.ts, kind step)`);
    });
    if (decl.wizard?.view) need(out, steps.includes(decl.wizard.view.part), 'wizard.view.part', `no step part "${decl.wizard.view.part}" (src/app/parts.ts, kind step)`);
    if (decl.wizard?.edit) need(out, decl.wizard.steps.some((s) => s.route === decl.wizard!.edit), 'wizard.edit', `"${decl.wizard.edit}" is not a step of the wizard`);
    need(out, !decl.wizard || decl.kind === 'crud', 'wizard', 'only a crud screen has a wizard');
    (decl.grid?.rowActions ?? []).forEach((a, i) => {
      if (a.dialog !== undefined) need(out, partNames('dialog').includes(a.dialog), `grid.rowActions.${i}.dialog`, `no dialog part "${a.dialog}" (src/app/parts.ts, kind dialog)`);
    });
    return out;
  }),

  check('enums', 'names only enums of src/domain/enums.ts, each with a label per value in zh_TW, zh_CN and en', (decl) => {
    const out: Found[] = [];
    for (const { where, value: name } of enumNamesOf(decl)) {
      if (!isEnumName(name)) {
        out.push({ path: where, message: `"${name}" is not an enum of src/domain/enums.ts` });
        continue;
      }
      for (const v of Object.values(ENUMS[name])) {
        for (const lang of LANGS) need(out, /\S/.test(textOf(lang, `enums.${name}.${String(v)}`) ?? ''), where, `enums.${name}.${v} has no label in ${lang}`);
      }
    }
    return out;
  }),

  check('concreteEnums', 'makes every named enum concrete for the validator, less x-exclude', (decl) => {
    const out: Found[] = [];
    const visit = (node: Node, where: string) => {
      if (typeof node['x-enum'] !== 'string') return;
      const target = node.type === 'array' && isNode(node.items) ? node.items : node;
      need(out, Array.isArray(target.enum) || typeof target.maximum === 'number', `${where}.x-enum`, `x-enum ${node['x-enum']} has no values`);
      for (const excluded of (node['x-exclude'] as unknown[] | undefined) ?? []) {
        need(out, !(Array.isArray(target.enum) && target.enum.includes(excluded)), `${where}.x-exclude`, `${String(excluded)} is still offered`);
      }
    };
    if (decl.form) walk(resolveForm(decl.form).schema, 'form.schema', visit);
    if (decl.filters) walk(resolveSchema(decl.filters.schema), 'filters.schema', visit);
    return out;
  }),

  check('filterBy', 'filters dependent selects by fields of its own form', (decl) => {
    const out: Found[] = [];
    const props = propsOf(decl.form?.schema);
    for (const [field, ui] of Object.entries((decl.form?.uiSchema ?? {}) as Record<string, { 'ui:options'?: { filterBy?: unknown } }>)) {
      const filterBy = isNode(ui) ? ui['ui:options']?.filterBy : undefined;
      if (filterBy === undefined) continue;
      const formFields = typeof filterBy === 'string' ? [filterBy] : Object.values(filterBy as Record<string, string>);
      const where = `form.uiSchema.${field}.ui:options.filterBy`;
      for (const f of formFields) {
        need(out, props.includes(f), where, `filterBy names "${f}", not a field of the form`);
        need(out, f !== field, where, `${field} filters by itself`);
      }
    }
    return out;
  }),

  check('emptyLink', 'links empty option lists to a screen that creates them (ui:options.emptyLink)', (decl) => {
    const out: Found[] = [];
    for (const [field, ui] of Object.entries((decl.form?.uiSchema ?? {}) as Record<string, Node>)) {
      const options = isNode(ui) ? ui['ui:options'] : undefined;
      const link = isNode(options) ? options.emptyLink : undefined;
      if (link === undefined) continue;
      const where = `form.uiSchema.${field}.ui:options.emptyLink`;
      need(out, ui['ui:widget'] === 'select' || ui['ui:widget'] === 'multiSelect', where, 'emptyLink belongs on a select or multiSelect');
      const target = loadDeclarations().find((d) => d.id === link);
      need(out, target !== undefined, where, `emptyLink names "${String(link)}", not a declaration`);
      // A screen that only edits may complete what the select offers (product info for banners).
      if (target) need(out, (target.api.create ?? target.api.update) !== undefined, where, `${String(link)} creates no records`);
    }
    return out;
  }),

  check('export', 'declares the POST export call its toolbar export needs, and no export call without the button', (decl) => {
    const out: Found[] = [];
    const wantsExport = decl.grid?.toolbar?.includes('export') ?? false;
    const hasCall = decl.api?.export !== undefined;
    need(out, !wantsExport || hasCall, 'api.export', 'toolbar export without api.export');
    need(out, wantsExport || !hasCall, 'grid.toolbar', 'api.export without the toolbar export');
    // SPEC 7 names one list export outside the pattern: the client list's POST Report/ClientsActivity.
    if (hasCall) need(out, /^POST (\S+\/file|Report\/ClientsActivity)$/.test(decl.api.export!), 'api.export', 'an export call is "POST …/file" (or POST Report/ClientsActivity)');
    const wantsImport = decl.grid?.toolbar?.includes('import') ?? false;
    const hasImport = decl.api?.import !== undefined;
    need(out, !wantsImport || hasImport, 'api.import', 'toolbar import without api.import');
    need(out, wantsImport || !hasImport, 'grid.toolbar', 'api.import without the toolbar import');
    if (hasImport) need(out, /^POST \S+$/.test(decl.api.import!), 'api.import', 'an import call is a POST');
    return out;
  }),

  check('ownFields', 'refers to its own fields: uiSchema, ui:order, rules, read-only and omitted fields, sort and placeholders', (decl) => {
    const out: Found[] = [];
    const props = propsOf(decl.form?.schema);
    const ui = decl.form?.uiSchema ?? {};
    for (const key of Object.keys(ui)) if (!key.startsWith('ui:')) need(out, props.includes(key), `form.uiSchema.${key}`, `"${key}" is not a field of the form`);
    ((ui['ui:order'] as string[] | undefined) ?? []).forEach((key, i) => { if (key !== '*') need(out, props.includes(key), `form.uiSchema.ui:order.${i}`, `"${key}" is not a field of the form`); });
    // A rule with `each` names a field of the list's items (the list itself must be a field).
    decl.form?.rules?.forEach((rule, i) => { need(out, props.includes((rule.each ?? rule.field).split('.')[0]), `form.rules.${i}.${rule.each ? 'each' : 'field'}`, `"${rule.each ?? rule.field}" is not a field of the form`); });
    for (const list of ['readOnlyOnEdit', 'omitOnEdit'] as const) {
      decl.form?.[list]?.forEach((key, i) => { need(out, props.includes(key), `form.${list}.${i}`, `"${key}" is not a field of the form`); });
    }
    const filterProps = propsOf(decl.filters?.schema);
    for (const key of Object.keys(decl.filters?.uiSchema ?? {})) if (!key.startsWith('ui:')) need(out, filterProps.includes(key), `filters.uiSchema.${key}`, `"${key}" is not a filter`);
    const columns = decl.grid?.columns?.map((c) => c.key) ?? [];
    columns.forEach((key, i) => { need(out, columns.indexOf(key) === i, `grid.columns.${i}.key`, `duplicate column key "${key}"`); });
    if (decl.grid?.defaultSort) need(out, sortableKeys(decl).includes(decl.grid.defaultSort.key), 'grid.defaultSort.key', `"${decl.grid.defaultSort.key}" is not a sortable column`);
    // Row calls fill their placeholders from the row; a form screen's from the session.
    const rowFields = decl.kind === 'form' ? [...FORM_SESSION_FIELDS] : [...columns, decl.rowKey ?? 'id'];
    const rowCalls: [string, string | undefined][] = [['api.get', decl.api?.get], ['api.remove', decl.api?.remove], ...rowActionsOf(decl).map((a, i): [string, string] => [`grid.rowActions.${i}.api`, a.api])];
    for (const [where, call] of rowCalls) {
      if (call) for (const p of parseApiCall(call).params) need(out, rowFields.includes(p), where, `{${p}} is not a column of the row`);
    }
    return out;
  }),

  check('visibleIf', 'names only its own fields in visibleIf conditions', (decl) => {
    const out: Found[] = [];
    const props = propsOf(decl.form?.schema);
    const collect = (logic: unknown, where: string): void => {
      if (Array.isArray(logic)) {
        for (const l of logic) collect(l, where);
        return;
      }
      if (!isNode(logic)) return;
      for (const [op, arg] of Object.entries(logic)) {
        if (op !== 'var') collect(arg, where);
        else {
          const v = String(Array.isArray(arg) ? arg[0] : arg);
          need(out, props.includes(v.split('.')[0]), where, `visibleIf var "${v}" is not a field of the form`);
        }
      }
    };
    walk(decl.form?.uiSchema, 'form.uiSchema', (node, where) => {
      const options = node['ui:options'];
      if (isNode(options) && options.visibleIf !== undefined) collect(options.visibleIf, `${where}.ui:options.visibleIf`);
    });
    return out;
  }),

  check('validator', 'has a form and filters the shared validator compiles', (decl) => {
    const out: Found[] = [];
    const compiles = (where: string, run: () => unknown) => {
      try {
        run();
      } catch (e) {
        out.push({ path: where, message: (e as Error).message });
      }
    };
    if (decl.form) {
      compiles('form.schema', () => {
        createValidator(resolveForm(decl.form!));
        validateBody(resolveForm(decl.form!), {});
        validateBody(editForm(decl.form!), {});
      });
    }
    if (decl.filters) compiles('filters.schema', () => createValidator({ schema: resolveSchema(decl.filters!.schema) }));
    // A row action's input is a form too (its data is the call's body).
    rowActionsOf(decl).forEach((a, i) => { if (a.input) compiles(`grid.rowActions.${i}.input.schema`, () => createValidator(resolveForm(a.input!))); });
    return out;
  }),

  check('i18n', 'names i18n keys that exist in zh_TW, zh_CN and en, non-empty, with the same placeholders; a title under screens.<screen> and an entity name', (decl) => {
    const out: Found[] = [];
    for (const { where, key } of i18nKeysOf(decl)) {
      const en = textOf('en', key);
      for (const lang of LANGS) {
        const value = textOf(lang, key);
        if (!/\S/.test(value ?? '')) out.push({ path: where, message: `"${key}" is missing in ${lang}` });
        else if (en !== undefined && placeholdersOf(value!).join() !== placeholdersOf(en).join()) {
          out.push({ path: where, message: `"${key}" in ${lang} has {{${placeholdersOf(value!).join('}}, {{')}}} where en has {{${placeholdersOf(en).join('}}, {{')}}}` });
        }
      }
    }
    need(out, /^screens\.[a-zA-Z]+\.title$/.test(decl.title ?? ''), 'title', 'the title is screens.<screen>.title');
    if (decl.kind === 'crud' && typeof decl.title === 'string') {
      const entity = decl.title.replace(/\.title$/, '.entity');
      for (const lang of LANGS) need(out, /\S/.test(textOf(lang, entity) ?? ''), 'title', `"${entity}" (the dialogs' entity name) is missing in ${lang}`);
    }
    return out;
  }),

  check('rowActionTexts', "fills row-action texts only with the row's fields", (decl) => {
    const out: Found[] = [];
    const rowFields = new Set([decl.rowKey ?? 'id', ...(decl.grid?.columns ?? []).map((c) => c.key)]);
    rowActionsOf(decl).forEach((a, i) => {
      if (a.confirm) for (const p of placeholdersOf(textOf('en', a.confirm) ?? '')) need(out, rowFields.has(p), `grid.rowActions.${i}.confirm`, `${a.confirm} names {{${p}}}, not a column of the row`);
    });
    return out;
  }),

  check('optionSources', 'names option sources one way: x-options on the schema field, never ui:options.source', (decl) => {
    const out: Found[] = [];
    walk(decl, '', (node, where) => {
      const options = node['ui:options'];
      if (isNode(options) && 'source' in options) out.push({ path: `${where.slice(1)}.ui:options.source`, message: 'name the source as x-options on the schema field' });
    });
    return out;
  }),

  check('widgets', 'uses registered widgets only', (decl) =>
    widgetsOf(decl).filter(({ widget }) => !isKnownWidget(widget)).map(({ where, widget }) => ({ path: where, message: `no widget "${String(widget)}" is registered (src/widgets/index.ts)` }))),

  check('icons', 'names row-action icons that exist', (decl) =>
    rowActionsOf(decl).flatMap((a, i) =>
      a.icon === undefined || partNames('icon').includes(a.icon) ? [] : [{ path: `grid.rowActions.${i}.icon`, message: `no icon "${a.icon}" (src/app/parts.ts, kind icon)` }])),

  check('calls', 'names only calls the server declares, open to the screen menu', (decl, { routes }) => {
    const out: Found[] = [];
    const calls = apiCallsOf(decl);
    need(out, calls.length > 0, 'api', 'names no call');
    for (const { where, value } of calls) {
      const route = findApiRoute(routes, value);
      if (!route) out.push({ path: where, message: `"${value}" is not a route of the server` });
      else {
        const menus = routeMenuIds(route);
        need(out, menus.length === 0 || menus.includes(decl.menuId), where, `"${value}" is guarded by menu ${menus.join(', ')}, not the screen's ${decl.menuId}`);
      }
    }
    return out;
  }),
];

/**
 * Every problem of a declaration (any JSON value: the playground checks what is typed), or of
 * the named checks only. A check that cannot run on a malformed declaration says so instead
 * of throwing.
 */
export function checkDeclaration(decl: unknown, ctx: CheckContext = {}, only?: readonly string[]): Problem[] {
  if (!isNode(decl)) return [{ check: 'meta', path: '', message: 'a declaration is a JSON object' }];
  const full = { routes: API_ROUTES, ...ctx };
  return DECLARATION_CHECKS.filter((c) => !only || only.includes(c.id)).flatMap((c) => {
    try {
      return c.run(decl as unknown as ScreenDeclaration, full).map((p) => ({ check: c.id, ...p }));
    } catch (e) {
      return [{ check: c.id, path: '', message: `could not check (${(e as Error).message})` }];
    }
  });
}

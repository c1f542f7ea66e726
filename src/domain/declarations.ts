/**
 * Screen declarations (src/schemas/<module>/<screen>.json, shape: src/schemas/screen.schema.json)
 * as TypeScript, for the browser (the renderer) and the server (routes validate bodies and
 * sort lists with the very same declaration). Pure TypeScript: no React, no Node APIs.
 *
 *  - loadDeclarations(): every declaration of the registry src/schemas/index.ts;
 *  - declaration(id): one of them by id ('system.role');
 *  - resolveForm(form) / resolveSchema(schema): a copy where `x-enum: "RoleType"` (and
 *    `$ref: "enum:RoleType"`) also carries `enum: [1, 2]` (less `x-exclude`), ready for the
 *    shared validator; the `x-` keywords stay, so the renderer still knows the enum name;
 *  - editForm(form): the form of an edit (readOnlyOnEdit and omitOnEdit fields not required,
 *    omitOnEdit fields gone);
 *  - apiCallsOf / enumNamesOf / parseApiCall: what the schema tests and tools walk.
 *
 * The annotation keywords x-enum, x-exclude and x-options are registered with the validator
 * when this module loads, so Ajv's strict mode accepts them.
 */
import { DECLARATION_FILES } from '../schemas/index';
import type * as G from './declarations.generated';
import { ENUMS, FLAG_ENUMS, isEnumName, type EnumName } from './enums';
import type { FormDeclaration, FormRule, JsonSchema } from './validation/index';
import { registerAnnotations } from './validation/annotations';

// --- Types (screen.schema.json) ----------------------------------------------------------
// Generated from the schema (declarations.generated.ts, `npm run gen:types`); only the embedded
// JSON Schemas, which screen.schema.json leaves open, are narrowed to records here.

type Json = Record<string, unknown>;

/** 'METHOD path' of the /v1 API with {field} placeholders, e.g. 'GET system/role/{id}'. */
export type ApiCall = G.ApiCall;
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type ColumnDeclaration = G.Column;
/** A row action's `input`: a small form asked after the confirmation, its data the body. */
export interface ActionInputDeclaration extends Omit<G.ActionInput, 'schema' | 'uiSchema' | 'rules'> {
  schema: Json;
  uiSchema?: Json;
  rules?: FormRule[];
}
export interface RowActionDeclaration extends Omit<G.Action, 'input'> {
  input?: ActionInputDeclaration;
}
/** A crud declaration's wizard (add and edit through steps) and one of its steps. */
export type WizardDeclaration = NonNullable<G.ScreenDeclaration['wizard']>;
export type WizardStepDeclaration = G.WizardStep;
/** grid.refresh: see screen.schema.json (everyMs, activeEveryMs with activeWhen or activeWhileCount, afterWriteMs). */
export type GridRefreshDeclaration = NonNullable<G.Grid['refresh']>;
export type SortOrder = 'asc' | 'desc';

export interface GridDeclaration extends Omit<G.Grid, 'columns'> {
  columns: ColumnDeclaration[];
}

export interface FormDeclarationJson extends Omit<G.Form, 'schema' | 'uiSchema' | 'rules'> {
  schema: Json;
  uiSchema?: Json;
  rules?: FormRule[];
}

/**
 * A declared form shown outside a screen (src/schemas/<module>/<form>.json, shape:
 * src/schemas/form.schema.json): the top bar's profile and password dialogs.
 */
export interface FormFile {
  /** '<module>.<form>', the file's path: 'session.profile'. */
  id: string;
  description?: string;
  form: FormDeclarationJson;
}

export interface ScreenDeclaration extends Omit<G.ScreenDeclaration, 'grid' | 'filters' | 'form'> {
  grid?: GridDeclaration;
  filters?: { schema: Json; uiSchema?: Json };
  form?: FormDeclarationJson;
}

// --- Registry ----------------------------------------------------------------------------

/** Non-validating keywords of declarations, for the renderer. */
/** x-defaultDays: a date field's default in add mode, today (local calendar) plus that many days. */
export const ANNOTATION_KEYWORDS = ['x-enum', 'x-exclude', 'x-options', 'x-labelField', 'x-defaultDays'] as const;
registerAnnotations(...ANNOTATION_KEYWORDS);

const DECLARATIONS = DECLARATION_FILES as readonly ScreenDeclaration[];

/** Every declaration of the registry (src/schemas/index.ts), in registry order. */
export function loadDeclarations(): readonly ScreenDeclaration[] {
  return DECLARATIONS;
}

/** The declaration with this id; throws when there is none (a programming error). */
export function declaration(id: string): ScreenDeclaration {
  const found = DECLARATIONS.find((d) => d.id === id);
  if (!found) throw new Error(`no screen declaration "${id}" in src/schemas/index.ts`);
  return found;
}

// --- Enums in schemas --------------------------------------------------------------------

const ENUM_REF = /^enum:(.+)$/;

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** The values of an enum less the excluded ones. */
export function enumValues(name: EnumName, exclude: readonly unknown[] = []): (string | number)[] {
  return Object.values(ENUMS[name]).filter((v) => !exclude.includes(v));
}

/** What `x-enum: name` adds to a schema node: enum values, or a bit range for flag enums. */
function enumConstraint(node: Node, name: string): Node {
  if (!isEnumName(name)) throw new Error(`unknown enum "${name}" (src/domain/enums.ts)`);
  const exclude = Array.isArray(node['x-exclude']) ? (node['x-exclude'] as unknown[]) : [];
  if (FLAG_ENUMS.includes(name)) {
    // A sum of flags: every combination of the (contiguous) bits, less excluded bits.
    const bits = enumValues(name, exclude).filter((v): v is number => typeof v === 'number');
    return { minimum: 0, maximum: bits.reduce((a, b) => a | b, 0) };
  }
  return { enum: enumValues(name, exclude) };
}

function resolveNode(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolveNode);
  if (!isNode(value)) return value;
  const out: Node = {};
  for (const [k, v] of Object.entries(value)) out[k] = resolveNode(v);
  // "$ref": "enum:RoleType" is the same as "x-enum": "RoleType".
  if (typeof out.$ref === 'string' && ENUM_REF.test(out.$ref)) {
    const name = ENUM_REF.exec(out.$ref)![1];
    delete out.$ref;
    out['x-enum'] = name;
    if (out.type === undefined && isEnumName(name)) {
      out.type = Object.values(ENUMS[name]).every((v) => typeof v === 'number') ? 'integer' : 'string';
    }
  }
  const name = out['x-enum'];
  if (typeof name === 'string') {
    const constraint = enumConstraint(out, name);
    if (out.type === 'array') out.items = { ...(isNode(out.items) ? out.items : {}), ...constraint };
    else Object.assign(out, constraint);
  }
  return out;
}

const resolvedSchemas = new WeakMap<object, JsonSchema>();
const resolvedForms = new WeakMap<object, FormDeclaration & FormDeclarationJson>();
const editForms = new WeakMap<object, FormDeclaration & FormDeclarationJson>();

/** A copy of a JSON schema with named enums made concrete (memoized per schema object). */
export function resolveSchema(schema: Record<string, unknown>): JsonSchema {
  let hit = resolvedSchemas.get(schema);
  if (!hit) resolvedSchemas.set(schema, (hit = resolveNode(schema) as JsonSchema));
  return hit;
}

/**
 * The form of a declaration ready for the validator (createValidator / validateBody). The
 * same form object always answers the same resolved object, so the validator compiles it once.
 */
export function resolveForm(form: FormDeclarationJson): FormDeclaration & FormDeclarationJson {
  let hit = resolvedForms.get(form);
  if (!hit) resolvedForms.set(form, (hit = { ...form, schema: resolveSchema(form.schema) as Record<string, unknown> }));
  return hit;
}

/**
 * The form of an edit: fields of readOnlyOnEdit and omitOnEdit are not required, omitOnEdit
 * fields are not part of it (a body carrying one is refused as an unknown field). Resolved.
 */
export function editForm(form: FormDeclarationJson): FormDeclaration & FormDeclarationJson {
  let hit = editForms.get(form);
  if (!hit) {
    const resolved = resolveForm(form);
    const relaxed = new Set([...(form.readOnlyOnEdit ?? []), ...(form.omitOnEdit ?? [])]);
    const omitted = new Set(form.omitOnEdit ?? []);
    const schema = { ...(resolved.schema as Node) };
    if (Array.isArray(schema.required)) schema.required = (schema.required as string[]).filter((f) => !relaxed.has(f));
    if (isNode(schema.properties)) {
      schema.properties = Object.fromEntries(Object.entries(schema.properties).filter(([k]) => !omitted.has(k)));
    }
    hit = { ...resolved, schema };
    editForms.set(form, hit);
  }
  return hit;
}

// --- Walking declarations ----------------------------------------------------------------

export interface ParsedApiCall {
  method: ApiMethod;
  /** Without the /v1 prefix, e.g. 'system/role/{id}'. */
  path: string;
  /** Names of the {placeholders}. */
  params: string[];
}

export function parseApiCall(call: ApiCall): ParsedApiCall {
  const m = /^(GET|POST|PUT|DELETE) (\S+)$/.exec(call);
  if (!m) throw new Error(`not an api call: "${call}"`);
  return { method: m[1] as ApiMethod, path: m[2], params: [...m[2].matchAll(/\{([^}]+)\}/g)].map((x) => x[1]) };
}

export interface Located<T> {
  /** Where in the declaration, e.g. 'api.list', 'form.uiSchema.customers.ui:options.source'. */
  where: string;
  value: T;
}

function walk(value: unknown, where: string, visit: (node: Node, where: string) => void): void {
  if (Array.isArray(value)) value.forEach((v, i) => { walk(v, `${where}.${i}`, visit); });
  else if (isNode(value)) {
    visit(value, where);
    for (const [k, v] of Object.entries(value)) walk(v, `${where}.${k}`, visit);
  }
}

/** Every api call a declaration names: api.*, grid.rowActions[].api, grid.refresh.activeWhileCount, x-options (and a stray ui:options.source). */
export function apiCallsOf(decl: ScreenDeclaration): Located<ApiCall>[] {
  const out: Located<ApiCall>[] = [];
  for (const [k, v] of Object.entries(decl.api ?? {})) if (typeof v === 'string') out.push({ where: `api.${k}`, value: v });
  decl.grid?.rowActions?.forEach((a, i) => { out.push({ where: `grid.rowActions.${i}.api`, value: a.api }); });
  if (decl.grid?.refresh?.activeWhileCount) out.push({ where: 'grid.refresh.activeWhileCount', value: decl.grid.refresh.activeWhileCount });
  const parts: [string, unknown][] = [['filters', decl.filters], ['form', decl.form]];
  for (const [root, part] of parts) {
    walk(part, root, (node, where) => {
      if (typeof node['x-options'] === 'string') out.push({ where: `${where}.x-options`, value: node['x-options'] });
      const options = node['ui:options'];
      if (isNode(options) && typeof options.source === 'string') out.push({ where: `${where}.ui:options.source`, value: options.source });
    });
  }
  return out;
}

/** Every enum name a declaration uses: grid column `enum`, schema `x-enum` and `$ref: enum:X`. */
export function enumNamesOf(decl: ScreenDeclaration): Located<string>[] {
  const out: Located<string>[] = [];
  decl.grid?.columns.forEach((c, i) => { if (c.enum !== undefined) out.push({ where: `grid.columns.${i}.enum`, value: c.enum }); });
  const parts: [string, unknown][] = [['filters', decl.filters], ['form', decl.form]];
  for (const [root, part] of parts) {
    walk(part, root, (node, where) => {
      if (typeof node['x-enum'] === 'string') out.push({ where: `${where}.x-enum`, value: node['x-enum'] });
      if (typeof node.$ref === 'string' && ENUM_REF.test(node.$ref)) out.push({ where: `${where}.$ref`, value: ENUM_REF.exec(node.$ref)![1] });
    });
  }
  return out;
}

/** Keys of the grid columns marked sortable. */
export function sortableKeys(decl: ScreenDeclaration): string[] {
  return (decl.grid?.columns ?? []).filter((c) => c.sortable).map((c) => c.key);
}

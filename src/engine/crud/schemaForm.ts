/**
 * A declaration's form made ready for RJSF in the current language:
 *  - `title` and `description` i18n keys translated;
 *  - `x-enum` fields (already resolved to `enum`, less `x-exclude`) get `ui:enumNames` from
 *    `enums.<Name>.<value>`;
 *  - `ui:widget` naming an object widget (names) becomes `ui:field`;
 *  - in edit mode `readOnlyOnEdit` fields are read-only (omitOnEdit fields are gone already);
 *  - no field shows RJSF's own title for the root.
 * And the data side: what a loaded record becomes in the form, and the body a form sends.
 * Pure functions (t is passed in).
 */
import { FLAG_ENUMS, type EnumName } from '../../domain/enums';
import { isFieldWidget, isKnownWidget } from '../registry/widgets';

type Node = Record<string, unknown>;
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** True for strings shaped like an i18n key ('screens.role.name'). */
export function isI18nKey(v: unknown): v is string {
  return typeof v === 'string' && /^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z0-9_-]+)+$/.test(v);
}

/** A copy of a JSON schema with its titles and descriptions translated. */
export function localizeSchema(schema: unknown, t: Translate): unknown {
  if (Array.isArray(schema)) return schema.map((s) => localizeSchema(s, t));
  if (!isNode(schema)) return schema;
  const out: Node = {};
  for (const [k, v] of Object.entries(schema)) {
    if ((k === 'title' || k === 'description') && isI18nKey(v)) out[k] = t(v);
    else if (k === 'enum' || k === 'const' || k === 'default' || k === 'examples') out[k] = v;
    else out[k] = localizeSchema(v, t);
  }
  return out;
}

/** The localized labels of an enum's values. */
export function enumLabels(name: string, values: readonly unknown[], t: Translate): string[] {
  return values.map((v) => t(`enums.${name}.${String(v)}`));
}

/**
 * The uiSchema for RJSF: the declaration's uiSchema merged with what the (resolved) schema
 * implies, walking object properties and list items.
 */
export function buildUiSchema(
  schema: unknown,
  uiSchema: unknown,
  t: Translate,
  options: { readOnly?: readonly string[] } = {},
): Node {
  const readOnly = new Set(options.readOnly ?? []);
  const walk = (node: unknown, ui: unknown, path: string): Node => {
    const out: Node = isNode(ui) ? { ...ui } : {};
    if (!isNode(node)) return out;
    const enumName = node['x-enum'];
    const enumHolder = node.type === 'array' && isNode(node.items) ? node.items : node;
    if (typeof enumName === 'string' && Array.isArray(enumHolder.enum) && out['ui:enumNames'] === undefined) {
      out['ui:enumNames'] = enumLabels(enumName, enumHolder.enum, t);
    }
    // A bit-flag enum (a sum of flags) is a row of checkboxes unless the declaration says otherwise.
    if (typeof enumName === 'string' && FLAG_ENUMS.includes(enumName as EnumName) && out['ui:widget'] === undefined) out['ui:widget'] = 'flags';
    // A widget nobody registered (the schema tests flag it) falls back to RJSF's default.
    if (typeof out['ui:widget'] === 'string' && !isKnownWidget(out['ui:widget'])) delete out['ui:widget'];
    if (isFieldWidget(out['ui:widget'])) {
      out['ui:field'] = out['ui:widget'];
      delete out['ui:widget'];
    }
    // The one spelling of an option source is `x-options` on the schema field; widgets read it
    // (and lists of items) as ui:options.source.
    if (typeof node['x-options'] === 'string') {
      const uiOptions = isNode(out['ui:options']) ? out['ui:options'] : {};
      if (uiOptions.source === undefined) out['ui:options'] = { ...uiOptions, source: node['x-options'] };
    }
    if (isI18nKey(out['ui:placeholder'])) out['ui:placeholder'] = t(out['ui:placeholder']);
    if (isI18nKey(out['ui:help'])) out['ui:help'] = t(out['ui:help']);
    if (path && readOnly.has(path)) out['ui:readonly'] = true;
    if (isNode(node.properties)) {
      for (const [key, child] of Object.entries(node.properties)) {
        out[key] = walk(child, out[key], path ? `${path}.${key}` : key);
      }
    }
    if (node.type === 'array' && isNode(node.items) && isNode(node.items.properties)) {
      out.items = walk(node.items, out.items, path);
    }
    return out;
  };
  const root = walk(schema, uiSchema, '');
  // The dialog carries the title; RJSF's own submit button is replaced by the dialog's.
  root['ui:submitButtonOptions'] = { norender: true };
  return root;
}

/** The declared properties of an object schema. */
export function propertyNames(schema: unknown): string[] {
  return isNode(schema) && isNode(schema.properties) ? Object.keys(schema.properties) : [];
}

/**
 * A loaded record as form data: only declared fields, nulls as absent, plus the stored labels
 * that a select's `x-labelField` names (shown at once while its options load; never sent).
 */
export function toFormData(record: unknown, schema: unknown): Node {
  const out: Node = {};
  if (!isNode(record)) return out;
  const props = isNode(schema) && isNode(schema.properties) ? schema.properties : {};
  const props0 = isNode(schema) && isNode(schema.properties) ? schema.properties : {};
  for (const key of propertyNames(schema)) {
    const v = pruned(record[key], props0[key]);
    if (v !== null && v !== undefined) out[key] = v;
    const labelField = isNode(props[key]) ? props[key]['x-labelField'] : undefined;
    if (typeof labelField === 'string' && record[labelField] !== null && record[labelField] !== undefined) out[labelField] = record[labelField];
  }
  return out;
}

/**
 * A value as its schema declares it, for nested objects that allow nothing else
 * (`additionalProperties: false`): undeclared keys and nulls left out, recursively; an object
 * left empty is absent unless it is required where it sits. Other values as they are.
 */
export function pruned(value: unknown, schema: unknown, required = false): unknown {
  if (!isNode(value) || !isNode(schema) || schema.additionalProperties !== false || !isNode(schema.properties)) return value;
  const out: Node = {};
  const inner = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  for (const [k, child] of Object.entries(schema.properties)) {
    const v = pruned(value[k], child, inner.has(k));
    if (v !== null && v !== undefined) out[k] = v;
  }
  return Object.keys(out).length || required ? out : undefined;
}

/**
 * The body of a create or update: the declared fields of the form data (nested objects that
 * allow nothing else pruned the same way; `readOnly` fields are shown, never sent), plus the
 * row key on update.
 */
export function toBody(data: Node, schema: unknown, key?: { name: string; value: unknown }): Node {
  const out: Node = {};
  const props = isNode(schema) && isNode(schema.properties) ? schema.properties : {};
  const required = new Set(isNode(schema) && Array.isArray(schema.required) ? (schema.required as string[]) : []);
  for (const name of propertyNames(schema)) {
    if (isNode(props[name]) && props[name].readOnly === true) continue;
    const v = pruned(data[name], props[name], required.has(name));
    if (v !== undefined) out[name] = v;
  }
  if (key) out[key.name] = key.value;
  return out;
}

/** FieldErrors paths as RJSF's nested ErrorSchema with the given messages. */
export function toErrorSchema(messages: Record<string, string>): Node {
  const root: Node = {};
  for (const [path, message] of Object.entries(messages)) {
    let node = root;
    for (const part of path.split('.').filter(Boolean)) {
      if (!isNode(node[part])) node[part] = {};
      node = node[part] as Node;
    }
    const list = Array.isArray(node.__errors) ? (node.__errors as string[]) : [];
    node.__errors = [...list, message];
  }
  return root;
}

/** The `default`s of a schema's properties (nested objects too): the data of a new record. */
/** Today plus `days` on the local calendar, 'YYYY-MM-DD' (`x-defaultDays`). */
export function localDatePlus(days: number, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function schemaDefaults(schema: unknown): Node {
  const out: Node = {};
  if (!isNode(schema) || !isNode(schema.properties)) return out;
  for (const [key, node] of Object.entries(schema.properties)) {
    if (!isNode(node)) continue;
    if (node.default !== undefined) out[key] = structuredClone(node.default);
    else if (typeof node['x-defaultDays'] === 'number') out[key] = localDatePlus(node['x-defaultDays']);
    else if (node.type === 'object') {
      const nested = schemaDefaults(node);
      if (Object.keys(nested).length) out[key] = nested;
    }
  }
  return out;
}

/**
 * The schema's defaults under a loaded record: what the tenant never saved starts from the
 * declared defaults (a first layout: layout A, red, every function), nested objects merged.
 */
export function withDefaults(record: Node, defaults: Node): Node {
  const out: Node = { ...defaults };
  for (const [k, v] of Object.entries(record)) {
    const d = defaults[k];
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && d && typeof d === 'object' && !Array.isArray(d) ? withDefaults(v as Node, d as Node) : v;
  }
  return out;
}

// --- Conditional fields (ui:options.visibleIf) -------------------------------------------

/**
 * Dot paths of the fields a uiSchema hides for this data: a node whose
 * `ui:options.visibleIf` (json-logic over the whole form data, e.g.
 * `{ "!=": [{ "var": "domainType" }, 1] }`) is not truthy. A condition that cannot be judged
 * (it throws) keeps the field visible. Children of a hidden object are not listed again.
 * `ui:options.tenantTypes` (TenantType values) hides a field from users of other tenant types
 * (e.g. a role's customers are the operator's, its brands a client's).
 */
export function hiddenPaths(uiSchema: unknown, data: unknown, evaluate: (logic: unknown, data: unknown) => unknown, tenantType?: number): string[] {
  const out: string[] = [];
  const walk = (ui: unknown, path: string) => {
    if (!isNode(ui)) return;
    for (const [key, child] of Object.entries(ui)) {
      if (key.startsWith('ui:') || !isNode(child)) continue;
      const childPath = path ? `${path}.${key}` : key;
      const options = child['ui:options'];
      if (isNode(options) && Array.isArray(options.tenantTypes) && !options.tenantTypes.includes(tenantType)) {
        out.push(childPath);
        continue;
      }
      if (isNode(options) && options.visibleIf !== undefined) {
        let visible = true;
        try {
          visible = Boolean(evaluate(options.visibleIf, data));
        } catch {
          visible = true;
        }
        if (!visible) {
          out.push(childPath);
          continue;
        }
      }
      walk(child, childPath);
    }
  };
  walk(uiSchema, '');
  return out;
}

/** A copy of a uiSchema with the fields at `paths` rendered hidden. */
export function hideFields(uiSchema: Node, paths: readonly string[]): Node {
  if (paths.length === 0) return uiSchema;
  const root: Node = { ...uiSchema };
  for (const path of paths) {
    let node = root;
    const parts = path.split('.');
    parts.forEach((part, i) => {
      const next: Node = isNode(node[part]) ? { ...(node[part] as Node) } : {};
      node[part] = next;
      if (i === parts.length - 1) {
        next['ui:widget'] = 'hidden';
        delete next['ui:field'];
      }
      node = next;
    });
  }
  return root;
}

/** A copy of the data without the values at `paths` (hidden fields are neither checked nor sent). */
export function withoutPaths(data: Node, paths: readonly string[]): Node {
  if (paths.length === 0) return data;
  const root: Node = { ...data };
  for (const path of paths) {
    const parts = path.split('.');
    let node: Node = root;
    for (let i = 0; i < parts.length - 1; i++) {
      if (!isNode(node[parts[i]])) {
        node = {};
        break;
      }
      node[parts[i]] = { ...(node[parts[i]] as Node) };
      node = node[parts[i]] as Node;
    }
    delete node[parts[parts.length - 1]];
  }
  return root;
}

type SchemaNode = { type?: unknown; title?: unknown; required?: string[]; properties?: Record<string, SchemaNode>; items?: SchemaNode };

/** The schema with the fields of `paths` (dot paths into object properties) marked required. */
export function withRequired<S extends object>(schema: S, paths: readonly string[]): S {
  if (!paths.length) return schema;
  const mark = (node: SchemaNode, [key, ...rest]: string[]): SchemaNode => {
    if (!node.properties?.[key]) return node;
    if (rest.length) return { ...node, properties: { ...node.properties, [key]: mark(node.properties[key], rest) } };
    return node.required?.includes(key) ? node : { ...node, required: [...(node.required ?? []), key] };
  };
  return paths.reduce((s, p) => mark(s, p.split('.')) as S, schema);
}

/** The title of the field at a dot path of a (localized) schema, through objects and arrays; '' when it has none. */
export function fieldTitle(schema: object, path: string): string {
  let node: SchemaNode | undefined = schema as SchemaNode;
  let title = '';
  for (const key of path.split('.')) {
    node = /^\d+$/.test(key) ? node?.items : node?.properties?.[key];
    if (typeof node?.title === 'string' && node.title) title = node.title;
  }
  return title;
}

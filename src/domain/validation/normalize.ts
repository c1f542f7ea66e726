/**
 * What the validator does to data and schemas before Ajv sees them.
 *
 * withoutEmpty: a form's empty input is a missing value. In every object, a property that
 * is null, undefined, a string of only white space, or an empty array is left out, so
 * `required` answers 'required' for it and the other keywords of an optional field do not
 * run. Arrays keep their items (indices stay the field paths). The result is a fresh copy.
 *
 * inlineRefs: named references of the renderer ('enum:RoleType') become their schemas.
 *
 * closeObjects: for the server, an object location whose schema (with its allOf, anyOf,
 * oneOf, if/then/else and local $ref parts) does not say additionalProperties or
 * patternProperties becomes `additionalProperties: false` over the union of the property
 * names that those parts declare, so unknown fields are caught even when properties are
 * spread over conditional branches.
 */
import { FLAG_ENUMS, isEnumName } from '../enums';
import { isEmptyValue } from '../rules';
import { setOwn } from './paths';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function withoutEmpty(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(withoutEmpty);
  if (!isPlainObject(data)) return data;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (isEmptyValue(v)) continue;
    // An own '__proto__' key (JSON.parse makes one) stays a plain field, checked like any other.
    setOwn(out, k, withoutEmpty(v));
  }
  return out;
}

type SchemaNode = Record<string, unknown>;

const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const IN_PLACE_SINGLE = ['if', 'then', 'else'] as const;

function resolveLocalRef(root: SchemaNode, ref: string): SchemaNode | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let cur: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isPlainObject(cur)) return undefined;
    cur = cur[part];
  }
  return isPlainObject(cur) ? cur : undefined;
}

/** The node and every schema that applies at the same instance location. */
function inPlaceGroup(root: SchemaNode, node: SchemaNode, seen: Set<SchemaNode>): SchemaNode[] {
  if (seen.has(node)) return [];
  seen.add(node);
  const group = [node];
  for (const key of IN_PLACE_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) for (const s of list) if (isPlainObject(s)) group.push(...inPlaceGroup(root, s, seen));
  }
  for (const key of IN_PLACE_SINGLE) {
    const s = node[key];
    if (isPlainObject(s)) group.push(...inPlaceGroup(root, s, seen));
  }
  if (typeof node.$ref === 'string') {
    const target = resolveLocalRef(root, node.$ref);
    if (target) group.push(...inPlaceGroup(root, target, seen));
  }
  return group;
}

const isObjectSchema = (s: SchemaNode) =>
  s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object')) || isPlainObject(s.properties);

/** A deep copy of `schema` with unknown properties closed at every object location. */
export function closeObjects(schema: unknown): unknown {
  if (!isPlainObject(schema)) return schema;
  const root = structuredCloneJson(schema) as SchemaNode;
  const visited = new Set<SchemaNode>();

  /** `nodes` all apply at one instance location (reached through properties or items). */
  const visit = (nodes: SchemaNode[]) => {
    if (nodes.every((n) => visited.has(n))) return;
    nodes.forEach((n) => { visited.add(n); });
    const seen = new Set<SchemaNode>();
    const group = nodes.flatMap((n) => inPlaceGroup(root, n, seen));
    const open = group.some((s) => s.additionalProperties !== undefined || s.patternProperties !== undefined);
    if (group.some(isObjectSchema) && !open) {
      const names = new Set(group.flatMap((s) => (isPlainObject(s.properties) ? Object.keys(s.properties) : [])));
      for (const node of nodes) {
        const props: Record<string, unknown> = isPlainObject(node.properties) ? { ...node.properties } : {};
        for (const name of names) props[name] ??= {};
        node.properties = props;
        node.additionalProperties = false;
      }
    }
    // Deeper instance locations: each property name, additionalProperties, items by position.
    const byLocation = new Map<string, SchemaNode[]>();
    const add = (where: string, sub: unknown) => {
      if (isPlainObject(sub)) byLocation.set(where, [...(byLocation.get(where) ?? []), sub]);
    };
    for (const s of group) {
      if (isPlainObject(s.properties)) for (const [name, sub] of Object.entries(s.properties)) add(`p:${name}`, sub);
      if (isPlainObject(s.patternProperties)) for (const [pattern, sub] of Object.entries(s.patternProperties)) add(`pp:${pattern}`, sub);
      add('ap', s.additionalProperties);
      if (Array.isArray(s.items)) s.items.forEach((sub, i) => { add(`i:${i}`, sub); });
      else add('items', s.items);
      add('ai', s.additionalItems);
      add('contains', s.contains);
    }
    for (const subs of byLocation.values()) visit(subs);
  };
  visit([root]);
  return root;
}

/**
 * A copy of `schema` with every non-local `$ref` ('enum:RoleType') replaced by what
 * `resolveRef` answers (siblings of the $ref kept beside it in an allOf).
 */
export function inlineRefs(schema: unknown, resolveRef: (ref: string) => unknown): unknown {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    if (typeof obj.$ref === 'string' && !obj.$ref.startsWith('#')) {
      const target = resolveRef(obj.$ref);
      if (target === undefined) throw new Error(`unresolved $ref "${obj.$ref}"`);
      const { $ref: _ref, ...rest } = obj;
      const inlined = walk(structuredCloneJson(target));
      return Object.keys(rest).length ? { allOf: [inlined], ...(walk(rest) as object) } : inlined;
    }
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, walk(v)]));
  };
  return walk(schema);
}

/** Declarations are JSON: a JSON round trip is a faithful deep copy. */
export function structuredCloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * What `required` means beyond "present" (see docs/validation.md "Required"), applied to the
 * data checked (not to the value a server keeps):
 *  - a required bit-flag field (`x-enum` of a flag enum) holding 0 has no flag: it is missing;
 *  - a required object that is missing, and has required fields of its own, is checked as
 *    `{}`, so each of those fields is flagged on its own input (`contacts.primary.name`)
 *    rather than the whole object on none.
 * Walks `properties` and `items` of the (resolved) schema.
 */
export function requiredView(data: unknown, schema: unknown): unknown {
  if (!isPlainObject(schema)) return data;
  if (Array.isArray(data)) {
    const items = schema.items;
    return isPlainObject(items) ? data.map((d) => requiredView(d, items)) : data;
  }
  if (!isPlainObject(data) || !isPlainObject(schema.properties)) return data;
  const properties = schema.properties;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Record<string, unknown> = { ...data };
  for (const [key, sub] of Object.entries(properties)) {
    if (!isPlainObject(sub)) continue;
    const value = Object.hasOwn(out, key) ? out[key] : undefined;
    if (required.has(key) && value === 0 && isFlagEnum(sub['x-enum'])) delete out[key];
    else if (value === undefined && required.has(key) && hasRequired(sub)) setOwn(out, key, requiredView({}, sub));
    else if (value !== undefined) setOwn(out, key, requiredView(value, sub));
  }
  return out;
}

const hasRequired = (s: SchemaNode) => isObjectSchema(s) && Array.isArray(s.required) && s.required.length > 0;
const isFlagEnum = (name: unknown) => typeof name === 'string' && isEnumName(name) && FLAG_ENUMS.includes(name);

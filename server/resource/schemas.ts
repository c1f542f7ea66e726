/**
 * JSON schemas of a resource's routes, compiled from its screen declaration: the body of a
 * create or an update (the form), one item and a page of the list (the form's fields and the
 * grid's columns). They document the routes (OpenAPI, server/docs.ts); bodies are validated by
 * the shared validator with the same form (src/domain/validation), which also applies the
 * `x-` keywords and json-logic rules Fastify's ajv does not know.
 */
import { editForm, resolveForm, resolveSchema, type ScreenDeclaration } from '../../src/domain/declarations';
import { DB_INT_MAX } from '../services/resource';

type Node = Record<string, unknown>;

/** A copy without `x-` annotations (Fastify's ajv and OpenAPI readers know standard keywords only). */
export function standardOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(standardOnly);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !k.startsWith('x-')).map(([k, v]) => [k, standardOnly(v)]));
}

export const idSchema = { type: 'integer', minimum: 1, maximum: DB_INT_MAX } as const;

/** Body of a create (`edit` false) or an update (`edit` true: readOnlyOnEdit not required, the id required). */
export function bodySchema(decl: ScreenDeclaration, mode: 'create' | 'update' | 'upsert', readOnly: readonly string[] = []): Node {
  if (!decl.form) return { type: 'object' };
  const form = mode === 'create' ? resolveForm(decl.form) : editForm(decl.form);
  const schema = standardOnly(form.schema) as Node;
  const properties = { ...(schema.properties as Node | undefined) };
  if (mode !== 'create') properties.id = { ...idSchema, description: mode === 'update' ? 'the resource to change' : 'present: edit that resource; absent: create one' };
  for (const key of readOnly) if (!(key in properties)) properties[key] = { readOnly: true, description: 'answered by the server, ignored in a body' };
  const required = [...((schema.required as string[] | undefined) ?? []), ...(mode === 'update' ? ['id'] : [])];
  return { ...schema, properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

/** One resource as the server answers it: id, the form's fields and the grid's columns. */
export function itemSchema(decl: ScreenDeclaration): Node {
  const form = decl.form ? (standardOnly(resolveForm(decl.form).schema) as Node) : {};
  const properties: Node = { id: idSchema, ...((form.properties as Node | undefined) ?? {}) };
  for (const column of decl.grid?.columns ?? []) {
    if (!(column.key in properties)) properties[column.key] = column.format === 'datetime' ? { type: 'string', format: 'date-time' } : {};
  }
  return { type: 'object', properties };
}

/** `{ items, total }` of a list. */
export function pageSchema(decl: ScreenDeclaration): Node {
  return { type: 'object', required: ['items', 'total'], properties: { items: { type: 'array', items: itemSchema(decl) }, total: { type: 'integer', minimum: 0 } } };
}

/** The list's filters as querystring properties (resolved enums, no annotations). */
export function filterProperties(decl: ScreenDeclaration): Node {
  const filters = decl.filters?.schema;
  return filters ? (((standardOnly(resolveSchema(filters)) as Node).properties as Node | undefined) ?? {}) : {};
}

/** A `keyword` filter, for lists whose declaration has no filter form (categories, brands). */
export const KEYWORD_FILTER = { type: 'object', properties: { keyword: { type: 'string', maxLength: 50 } } };

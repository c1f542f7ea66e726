/**
 * Documentation of the routes the screen declarations name, for routes written by hand (those
 * of defineResource carry their own): `api.list` answers a page, `api.get` one item,
 * `api.create`/`api.update` take the form, `api.export` the list's filters with format and
 * lang, a row action its `input` form (none: no body). Keyed 'METHOD /v1/path/:param'.
 */
import { loadDeclarations, parseApiCall, resolveSchema, type ScreenDeclaration } from '../../src/domain/declarations';
import { listExportForm } from '../services/listExport';
import type { RouteDocs } from './define';
import { bodySchema, itemSchema, pageSchema, standardOnly } from './schemas';

/** 'GET system/role/{id}' -> 'GET /v1/system/role/:id'. */
export const routeKey = (call: string) => {
  const { method, path } = parseApiCall(call);
  return `${method} /v1/${path.replace(/\{([^}]+)\}/g, ':$1')}`;
};

/** A write that takes no body. */
export const NO_BODY = { type: 'object', maxProperties: 0, description: 'no body' } as const;

function docsOf(decl: ScreenDeclaration): [string, RouteDocs][] {
  const api = decl.api;
  const out: [string, RouteDocs][] = [];
  const upsert = api.create !== undefined && api.create === api.update;
  if (api.list) out.push([api.list, { response: pageSchema(decl) }]);
  if (api.get) out.push([api.get, { response: itemSchema(decl) }]);
  if (decl.form) {
    if (api.create) out.push([api.create, { body: bodySchema(decl, upsert ? 'upsert' : 'create'), response: itemSchema(decl) }]);
    if (api.update && !upsert) out.push([api.update, { body: bodySchema(decl, 'update'), response: itemSchema(decl) }]);
  }
  if (api.export) out.push([api.export, { body: standardOnly(listExportForm(decl).schema) as Record<string, unknown>, status: 201 }]);
  for (const action of decl.grid?.rowActions ?? []) {
    const input = (action as { input?: { schema?: Record<string, unknown> } }).input;
    const { method } = parseApiCall(action.api);
    if (method === 'GET' || method === 'DELETE') continue;
    out.push([action.api, { body: input?.schema ? (standardOnly(resolveSchema(input.schema)) as Record<string, unknown>) : NO_BODY }]);
  }
  return out;
}

let cache: Map<string, RouteDocs> | undefined;

/** RouteDocs by route key, from every declaration (first declaration naming a call wins). */
export function declaredRouteDocs(): Map<string, RouteDocs> {
  if (!cache) {
    cache = new Map();
    for (const decl of loadDeclarations()) {
      for (const [call, docs] of docsOf(decl)) if (!cache.has(routeKey(call))) cache.set(routeKey(call), { summary: decl.resource ?? decl.id, ...docs });
    }
  }
  return cache;
}

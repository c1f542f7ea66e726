/**
 * Option lists (`GET .../options`): the rows a form's select offers, as `[{ value, label, ... }]`.
 * `defineOptions({ path, menuId, summary, query, tenant, scope, option })` gives the route:
 *  - the caller's tenant on the query (`tenant`: the column, e.g. 'f.tenant_id') and the role
 *    scope columns (`scope.clients` / `scope.brands`, services/scope.ts), as defineResource;
 *  - every row the query selects, in its order (the module's joins, columns and ORDER BY),
 *    each made an option by `option`;
 *  - the documentation: the summary and the answer (value, label and the declared `fields`).
 * Lists that group their options or take filters stay hand-written.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { caller } from '../auth';
import type { AppDeps } from '../context';
import { roleScope, scopeCondition } from '../services/scope';
import type { Db } from './define';

export interface Option {
  value: number;
  label: string;
  [field: string]: unknown;
}

export interface OptionsDefinition<Row> {
  /** The route under /v1, without the leading slash ('Binding/factory/options'). */
  path: string;
  menuId: number | number[];
  summary: string;
  /** The selection and its order; the layer adds the tenant and scope conditions. */
  query(db: Db): SelectQueryBuilder<any, any, Row>;
  /** The column holding the row's tenant ('f.tenant_id'). */
  tenant: string;
  /** Role scope: the column holding the client id (`clients`) or brand id (`brands`). */
  scope?: { clients?: string; brands?: string };
  option(row: Row): Option;
  /** JSON schemas of the option's fields besides value and label (documentation). */
  fields?: Record<string, unknown>;
}

export interface OptionList {
  routes(app: FastifyInstance, deps: AppDeps): void;
}

export function defineOptions<Row>(def: OptionsDefinition<Row>): OptionList {
  const response = {
    type: 'array',
    items: { type: 'object', required: ['value', 'label'], properties: { value: { type: 'integer' }, label: { type: 'string' }, ...def.fields } },
  };
  return {
    routes(app, deps) {
      app.get(`/${def.path}`, { config: { menuId: def.menuId, docs: { summary: def.summary, response } } }, async (req) => {
        const who = caller(req);
        let q = def.query(deps.db).where(sql.ref(def.tenant), '=', who.tenantId);
        if (def.scope) {
          const scope = await roleScope(deps.db, who);
          if (def.scope.clients) q = q.where(scopeCondition(scope.clients, def.scope.clients));
          if (def.scope.brands) q = q.where(scopeCondition(scope.brands, def.scope.brands));
        }
        return (await q.execute()).map(def.option);
      });
    },
  };
}

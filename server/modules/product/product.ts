/**
 * Client products (menu 17, the operator), declared by src/schemas/product/client-product.json:
 *   GET    Product/client             list { items, total } (keyword: name contains; clientId);
 *                                     with `?id=` the one product instead (404 when not seen)
 *   GET    Product/client/options     grouped options { groupName: client names, groupItems:
 *                                     [{ value, label, clientId }] } (menus 17, 18, 25)
 *   POST   Product/client             without `id` creates (201), with `id` edits (200)
 *   DELETE Product/client/{id}        204; 400 code 51 while packaging materials use it
 *   GET    Product/customers          the active clients the caller's role manages, as options
 *                                     { value, label, code, names } (menus 17, 18, 25)
 * A client product belongs to one active client tenant (`clientId`, fixed once created) and is
 * kept by the operator tenant. Lists, reads and writes are limited to the clients the caller's
 * role manages (server/services/scope.ts); a product of another client answers 404 code 2.
 * Its name is unique per client whatever its case (code 1 checkRepeatName).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import { TenantType } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { LANGS, pickName, type Names } from '../../../src/domain/lang';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { containsPattern } from '../../db/list';
import type { Database } from '../../db/schema';
import { ApiError, badRequest } from '../../errors';
import { defineResource, isReferenced, takenIgnoringCase } from '../../resource/define';
import { roleScope, scopeCondition } from '../../services/scope';
import { CLIENT_CHOOSING_MENUS } from '../../services/menuIds';
import { clientNameSort, isManagedClient } from '../../services/clients';
import { langOf } from '../../services/names';

const DECL = declaration('product.client-product');

type Db = AppDeps['db'] | Transaction<Database>;

export interface ClientProductDto {
  id: number;
  clientId: number;
  clientName: Names;
  name: string;
  materialCount: number;
  createdAt: string;
  updatedAt: string;
}

interface ClientProductBody {
  clientId: number;
  name: string;
}

const repeatName = () => badRequest({ name: { key: 'checkRepeatName' } });

const productQuery = (db: Db) => db.selectFrom('client_products as p')
  .innerJoin('tenants as t', 't.id', 'p.client_id')
  .select(['p.id', 'p.client_id', 't.names as clientNames', 't.code as clientCode', 'p.name', 'p.created_at', 'p.updated_at'])
  .select((eb) => eb.selectFrom('packaging_materials as m').select(eb.fn.countAll().as('n')).whereRef('m.product_id', '=', 'p.id').as('materialCount'));

type ProductRow = Awaited<ReturnType<ReturnType<typeof productQuery>['executeTakeFirstOrThrow']>>;

const clientProducts = defineResource<ProductRow, ClientProductDto, ClientProductBody, { keyword?: string; clientId?: number }>({
  declaration: DECL,
  table: 'client_products',
  alias: 'p',
  columns: { name: sql`lower(p.name)`, clientName: clientNameSort('t'), createdAt: 'p.created_at', updatedAt: 'p.updated_at' },
  query: productQuery,
  scope: { clients: 'p.client_id' },
  getByQuery: true,
  filter: (q, { keyword, clientId }) => {
    let out = q;
    if (keyword?.trim()) out = out.where('p.name', 'ilike', containsPattern(keyword.trim()));
    if (clientId !== undefined) out = out.where('p.client_id', '=', clientId);
    return out;
  },
  toDto: (r) => ({
    id: r.id,
    clientId: r.client_id,
    clientName: r.clientNames ?? {},
    name: r.name,
    materialCount: Number(r.materialCount ?? 0),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }),
  values: async ({ trx, who, scope }, body, before) => {
    const name = body.name.trim();
    if (!before && !(await isManagedClient(trx, scope, body.clientId))) throw badRequest({ clientId: { key: 'oneOf' } });
    const clientId = before?.clientId ?? body.clientId;
    if (await takenIgnoringCase(trx, 'client_products', 'name', name, { tenant_id: who.tenantId, client_id: clientId }, before?.id ?? null)) throw repeatName();
    return before ? { name } : { client_id: clientId, name };
  },
  // The row lock makes a concurrent material creation for this product wait (FK check).
  beforeRemove: async ({ trx }, before) => {
    if (await isReferenced(trx, 'packaging_materials', 'product_id', before.id)) throw boundPackaging();
  },
  // Two saves of the same name at once: the unique index decides.
  uniqueErrors: { client_products_name_uq: repeatName },
  errors: { remove: [ErrorCode.ClientHasBoundPackaging] },
});

export default async function productRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  app.get<{ Querystring: { lang?: string } }>('/Product/customers', {
    config: { menuId: CLIENT_CHOOSING_MENUS },
    schema: { querystring: { type: 'object', properties: { lang: { type: 'string', enum: [...LANGS] } } } },
  }, async (req) => {
    const who = caller(req);
    if (who.tenantType !== TenantType.Operator) return [];
    const scope = await roleScope(db, who);
    const lang = langOf(req.query.lang);
    const rows = await db.selectFrom('tenants as t').select(['t.id', 't.code', 't.names'])
      .where('t.type', '=', TenantType.Client).where('t.deleted_at', 'is', null)
      .where(scopeCondition(scope.clients, 't.id'))
      .orderBy('t.code').orderBy('t.id')
      .execute();
    return rows.map((t) => ({ value: t.id, label: pickName(t.names, lang) || t.code, code: t.code, names: t.names ?? {} }));
  });

  app.get('/Product/client/options', { config: { menuId: CLIENT_CHOOSING_MENUS } }, async (req) => {
    const who = caller(req);
    const scope = await roleScope(db, who);
    const rows = await db.selectFrom('client_products as p')
      .innerJoin('tenants as t', 't.id', 'p.client_id')
      .select(['p.id', 'p.name', 'p.client_id', 't.names', 't.code'])
      .where('p.tenant_id', '=', who.tenantId)
      .where('t.deleted_at', 'is', null)
      .where(scopeCondition(scope.clients, 'p.client_id'))
      .orderBy('t.code').orderBy(sql`lower(p.name)`).orderBy('p.id')
      .execute();
    const groups = new Map<number, { groupName: Names | string; groupItems: { value: number; label: string; clientId: number }[] }>();
    for (const r of rows) {
      let g = groups.get(r.client_id);
      if (!g) groups.set(r.client_id, (g = { groupName: Object.keys(r.names ?? {}).length ? r.names : r.code, groupItems: [] }));
      g.groupItems.push({ value: r.id, label: r.name, clientId: r.client_id });
    }
    return [...groups.values()];
  });

  clientProducts.routes(app, deps);
}

/** 51: packaging materials are bound (to the client, or to the client product). */
export const boundPackaging = () => new ApiError(400, ErrorCode.ClientHasBoundPackaging);


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
import type { Page } from '../../src/domain/api';
import { declaration, editForm, resolveForm } from '../../src/domain/declarations';
import { TenantType } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { DEFAULT_LANG, LANGS, isLang, pickName, type Names } from '../../src/domain/lang';
import { caller } from '../auth';
import type { AppDeps } from '../context';
import { containsPattern, listPage, listRoute, listSpec, type ListParams } from '../db/list';
import type { Database } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import { recordChange } from '../services/changelog';
import { idParams, isDbId, isUniqueViolation, objectBody, validated, withoutKeys } from '../services/resource';
import { roleScope, scopeCondition, type RoleScope } from '../services/scope';

export const CLIENT_PRODUCT_MENU_ID = 17;
export const PACKAGING_MENU_ID = 18;
export const BRAND_PRODUCT_MENU_ID = 19;
export const CODE_PACKAGE_MENU_ID = 25;
/** The menus whose forms choose a client (and a client product). */
export const CLIENT_CHOOSING_MENUS = [CLIENT_PRODUCT_MENU_ID, PACKAGING_MENU_ID, CODE_PACKAGE_MENU_ID];

const DECL = declaration('product.client-product');
const FORM = DECL.form!;
const RESOURCE = DECL.resource ?? 'clientProduct';
/** Fields the server answers but never takes: a body may carry them back, they are ignored. */
const READ_ONLY = ['clientName', 'materialCount', 'createdAt', 'updatedAt'];

type Db = AppDeps['db'] | Transaction<Database>;

/** Sort expression of a client's name (zh_TW first, then the fallback order, then the code). */
export const clientNameSort = (alias: string) =>
  sql`lower(coalesce(${sql.ref(`${alias}.names`)}->>'zh_TW', ${sql.ref(`${alias}.names`)}->>'zh_CN', ${sql.ref(`${alias}.names`)}->>'en', ${sql.ref(`${alias}.code`)}))`;

/** A language from a query parameter (default zh_TW). */
export const langOf = (v: unknown) => (isLang(v) ? v : DEFAULT_LANG);

/**
 * Is `clientId` an active client tenant (not deleted) the scope allows? Locks the tenant row
 * (FOR SHARE) so a concurrent client deletion waits for the write that uses it.
 */
export async function isManagedClient(trx: Transaction<Database>, scope: RoleScope, clientId: unknown): Promise<boolean> {
  if (!isDbId(clientId)) return false;
  if (scope.clients !== null && !scope.clients.includes(clientId)) return false;
  const row = await trx.selectFrom('tenants').select('id')
    .where('id', '=', clientId).where('type', '=', TenantType.Client).where('deleted_at', 'is', null)
    .forShare()
    .executeTakeFirst();
  return row !== undefined;
}

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

type ProductQuery = ListParams & { keyword?: string; clientId?: number; id?: number };

const SPEC = listSpec(DECL, {
  name: sql`lower(p.name)`,
  clientName: clientNameSort('t'),
  createdAt: 'p.created_at',
  updatedAt: 'p.updated_at',
}, 'p.id');

function productQuery(db: Db, tenantId: number, scope: RoleScope) {
  return db.selectFrom('client_products as p')
    .innerJoin('tenants as t', 't.id', 'p.client_id')
    .select(['p.id', 'p.client_id', 't.names as clientNames', 't.code as clientCode', 'p.name', 'p.created_at', 'p.updated_at'])
    .select((eb) => eb.selectFrom('packaging_materials as m').select(eb.fn.countAll().as('n')).whereRef('m.product_id', '=', 'p.id').as('materialCount'))
    .where('p.tenant_id', '=', tenantId)
    .where(scopeCondition(scope.clients, 'p.client_id'));
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof productQuery>['executeTakeFirstOrThrow']>>;

function toDto(r: ProductRow): ClientProductDto {
  return {
    id: r.id,
    clientId: r.client_id,
    clientName: r.clientNames ?? {},
    name: r.name,
    materialCount: Number(r.materialCount ?? 0),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

async function loadProduct(db: Db, tenantId: number, scope: RoleScope, id: number, lock = false): Promise<ClientProductDto | null> {
  let q = productQuery(db, tenantId, scope).where('p.id', '=', id);
  if (lock) q = q.forUpdate('p');
  const row = await q.executeTakeFirst();
  return row ? toDto(row) : null;
}

const repeatName = () => badRequest({ name: { key: 'checkRepeatName' } });

async function nameTaken(trx: Transaction<Database>, tenantId: number, clientId: number, name: string, selfId: number | null) {
  let q = trx.selectFrom('client_products').select('id')
    .where('tenant_id', '=', tenantId).where('client_id', '=', clientId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (selfId !== null) q = q.where('id', '!=', selfId);
  return (await q.executeTakeFirst()) !== undefined;
}

export default async function productRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const config = { menuId: CLIENT_PRODUCT_MENU_ID };

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

  app.get<{ Querystring: ProductQuery }>('/Product/client', {
    config,
    ...(() => {
      const route = listRoute(SPEC, DECL.filters?.schema);
      const qs = route.schema!.querystring as { properties: Record<string, unknown> };
      qs.properties.id = idParams.properties.id;
      return route;
    })(),
  }, async (req): Promise<Page<ClientProductDto> | ClientProductDto> => {
    const who = caller(req);
    const scope = await roleScope(db, who);
    const { keyword, clientId, id } = req.query;
    if (id !== undefined) {
      const one = await loadProduct(db, who.tenantId, scope, id);
      if (!one) throw notFound();
      return one;
    }
    let q = productQuery(db, who.tenantId, scope);
    if (keyword?.trim()) q = q.where('p.name', 'ilike', containsPattern(keyword.trim()));
    if (clientId !== undefined) q = q.where('p.client_id', '=', clientId);
    const page = await listPage(q, SPEC, req.query);
    return { total: page.total, items: page.items.map(toDto) };
  });

  app.post('/Product/client', { config }, async (req, reply) => {
    const who = caller(req);
    const raw = withoutKeys(objectBody(req.body), READ_ONLY);
    const editing = raw.id !== undefined && raw.id !== null && raw.id !== '';
    if (editing && !isDbId(raw.id)) throw badRequest({ id: { key: 'integer' } });
    const id = editing ? (raw.id as number) : null;
    const body = validated<ClientProductBody>(editing ? editForm(FORM) : resolveForm(FORM), withoutKeys(raw, ['id']));
    const name = body.name.trim();
    try {
      const saved = await db.transaction().execute(async (trx) => {
        const scope = await roleScope(trx, who);
        const now = new Date();
        if (id === null) {
          if (!(await isManagedClient(trx, scope, body.clientId))) throw badRequest({ clientId: { key: 'oneOf' } });
          if (await nameTaken(trx, who.tenantId, body.clientId, name, null)) throw repeatName();
          const { id: newId } = await trx.insertInto('client_products')
            .values({ tenant_id: who.tenantId, client_id: body.clientId, name, created_at: now, updated_at: now })
            .returning('id').executeTakeFirstOrThrow();
          const after = (await loadProduct(trx, who.tenantId, scope, newId))!;
          await recordChange(trx, who, { resource: RESOURCE, resourceId: newId, action: 'create', after });
          return after;
        }
        const before = await loadProduct(trx, who.tenantId, scope, id, true);
        if (!before) throw notFound();
        // The client is fixed once created (readOnlyOnEdit): another one is refused.
        if (body.clientId !== undefined && body.clientId !== before.clientId) throw badRequest({ clientId: { key: 'invalid' } });
        if (await nameTaken(trx, who.tenantId, before.clientId, name, id)) throw repeatName();
        await trx.updateTable('client_products').set({ name, updated_at: now })
          .where('id', '=', id).where('tenant_id', '=', who.tenantId).execute();
        const after = (await loadProduct(trx, who.tenantId, scope, id))!;
        await recordChange(trx, who, { resource: RESOURCE, resourceId: id, action: 'update', before, after });
        return after;
      });
      return reply.code(id === null ? 201 : 200).send(saved);
    } catch (err) {
      // Two saves of the same name at once: the unique index decides.
      if (isUniqueViolation(err, 'client_products_name_uq')) throw repeatName();
      throw err;
    }
  });

  app.delete<{ Params: { id: number } }>('/Product/client/:id', { config, schema: { params: idParams } }, async (req, reply) => {
    const who = caller(req);
    const id = req.params.id;
    await db.transaction().execute(async (trx) => {
      const scope = await roleScope(trx, who);
      const before = await loadProduct(trx, who.tenantId, scope, id, true);
      if (!before) throw notFound();
      // The row lock makes a concurrent material creation for this product wait (FK check).
      const used = await trx.selectFrom('packaging_materials').select('id').where('product_id', '=', id).limit(1).executeTakeFirst();
      if (used) throw boundPackaging();
      await trx.deleteFrom('client_products').where('id', '=', id).where('tenant_id', '=', who.tenantId).execute();
      await recordChange(trx, who, { resource: RESOURCE, resourceId: id, action: 'delete', before });
    });
    return reply.code(204).send();
  });
}

/** 51: packaging materials are bound (to the client, or to the client product). */
export const boundPackaging = () => new ApiError(400, ErrorCode.ClientHasBoundPackaging);


/**
 * The declarative server resource: `defineResource({ declaration, table, alias, columns,
 * query, scope, toDto, values, ... })` gives the list, get, create, update and delete routes
 * the declaration's `api` names, each with
 *  - the caller's tenant (`<alias>.tenant_id`) and role scope (services/scope.ts) on every
 *    query: an id outside them is 404 code 2;
 *  - the body checked with the declaration's form by the shared validator, in the route's
 *    validator (resource/body.ts: the same schema documents the body; unknown fields
 *    code 1, fields the server answers but never takes stripped: the grid's columns that are
 *    not form fields, plus `readOnly`), and `readOnlyOnEdit` fields compared with the stored
 *    value (another value: code 1 `invalid`);
 *  - one transaction per write: the row read FOR UPDATE, the module's rules and columns
 *    (`values`), the form's upload addresses checked with its `x-file` rules (an address the
 *    row already holds not again; services/formUploads.ts), the insert or update with tenant_id/created_at/updated_at, `afterWrite`
 *    (relation rows), the resource read back, the change log (services/changelog.ts);
 *  - unique violations mapped to catalogue codes (`uniqueErrors`), a foreign key refusal
 *    to `foreignKeyError`;
 *  - documentation: body, response and the catalogue codes in the route config (server/docs.ts).
 * A module keeps its SQL (`query`, `filter`, `values`) and its rules (`values`, `beforeRemove`).
 * Write routes: create 201, update 200, delete 204. When the declaration's create and update
 * are the same call (or `upsert`), a body with an id edits and one without creates.
 * Writes that need more: `prepare` (slow work before the transaction, e.g. a password hash),
 * `insert` (several rows for one create, e.g. a tenant with its Admin role and admin),
 * `created` (a create that answers something else, e.g. a password shown once),
 * `tenantScoped: false` (rows that are not a tenant's own: the client screen's tenants).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { FieldErrors, Page } from '../../src/domain/api';
import { editForm, parseApiCall, resolveForm, type ScreenDeclaration } from '../../src/domain/declarations';
import { ErrorCode } from '../../src/domain/errors';
import { caller, type Caller } from '../auth';
import type { AppDeps } from '../context';
import { listPage, listRoute, listSpec, type ListParams, type ListSpec, type SortExpression } from '../db/list';
import type { Database } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import { recordChange } from '../services/changelog';
import { bodyId, idParams, isForeignKeyViolation, isUniqueViolation, validated, withoutKeys } from '../services/resource';
import { roleScope, scopeCondition, type RoleScope } from '../services/scope';
import { checkDeclaredUploads, declaredFileRules } from '../services/formUploads';
import { declaredBody } from './body';
import { bodySchema, itemSchema, pageSchema } from './schemas';

export type Db = AppDeps['db'] | Transaction<Database>;

/** What a rule sees: the caller, their role scope, the time of the request, the app's deps. */
export interface ResourceContext {
  who: Caller;
  scope: RoleScope;
  now: Date;
  deps: AppDeps;
}

/** A rule inside the write's transaction; `prepared`: what `prepare` answered (undefined without). */
export interface WriteContext<Prepared = unknown> extends ResourceContext {
  trx: Transaction<Database>;
  prepared: Prepared;
}

/** Documentation of a route (server/docs.ts reads it from the route config). */
export interface RouteDocs {
  summary?: string;
  body?: Record<string, unknown>;
  /** Media types of the body other than JSON (e.g. multipart/form-data). */
  consumes?: string[];
  /** Success status(es): default 200, DELETE 204. */
  status?: number | number[];
  /** Schema of the success answer (204 has none). */
  response?: Record<string, unknown>;
  /** Catalogue codes the route can answer besides 1, 3 and 9999 (every route's). */
  errors?: number[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's documentation (server/docs.ts). */
    docs?: RouteDocs;
  }
}

type AnyQuery<Row> = SelectQueryBuilder<any, any, Row>;

export interface ResourceDefinition<Row, Dto, Body, Filters, Item, Prepared = undefined> {
  declaration: ScreenDeclaration;
  /** The table the writes go to, e.g. 'client_products'. */
  table: keyof Database & string;
  /** Its alias in `query`, e.g. 'p'. */
  alias: string;
  /** Sortable grid columns -> what the database sorts by (db/list.ts listSpec). */
  columns: Record<string, SortExpression>;
  /** Sort keys the list takes beyond the grid's sortable columns (no column shows them). */
  extraSort?: Record<string, SortExpression>;
  /** The selection (joins, columns); the layer adds tenant, scope and id conditions. */
  query(db: Db): AnyQuery<Row>;
  /** Role scope: the column holding the client id (`clients`) or brand id (`brands`). */
  scope?: { clients?: string; brands?: string };
  /**
   * false: the rows are not the caller's tenant's (the client screen's tenants): no
   * `<alias>.tenant_id` condition and no tenant_id written. `query` then holds the whole
   * scope and the route's menu who may call it. Default true.
   */
  tenantScoped?: boolean;
  toDto(row: Row): Dto;
  /** A list row (default toDto). */
  listItem?(row: Row): Item;
  /** Details a single read adds (e.g. relation ids). */
  details?(db: Db, dto: Dto): Promise<Dto>;
  /** The list's filter parameters when the declaration has no `filters` (JSON schema). */
  filterSchema?: Record<string, unknown>;
  /** The list's filters on the query. */
  filter?(q: AnyQuery<Row>, filters: Filters): AnyQuery<Row>;
  /** Body fields answered but never taken, besides the grid's columns that are not form fields. */
  readOnly?: string[];
  /**
   * Work before the write's transaction (checked body; `id` null: a create), e.g. a password
   * hash that should not hold the connection, or a quick refusal. Its answer is `ctx.prepared`.
   */
  prepare?(ctx: ResourceContext, body: Body, id: number | null): Promise<Prepared>;
  /** The rules and the columns to store; `before` is null on create. Throw ApiError to refuse. Needed for create/update. */
  values?(ctx: WriteContext<Prepared>, body: Body, before: Dto | null): Promise<Record<string, unknown>>;
  /**
   * A create that writes more than one row: inserts `values` (tenant_id, created_at and
   * updated_at are not added) and whatever goes with them; answers the new id.
   */
  insert?(ctx: WriteContext<Prepared>, values: Record<string, unknown>, body: Body): Promise<number>;
  /** After the insert or update, in the same transaction (relation rows). */
  afterWrite?(ctx: WriteContext<Prepared>, id: number, body: Body, before: Dto | null): Promise<void>;
  /**
   * A create answering something else than the resource (e.g. a generated password shown
   * once): the answer (201) from the created resource, and its schema for the documentation.
   */
  created?: { answer(ctx: WriteContext<Prepared>, after: Dto): unknown; schema: Record<string, unknown> };
  /** Rules before a delete (the row is locked): throw to refuse. */
  beforeRemove?(ctx: WriteContext<Prepared>, before: Dto): Promise<void>;
  /** Unique index name -> the answer when it refuses a write. */
  uniqueErrors?: Record<string, () => ApiError>;
  /** The answer when a foreign key refuses a write (a referenced row deleted meanwhile). */
  foreignKeyError?: () => ApiError;
  /** Only these routes of the declaration's api (the others are written by hand). */
  only?: ('list' | 'get' | 'create' | 'update' | 'remove')[];
  /** The create and update calls both edit with an id and create without. */
  upsert?: boolean;
  /** The list answers one resource for `?id=` (a declaration without a get call). */
  getByQuery?: boolean;
  /** Menu ids of the routes (default the declaration's). */
  menuId?: number | number[];
  /** Catalogue codes a route can answer, for the documentation. */
  errors?: { create?: number[]; update?: number[]; remove?: number[] };
  /**
   * The catalogue code of a body that fails the declaration's form (default 1): a rule of the
   * form that the catalogue names (point activities: 7402 for too many rules...). `data` stays
   * the FieldErrors.
   */
  bodyErrorCode?(errors: FieldErrors): number;
}

export interface Resource<Row, Dto, Filters = any> {
  readonly spec: ListSpec;
  /** The selection within the caller's tenant and role scope (lists, exports). */
  scoped(db: Db, who: Pick<Caller, 'tenantId'>, scope: RoleScope): AnyQuery<Row>;
  /** `scoped` with the list's filters (`filter`): what the list shows, unpaged (exports). */
  filtered(db: Db, who: Pick<Caller, 'tenantId'>, scope: RoleScope, filters: Filters): AnyQuery<Row>;
  /** The resource as the API shows it, or null when the caller may not see it. */
  load(db: Db, ctx: Pick<ResourceContext, 'who' | 'scope'>, id: number, lock?: boolean): Promise<Dto | null>;
  /** Register the declaration's routes on a /v1 plugin. */
  routes(app: FastifyInstance, deps: AppDeps): void;
}

type WriteMode = 'create' | 'update' | 'upsert';

/** The write's id, carried beside the checked body from the route's validator to the handler. */
const WRITE_ID = Symbol('writeId');
type CheckedWrite<Body> = Body & { [WRITE_ID]: number | null };

/** No role scope (resources without `scope`, reads of what was just created). */
export const UNSCOPED: RoleScope = { clients: null, brands: null };
const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '';
/** 'GET system/role/{id}' -> '/system/role/:id' (a route of a /v1 plugin). */
export const fastifyPath = (call: string) => `/${parseApiCall(call).path.replace(/\{([^}]+)\}/g, ':$1')}`;

export function defineResource<Row, Dto extends { id: number }, Body, Filters = Record<string, unknown>, Item = Dto, Prepared = undefined>(
  def: ResourceDefinition<Row, Dto, Body, Filters, Item, Prepared>,
): Resource<Row, Dto, Filters> {
  const decl = def.declaration;
  const form = decl.form;
  const resource = decl.resource ?? def.table;
  const a = def.alias;
  const spec = listSpec(decl, def.columns, `${a}.id`, def.extraSort);
  const formFields = Object.keys((form?.schema.properties as Record<string, unknown> | undefined) ?? {});
  const readOnly = [...new Set([
    ...(decl.grid?.columns ?? []).map((c) => c.key).filter((k) => !formFields.includes(k)),
    'createdAt', 'updatedAt', ...(def.readOnly ?? []),
  ])];
  const readOnlyOnEdit = form?.readOnlyOnEdit ?? [];
  /** The form's upload rules (`x-file`): every write's addresses checked after `values`, an address kept from before not again. */
  const uploads = form ? declaredFileRules(resolveForm(form).schema) : {};
  const tenantScoped = def.tenantScoped !== false;
  /** The caller's tenant on a write or delete of the table (none when not tenantScoped). */
  const ownRows = <Q extends { where: (...args: any[]) => Q }>(q: Q, who: Caller): Q =>
    (tenantScoped ? q.where('tenant_id', '=', who.tenantId) : q);

  const scoped = (db: Db, who: Pick<Caller, 'tenantId'>, scope: RoleScope) => {
    let q = def.query(db);
    if (tenantScoped) q = q.where(sql.ref(`${a}.tenant_id`), '=', who.tenantId);
    if (def.scope?.clients) q = q.where(scopeCondition(scope.clients, def.scope.clients));
    if (def.scope?.brands) q = q.where(scopeCondition(scope.brands, def.scope.brands));
    return q;
  };

  const filtered = (db: Db, who: Pick<Caller, 'tenantId'>, scope: RoleScope, filters: Filters) =>
    (def.filter ? def.filter(scoped(db, who, scope), filters ?? ({} as Filters)) : scoped(db, who, scope));

  const load: Resource<Row, Dto>['load'] = async (db, { who, scope }, id, lock = false) => {
    let q = scoped(db, who, scope).where(sql.ref(`${a}.id`), '=', id);
    if (lock) q = q.forUpdate(a);
    const row = await q.executeTakeFirst();
    if (!row) return null;
    const dto = def.toDto(row);
    return def.details ? def.details(db, dto) : dto;
  };

  const dbError = (err: unknown): never => {
    for (const [constraint, answer] of Object.entries(def.uniqueErrors ?? {})) {
      if (isUniqueViolation(err, constraint)) throw answer();
    }
    if (def.foreignKeyError && isForeignKeyViolation(err)) throw def.foreignKeyError();
    throw err;
  };

  /** The checked body of a write; `id` null: a create. */
  const readBody = (raw: Record<string, unknown>, id: number | null, mode: WriteMode): Body => {
    if (!form) throw new Error(`${decl.id}: a write needs the declaration's form`);
    // A create call takes no id (code 1 unknownField); an update or upsert call reads it apart.
    try {
      return validated<Body>(id === null ? resolveForm(form) : editForm(form), withoutKeys(raw, mode === 'create' ? readOnly : ['id', ...readOnly]));
    } catch (e) {
      if (def.bodyErrorCode && e instanceof ApiError && e.code === ErrorCode.BadRequest && e.data) {
        throw new ApiError(e.statusCode, def.bodyErrorCode(e.data as FieldErrors), e.data);
      }
      throw e;
    }
  };

  /** The write; answers the resource, or on create `created.answer` when given. */
  const save = async (deps: AppDeps, who: Caller, id: number | null, body: Body): Promise<unknown> => {
    const prepared = def.prepare
      ? await def.prepare({ who, scope: def.scope ? await roleScope(deps.db, who) : UNSCOPED, now: new Date(), deps }, body, id)
      : undefined as Prepared;
    return deps.db.transaction().execute(async (trx) => {
      const ctx: WriteContext<Prepared> = { trx, who, scope: def.scope ? await roleScope(trx, who) : UNSCOPED, now: new Date(), deps, prepared };
      if (id === null) {
        const values = await def.values!(ctx, body, null);
      await checkDeclaredUploads(trx, who.tenantId, uploads, body);
        const newId = def.insert
          ? await def.insert(ctx, values, body)
          : (await trx.insertInto(def.table as any)
            .values({ ...values, ...(tenantScoped ? { tenant_id: who.tenantId } : {}), created_at: ctx.now, updated_at: ctx.now })
            .returning('id').executeTakeFirstOrThrow() as { id: number }).id;
        await def.afterWrite?.(ctx, newId, body, null);
        // Read back without the role scope: the creator sees what was created.
        const after = (await load(trx, { who, scope: UNSCOPED }, newId))!;
        await recordChange(trx, who, { resource, resourceId: newId, action: 'create', after });
        return def.created ? def.created.answer(ctx, after) : after;
      }
      const before = await load(trx, ctx, id, true);
      if (!before) throw notFound();
      const fixed = Object.fromEntries(readOnlyOnEdit
        .filter((k) => hasValue((body as Record<string, unknown>)[k]) && (body as Record<string, unknown>)[k] !== (before as Record<string, unknown>)[k])
        .map((k) => [k, { key: 'invalid' }]));
      if (Object.keys(fixed).length) throw badRequest(fixed);
      const values = await def.values!(ctx, body, before);
      await checkDeclaredUploads(trx, who.tenantId, uploads, body, before);
      await ownRows(trx.updateTable(def.table as any).set({ ...values, updated_at: ctx.now }).where('id', '=', id), who).execute();
      await def.afterWrite?.(ctx, id, body, before);
      const after = (await load(trx, ctx, id))!;
      await recordChange(trx, who, { resource, resourceId: id, action: 'update', before, after });
      return after;
    }).catch(dbError);
  };

  const routes = (app: FastifyInstance, deps: AppDeps) => {
    const { db } = deps;
    const menuId = def.menuId ?? decl.menuId;
    const config = (docs: RouteDocs) => ({ ...(menuId !== undefined ? { menuId } : {}), docs });
    const scopeOf = async (d: Db, who: Caller) => (def.scope ? roleScope(d, who) : UNSCOPED);
    const api = def.only ? Object.fromEntries(Object.entries(decl.api).filter(([k]) => (def.only as string[]).includes(k))) as typeof decl.api : decl.api;
    const upsert = def.upsert || (decl.api.create !== undefined && decl.api.create === decl.api.update);
    const title = decl.resource ?? decl.id;

    if (api.list) {
      const route = listRoute(spec, decl.filters?.schema ?? def.filterSchema);
      if (def.getByQuery) (route.schema!.querystring as { properties: Record<string, unknown> }).properties.id = idParams.properties.id;
      app.get(fastifyPath(api.list), {
        ...route,
        config: config({ summary: `List ${title}`, response: pageSchema(decl), errors: def.getByQuery ? [ErrorCode.NotFound] : [] }),
      }, async (req): Promise<Page<Item | Dto> | Dto> => {
        const who = caller(req);
        const scope = await scopeOf(db, who);
        const query = req.query as ListParams & Filters & { id?: number };
        if (def.getByQuery && query.id !== undefined) {
          const one = await load(db, { who, scope }, query.id);
          if (!one) throw notFound();
          return one;
        }
        const page = await listPage(filtered(db, who, scope, query), spec, query, { db });
        const item = def.listItem ?? def.toDto;
        return { total: page.total, items: page.items.map((r) => item(r)) };
      });
    }

    if (api.get) {
      app.get<{ Params: { id: number } }>(fastifyPath(api.get), {
        config: config({ summary: `One ${title}`, response: itemSchema(decl), errors: [ErrorCode.NotFound] }),
        schema: { params: idParams },
      }, async (req): Promise<Dto> => {
        const who = caller(req);
        const found = await load(db, { who, scope: await scopeOf(db, who) }, req.params.id);
        if (!found) throw notFound();
        return found;
      });
    }

    /** The route's validator (resource/body.ts): the id (an update's, or an upsert's when sent) and the checked body. */
    const checkWrite = (mode: WriteMode) => (raw: Record<string, unknown>): CheckedWrite<Body> => {
      const id = mode === 'create' ? null : mode === 'update' || hasValue(raw.id) ? bodyId(raw) : null;
      return { [WRITE_ID]: id, ...readBody(raw, id, mode) } as CheckedWrite<Body>;
    };
    const write = async (req: FastifyRequest, reply: FastifyReply) => {
      const { [WRITE_ID]: id, ...body } = req.body as CheckedWrite<Body>;
      const saved = await save(deps, caller(req), id, body as Body);
      return reply.code(id === null ? 201 : 200).send(saved);
    };
    const writeDocs = (mode: WriteMode): RouteDocs => ({
      summary: mode === 'create' ? `Create ${title}` : mode === 'update' ? `Change ${title}` : `Create ${title} (no id) or change it (id)`,
      status: mode === 'create' ? 201 : mode === 'update' ? 200 : [201, 200],
      response: mode === 'create' && def.created ? def.created.schema : itemSchema(decl),
      errors: [
        ...(mode === 'create' ? [] : [ErrorCode.NotFound]),
        ...(mode === 'create' ? [] : def.errors?.update ?? []),
        ...(mode === 'update' ? [] : def.errors?.create ?? []),
      ],
    });
    const writeRoute = (call: string, mode: WriteMode) => {
      const { method } = parseApiCall(call);
      // The declaration's form is the body's schema: it documents the route and its validator checks the body.
      const options = { config: config(writeDocs(mode)), ...declaredBody(bodySchema(decl, mode, readOnly), checkWrite(mode)) };
      if (method === 'PUT') app.put(fastifyPath(call), options, write);
      else app.post(fastifyPath(call), options, write);
    };
    if (upsert) {
      for (const call of new Set([api.create, api.update])) if (call) writeRoute(call, 'upsert');
    } else {
      if (api.create) writeRoute(api.create, 'create');
      if (api.update) writeRoute(api.update, 'update');
    }

    if (api.remove) {
      app.delete<{ Params: { id: number } }>(fastifyPath(api.remove), {
        config: config({ summary: `Delete ${title}`, errors: [ErrorCode.NotFound, ...(def.errors?.remove ?? [])] }),
        schema: { params: idParams },
      }, async (req, reply) => {
        const who = caller(req);
        const id = req.params.id;
        await db.transaction().execute(async (trx) => {
          const ctx: WriteContext<Prepared> = { trx, who, scope: await scopeOf(trx, who), now: new Date(), deps, prepared: undefined as Prepared };
          const before = await load(trx, ctx, id, true);
          if (!before) throw notFound();
          await def.beforeRemove?.(ctx, before);
          await ownRows(trx.deleteFrom(def.table as any).where('id', '=', id), who).execute();
          await recordChange(trx, who, { resource, resourceId: id, action: 'delete', before });
        }).catch(dbError);
        return reply.code(204).send();
      });
    }
  };

  return { spec, scoped, filtered, load, routes };
}

/**
 * Does another row of `table` (matching `where`, e.g. the tenant) hold `value` in `column`,
 * whatever its case? `selfId`: the row being edited, left out. For "name unique" rules.
 */
export async function takenIgnoringCase(
  trx: Transaction<Database>, table: keyof Database & string, column: string, value: string,
  where: Record<string, number>, selfId: number | null,
): Promise<boolean> {
  let q = (trx as Transaction<any>).selectFrom(table).select('id')
    .where((eb) => eb(eb.fn('lower', [column]), '=', value.toLowerCase()));
  for (const [k, v] of Object.entries(where)) q = q.where(k, '=', v);
  if (selfId !== null) q = q.where('id', '!=', selfId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Does a row of `table` name `id` in `column` (a delete rule: "still used")? */
export async function isReferenced(trx: Transaction<Database>, table: keyof Database & string, column: string, id: number): Promise<boolean> {
  const row = await (trx as Transaction<any>).selectFrom(table).select(column).where(column, '=', id).limit(1).executeTakeFirst();
  return row !== undefined;
}

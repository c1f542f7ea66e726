/**
 * Role settings (menu 9), declared by src/schemas/system/role.json:
 *   GET    system/role            list { items, total } (keyword: name contains, type)
 *   GET    system/role/options    [{ value, label, type, enable? }] for employee forms (menu 10 or 9)
 *   GET    system/role/{id}
 *   POST   system/role            201 + the role
 *   PUT    system/role            body carries id; answers the role
 *   DELETE system/role/{id}       204; a role still held answers 400 code 11, data: the accounts
 * Everything is scoped to the caller's tenant: another tenant's id answers 404 code 2.
 * Bodies: the declaration's form (shared validator), then the server rules: functions within
 * the tenant's grantable menu, customers active client tenants (operator only), brands the
 * client tenant's own (client tenants only; a General role with brands sees only those), a name not
 * already used by another role of the tenant. Grants (services/grants.ts): nobody edits their
 * own role or a role granting more than their own (403 code 3), nor grants a type, function,
 * client, brand or switch their own role does not hold (code 1 notGrantable); the options
 * mark roles the caller may not assign `enable: false`. Every write and its change-log row
 * share one transaction.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { Page } from '../../src/domain/api';
import { declaration, editForm, resolveForm } from '../../src/domain/declarations';
import { TenantType } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { menuIds, tenantMenu } from '../../src/domain/menu';
import { caller, menuInput, type Caller } from '../auth';
import type { AppDeps } from '../context';
import { containsPattern, listPage, listRoute, listSpec, type ListParams } from '../db/list';
import { json, type Database } from '../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { recordChange } from '../services/changelog';
import { coverage, mustCoverRole, mustGrant } from '../services/grants';
import { bodyId, idParams, isDbId, objectBody, validated, withoutKeys } from '../services/resource';

export const ROLE_MENU_ID = 9;
const EMPLOYEE_MENU_ID = 10;
/** At most this many accounts travel with code 11 (sorted; the screen shows them in a dialog). */
export const ROLE_IN_USE_ACCOUNTS_MAX = 100;

const DECL = declaration('system.role');
const FORM = DECL.form!;
const RESOURCE = DECL.resource ?? 'role';
/** Fields the server answers but never takes: a body may carry them back, they are ignored. */
const READ_ONLY = ['userCount', 'createdAt', 'updatedAt'];

export interface RoleListItem {
  id: number;
  name: string;
  type: number;
  userCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface RoleDto extends RoleListItem {
  functions: number[];
  customers: number[];
  /** Client tenants: the brands a General role is limited to ([] = all). */
  brands: number[];
  manageClients: boolean;
  manageBrands: boolean;
  appStock: boolean;
}

interface RoleBody {
  name: string;
  type: number;
  functions: number[];
  customers?: number[];
  brands?: number[];
  manageClients?: boolean;
  manageBrands?: boolean;
  appStock?: boolean;
}

type RoleQuery = ListParams & { keyword?: string; type?: number };

const SPEC = listSpec(DECL, {
  name: sql`lower(r.name)`,
  type: 'r.type',
  createdAt: 'r.created_at',
  updatedAt: 'r.updated_at',
}, 'r.id');

const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

type Db = AppDeps['db'] | Transaction<Database>;

function roleQuery(db: Db, tenantId: number) {
  return db.selectFrom('roles as r')
    .select(['r.id', 'r.name', 'r.type', 'r.functions', 'r.customers', 'r.brands', 'r.manage_clients', 'r.manage_brands', 'r.app_stock', 'r.created_at', 'r.updated_at'])
    .select((eb) => eb.selectFrom('users as u').select(eb.fn.countAll().as('n')).whereRef('u.role_id', '=', 'r.id').as('userCount'))
    .where('r.tenant_id', '=', tenantId);
}

type RoleRow = Awaited<ReturnType<ReturnType<typeof roleQuery>['executeTakeFirstOrThrow']>>;

function toDto(r: RoleRow): RoleDto {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    functions: numbers(r.functions),
    customers: numbers(r.customers),
    brands: numbers(r.brands),
    manageClients: r.manage_clients,
    manageBrands: r.manage_brands,
    appStock: r.app_stock,
    userCount: Number(r.userCount ?? 0),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

async function loadRole(db: Db, tenantId: number, id: number, lock = false): Promise<RoleDto | null> {
  let q = roleQuery(db, tenantId).where('r.id', '=', id);
  if (lock) q = q.forUpdate('r');
  const row = await q.executeTakeFirst();
  return row ? toDto(row) : null;
}

/** The server rules beyond the declaration. Answers the values to store. */
async function checkRules(trx: Transaction<Database>, deps: AppDeps, who: Caller, body: RoleBody, selfId: number | null) {
  const fields: Record<string, { key: string }> = {};

  const grantable = new Set(menuIds(tenantMenu(menuInput(who, deps))));
  const functions = [...new Set(body.functions)].sort((a, b) => a - b);
  if (functions.some((f) => !grantable.has(f))) fields.functions = { key: 'oneOf' };

  const customers = [...new Set(body.customers ?? [])].sort((a, b) => a - b);
  if (customers.length > 0) {
    if (who.tenantType !== TenantType.Operator || !customers.every(isDbId)) {
      fields.customers = { key: 'oneOf' };
    } else {
      const active = await trx.selectFrom('tenants').select('id')
        .where('id', 'in', customers).where('type', '=', TenantType.Client).where('deleted_at', 'is', null)
        .execute();
      if (active.length !== customers.length) fields.customers = { key: 'oneOf' };
    }
  }

  // Brands are a client tenant's own (menu 19); the operator has none.
  const brands = [...new Set(body.brands ?? [])].sort((a, b) => a - b);
  if (brands.length > 0) {
    if (who.tenantType !== TenantType.Client || !brands.every(isDbId)) {
      fields.brands = { key: 'oneOf' };
    } else {
      const own = await trx.selectFrom('brands').select('id')
        .where('id', 'in', brands).where('tenant_id', '=', who.tenantId)
        .forShare().execute();
      // A deleted brand stays in the lists that held it (dropping it could empty a list, and
      // an empty list means every brand): such an id may be kept, not newly added.
      const kept = selfId === null ? [] : numbers((await trx.selectFrom('roles').select('brands').where('id', '=', selfId).executeTakeFirst())?.brands);
      const known = new Set([...own.map((b) => b.id), ...kept]);
      if (!brands.every((b) => known.has(b))) fields.brands = { key: 'oneOf' };
    }
  }

  let nameTaken = trx.selectFrom('roles').select('id')
    .where('tenant_id', '=', who.tenantId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', body.name.trim().toLowerCase()));
  if (selfId !== null) nameTaken = nameTaken.where('id', '!=', selfId);
  if (await nameTaken.executeTakeFirst()) fields.name = { key: 'checkRepeatName' };

  if (Object.keys(fields).length > 0) throw badRequest(fields);
  return {
    name: body.name.trim(),
    type: body.type,
    functions: json(functions),
    customers: json(customers),
    brands: json(brands),
    manage_clients: body.manageClients ?? false,
    manage_brands: body.manageBrands ?? false,
    app_stock: body.appStock ?? false,
  };
}

export default async function roleRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const config = { menuId: ROLE_MENU_ID };

  app.get<{ Querystring: RoleQuery }>('/system/role', { config, ...listRoute(SPEC, DECL.filters?.schema) }, async (req): Promise<Page<RoleListItem>> => {
    const who = caller(req);
    const { keyword, type } = req.query;
    let q = roleQuery(db, who.tenantId);
    if (keyword?.trim()) q = q.where('r.name', 'ilike', containsPattern(keyword.trim()));
    if (type !== undefined) q = q.where('r.type', '=', type);
    const page = await listPage(q, SPEC, req.query);
    return {
      total: page.total,
      items: page.items.map((r) => {
        const { id, name, type: t, userCount, createdAt, updatedAt } = toDto(r);
        return { id, name, type: t, userCount, createdAt, updatedAt };
      }),
    };
  });

  app.get('/system/role/options', { config: { menuId: [EMPLOYEE_MENU_ID, ROLE_MENU_ID] } }, async (req) => {
    const who = caller(req);
    const rows = await db.selectFrom('roles').select(['id', 'name', 'type'])
      .where('tenant_id', '=', who.tenantId)
      .orderBy(sql`lower(name)`).orderBy('id')
      .execute();
    // Roles the caller may not assign stay listed (filters, views) but are not offered.
    const assignable = await coverage(db, deps, who);
    return rows.map((r) => ({ value: r.id, label: r.name, type: r.type, ...(assignable(r.id) ? {} : { enable: false }) }));
  });

  app.get<{ Params: { id: number } }>('/system/role/:id', { config, schema: { params: idParams } }, async (req): Promise<RoleDto> => {
    const role = await loadRole(db, caller(req).tenantId, req.params.id);
    if (!role) throw notFound();
    return role;
  });

  app.post('/system/role', { config }, async (req, reply) => {
    const who = caller(req);
    const body = validated<RoleBody>(resolveForm(FORM), withoutKeys(objectBody(req.body), READ_ONLY));
    const created = await db.transaction().execute(async (trx) => {
      const values = await checkRules(trx, deps, who, body, null);
      await mustGrant(trx, deps, who, body);
      const now = new Date();
      const { id } = await trx.insertInto('roles')
        .values({ ...values, tenant_id: who.tenantId, created_at: now, updated_at: now })
        .returning('id').executeTakeFirstOrThrow();
      const after = (await loadRole(trx, who.tenantId, id))!;
      await recordChange(trx, who, { resource: RESOURCE, resourceId: id, action: 'create', after });
      return after;
    });
    return reply.code(201).send(created);
  });

  app.put('/system/role', { config }, async (req): Promise<RoleDto> => {
    const who = caller(req);
    const raw = objectBody(req.body);
    const id = bodyId(raw);
    const body = validated<RoleBody>(editForm(FORM), withoutKeys(raw, ['id', ...READ_ONLY]));
    return db.transaction().execute(async (trx) => {
      const before = await loadRole(trx, who.tenantId, id, true);
      if (!before) throw notFound();
      // Nobody changes their own role; nobody edits a role granting more than their own.
      if (id === who.roleId) throw forbidden();
      await mustCoverRole(trx, deps, who, id);
      const values = await checkRules(trx, deps, who, body, id);
      await mustGrant(trx, deps, who, body);
      await trx.updateTable('roles').set({ ...values, updated_at: new Date() })
        .where('id', '=', id).where('tenant_id', '=', who.tenantId).execute();
      const after = (await loadRole(trx, who.tenantId, id))!;
      await recordChange(trx, who, { resource: RESOURCE, resourceId: id, action: 'update', before, after });
      return after;
    });
  });

  app.delete<{ Params: { id: number } }>('/system/role/:id', { config, schema: { params: idParams } }, async (req, reply) => {
    const who = caller(req);
    const id = req.params.id;
    await db.transaction().execute(async (trx) => {
      // The row lock makes a concurrent assignment of this role wait until we are done.
      const before = await loadRole(trx, who.tenantId, id, true);
      if (!before) throw notFound();
      await mustCoverRole(trx, deps, who, id);
      const holders = await trx.selectFrom('users').select('account')
        .where('role_id', '=', id)
        .orderBy(sql`lower(account)`).orderBy('id')
        .limit(ROLE_IN_USE_ACCOUNTS_MAX)
        .execute();
      if (holders.length > 0) throw new ApiError(400, ErrorCode.RoleInUse, holders.map((h) => h.account));
      await trx.deleteFrom('roles').where('id', '=', id).where('tenant_id', '=', who.tenantId).execute();
      await recordChange(trx, who, { resource: RESOURCE, resourceId: id, action: 'delete', before });
    });
    return reply.code(204).send();
  });
}

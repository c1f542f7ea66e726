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
import { sql } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import { TenantType } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { menuIds, tenantMenu } from '../../../src/domain/menu';
import { caller, menuInput } from '../../auth';
import type { AppDeps } from '../../context';
import { containsPattern } from '../../db/list';
import { json } from '../../db/schema';
import { ApiError, badRequest, forbidden } from '../../errors';
import { defineResource, takenIgnoringCase, type Db, type WriteContext } from '../../resource/define';
import { coverage, mustCoverRole, mustGrant } from '../../services/grants';
import { isDbId } from '../../services/resource';
import { ROLE_MENU_ID } from '../../services/menuIds';

const EMPLOYEE_MENU_ID = 10;
/** At most this many accounts travel with code 11 (sorted; the screen shows them in a dialog). */
export const ROLE_IN_USE_ACCOUNTS_MAX = 100;

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

const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
const sortedUnique = (v: number[] | undefined) => [...new Set(v ?? [])].sort((a, b) => a - b);

const roleQuery = (db: Db) => db.selectFrom('roles as r')
  .select(['r.id', 'r.name', 'r.type', 'r.functions', 'r.customers', 'r.brands', 'r.manage_clients', 'r.manage_brands', 'r.app_stock', 'r.created_at', 'r.updated_at'])
  .select((eb) => eb.selectFrom('users as u').select(eb.fn.countAll().as('n')).whereRef('u.role_id', '=', 'r.id').as('userCount'));

type RoleRow = Awaited<ReturnType<ReturnType<typeof roleQuery>['executeTakeFirstOrThrow']>>;

/** The server rules beyond the declaration (then the grant rule). Answers the values to store. */
async function roleValues({ trx, who, deps }: WriteContext, body: RoleBody, selfId: number | null) {
  const fields: Record<string, { key: string }> = {};

  const grantable = new Set(menuIds(tenantMenu(menuInput(who, deps))));
  const functions = sortedUnique(body.functions);
  if (functions.some((f) => !grantable.has(f))) fields.functions = { key: 'oneOf' };

  const customers = sortedUnique(body.customers);
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
  const brands = sortedUnique(body.brands);
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

  if (await takenIgnoringCase(trx, 'roles', 'name', body.name.trim(), { tenant_id: who.tenantId }, selfId)) fields.name = { key: 'checkRepeatName' };

  if (Object.keys(fields).length > 0) throw badRequest(fields);
  await mustGrant(trx, deps, who, body);
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

const roles = defineResource<RoleRow, RoleDto, RoleBody, { keyword?: string; type?: number }, RoleListItem>({
  declaration: declaration('system.role'),
  table: 'roles',
  alias: 'r',
  columns: { name: sql`lower(r.name)`, type: 'r.type', createdAt: 'r.created_at', updatedAt: 'r.updated_at' },
  query: roleQuery,
  filter: (q, { keyword, type }) => {
    let out = keyword?.trim() ? q.where('r.name', 'ilike', containsPattern(keyword.trim())) : q;
    if (type !== undefined) out = out.where('r.type', '=', type);
    return out;
  },
  toDto: (r) => ({
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
  }),
  listItem: (r) => ({
    id: r.id, name: r.name, type: r.type, userCount: Number(r.userCount ?? 0),
    createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
  }),
  values: async (ctx, body, before) => {
    if (before) {
      // Nobody changes their own role; nobody edits a role granting more than their own.
      if (before.id === ctx.who.roleId) throw forbidden();
      await mustCoverRole(ctx.trx, ctx.deps, ctx.who, before.id);
    }
    return roleValues(ctx, body, before?.id ?? null);
  },
  // The row lock (taken by the layer) makes a concurrent assignment of this role wait.
  beforeRemove: async ({ trx, deps, who }, before) => {
    await mustCoverRole(trx, deps, who, before.id);
    const holders = await trx.selectFrom('users').select('account')
      .where('role_id', '=', before.id)
      .orderBy(sql`lower(account)`).orderBy('id')
      .limit(ROLE_IN_USE_ACCOUNTS_MAX)
      .execute();
    if (holders.length > 0) throw new ApiError(400, ErrorCode.RoleInUse, holders.map((h) => h.account));
  },
  errors: { remove: [ErrorCode.RoleInUse] },
});

export default async function roleRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  app.get('/system/role/options', {
    config: {
      menuId: [EMPLOYEE_MENU_ID, ROLE_MENU_ID],
      docs: { summary: 'Roles as options for the employee form (enable: false: not assignable by the caller)' },
    },
  }, async (req) => {
    const who = caller(req);
    const rows = await db.selectFrom('roles').select(['id', 'name', 'type'])
      .where('tenant_id', '=', who.tenantId)
      .orderBy(sql`lower(name)`).orderBy('id')
      .execute();
    // Roles the caller may not assign stay listed (filters, views) but are not offered.
    const assignable = await coverage(db, deps, who);
    return rows.map((r) => ({ value: r.id, label: r.name, type: r.type, ...(assignable(r.id) ? {} : { enable: false }) }));
  });

  roles.routes(app, deps);
}

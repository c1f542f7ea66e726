/**
 * The grant rule (src/domain/grants.ts) on the server: nobody creates, edits, resets or
 * grants more than their own role holds. Each check reads the roles inside the write's
 * transaction (pass `trx`), so the decision and the write commit together.
 *
 * Refusals (docs/decisions.md "Menu and permissions"):
 *  - a record out of the caller's reach (a role or an account whose role the caller does not
 *    cover, the caller's own role, a client outside the caller's clients): 403 code 3;
 *  - a value in a body that grants more than the caller holds (role type, functions,
 *    customers, brands, a switch; an employee's new role): 400 code 1, `{ field: notGrantable }`.
 */
import type { Transaction } from 'kysely';
import { covers, excessGrants, heldClients, type RoleGrants } from '../../src/domain/grants';
import { menuInput, type Caller } from '../auth';
import type { AppDeps } from '../context';
import type { Db as Kdb } from '../db/index';
import type { Database } from '../db/schema';
import { badRequest, forbidden } from '../errors';

type Db = Kdb | Transaction<Database>;

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

export const NOT_GRANTABLE = 'notGrantable';

/** The roles of a tenant as the grant rule reads them, by id. */
export async function tenantRoleGrants(db: Db, tenantId: number, roleIds?: readonly number[]): Promise<Map<number, RoleGrants>> {
  let q = db.selectFrom('roles')
    .select(['id', 'type', 'functions', 'customers', 'brands', 'manage_clients', 'manage_brands', 'app_stock'])
    .where('tenant_id', '=', tenantId);
  if (roleIds) {
    if (roleIds.length === 0) return new Map();
    q = q.where('id', 'in', [...roleIds]);
  }
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.id, {
    type: r.type, functions: ids(r.functions), customers: ids(r.customers), brands: ids(r.brands),
    manageClients: r.manage_clients, manageBrands: r.manage_brands, appStock: r.app_stock,
  }]));
}

/** The caller's role, read now (a role edit applies at the next call). */
export async function callerGrants(db: Db, who: Caller): Promise<RoleGrants> {
  const role = (await tenantRoleGrants(db, who.tenantId, [who.roleId])).get(who.roleId);
  // No role (cannot happen with the foreign key): nothing is held.
  return role ?? { type: 0, functions: [] };
}

/**
 * The caller's coverage test over roles of their tenant: `(roleId) => boolean` (false for an
 * unknown role). For option lists and for the checks below.
 */
export async function coverage(db: Db, deps: AppDeps, who: Caller, roleIds?: readonly number[]) {
  const mine = await callerGrants(db, who);
  const roles = await tenantRoleGrants(db, who.tenantId, roleIds);
  const tenant = menuInput(who, deps);
  return (roleId: number) => {
    const role = roles.get(roleId);
    return role !== undefined && covers(mine, role, tenant);
  };
}

/** 403 unless the caller covers the role `roleId` (a role to edit or delete, an account's role). */
export async function mustCoverRole(trx: Transaction<Database>, deps: AppDeps, who: Caller, roleId: number): Promise<void> {
  if (!(await coverage(trx, deps, who, [roleId]))(roleId)) throw forbidden();
}

/** Code 1 on `field` unless the caller covers the role `roleId` (an account's new role). */
export async function mustAssignRole(trx: Transaction<Database>, deps: AppDeps, who: Caller, roleId: number, field = 'roleId'): Promise<void> {
  if (!(await coverage(trx, deps, who, [roleId]))(roleId)) throw badRequest({ [field]: { key: NOT_GRANTABLE } });
}

/** Code 1 on every field of a role body that grants more than the caller holds. */
export async function mustGrant(trx: Transaction<Database>, deps: AppDeps, who: Caller, role: RoleGrants): Promise<void> {
  const excess = excessGrants(await callerGrants(trx, who), role, menuInput(who, deps));
  if (excess.length) throw badRequest(Object.fromEntries(excess.map((f) => [f, { key: NOT_GRANTABLE }])));
}

/**
 * 403 unless the caller's role manages the client `clientId` (the client screen's writes);
 * `null`: a new client, which only a role managing every client may create.
 */
export async function mustManageClient(trx: Transaction<Database>, who: Caller, clientId: number | null): Promise<void> {
  const held = heldClients(await callerGrants(trx, who));
  if (held !== null && (clientId === null || !held.includes(clientId))) throw forbidden();
}

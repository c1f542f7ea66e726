/**
 * Creating a tenant with its Admin role and its `admin` account, for the first-start seed and
 * the client screen (POST system/client): one code path, inside the caller's transaction.
 *
 * The Admin role holds the tenant's whole grantable menu (tenantMenu for its type and function
 * flags); the admin account must change its default password at first sign-in (mimaStatus 2).
 * Changing a client's function flags later gives its Admin-type roles exactly the new grantable
 * menu (syncAdminRoles); General roles keep what they hold.
 */
import type { Insertable, Transaction } from 'kysely';
import { MimaStatus, RoleType, UserStatus, UserType } from '../../src/domain/enums';
import type { Names } from '../../src/domain/lang';
import { menuIds, tenantMenu } from '../../src/domain/menu';
import { SEEDED_NAMES } from '../../src/domain/seedNames';
import type { Settings } from '../settings';
import { json, type Database, type TenantTable } from '../db/schema';

export const ADMIN_ACCOUNT = 'admin';
/** Stored in zh_TW; shown in the interface language while unchanged (src/domain/seedNames.ts). */
export const ADMIN_ROLE_NAME = SEEDED_NAMES.admin.zh_TW;
export const ADMIN_USER_NAME = SEEDED_NAMES.admin.zh_TW;

export interface NewTenantSpec {
  code: string;
  type: number;
  names: Names;
  functionFlags: number;
  /** Further tenant columns (client fields). */
  values?: Omit<Insertable<TenantTable>, 'code' | 'type' | 'names' | 'function_flags' | 'excluded_menu_ids'>;
}

export interface CreatedTenant {
  tenantId: number;
  roleId: number;
  userId: number;
  /** The Admin role's functions. */
  functions: number[];
}

/** Every menu id a tenant of this type and these flags may grant: what its Admin role holds. */
export function adminFunctions(
  tenant: { type: number; functionFlags: number; excludedMenuIds?: readonly number[] },
  settings: Pick<Settings, 'unreleasedMenuIds'>,
): number[] {
  return menuIds(tenantMenu({
    tenantType: tenant.type,
    functionFlags: tenant.functionFlags,
    excludedMenuIds: tenant.excludedMenuIds ?? [],
    unreleasedMenuIds: settings.unreleasedMenuIds,
  })).sort((a, b) => a - b);
}

/**
 * Inserts the tenant, its Admin role and its admin account (password hashed beforehand, outside
 * the transaction). Answers null when the code exists already (whatever its case): nothing is
 * written then. Call it inside a transaction and pass that transaction.
 */
export async function createTenantWithAdmin(
  trx: Transaction<Database>,
  spec: NewTenantSpec,
  admin: { mimaHash: string },
  settings: Pick<Settings, 'unreleasedMenuIds'>,
): Promise<CreatedTenant | null> {
  const taken = await trx.selectFrom('tenants').select('id')
    .where((eb) => eb(eb.fn('lower', ['code']), '=', spec.code.toLowerCase()))
    .executeTakeFirst();
  if (taken) return null;
  const functions = adminFunctions({ type: spec.type, functionFlags: spec.functionFlags }, settings);
  const now = new Date();
  const tenant = await trx.insertInto('tenants')
    .values({
      ...spec.values,
      code: spec.code, type: spec.type, names: json(spec.names), function_flags: spec.functionFlags,
      excluded_menu_ids: json([]), created_at: now, updated_at: now,
    })
    // Any unique index (code, lower(code)) taken by a concurrent transaction: nothing written.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!tenant) return null; // created meanwhile by another transaction
  const role = await trx.insertInto('roles')
    .values({
      tenant_id: tenant.id, name: ADMIN_ROLE_NAME, type: RoleType.Admin, functions: json(functions),
      customers: json([]), brands: json([]), created_at: now, updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await trx.insertInto('users').values({
    tenant_id: tenant.id, account: ADMIN_ACCOUNT, name: ADMIN_USER_NAME, type: UserType.Admin,
    status: UserStatus.Enabled, role_id: role.id, mima_hash: admin.mimaHash, mima_status: MimaStatus.MustChange,
    mima_changed_at: now, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return { tenantId: tenant.id, roleId: role.id, userId: user.id, functions };
}

export interface SyncedRole {
  id: number;
  name: string;
  before: number[];
  after: number[];
}

/**
 * Gives the tenant's Admin-type roles exactly `functions` (sorted); General roles keep theirs
 * (menu ids the tenant no longer has are simply not shown). Answers the roles that changed.
 */
export async function syncAdminRoles(trx: Transaction<Database>, tenantId: number, functions: readonly number[]): Promise<SyncedRole[]> {
  const want = [...new Set(functions)].sort((a, b) => a - b);
  const roles = await trx.selectFrom('roles').select(['id', 'name', 'functions'])
    .where('tenant_id', '=', tenantId).where('type', '=', RoleType.Admin)
    .orderBy('id')
    .forUpdate()
    .execute();
  const changed: SyncedRole[] = [];
  const now = new Date();
  for (const r of roles) {
    const before = Array.isArray(r.functions) ? [...r.functions].sort((a, b) => a - b) : [];
    if (before.length === want.length && before.every((id, i) => id === want[i])) continue;
    await trx.updateTable('roles').set({ functions: json(want), updated_at: now })
      .where('id', '=', r.id).where('tenant_id', '=', tenantId).execute();
    changed.push({ id: r.id, name: r.name, before, after: want });
  }
  return changed;
}

/**
 * Staff accounts (menu 10), declared by src/schemas/system/employee.json. Employees are the
 * tenant's users of type Admin (1) or Staff (2); suppliers and distributors have screens of
 * their own.
 *   GET    system/employee             list { items, total } (keyword: account or name
 *                                      contains; roleId; status)
 *   GET    system/employee/{id}
 *   POST   system/employee             201 { id, account, defaultPassword } (shown once)
 *   PUT    system/employee             body carries id; account cannot change
 *   DELETE system/employee/{id}        204; the user's sessions go too
 *   PUT    System/initial/{account}    reset to a new default password: { account, defaultPassword };
 *                                      ?tenantId= another tenant: the operator's client screen
 *                                      (menu 11) resetting an account of a client it manages
 * Everything is scoped to the caller's tenant: another tenant's id answers 404 code 2.
 * A new employee is Staff, must change the generated default password at first sign-in
 * (mimaStatus 2), and cannot be created Locked. Nobody disables or deletes themself or
 * changes their own role (403 code 3). Grants (services/grants.ts): only accounts whose role
 * grants no more than the caller's may be edited, deleted or reset (403 code 3), and only
 * such roles assigned (code 1 `roleId` notGrantable). Every write and its change-log row share one
 * transaction; the password and its hash never reach the log.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import { MimaStatus, TenantType, UserStatus, UserType } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { menuIds, userMenu } from '../../../src/domain/menu';
import { normalizeCallingCode } from '../../../src/domain/phone';
import { caller, menuInput, type Caller } from '../../auth';
import type { AppDeps } from '../../context';
import { containsPattern } from '../../db/list';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../../errors';
import { defineResource, UNSCOPED, type Db } from '../../resource/define';
import { generatePassword, hashPassword } from '../../security/passwords';
import { recordChange } from '../../services/changelog';
import { mustAssignRole, mustCoverRole, mustManageClient } from '../../services/grants';
import { isDbId } from '../../services/resource';

export const EMPLOYEE_MENU_ID = 10;
const CLIENT_MENU_ID = 11;
const EMPLOYEE_TYPES = [UserType.Admin, UserType.Staff];

export interface EmployeeDto {
  id: number;
  account: string;
  name: string;
  roleId: number;
  roleName: string;
  status: number;
  email: string | null;
  phoneCountryCode: string | null;
  phone: string | null;
  /** 2: the default password has not been changed yet. */
  mimaStatus: number;
  createdAt: string;
  updatedAt: string;
}

type EmployeeListItem = Omit<EmployeeDto, 'mimaStatus' | 'updatedAt'>;

interface EmployeeBody {
  account?: string;
  name: string;
  roleId: number;
  status: number;
  email?: string;
  phoneCountryCode?: string;
  phone?: string;
}

/** The answer of a create and of a reset: the only time the password is shown. */
interface DefaultPassword {
  account: string;
  defaultPassword: string;
}

/** A create's account and generated password, hashed before the transaction. */
interface NewAccount extends DefaultPassword {
  mimaHash: string;
}

// A left join (role_id is not null with a foreign key, so it finds the same row) lets
// PostgreSQL drop the join from the list's COUNT (docs/benchmarks.md).
const employeeQuery = (db: Db) => db.selectFrom('users as u')
  .leftJoin('roles as r', 'r.id', 'u.role_id')
  .select([
    'u.id', 'u.account', 'u.name', 'u.role_id', 'r.name as roleName', 'u.status', 'u.email',
    'u.phone_country_code', 'u.phone', 'u.mima_status', 'u.created_at', 'u.updated_at',
  ])
  .where('u.type', 'in', EMPLOYEE_TYPES);

type EmployeeRow = Awaited<ReturnType<ReturnType<typeof employeeQuery>['executeTakeFirstOrThrow']>>;

/** A list row: what the grid shows (no password status, no change time). */
function toListItem(u: EmployeeRow): EmployeeListItem {
  return {
    id: u.id,
    account: u.account,
    name: u.name,
    roleId: u.role_id,
    roleName: u.roleName ?? '',
    status: u.status,
    email: u.email,
    phoneCountryCode: u.phone_country_code,
    phone: u.phone,
    createdAt: u.created_at.toISOString(),
  };
}

function toDto(u: EmployeeRow): EmployeeDto {
  return { ...toListItem(u), mimaStatus: u.mima_status, updatedAt: u.updated_at.toISOString() };
}

/** Is `roleId` a role of the tenant? */
async function isTenantRole(trx: Transaction<Database>, tenantId: number, roleId: number): Promise<boolean> {
  if (!isDbId(roleId)) return false;
  const role = await trx.selectFrom('roles').select('id').where('id', '=', roleId).where('tenant_id', '=', tenantId).executeTakeFirst();
  return role !== undefined;
}

const badRole = () => badRequest({ roleId: { key: 'oneOf' } });
const duplicateAccount = () => new ApiError(400, ErrorCode.DuplicateAccount);

/** Contact fields as stored: calling code digits ('+886' -> '886'), empty -> null. */
function contact(body: EmployeeBody) {
  return {
    email: body.email?.trim() || null,
    phone_country_code: normalizeCallingCode(body.phoneCountryCode) || null,
    phone: body.phone?.trim() || null,
  };
}

const DEFAULT_PASSWORD_SCHEMA = {
  type: 'object',
  required: ['account', 'defaultPassword'],
  properties: { account: { type: 'string' }, defaultPassword: { type: 'string', description: 'shown once' } },
} as const;

const employees = defineResource<EmployeeRow, EmployeeDto, EmployeeBody, { keyword?: string; roleId?: number; status?: number }, EmployeeListItem, NewAccount | undefined>({
  declaration: declaration('system.employee'),
  table: 'users',
  alias: 'u',
  columns: { account: sql`lower(u.account)`, name: sql`lower(u.name)`, status: 'u.status', createdAt: 'u.created_at' },
  query: employeeQuery,
  filter: (q, { keyword, roleId, status }) => {
    let out = q;
    if (keyword?.trim()) {
      const pattern = containsPattern(keyword.trim());
      out = out.where((eb) => eb.or([eb('u.account', 'ilike', pattern), eb('u.name', 'ilike', pattern)]));
    }
    if (roleId !== undefined) out = out.where('u.role_id', '=', roleId);
    if (status !== undefined) out = out.where('u.status', '=', status);
    return out;
  },
  toDto,
  listItem: toListItem,
  readOnly: ['mimaStatus'],
  // A create: a taken account is refused before the (slow) hash of the generated password.
  prepare: async ({ who, deps }, body, id) => {
    if (id !== null) return undefined;
    const account = body.account!.trim();
    const taken = await deps.db.selectFrom('users').select('id')
      .where('tenant_id', '=', who.tenantId)
      .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
      .executeTakeFirst();
    if (taken) throw duplicateAccount();
    const defaultPassword = generatePassword();
    return { account, defaultPassword, mimaHash: await hashPassword(defaultPassword) };
  },
  values: async ({ trx, who, deps, now, prepared }, body, before) => {
    if (!(await isTenantRole(trx, who.tenantId, body.roleId))) throw badRole();
    if (!before) {
      await mustAssignRole(trx, deps, who, body.roleId);
      // A new employee is Staff and must change the generated password at first sign-in.
      return {
        account: prepared!.account, name: body.name.trim(), type: UserType.Staff, status: body.status, role_id: body.roleId,
        mima_hash: prepared!.mimaHash, mima_status: MimaStatus.MustChange, mima_changed_at: now, ...contact(body),
      };
    }
    // Editing yourself: you stay enabled and keep your role (no lock-out, no self-promotion).
    if (before.id === who.userId && (body.status !== UserStatus.Enabled || body.roleId !== before.roleId)) throw forbidden();
    // Only accounts whose role grants no more than the caller's, and only to such a role.
    await mustCoverRole(trx, deps, who, before.roleId);
    await mustAssignRole(trx, deps, who, body.roleId);
    return {
      name: body.name.trim(), role_id: body.roleId, status: body.status, ...contact(body),
      // Enabling a locked account starts its failed sign-ins afresh.
      ...(body.status === UserStatus.Enabled && before.status !== UserStatus.Enabled ? { failed_signins: 0 } : {}),
    };
  },
  afterWrite: async ({ trx }, id, body, before) => {
    // A disabled account is signed out everywhere (re-enabling does not revive old sessions).
    if (before && body.status !== UserStatus.Enabled) await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
  },
  created: {
    answer: ({ prepared }, after) => ({ id: after.id, account: after.account, defaultPassword: prepared!.defaultPassword }),
    schema: { ...DEFAULT_PASSWORD_SCHEMA, required: ['id', ...DEFAULT_PASSWORD_SCHEMA.required], properties: { id: { type: 'integer' }, ...DEFAULT_PASSWORD_SCHEMA.properties } },
  },
  beforeRemove: async ({ trx, deps, who }, before) => {
    if (before.id === who.userId) throw forbidden();
    await mustCoverRole(trx, deps, who, before.roleId);
    await trx.deleteFrom('sessions').where('user_id', '=', before.id).execute();
  },
  uniqueErrors: { users_tenant_account_uq: duplicateAccount },
  foreignKeyError: badRole,
  errors: { create: [ErrorCode.DuplicateAccount] },
});

/** Does the caller's side menu hold `menuId`? (the reset route serves two screens) */
const holdsMenu = (who: Caller, deps: AppDeps, menuId: number) => menuIds(userMenu(menuInput(who, deps), who.roleFunctions)).includes(menuId);

/**
 * Whose account a reset may reach: the caller's own tenant (employee settings, menu 10, an
 * account whose role the caller covers) or, from the operator's client screen (menu 11), a
 * client the caller's role manages (not deleted). Anything else: 404 code 2.
 */
async function resetTarget(trx: Transaction<Database>, deps: AppDeps, who: Caller, tenantId: number | undefined): Promise<number> {
  if (tenantId === undefined || tenantId === who.tenantId) {
    if (!holdsMenu(who, deps, EMPLOYEE_MENU_ID)) throw forbidden();
    return who.tenantId;
  }
  if (who.tenantType !== TenantType.Operator || !holdsMenu(who, deps, CLIENT_MENU_ID)) throw notFound();
  const client = await trx.selectFrom('tenants').select('id')
    .where('id', '=', tenantId).where('type', '=', TenantType.Client).where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!client) throw notFound();
  await mustManageClient(trx, who, tenantId);
  return tenantId;
}

export default async function employeeRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  employees.routes(app, deps);

  // Reset to a new default password (documented from the declaration's row action).
  app.put<{ Params: { account: string }; Querystring: { tenantId?: number } }>('/System/initial/:account', {
    config: { menuId: [EMPLOYEE_MENU_ID, CLIENT_MENU_ID] },
    schema: {
      params: { type: 'object', required: ['account'], properties: { account: { type: 'string', minLength: 1, maxLength: 100 } } },
      querystring: { type: 'object', properties: { tenantId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } } },
    },
  }, async (req): Promise<DefaultPassword> => {
    const who = caller(req);
    const defaultPassword = generatePassword();
    const mimaHash = await hashPassword(defaultPassword);
    const account = await db.transaction().execute(async (trx) => {
      const tenantId = await resetTarget(trx, deps, who, req.query.tenantId);
      const found = await employees.scoped(trx, { tenantId }, UNSCOPED).select('u.id')
        .where((eb) => eb(eb.fn('lower', ['u.account']), '=', req.params.account.trim().toLowerCase()))
        .executeTakeFirst();
      const before = found ? await employees.load(trx, { who: { ...who, tenantId }, scope: UNSCOPED }, found.id, true) : null;
      if (!before) throw notFound();
      // In the caller's tenant: an account whose role grants more than the caller's is not theirs to reset.
      if (tenantId === who.tenantId) await mustCoverRole(trx, deps, who, before.roleId);
      const now = new Date();
      await trx.updateTable('users')
        .set((eb) => ({
          mima_hash: mimaHash, mima_status: MimaStatus.MustChange, mima_changed_at: now, failed_signins: 0, updated_at: now,
          // Locked -> Enabled; a Disabled account stays disabled (someone decided that).
          status: eb.case().when('status', '=', UserStatus.Locked).then(UserStatus.Enabled).else(eb.ref('status')).end(),
        }))
        .where('id', '=', before.id).where('tenant_id', '=', tenantId).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', before.id).execute();
      const after = (await employees.load(trx, { who: { ...who, tenantId }, scope: UNSCOPED }, before.id))!;
      // Logged in the account's tenant (a client's reset by the operator: the client's log, the operator's account).
      await recordChange(trx, { tenantId, userId: who.userId, account: who.account }, {
        resource: 'employee', resourceId: before.id, action: 'update', before, after,
      });
      return before.account;
    });
    return { account, defaultPassword };
  });
}

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
 *   PUT    System/initial/{account}    reset to a new default password: { account, defaultPassword }
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
import type { Page } from '../../src/domain/api';
import { declaration, editForm, resolveForm } from '../../src/domain/declarations';
import { MimaStatus, UserStatus, UserType } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { normalizeCallingCode } from '../../src/domain/phone';
import { caller } from '../auth';
import type { AppDeps } from '../context';
import { containsPattern, listPage, listRoute, listSpec, type ListParams } from '../db/list';
import type { Database } from '../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { generatePassword, hashPassword } from '../security/passwords';
import { recordChange } from '../services/changelog';
import { mustAssignRole, mustCoverRole } from '../services/grants';
import { bodyId, idParams, isDbId, isForeignKeyViolation, isUniqueViolation, objectBody, validated, withoutKeys } from '../services/resource';

export const EMPLOYEE_MENU_ID = 10;
const EMPLOYEE_TYPES = [UserType.Admin, UserType.Staff];

const DECL = declaration('system.employee');
const FORM = DECL.form!;
const RESOURCE = DECL.resource ?? 'employee';
/** Fields the server answers but never takes: a body may carry them back, they are ignored. */
const READ_ONLY = ['roleName', 'mimaStatus', 'createdAt', 'updatedAt'];

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

interface EmployeeBody {
  account?: string;
  name: string;
  roleId: number;
  status: number;
  email?: string;
  phoneCountryCode?: string;
  phone?: string;
}

type EmployeeQuery = ListParams & { keyword?: string; roleId?: number; status?: number };

const SPEC = listSpec(DECL, {
  account: sql`lower(u.account)`,
  name: sql`lower(u.name)`,
  status: 'u.status',
  createdAt: 'u.created_at',
}, 'u.id');

type Db = AppDeps['db'] | Transaction<Database>;

function employeeQuery(db: Db, tenantId: number) {
  // A left join (role_id is not null with a foreign key, so it finds the same row) lets
  // PostgreSQL drop the join from the list's COUNT (docs/benchmarks.md).
  return db.selectFrom('users as u')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      'u.id', 'u.account', 'u.name', 'u.role_id', 'r.name as roleName', 'u.status', 'u.email',
      'u.phone_country_code', 'u.phone', 'u.mima_status', 'u.created_at', 'u.updated_at',
    ])
    .where('u.tenant_id', '=', tenantId)
    .where('u.type', 'in', EMPLOYEE_TYPES);
}

type EmployeeRow = Awaited<ReturnType<ReturnType<typeof employeeQuery>['executeTakeFirstOrThrow']>>;

function toDto(u: EmployeeRow): EmployeeDto {
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
    mimaStatus: u.mima_status,
    createdAt: u.created_at.toISOString(),
    updatedAt: u.updated_at.toISOString(),
  };
}

async function loadEmployee(db: Db, tenantId: number, where: { id: number } | { account: string }, lock = false): Promise<EmployeeDto | null> {
  let q = employeeQuery(db, tenantId);
  q = 'id' in where ? q.where('u.id', '=', where.id) : q.where((eb) => eb(eb.fn('lower', ['u.account']), '=', where.account.toLowerCase()));
  if (lock) q = q.forUpdate('u');
  const row = await q.executeTakeFirst();
  return row ? toDto(row) : null;
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

export default async function employeeRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const config = { menuId: EMPLOYEE_MENU_ID };

  app.get<{ Querystring: EmployeeQuery }>('/system/employee', { config, ...listRoute(SPEC, DECL.filters?.schema) }, async (req): Promise<Page<Omit<EmployeeDto, 'mimaStatus' | 'updatedAt'>>> => {
    const who = caller(req);
    const { keyword, roleId, status } = req.query;
    let q = employeeQuery(db, who.tenantId);
    if (keyword?.trim()) {
      const pattern = containsPattern(keyword.trim());
      q = q.where((eb) => eb.or([eb('u.account', 'ilike', pattern), eb('u.name', 'ilike', pattern)]));
    }
    if (roleId !== undefined) q = q.where('u.role_id', '=', roleId);
    if (status !== undefined) q = q.where('u.status', '=', status);
    const page = await listPage(q, SPEC, req.query);
    return {
      total: page.total,
      items: page.items.map((row) => {
        const { mimaStatus: _m, updatedAt: _u, ...item } = toDto(row);
        return item;
      }),
    };
  });

  app.get<{ Params: { id: number } }>('/system/employee/:id', { config, schema: { params: idParams } }, async (req): Promise<EmployeeDto> => {
    const employee = await loadEmployee(db, caller(req).tenantId, { id: req.params.id });
    if (!employee) throw notFound();
    return employee;
  });

  app.post('/system/employee', { config }, async (req, reply) => {
    const who = caller(req);
    const body = validated<EmployeeBody>(resolveForm(FORM), withoutKeys(objectBody(req.body), READ_ONLY));
    const account = body.account!.trim();
    const taken = await db.selectFrom('users').select('id')
      .where('tenant_id', '=', who.tenantId)
      .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
      .executeTakeFirst();
    if (taken) throw duplicateAccount();

    const defaultPassword = generatePassword();
    const mimaHash = await hashPassword(defaultPassword);
    try {
      const id = await db.transaction().execute(async (trx) => {
        if (!(await isTenantRole(trx, who.tenantId, body.roleId))) throw badRole();
        await mustAssignRole(trx, deps, who, body.roleId);
        const now = new Date();
        const { id } = await trx.insertInto('users').values({
          tenant_id: who.tenantId, account, name: body.name.trim(), type: UserType.Staff, status: body.status,
          role_id: body.roleId, mima_hash: mimaHash, mima_status: MimaStatus.MustChange, mima_changed_at: now,
          ...contact(body), created_at: now, updated_at: now,
        }).returning('id').executeTakeFirstOrThrow();
        const after = (await loadEmployee(trx, who.tenantId, { id }))!;
        await recordChange(trx, who, { resource: RESOURCE, resourceId: id, action: 'create', after });
        return id;
      });
      return reply.code(201).send({ id, account, defaultPassword });
    } catch (err) {
      if (isUniqueViolation(err, 'users_tenant_account_uq')) throw duplicateAccount();
      if (isForeignKeyViolation(err)) throw badRole();
      throw err;
    }
  });

  app.put('/system/employee', { config }, async (req): Promise<EmployeeDto> => {
    const who = caller(req);
    const raw = objectBody(req.body);
    const id = bodyId(raw);
    const body = validated<EmployeeBody>(editForm(FORM), withoutKeys(raw, ['id', ...READ_ONLY]));
    try {
      return await db.transaction().execute(async (trx) => {
        const before = await loadEmployee(trx, who.tenantId, { id }, true);
        if (!before) throw notFound();
        if (body.account !== undefined && body.account !== before.account) throw badRequest({ account: { key: 'invalid' } });
        if (!(await isTenantRole(trx, who.tenantId, body.roleId))) throw badRole();
        // Editing yourself: you stay enabled and keep your role (no lock-out, no self-promotion).
        if (id === who.userId && (body.status !== UserStatus.Enabled || body.roleId !== before.roleId)) throw forbidden();
        // Only accounts whose role grants no more than the caller's, and only to such a role.
        await mustCoverRole(trx, deps, who, before.roleId);
        await mustAssignRole(trx, deps, who, body.roleId);

        const now = new Date();
        await trx.updateTable('users').set({
          name: body.name.trim(), role_id: body.roleId, status: body.status, ...contact(body), updated_at: now,
          // Enabling a locked account starts its failed sign-ins afresh.
          ...(body.status === UserStatus.Enabled && before.status !== UserStatus.Enabled ? { failed_signins: 0 } : {}),
        }).where('id', '=', id).where('tenant_id', '=', who.tenantId).execute();
        // A disabled account is signed out everywhere (re-enabling does not revive old sessions).
        if (body.status !== UserStatus.Enabled) await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
        const after = (await loadEmployee(trx, who.tenantId, { id }))!;
        await recordChange(trx, who, { resource: RESOURCE, resourceId: id, action: 'update', before, after });
        return after;
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw badRole();
      throw err;
    }
  });

  app.delete<{ Params: { id: number } }>('/system/employee/:id', { config, schema: { params: idParams } }, async (req, reply) => {
    const who = caller(req);
    const id = req.params.id;
    await db.transaction().execute(async (trx) => {
      const before = await loadEmployee(trx, who.tenantId, { id }, true);
      if (!before) throw notFound();
      if (id === who.userId) throw forbidden();
      await mustCoverRole(trx, deps, who, before.roleId);
      await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
      await trx.deleteFrom('users').where('id', '=', id).where('tenant_id', '=', who.tenantId).execute();
      await recordChange(trx, who, { resource: RESOURCE, resourceId: id, action: 'delete', before });
    });
    return reply.code(204).send();
  });

  // Reset to a new default password. `tenantId` (for the client screen, later) is only
  // honoured when it is the caller's own tenant for now: any other answers 404 code 2.
  app.put<{ Params: { account: string }; Querystring: { tenantId?: number } }>('/System/initial/:account', {
    config,
    schema: {
      params: { type: 'object', required: ['account'], properties: { account: { type: 'string', minLength: 1, maxLength: 100 } } },
      querystring: { type: 'object', properties: { tenantId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } } },
    },
  }, async (req): Promise<{ account: string; defaultPassword: string }> => {
    const who = caller(req);
    if (req.query.tenantId !== undefined && req.query.tenantId !== who.tenantId) throw notFound();
    const defaultPassword = generatePassword();
    const mimaHash = await hashPassword(defaultPassword);
    const account = await db.transaction().execute(async (trx) => {
      const before = await loadEmployee(trx, who.tenantId, { account: req.params.account.trim() }, true);
      if (!before) throw notFound();
      // An account whose role grants more than the caller's is not theirs to reset.
      await mustCoverRole(trx, deps, who, before.roleId);
      const now = new Date();
      await trx.updateTable('users')
        .set((eb) => ({
          mima_hash: mimaHash, mima_status: MimaStatus.MustChange, mima_changed_at: now, failed_signins: 0, updated_at: now,
          // Locked -> Enabled; a Disabled account stays disabled (someone decided that).
          status: eb.case().when('status', '=', UserStatus.Locked).then(UserStatus.Enabled).else(eb.ref('status')).end(),
        }))
        .where('id', '=', before.id).where('tenant_id', '=', who.tenantId).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', before.id).execute();
      const after = (await loadEmployee(trx, who.tenantId, { id: before.id }))!;
      await recordChange(trx, who, { resource: RESOURCE, resourceId: before.id, action: 'update', before, after });
      return before.account;
    });
    return { account, defaultPassword };
  });
}


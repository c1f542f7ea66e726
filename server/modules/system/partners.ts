/**
 * Suppliers (menu 13) and distributors (menu 12), issue 16: declared by
 * src/schemas/system/{supplier,distributor}.json and served by defineResource.
 *
 *   GET/POST/PUT system/supplier,    GET/DELETE system/supplier/{id},    PUT system/supplier/initial/{id}
 *   GET/POST/PUT system/distributor, GET/DELETE system/distributor/{id}, PUT system/distributor/initial/{id}
 *   GET system/partner/warehouses   the tenant's warehouses as options (menus 12, 13)
 *
 * A supplier or distributor is a `users` row of the tenant with type Supplier 3 / Distributor 4
 * and no role (migration 0019): it signs in like any account (back office, and the app with
 * functionType 2) and its SupplierFunction flags (`users.app_functions`) decide what it may do
 * (src/domain/partners.ts): A production binding (suppliers only), B stock-in and ship-out in its
 * authorized warehouses (`partner_warehouses`), C the logistics queries of the back office.
 * Created like an employee: a generated default password shown once (`defaultPassword` in the
 * 201 answer) that must be changed at the first sign-in.
 *
 * Rules (SPEC.md 5 and 8): telephone or mobile required (1501); an account already used in the
 * tenant by anybody, any case (1502); deleting a partner that still holds authorized warehouses
 * (1503: remove them first); flags outside what the kind may hold and warehouses not of the
 * tenant: code 1 `oneOf`. Disabling ends its sessions at once.
 *
 * Nobody grants by proxy (src/domain/grants.ts, issue 23): a flag the caller's role does not
 * hold the functions of answers code 1 { functions: notGrantable } on create and update; a
 * partner already holding such a flag is out of the caller's reach: its update, password
 * reset and delete answer 403 code 3. GET system/partner/grantable tells the form which flags
 * the caller may give.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import { MimaStatus, UserStatus, UserType } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { hasTelephoneOrMobile, partnerFlagsAllowed } from '../../../src/domain/partners';
import { normalizeCallingCode } from '../../../src/domain/phone';
import { excessPartnerFlags, grantablePartnerFlags } from '../../../src/domain/grants';
import { caller, menuInput, type Caller } from '../../auth';
import type { AppDeps } from '../../context';
import { containsPattern } from '../../db/list';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../../errors';
import { defineResource, takenIgnoringCase, type Db, type Resource } from '../../resource/define';
import { generatePassword, hashPassword } from '../../security/passwords';
import { recordChange } from '../../services/changelog';
import { callerGrants, NOT_GRANTABLE } from '../../services/grants';
import { idParams } from '../../services/resource';

export const PARTNER_MENU = { distributor: 12, supplier: 13 } as const;

export interface PartnerDto {
  id: number; account: string; name: string; status: number; functions: number;
  telephone: string | null; phoneCountryCode: string | null; phone: string | null; email: string | null;
  /** Telephone and mobile as one text, for the list. */
  contact: string;
  warehouseIds: number[]; warehouseNames: string;
  createdAt: string; updatedAt: string;
  /** Only in the create answer: the default password, shown once. */
  defaultPassword?: string;
}

interface PartnerBody {
  account: string; name: string; status: number; functions?: number;
  telephone?: string; phoneCountryCode?: string; phone?: string; email?: string; warehouseIds?: number[];
}

type Filters = { keyword?: string; status?: number; warehouseId?: number };

const duplicateAccount = () => new ApiError(400, ErrorCode.DuplicateSupplierAccount);
const text = (v: string | undefined) => (v?.trim() ? v.trim() : null);

const partnerQuery = (type: number) => (db: Db) => db.selectFrom('users as u')
  .select(['u.id', 'u.account', 'u.name', 'u.status', 'u.app_functions', 'u.telephone', 'u.phone_country_code', 'u.phone', 'u.email', 'u.created_at', 'u.updated_at'])
  .select(sql<{ id: number; name: string }[] | null>`(select json_agg(json_build_object('id', w.id, 'name', w.name) order by lower(w.name), w.id)
      from partner_warehouses pw join warehouses w on w.id = pw.warehouse_id where pw.user_id = u.id)`.as('warehouses'))
  .where('u.type', '=', type);
type PartnerRow = Awaited<ReturnType<ReturnType<ReturnType<typeof partnerQuery>>['executeTakeFirstOrThrow']>>;

function toDto(r: PartnerRow): PartnerDto {
  const warehouses = r.warehouses ?? [];
  const mobile = r.phone ? `${r.phone_country_code ? `+${r.phone_country_code} ` : ''}${r.phone}` : '';
  return {
    id: r.id, account: r.account, name: r.name, status: r.status, functions: r.app_functions,
    telephone: r.telephone, phoneCountryCode: r.phone_country_code, phone: r.phone, email: r.email,
    contact: [r.telephone ?? '', mobile].filter(Boolean).join(' / '),
    warehouseIds: warehouses.map((w) => Number(w.id)), warehouseNames: warehouses.map((w) => w.name).join(', '),
    createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(),
  };
}

/**
 * The default password of a create, handed from `values` to the read-back (`details`) of the
 * same transaction: the answer shows it once; the change log drops it (services/changelog.ts).
 */
const createdPasswords = new WeakMap<object, string>();

/** The partner flags the caller's role holds the functions of, read in the write's transaction. */
async function excessFlags(db: Db, deps: AppDeps, who: Caller, flags: number): Promise<number> {
  return excessPartnerFlags(await callerGrants(db, who), flags, menuInput(who, deps));
}

/** 403 unless the caller may give every flag the partner holds (its update, reset, delete). */
async function mustCoverPartner(db: Db, deps: AppDeps, who: Caller, flags: number): Promise<void> {
  if (await excessFlags(db, deps, who, flags)) throw forbidden();
}

async function replaceWarehouses(trx: Transaction<Database>, tenantId: number, userId: number, ids: number[]) {
  await trx.deleteFrom('partner_warehouses').where('user_id', '=', userId).execute();
  if (ids.length) await trx.insertInto('partner_warehouses').values(ids.map((id) => ({ user_id: userId, warehouse_id: id, tenant_id: tenantId }))).execute();
}

function partnerResource(kind: 'supplier' | 'distributor'): Resource<PartnerRow, PartnerDto> {
  const type = kind === 'supplier' ? UserType.Supplier : UserType.Distributor;
  return defineResource<PartnerRow, PartnerDto, PartnerBody, Filters>({
    declaration: declaration(`system.${kind}`),
    table: 'users',
    alias: 'u',
    columns: { account: sql`lower(u.account)`, name: sql`lower(u.name)`, status: 'u.status', createdAt: 'u.created_at' },
    query: partnerQuery(type),
    filter: (q, { keyword, status, warehouseId }) => {
      let out = q;
      const k = keyword?.trim();
      if (k) out = out.where((eb) => eb.or([eb('u.account', 'ilike', containsPattern(k)), eb('u.name', 'ilike', containsPattern(k))]));
      if (status !== undefined) out = out.where('u.status', '=', status);
      if (warehouseId !== undefined) {
        out = out.where((eb) => eb.exists(eb.selectFrom('partner_warehouses as pw').select('pw.user_id')
          .whereRef('pw.user_id', '=', 'u.id').where('pw.warehouse_id', '=', warehouseId)));
      }
      return out;
    },
    toDto,
    details: async (db, dto) => {
      const password = createdPasswords.get(db);
      return password ? { ...dto, defaultPassword: password } : dto;
    },
    values: async ({ trx, who, deps }, body, before) => {
      if (before) await mustCoverPartner(trx, deps, who, before.functions);
      if (!hasTelephoneOrMobile(body)) throw new ApiError(400, ErrorCode.PhoneOrLandlineRequired);
      const functions = body.functions ?? 0;
      if ((functions & ~partnerFlagsAllowed(type)) !== 0) throw badRequest({ functions: { key: 'oneOf' } });
      if (await excessFlags(trx, deps, who, functions)) throw badRequest({ functions: { key: NOT_GRANTABLE } });
      const warehouseIds = [...new Set(body.warehouseIds ?? [])];
      if (warehouseIds.length) {
        const found = await trx.selectFrom('warehouses').select('id').where('tenant_id', '=', who.tenantId).where('id', 'in', warehouseIds).forShare().execute();
        if (found.length !== warehouseIds.length) throw badRequest({ warehouseIds: { key: 'oneOf' } });
      }
      const account = body.account.trim();
      const phone = text(body.phone);
      const common = {
        name: body.name.trim(), status: body.status, app_functions: functions, telephone: text(body.telephone),
        phone, phone_country_code: phone ? normalizeCallingCode(body.phoneCountryCode) || null : null, email: text(body.email),
      };
      if (before) return common;
      if (await takenIgnoringCase(trx, 'users', 'account', account, { tenant_id: who.tenantId }, null)) throw duplicateAccount();
      const password = generatePassword();
      createdPasswords.set(trx, password);
      return {
        ...common, account, type, role_id: null,
        mima_hash: await hashPassword(password), mima_status: MimaStatus.MustChange,
      };
    },
    afterWrite: async ({ trx, who }, id, body, before) => {
      await replaceWarehouses(trx, who.tenantId, id, [...new Set(body.warehouseIds ?? [])]);
      // A disabled partner's sessions end at once (like an employee's).
      if (before && body.status !== UserStatus.Enabled) await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    },
    beforeRemove: async ({ trx, deps, who }, before) => {
      await mustCoverPartner(trx, deps, who, before.functions);
      if (before.warehouseIds.length > 0) throw new ApiError(400, ErrorCode.SupplierHasFactoryOrWarehouse, { warehouses: before.warehouseNames });
    },
    uniqueErrors: { users_tenant_account_uq: duplicateAccount },
    errors: {
      create: [ErrorCode.PhoneOrLandlineRequired, ErrorCode.DuplicateSupplierAccount],
      update: [ErrorCode.PhoneOrLandlineRequired],
      remove: [ErrorCode.SupplierHasFactoryOrWarehouse],
    },
  });
}

const suppliers = partnerResource('supplier');
const distributors = partnerResource('distributor');

export default async function partnerRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  suppliers.routes(app, deps);
  distributors.routes(app, deps);

  app.get('/system/partner/warehouses', {
    config: {
      menuId: [PARTNER_MENU.distributor, PARTNER_MENU.supplier],
      docs: { summary: 'The tenant\'s warehouses as options of the supplier and distributor forms (disabled ones marked enable: false)', response: { type: 'array', items: { type: 'object', properties: { value: { type: 'integer' }, label: { type: 'string' }, enable: { type: 'boolean' } } } } },
    },
  }, async (req) => {
    const who = caller(req);
    const rows = await db.selectFrom('warehouses').select(['id', 'name', 'enabled']).where('tenant_id', '=', who.tenantId).orderBy(sql`lower(name)`).orderBy('id').execute();
    return rows.map((r) => ({ value: r.id, label: r.name, enable: r.enabled }));
  });

  app.get('/system/partner/grantable', {
    config: {
      menuId: [PARTNER_MENU.distributor, PARTNER_MENU.supplier],
      docs: { summary: 'The SupplierFunction flags the caller may give a supplier or distributor (a bit mask; the forms offer only these)', response: { type: 'object', properties: { flags: { type: 'integer' } } } },
    },
  }, async (req) => {
    const who = caller(req);
    return { flags: grantablePartnerFlags(await callerGrants(db, who), menuInput(who, deps)) };
  });

  // Reset to a new default password (the employee screen's action, for a partner by id).
  for (const [kind, resource] of [['supplier', suppliers], ['distributor', distributors]] as const) {
    app.put<{ Params: { id: number } }>(`/system/${kind}/initial/:id`, {
      schema: { params: idParams },
      config: {
        menuId: PARTNER_MENU[kind],
        docs: { summary: `A new default password for a ${kind} (shown once; every session ends); 403 for a ${kind} holding a flag the caller may not give`, status: 200, errors: [ErrorCode.NotFound], response: { type: 'object', properties: { account: { type: 'string' }, defaultPassword: { type: 'string' } } } },
      },
    }, async (req) => {
      const who = caller(req);
      const defaultPassword = generatePassword();
      const mimaHash = await hashPassword(defaultPassword);
      const account = await db.transaction().execute(async (trx) => {
        const scope = { clients: null, brands: null };
        const before = await resource.load(trx, { who, scope }, req.params.id, true);
        if (!before) throw notFound();
        await mustCoverPartner(trx, deps, who, before.functions);
        const now = new Date();
        await trx.updateTable('users')
          .set((eb) => ({
            mima_hash: mimaHash, mima_status: MimaStatus.MustChange, mima_changed_at: now, failed_signins: 0, updated_at: now,
            status: eb.case().when('status', '=', UserStatus.Locked).then(UserStatus.Enabled).else(eb.ref('status')).end(),
          }))
          .where('id', '=', before.id).where('tenant_id', '=', who.tenantId).execute();
        await trx.deleteFrom('sessions').where('user_id', '=', before.id).execute();
        const after = (await resource.load(trx, { who, scope }, before.id))!;
        await recordChange(trx, who, { resource: kind, resourceId: before.id, action: 'update', before, after });
        return before.account;
      });
      return { account, defaultPassword };
    });
  }
}

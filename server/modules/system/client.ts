/**
 * Client accounts (menu 11, the operator only: a client tenant's caller gets 403 by menu),
 * declared by src/schemas/system/client.json. A client is a tenant of type 2.
 *   GET  system/client                  list { items, total } (keyword: code or a name contains;
 *                                       functions: has every given flag; status)
 *   GET  system/client/{id}
 *   POST system/client                  201 { id, clientCode, activationCode, account, defaultPassword }
 *                                       (shown once): the tenant, its Admin role and its admin
 *                                       account in one transaction
 *   PUT  system/client                  body carries id; the code cannot change
 *   POST system/client/{id}             { reason }: delete (soft): 204
 *   GET  system/client/GetActiveClient  options { value, label, names, code } (menu 9 or 11)
 * Only client tenants that are not deleted are seen: any other id (the operator itself, a
 * deleted client, no tenant at all) answers 404 code 2. Writes need a role managing the client
 * (services/grants.ts; creating one: every client), else 403 code 3; GetActiveClient answers
 * only the clients the caller's role manages (what the role form may grant).
 *
 * - The client code (letters and digits) is the tenant code of /login?code=, unique whatever its
 *   case across every tenant, deleted ones included: 400 code 50.
 * - The activation code is generated here, answered once and kept only as its sha256.
 * - Changing the function flags gives the client's Admin-type roles exactly the new grantable
 *   menu (the admin sees new functions at the next menu load); General roles keep theirs
 *   (functions the client lost are hidden by the menu rules anyway).
 * - Disabled (status 2): its users cannot sign in (13) and their sessions end. Deleted
 *   (deleted_at, delete_reason): its code is unknown at sign-in (14) and in Config/tenant
 *   (404), its sessions end, it leaves every role's authorized customers. The code stays taken.
 *   A client with packaging materials bound to it cannot be deleted: 400 code 51.
 * - Every write is logged: the client in the operator's change log; the Admin role, admin
 *   account and role syncs of the client in the client's own log (account: the operator's).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import { MimaStatus, RoleType, TenantType, UserStatus, UserType } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { DEFAULT_LANG, LANGS, isLang, pickName, type Names } from '../../../src/domain/lang';
import { normalizeCallingCode } from '../../../src/domain/phone';
import { buildLocations } from '../../../src/domain/reference/dialCodes';
import type { FormDeclaration } from '../../../src/domain/validation/index';
import { caller, type Caller } from '../../auth';
import type { AppDeps } from '../../context';
import { json, type ClientContact, type ClientContacts, type Database } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../errors';
import { defineResource, UNSCOPED, type Db } from '../../resource/define';
import { generatePassword, hashPassword } from '../../security/passwords';
import { hashToken } from '../../security/tokens';
import { recordChange, type ChangeContext } from '../../services/changelog';
import { mustManageClient } from '../../services/grants';
import { roleScope, scopeCondition } from '../../services/scope';
import { idParams, objectBody, validated } from '../../services/resource';
import { ADMIN_ACCOUNT, adminFunctions, createTenantWithAdmin, syncAdminRoles } from '../../services/tenants';
import { CLIENT_MENU_ID, ROLE_MENU_ID } from '../../services/menuIds';
import { clientFilter, type ClientFilters } from '../../services/clients';
import { cleanNames } from '../../services/names';


const DECL = declaration('system.client');
const RESOURCE = DECL.resource ?? 'client';
export const DELETE_REASON_MAX = 200;
/** The body of the delete call (POST system/client/{id}). */
const REMOVE_FORM: FormDeclaration = {
  schema: {
    type: 'object',
    required: ['reason'],
    properties: { reason: { type: 'string', minLength: 1, maxLength: DELETE_REASON_MAX } },
  },
};

export const ACTIVATION_CODE_LENGTH = 16;
const ACTIVATION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random activation code: 16 characters, upper-case letters and digits without look-alikes. */
export function newActivationCode(): string {
  return Array.from({ length: ACTIVATION_CODE_LENGTH }, () => ACTIVATION_ALPHABET[crypto.randomInt(ACTIVATION_ALPHABET.length)]).join('');
}

export interface ClientOption {
  value: number;
  label: string;
  code: string;
  names: Names;
}

export interface ClientListItem {
  id: number;
  names: Names;
  code: string;
  functions: number;
  proxyType: number;
  domainType: number;
  defaultLanguage: string;
  status: number;
  createdAt: string;
}

export interface ClientDto extends ClientListItem {
  layouts: number;
  domain: string | null;
  contacts: ClientContacts;
  country: number | null;
  address: string | null;
  updatedAt: string;
}

export interface ClientCreated {
  id: number;
  clientCode: string;
  activationCode: string;
  account: string;
  defaultPassword: string;
}

interface ClientBody {
  names: Names;
  code?: string;
  status: number;
  proxyType: number;
  /** Optional: a client with no function flag is allowed (SPEC.md section 6). */
  functions?: number;
  layouts: number;
  domainType: number;
  domain?: string;
  defaultLanguage: string;
  contacts: ClientContacts;
  country: number;
  address?: string;
}

let countryIds: Set<number> | null = null;
const isCountry = (id: number) => (countryIds ??= new Set(buildLocations().map((l) => l.id))).has(id);

const clientQuery = (db: Db) => db.selectFrom('tenants as t')
  .select([
    't.id', 't.names', 't.code', 't.status', 't.proxy_type', 't.function_flags', 't.layouts', 't.domain_type', 't.domain',
    't.default_language', 't.contacts', 't.country_id', 't.address', 't.created_at', 't.updated_at',
  ])
  .where('t.type', '=', TenantType.Client)
  .where('t.deleted_at', 'is', null);

type ClientRow = Awaited<ReturnType<ReturnType<typeof clientQuery>['executeTakeFirstOrThrow']>>;

function toDto(t: ClientRow): ClientDto {
  return {
    id: t.id,
    names: t.names ?? {},
    code: t.code,
    functions: t.function_flags,
    proxyType: t.proxy_type,
    domainType: t.domain_type,
    defaultLanguage: t.default_language,
    status: t.status,
    layouts: t.layouts,
    domain: t.domain,
    contacts: t.contacts ?? {},
    country: t.country_id,
    address: t.address,
    createdAt: t.created_at.toISOString(),
    updatedAt: t.updated_at.toISOString(),
  };
}

function toListItem(t: ClientRow): ClientListItem {
  const { id, names, code, functions, proxyType, domainType, defaultLanguage, status, createdAt } = toDto(t);
  return { id, names, code, functions, proxyType, domainType, defaultLanguage, status, createdAt };
}

/** A contact as stored: texts trimmed, calling code digits, empty fields left out. */
function cleanContact(c: ClientContact | undefined): ClientContact | undefined {
  if (!c) return undefined;
  const out: ClientContact = {};
  const name = c.name?.trim();
  const code = normalizeCallingCode(c.phoneCountryCode);
  const phone = c.phone?.trim();
  const email = c.email?.trim();
  if (name) out.name = name;
  if (code) out.phoneCountryCode = code;
  if (phone) out.phone = phone;
  if (email) out.email = email;
  return Object.keys(out).length ? out : undefined;
}

/** The tenant columns of a checked body (the server rules beyond the declaration). */
function clientValues(body: ClientBody) {
  if (!isCountry(body.country)) throw badRequest({ country: { key: 'oneOf' } });
  const contacts: ClientContacts = { primary: cleanContact(body.contacts.primary) };
  const secondary = cleanContact(body.contacts.secondary);
  if (secondary) contacts.secondary = secondary;
  const general = body.domainType === 1;
  return {
    names: json(cleanNames(body.names)),
    status: body.status,
    proxy_type: body.proxyType,
    function_flags: body.functions ?? 0,
    layouts: body.layouts,
    domain_type: body.domainType,
    domain: general ? null : body.domain!.trim().toLowerCase(),
    default_language: body.defaultLanguage,
    contacts: json(contacts),
    country_id: body.country,
    address: body.address?.trim() || null,
  };
}

const duplicateCode = () => new ApiError(400, ErrorCode.DuplicateClientCode);

/** The change context of writes that land in the client's own change log. */
const inClientLog = (who: Caller, tenantId: number): ChangeContext => ({ tenantId, userId: who.userId, account: who.account });

/** Logs the Admin-role syncs of a function change in the client's log. */
async function logRoleSyncs(trx: Transaction<Database>, who: Caller, tenantId: number, synced: Awaited<ReturnType<typeof syncAdminRoles>>) {
  for (const r of synced) {
    await recordChange(trx, inClientLog(who, tenantId), {
      resource: 'role', resourceId: r.id, action: 'update',
      before: { id: r.id, name: r.name, type: RoleType.Admin, functions: r.before },
      after: { id: r.id, name: r.name, type: RoleType.Admin, functions: r.after },
    });
  }
}


/** A create's code and secrets, hashed before the transaction. */
interface NewClient {
  code: string;
  activationCode: string;
  defaultPassword: string;
  mimaHash: string;
}

const CREATED_SCHEMA = {
  type: 'object',
  required: ['id', 'clientCode', 'activationCode', 'account', 'defaultPassword'],
  properties: {
    id: { type: 'integer' }, clientCode: { type: 'string' }, activationCode: { type: 'string', description: 'shown once' },
    account: { type: 'string' }, defaultPassword: { type: 'string', description: 'shown once' },
  },
};

// Clients are tenants, not rows of the caller's tenant: the query holds the scope (client
// tenants not deleted) and menu 11 (the operator's) who may call; writes need a role
// managing the client (services/grants.ts).
const clients = defineResource<ClientRow, ClientDto, ClientBody, ClientFilters, ClientListItem, NewClient | undefined>({
  declaration: DECL,
  table: 'tenants',
  alias: 't',
  tenantScoped: false,
  columns: { names: sql`lower(t.names->>'zh_TW')`, code: sql`lower(t.code)`, status: 't.status', createdAt: 't.created_at' },
  query: clientQuery,
  filter: clientFilter,
  toDto,
  listItem: toListItem,
  // A create: the body's rules and a taken code are refused before the (slow) password hash.
  prepare: async ({ deps }, body, id) => {
    clientValues(body);
    if (id !== null) return undefined;
    const code = body.code!.trim();
    const taken = await deps.db.selectFrom('tenants').select('id')
      .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()))
      .executeTakeFirst();
    if (taken) throw duplicateCode();
    const defaultPassword = generatePassword();
    return { code, activationCode: newActivationCode(), defaultPassword, mimaHash: await hashPassword(defaultPassword) };
  },
  values: async ({ trx, who }, body, before) => {
    await mustManageClient(trx, who, before?.id ?? null);
    return clientValues(body);
  },
  // The tenant with its Admin role and admin account (the seed's code), logged in the client's log.
  insert: async ({ trx, who, deps, prepared }, values, body) => {
    const { code, activationCode, mimaHash } = prepared!;
    const { names: _n, function_flags: flags, ...rest } = values as ReturnType<typeof clientValues>;
    const created = await createTenantWithAdmin(trx, {
      code, type: TenantType.Client, names: cleanNames(body.names), functionFlags: flags,
      values: { ...rest, activation_code_hash: hashToken(activationCode) },
    }, { mimaHash }, deps.settings);
    if (!created) throw duplicateCode();
    const own = inClientLog(who, created.tenantId);
    await recordChange(trx, own, {
      resource: 'role', resourceId: created.roleId, action: 'create',
      after: { id: created.roleId, type: RoleType.Admin, functions: created.functions },
    });
    await recordChange(trx, own, {
      resource: 'employee', resourceId: created.userId, action: 'create',
      after: { id: created.userId, account: ADMIN_ACCOUNT, type: UserType.Admin, roleId: created.roleId, status: UserStatus.Enabled, mimaStatus: MimaStatus.MustChange },
    });
    return created.tenantId;
  },
  afterWrite: async ({ trx, who, deps }, id, body, before) => {
    if (!before) return;
    if (before.functions !== (body.functions ?? 0)) {
      const tenant = await trx.selectFrom('tenants').select('excluded_menu_ids').where('id', '=', id).executeTakeFirstOrThrow();
      const functions = adminFunctions({
        type: TenantType.Client, functionFlags: body.functions ?? 0,
        excludedMenuIds: Array.isArray(tenant.excluded_menu_ids) ? tenant.excluded_menu_ids : [],
      }, deps.settings);
      await logRoleSyncs(trx, who, id, await syncAdminRoles(trx, id, functions));
    }
    // A disabled client's users are signed out everywhere (sign-in answers 13 meanwhile).
    if (body.status !== UserStatus.Enabled && before.status === UserStatus.Enabled) {
      await trx.deleteFrom('sessions').where('tenant_id', '=', id).execute();
    }
  },
  created: {
    answer: ({ prepared }, after): ClientCreated => ({
      id: after.id, clientCode: prepared!.code, activationCode: prepared!.activationCode, account: ADMIN_ACCOUNT, defaultPassword: prepared!.defaultPassword,
    }),
    schema: CREATED_SCHEMA,
  },
  errors: { create: [ErrorCode.DuplicateClientCode] },
});

export default async function clientRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const config = { menuId: CLIENT_MENU_ID };

  app.get<{ Querystring: { lang?: string } }>('/system/client/GetActiveClient', {
    config: { menuId: [ROLE_MENU_ID, CLIENT_MENU_ID] },
    schema: { querystring: { type: 'object', properties: { lang: { type: 'string', enum: [...LANGS] } } } },
  }, async (req): Promise<ClientOption[]> => {
    const who = caller(req);
    if (who.tenantType !== TenantType.Operator) return [];
    const lang = isLang(req.query.lang) ? req.query.lang : DEFAULT_LANG;
    // The role form offers only the clients the caller's own role manages.
    const { clients } = await roleScope(db, who);
    const rows = await db.selectFrom('tenants').select(['id', 'code', 'names'])
      .where('type', '=', TenantType.Client).where('deleted_at', 'is', null)
      .where(scopeCondition(clients, 'id'))
      .orderBy('code').orderBy('id')
      .execute();
    return rows.map((t) => ({ value: t.id, label: pickName(t.names, lang) || t.code, code: t.code, names: t.names ?? {} }));
  });

  clients.routes(app, deps);

  // Delete (soft): the declaration's row action (documented from it).
  app.post<{ Params: { id: number } }>('/system/client/:id', { config, schema: { params: idParams } }, async (req, reply) => {
    const who = caller(req);
    const id = req.params.id;
    const { reason } = validated<{ reason: string }>(REMOVE_FORM, objectBody(req.body));
    await db.transaction().execute(async (trx) => {
      const before = await clients.load(trx, { who, scope: UNSCOPED }, id, true);
      if (!before) throw notFound();
      await mustManageClient(trx, who, id);
      // Packaging materials bound to the client (modules/product/packaging.ts) prevent its deletion.
      const bound = await trx.selectFrom('packaging_materials').select('id').where('client_id', '=', id).limit(1).executeTakeFirst();
      if (bound) throw new ApiError(400, ErrorCode.ClientHasBoundPackaging);
      const deletedAt = new Date();
      await trx.updateTable('tenants').set({ deleted_at: deletedAt, delete_reason: reason.trim(), updated_at: deletedAt })
        .where('id', '=', id).where('type', '=', TenantType.Client).execute();
      await trx.deleteFrom('sessions').where('tenant_id', '=', id).execute();
      // The client leaves every role's authorized customers (role forms only take active clients).
      const holders = await trx.selectFrom('roles').select(['id', 'tenant_id', 'name', 'customers'])
        .where(sql<boolean>`customers @> ${json([id])}::jsonb`)
        .orderBy('id')
        .forUpdate()
        .execute();
      for (const r of holders) {
        const customers = (Array.isArray(r.customers) ? r.customers : []).filter((c) => c !== id);
        await trx.updateTable('roles').set({ customers: json(customers), updated_at: deletedAt })
          .where('id', '=', r.id).where('tenant_id', '=', r.tenant_id).execute();
        await recordChange(trx, { ...who, tenantId: r.tenant_id }, {
          resource: 'role', resourceId: r.id, action: 'update',
          before: { id: r.id, name: r.name, customers: r.customers }, after: { id: r.id, name: r.name, customers },
        });
      }
      await recordChange(trx, who, {
        resource: RESOURCE, resourceId: id, action: 'delete',
        before, after: { ...before, deletedAt: deletedAt.toISOString(), deleteReason: reason.trim() },
      });
    });
    return reply.code(204).send();
  });
}

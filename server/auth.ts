/**
 * Sessions and route guards.
 *
 * Every /v1 route needs a session unless its config says `public: true`. The check runs in an
 * onRequest hook (before the body is parsed and validated), so a caller without a session
 * learns 401 before anything about the body. Route config:
 *  - `menuId: N` (or `[N, M]`: any of them): the caller's side menu (userMenu of tenant and
 *    role) must hold N, else 403 code 3;
 *  - `allowMustChange: true`: reachable while mimaStatus is 2 (default password). Every other
 *    route answers 403 code 3 to such a user.
 * A session ends at expires_at (absolute) or after SESSION_IDLE_MINUTES without a call;
 * it also stops working when its user is no longer Enabled, or its tenant is deleted or disabled.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MimaStatus, UserStatus } from '../src/domain/enums';
import { menuIds, userMenu, type MenuNode, type MenuVisibilityInput } from '../src/domain/menu';
import { isPartnerType, partnerMenuFunctions } from '../src/domain/partners';
import type { AppDeps } from './context';
import { forbidden, unauthorized } from './errors';
import { ShortCache } from './db/shortCache';
import { hashToken } from './security/tokens';
import { appFunctions as appFunctionsFrom } from './services/appFunctions';

export interface Caller {
  sessionId: number;
  userId: number;
  account: string;
  tenantId: number;
  tenantCode: string;
  tenantType: number;
  functionFlags: number;
  excludedMenuIds: number[];
  /** 0 for a supplier or distributor (no role). */
  roleId: number;
  /** The role's functions; a supplier's or distributor's from its flags (src/domain/partners.ts). */
  roleFunctions: number[];
  mimaStatus: number;
  /** UserType: Admin 1, Staff 2, Supplier 3, Distributor 4. */
  userType: number;
  /** The mobile app's functions the account holds (SupplierFunction flags; services/appFunctions.ts). */
  appFunctions: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No session needed. */
    public?: boolean;
    /** The menu id the caller's side menu must hold; a list: any one of them. */
    menuId?: number | readonly number[];
    /** Reachable by a user who must still change the default password. */
    allowMustChange?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in caller; null on public routes. Use caller(req) in handlers. */
    user: Caller | null;
  }
}

/** last_seen_at is written at most this often per session. */
const TOUCH_EVERY_MS = 60_000;

export function menuInput(caller: Pick<Caller, 'tenantType' | 'functionFlags' | 'excludedMenuIds'>, deps: AppDeps): MenuVisibilityInput {
  return {
    tenantType: caller.tenantType,
    functionFlags: caller.functionFlags,
    excludedMenuIds: caller.excludedMenuIds,
    unreleasedMenuIds: deps.settings.unreleasedMenuIds,
  };
}

/** The caller of a route that requires a session. */
export function caller(req: FastifyRequest): Caller {
  if (!req.user) throw unauthorized();
  return req.user;
}

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i.exec(header);
  return m ? m[1] : null;
}

/**
 * Session lookups are kept SESSION_CACHE_MS per token (db/shortCache.ts): a small call costs no
 * query for them. Any write of this process (a logout, a password change, a disabled user or
 * tenant, a role edit) drops them all, except the writes a route declares 'data' (the app's
 * scans); other processes hear of it through db/cacheBus.ts.
 * Requests of one token that miss at the same time share one lookup (not across a write).
 * The cached caller is one frozen object shared by the requests of its session; what is
 * derived from it alone (the menu ids it holds, its side menu) is kept with it (`derived`),
 * so it lives and dies with the cached session.
 */
const SESSION_CACHE_MS = 5_000;
interface SessionEntry {
  user: Readonly<Caller>;
  lastSeenAt: Date;
}
const sessions = new ShortCache<SessionEntry>(SESSION_CACHE_MS, 10_000, true);
const lookups = new Map<string, Promise<SessionEntry | null>>();

export async function findSession(deps: AppDeps, token: string): Promise<SessionEntry | null> {
  const key = hashToken(token);
  const cached = sessions.get(key);
  if (cached) return cached;
  const since = sessions.epoch();
  const flight = `${since}\u0000${key}`;
  const running = lookups.get(flight);
  if (running) return running;
  const lookup = lookUpSession(deps, key).then((found) => {
    if (!found) return null;
    const { lastSeenAt, ...user } = found;
    const entry: SessionEntry = {
      user: Object.freeze({ ...user, excludedMenuIds: Object.freeze(user.excludedMenuIds) as number[], roleFunctions: Object.freeze(user.roleFunctions) as number[] }),
      lastSeenAt,
    };
    sessions.set(key, entry, since);
    return entry;
  }).finally(() => lookups.delete(flight));
  lookups.set(flight, lookup);
  return lookup;
}

type Derived = { tree?: MenuNode[]; held?: number[]; extra?: Map<string, unknown> };
/** Per caller object, per app settings (one process may hold apps of different settings: tests). */
const derived = new WeakMap<Caller, WeakMap<object, Derived>>();
const derivedOf = (user: Caller, deps: AppDeps): Derived => {
  let bySettings = derived.get(user);
  if (!bySettings) derived.set(user, (bySettings = new WeakMap()));
  let d = bySettings.get(deps.settings);
  if (!d) bySettings.set(deps.settings, (d = {}));
  return d;
};

/** The caller's side menu (userMenu of its tenant and role), computed once per cached session. */
export function callerMenu(user: Caller, deps: AppDeps): readonly MenuNode[] {
  const d = derivedOf(user, deps);
  return (d.tree ??= userMenu(menuInput(user, deps), user.roleFunctions));
}

/**
 * A value computed from the caller and the app's settings alone (e.g. an answer that depends on nothing else), kept
 * as long as this caller object: the cached session, dropped on any write of this process.
 */
export function perCaller<T>(user: Caller, deps: AppDeps, name: string, compute: () => T): T {
  const d = derivedOf(user, deps);
  const extra = (d.extra ??= new Map());
  if (extra.has(name)) return extra.get(name) as T;
  const value = compute();
  extra.set(name, value);
  return value;
}

async function lookUpSession(deps: AppDeps, tokenHash: string): Promise<(Caller & { lastSeenAt: Date }) | null> {
  const now = new Date();
  const idleCutoff = new Date(now.getTime() - deps.settings.sessionIdleMinutes * 60_000);
  const row = await deps.db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('tenants as t', (j) => j.onRef('t.id', '=', 's.tenant_id').onRef('t.id', '=', 'u.tenant_id'))
    // A supplier or distributor holds no role (migration 0019): left join, functions from its flags.
    .leftJoin('roles as r', (j) => j.onRef('r.id', '=', 'u.role_id').onRef('r.tenant_id', '=', 'u.tenant_id'))
    .select([
      's.id as sessionId', 's.last_seen_at as lastSeenAt',
      'u.id as userId', 'u.account', 'u.mima_status as mimaStatus', 'u.status', 'u.type as userType', 'u.app_functions as appFunctions',
      't.id as tenantId', 't.code as tenantCode', 't.type as tenantType', 't.function_flags as functionFlags', 't.excluded_menu_ids as excludedMenuIds',
      'r.id as roleId', 'r.functions as roleFunctions', 'r.type as roleType', 'r.app_stock as appStock',
    ])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', idleCutoff)
    // The tenant must be live: a deleted or disabled client's sessions stop working.
    .where('t.deleted_at', 'is', null)
    .where('t.status', '=', UserStatus.Enabled)
    .executeTakeFirst();
  if (!row || row.status !== UserStatus.Enabled) return null;
  const { status: _status, appFunctions, roleType, appStock, ...rest } = row;
  const partner = isPartnerType(row.userType);
  if (!partner && row.roleId === null) return null;
  return {
    ...rest,
    roleId: row.roleId ?? 0,
    excludedMenuIds: Array.isArray(row.excludedMenuIds) ? row.excludedMenuIds : [],
    roleFunctions: partner ? partnerMenuFunctions(row.userType, appFunctions) : Array.isArray(row.roleFunctions) ? row.roleFunctions : [],
    appFunctions: appFunctionsFrom({ type: row.userType, app_functions: appFunctions, roleType, app_stock: appStock }),
  };
}

/** The menu ids (functions) the caller holds: what its side menu shows. */
export function heldMenuIds(user: Caller, deps: AppDeps): number[] {
  const d = derivedOf(user, deps);
  return (d.held ??= menuIds(callerMenu(user, deps)));
}

/** The onRequest hook of the /v1 scope. */
export function authenticate(deps: AppDeps) {
  return async function authHook(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    req.user = null;
    const config = req.routeOptions.config;
    if (config.public) return;
    const token = bearer(req);
    if (!token) throw unauthorized();
    const found = await findSession(deps, token);
    if (!found) throw unauthorized();
    const { lastSeenAt, user } = found;
    if (Date.now() - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      const now = new Date();
      found.lastSeenAt = now; // the cached lookup too, first: requests meanwhile do not touch again
      await deps.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', user.sessionId).execute();
    }
    req.user = user;
    if (user.mimaStatus === MimaStatus.MustChange && !config.allowMustChange) throw forbidden();
    if (config.menuId !== undefined) {
      const held = heldMenuIds(user, deps);
      const wanted = typeof config.menuId === 'number' ? [config.menuId] : config.menuId;
      if (!wanted.some((id) => held.includes(id))) throw forbidden();
    }
  };
}

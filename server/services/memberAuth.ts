/**
 * How a /mapi/v1 member route knows the signed-in shopper: a bearer token (security/tokens.ts)
 * handed out when a shopper joins or signs in, kept in member_sessions as its sha256 only.
 *
 * A session works while it is not past expires_at, its member is enabled, and its tenant is a
 * live client tenant (not deleted, enabled) with the Member function. Anything else, or no
 * token, is 401 `{ code: 3, message: 'Unauthorized' }` like the back office.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { ClientFunction, TenantType, UserStatus } from '../../src/domain/enums';
import type { AppDeps } from '../context';
import type { Database } from '../db/schema';
import { unauthorized } from '../errors';
import { hashToken, newToken } from '../security/tokens';

/** How long a shopper stays signed in on a device. */
export const MEMBER_SESSION_DAYS = 30;

export interface MemberCaller { memberId: number; tenantId: number }

export function memberBearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i.exec(header);
  return m ? m[1] : null;
}

/**
 * The signed-in shopper of the request, or 401. With `tenantId` the session must also belong to
 * that tenant (a route under /member/{tenantCode} passes the code's tenant).
 */
export async function requireMember(request: FastifyRequest, deps: Pick<AppDeps, 'db'>, tenantId?: number): Promise<MemberCaller> {
  const found = await findMember(request, deps, tenantId);
  if (!found) throw unauthorized();
  return found;
}

/** The signed-in shopper of the request, or null (routes that also serve visitors). */
export async function findMember(request: FastifyRequest, deps: Pick<AppDeps, 'db'>, tenantId?: number): Promise<MemberCaller | null> {
  const token = memberBearer(request);
  if (!token) return null;
  let q = deps.db.selectFrom('member_sessions as s')
    .innerJoin('members as m', (j) => j.onRef('m.id', '=', 's.member_id').onRef('m.tenant_id', '=', 's.tenant_id'))
    .innerJoin('tenants as t', 't.id', 's.tenant_id')
    .select(['s.member_id as memberId', 's.tenant_id as tenantId'])
    .where('s.token_hash', '=', hashToken(token))
    .where('s.expires_at', '>', new Date())
    .where('m.enabled', '=', true)
    .where('t.type', '=', TenantType.Client).where('t.deleted_at', 'is', null).where('t.status', '=', UserStatus.Enabled)
    .where(sql<boolean>`(t.function_flags & ${ClientFunction.Member}) <> 0`);
  if (tenantId !== undefined) q = q.where('s.tenant_id', '=', tenantId);
  return (await q.executeTakeFirst()) ?? null;
}

/** A new session of the member; answers the token (shown once, to the shopper's device). */
export async function startMemberSession(trx: Transaction<Database>, tenantId: number, memberId: number, now = new Date()): Promise<string> {
  const token = newToken();
  await trx.insertInto('member_sessions').values({
    token_hash: hashToken(token), member_id: memberId, tenant_id: tenantId,
    expires_at: new Date(now.getTime() + MEMBER_SESSION_DAYS * 86_400_000),
  }).execute();
  return token;
}

/** Sign out: the token stops working. */
export async function endMemberSession(deps: Pick<AppDeps, 'db'>, token: string): Promise<void> {
  await deps.db.deleteFrom('member_sessions').where('token_hash', '=', hashToken(token)).execute();
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The shopper's token a /mapi route reads (documented as the route's security, server/docs.ts):
     * 'required' (requireMember: 401 without), 'optional' (findMember: member-only content needs it).
     */
    member?: 'required' | 'optional';
  }
}

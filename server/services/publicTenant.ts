/**
 * The tenant a public page call names (/mapi/v1/...: the consumer page, lottery play, the
 * member shop): an enabled, undeleted client tenant holding the function the call serves.
 * Anything else answers 404 code 2, the same as a code that was never a tenant, so a public
 * caller cannot tell a disabled client from an unknown one.
 */
import { sql } from 'kysely';
import { ClientFunction, TenantType, UserStatus } from '../../src/domain/enums';
import type { Names } from '../../src/domain/lang';
import type { AppDeps } from '../context';
import { notFound } from '../errors';

/** Longest code accepted in `c` (generated codes are at most 64 characters). */
export const CODE_MAX_LENGTH = 100;

export interface PublicTenant { id: number; code: string; names: Names; functionFlags: number }

/**
 * `fn`: the ClientFunction flags the call serves, any one of them enough (Marketing for play,
 * Member for the shop, either for the page).
 */
export async function findPublicTenant(db: AppDeps['db'], code: string, fn: number): Promise<PublicTenant> {
  const t = await db.selectFrom('tenants').select(['id', 'code', 'names', 'function_flags as functionFlags'])
    .where('code', '=', code).where('type', '=', TenantType.Client).where('deleted_at', 'is', null)
    .where('status', '=', UserStatus.Enabled)
    .where(sql<boolean>`(function_flags & ${fn}) <> 0`)
    .executeTakeFirst();
  if (!t) throw notFound();
  return t as PublicTenant;
}

export interface MemberTenant { id: number; code: string }

/**
 * The member side's tenant (/mapi/v1/member/{tenantCode}, check-in): as findPublicTenant with the
 * Member function, and the tenant must have saved its member settings.
 */
export async function memberTenant(db: AppDeps['db'], code: string): Promise<MemberTenant> {
  const t = await db.selectFrom('tenants as t').innerJoin('member_settings as s', 's.tenant_id', 't.id').select(['t.id', 't.code'])
    .where('t.code', '=', code).where('t.type', '=', TenantType.Client).where('t.deleted_at', 'is', null)
    .where('t.status', '=', UserStatus.Enabled)
    .where(sql<boolean>`(t.function_flags & ${ClientFunction.Member}) <> 0`)
    .executeTakeFirst();
  if (!t) throw notFound();
  return t;
}

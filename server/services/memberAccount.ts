/**
 * What a signed-in shopper reads of their account (the member side's GET member/{tenantCode}/me
 * and every sign-in's answer): profile, missing required fields, balance after due points are
 * written off, tier, history, unopened boxes and the linked login platforms (issue 29).
 */
import type { Kysely, Transaction } from 'kysely';
import { ErrorCode } from '../../src/domain/errors';
import type { MemberAccount, MemberProfile } from '../../src/domain/member/public';
import { missingProfileFields, tierOf, type ProfileField } from '../../src/domain/member/settings';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { expireDue, lockMember } from './memberPoints';
import { loadMemberSettings, pointHistory } from './memberSettings';
import { unopenedBoxes } from './pointBoxes';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export async function profileOf(db: Db | Trx, tenantId: number, memberId: number): Promise<MemberProfile> {
  const m = await db.selectFrom('members').selectAll().where('id', '=', memberId).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!m) throw new ApiError(404, ErrorCode.MemberNotFound);
  const birth = m.birth === null ? null : typeof m.birth === 'string' ? m.birth.slice(0, 10) : new Date(m.birth as unknown as Date).toISOString().slice(0, 10);
  return {
    id: m.id, phoneCountryCode: m.phone_country_code, phone: m.phone, name: m.name, gender: m.gender, birth, email: m.email,
    address: m.address, lineId: m.line_id, discountCode: m.discount_code, hasPassword: m.password_hash !== null,
  };
}

/** The login platforms linked to the member, in platform order. */
export async function linkedPlatforms(db: Db | Trx, tenantId: number, memberId: number): Promise<number[]> {
  const rows = await db.selectFrom('member_identities').select('platform').where('tenant_id', '=', tenantId).where('member_id', '=', memberId).orderBy('platform').execute();
  return rows.map((r) => r.platform);
}

/** The shopper's account; writes off due points first (under the member lock). */
export async function accountOf(db: Db, tenantId: number, memberId: number): Promise<MemberAccount> {
  return db.transaction().execute(async (trx) => {
    await lockMember(trx, tenantId, memberId);
    const balance = await expireDue(trx, tenantId, memberId, new Date());
    const [member, settings, history, boxes, linked] = await Promise.all([
      profileOf(trx, tenantId, memberId), loadMemberSettings(trx, tenantId), pointHistory(trx, memberId, 50), unopenedBoxes(trx, memberId), linkedPlatforms(trx, tenantId, memberId),
    ]);
    const tier = tierOf(settings.tiers, balance);
    const next = settings.tiers[tier ? tier.index + 1 : 0] ?? null;
    return {
      member,
      missingFields: missingProfileFields(settings.requiredInfo, member as unknown as Record<ProfileField, unknown>),
      balance,
      tier,
      nextTier: next ? { name: next.name, points: next.points } : null,
      history: history.map(({ orderId: _o, ...r }) => r),
      boxes,
      linked,
    };
  });
}

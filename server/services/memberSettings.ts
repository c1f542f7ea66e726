/**
 * A member tenant's settings as stored (the member settings screen and the member side's
 * rewards) and a member's point history (the member list's detail and the member side).
 */
import type { Kysely, Transaction } from 'kysely';
import type { MemberSettingDto, RewardRule } from '../../src/domain/member/settings';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export async function loadMemberSettings(db: Db, tenantId: number, lock = false): Promise<MemberSettingDto> {
  let q = db.selectFrom('member_settings').selectAll().where('tenant_id', '=', tenantId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) {
    return { id: null, requiredInfo: 1, pointCalculationType: 1, loginPlatforms: [], tiers: [], rewardRules: [], createdAt: null, updatedAt: null };
  }
  return {
    id: row.tenant_id,
    requiredInfo: row.required_info,
    pointCalculationType: row.point_calculation_type,
    loginPlatforms: Array.isArray(row.login_platforms) ? row.login_platforms : [],
    tiers: Array.isArray(row.tiers) ? row.tiers : [],
    rewardRules: (Array.isArray(row.reward_rules) ? row.reward_rules : []) as unknown as RewardRule[],
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export interface PointRowDto { id: number; createdAt: string; type: number; points: number; code: string | null; memo: string | null; orderId: number | null; expiresAt: string | null }

export async function pointHistory(db: Db, memberId: number, limit = 200): Promise<PointRowDto[]> {
  const rows = await db.selectFrom('member_points').select(['id', 'created_at', 'type', 'points', 'code', 'memo', 'order_id', 'expires_at'])
    .where('member_id', '=', memberId).where('pending', '=', false).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: Number(r.id), createdAt: new Date(r.created_at).toISOString(), type: r.type, points: r.points, code: r.code, memo: r.memo, orderId: r.order_id, expiresAt: iso(r.expires_at),
  }));
}

/**
 * A member's point-activity boxes still closed (modules/public/pointBoxes.ts opens them; the
 * member side's answers list them, modules/public/memberPublic.ts).
 */
import type { Transaction } from 'kysely';
import type { PointActivityEarning } from '../../src/domain/activity/pointActivity';
import type { AppDeps } from '../context';
import type { Database } from '../db/schema';

type Db = AppDeps['db'] | Transaction<Database>;
export type PointBox = PointActivityEarning & { code: string };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function unopenedBoxes(db: Db, memberId: number): Promise<PointBox[]> {
  const rows = await db.selectFrom('member_points as mp').innerJoin('point_activities as a', 'a.id', 'mp.point_activity_id')
    .select(['mp.point_activity_id', 'mp.code', 'mp.points', 'mp.expires_at', 'a.name', 'a.icon'])
    .where('mp.member_id', '=', memberId).where('mp.pending', '=', true).orderBy('mp.created_at').limit(20).execute();
  return rows.map((r) => ({ activityId: r.point_activity_id!, code: r.code ?? '', name: r.name, icon: r.icon, points: r.points, expiresAt: iso(r.expires_at), nextAt: null }));
}

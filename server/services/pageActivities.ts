/**
 * "Latest activities" of the consumer page (issue 26; before it the page answered a fixed empty
 * list): the tenant's running activities, newest start first, at most PAGE_ACTIVITIES_MAX:
 *  - lotteries (Marketing function): released, enabled, now inside [starts_at, ends_at];
 *  - point activities (Member function): enabled, today inside their period in their own zone
 *    (pointActivityStatus Ongoing), with their image; the period's end is the last moment of
 *    the `to` date there.
 * No link (`url` null): a lottery is played from a scanned code's answer, a point activity is
 * earned by a member's scan. `kind` tells the two apart (ids of the two tables may repeat).
 */
import { sql } from 'kysely';
import { periodOf, pointActivityStatus } from '../../src/domain/activity/pointActivity';
import { ClientFunction, PointActivityStatus } from '../../src/domain/enums';
import type { PageActivity } from '../../src/domain/marketing/page';
import type { AppDeps } from '../context';

type Db = AppDeps['db'];
export const PAGE_ACTIVITIES_MAX = 20;

export async function latestActivities(db: Db, tenant: { id: number; functionFlags: number }, now: Date): Promise<PageActivity[]> {
  const out: (PageActivity & { start: number })[] = [];
  if (tenant.functionFlags & ClientFunction.Marketing) {
    const lotteries = await db.selectFrom('lotteries').select(['id', 'name', 'picture_url', 'starts_at', 'ends_at'])
      .where('tenant_id', '=', tenant.id).where('released', '=', true).where('enable', '=', true)
      .where('starts_at', '<=', now).where('ends_at', '>=', now).orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(PAGE_ACTIVITIES_MAX).execute();
    for (const l of lotteries) {
      const from = new Date(l.starts_at!);
      out.push({ kind: 'lottery', id: l.id, name: l.name, imageUrl: l.picture_url, url: null, from: from.toISOString(), to: new Date(l.ends_at!).toISOString(), start: from.getTime() });
    }
  }
  if (tenant.functionFlags & ClientFunction.Member) {
    // A prefilter by the UTC date (zones are at most a day apart); the status is exact.
    const today = now.toISOString().slice(0, 10);
    const points = await db.selectFrom('point_activities')
      .select(['id', 'name', 'image_url', 'enable', 'timezone_id', sql<string>`to_char(from_date, 'YYYY-MM-DD')`.as('from_text'), sql<string>`to_char(to_date, 'YYYY-MM-DD')`.as('to_text')])
      .where('tenant_id', '=', tenant.id).where('enable', '=', true)
      .where('from_date', '<=', sql<string>`${today}::date + 1`).where('to_date', '>=', sql<string>`${today}::date - 1`)
      .orderBy('from_date', 'desc').orderBy('id', 'desc').limit(PAGE_ACTIVITIES_MAX * 2).execute();
    for (const a of points) {
      const period = { enable: a.enable, from: a.from_text, to: a.to_text, timezoneId: a.timezone_id };
      if (pointActivityStatus(period, now) !== PointActivityStatus.Ongoing) continue;
      const { start, end } = periodOf(period);
      out.push({ kind: 'point', id: a.id, name: a.name, imageUrl: a.image_url, url: null, from: start.toISOString(), to: new Date(end.getTime() - 1).toISOString(), start: start.getTime() });
    }
  }
  return out.sort((x, y) => y.start - x.start || y.id - x.id).slice(0, PAGE_ACTIVITIES_MAX).map(({ start: _s, ...a }) => a);
}

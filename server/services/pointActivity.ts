/**
 * Earning from point activities (issue 15; rules in src/domain/activity/pointActivity.ts), in the
 * member's scan transaction (server/modules/public/memberPublic.ts, POST member/{tenantCode}/scan):
 *
 *  - the code must be one of the tenant's generated codes; the activities are the tenant's
 *    enabled ones whose period (calendar dates in their zone) holds `now` (status Ongoing);
 *  - it qualifies by its brand product (type 1), its code package among an entry's order
 *    packages (type 2) or a ship-out sheet among an entry's shipment packages that moved it
 *    (type 3);
 *  - each qualifying activity draws once per code (whoever scans it): a uniform integer in
 *    [0, 10000) from crypto.randomInt picks the rule (drawRule), whose points are a Constant or
 *    the percentage of the brand product's marketing price (rulePoints; no price: 0);
 *  - the draw is one ledger row (member_points, type ScanCode, point_activity_id, expires_at by
 *    the activity's expiry type), also when it gives 0 points: the row is what makes the code
 *    used for the activity (unique index (point_activity_id, code); a scan at the same moment
 *    inserts nothing and earns nothing);
 *  - enterLimitHours: a member who earned from the activity less than that many hours ago does
 *    not draw (the code stays unused for the activity), answered with `nextAt`.
 * The caller holds the member's row lock (lockMember).
 */
import { randomInt } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import {
  activityPointsExpireAt, addDays, drawRule, enterAllowed, pointActivityStatus, rulePoints, type PointActivityEarning,
} from '../../src/domain/activity/pointActivity';
import { CodePackageStatus, PointActivityStatus, PointChangeLogType, QualificationType } from '../../src/domain/enums';
import type { Database } from '../db/schema';

type Trx = Transaction<Database>;

interface CodeFacts { package_id: number; seq: number; brand_product_id: number | null; price: string | number | null }

async function codeFacts(trx: Trx, tenantId: number, code: string): Promise<CodeFacts | undefined> {
  const r = await sql<CodeFacts>`
    select c.package_id, c.seq, bp.brand_product_id, (
      select m.price from marketing_brand_products m where m.tenant_id = ${tenantId} and m.brand_product_id = bp.brand_product_id
    ) as price
    from codes c join code_packages p on p.id = c.package_id
    left join lateral (
      select l.brand_product_id from brand_product_materials l
      join brand_products x on x.id = l.brand_product_id and x.tenant_id = ${tenantId}
      where l.material_id = p.packaging_material_id order by x.id limit 1
    ) bp on true
    where c.code = ${code} and p.client_id = ${tenantId} and p.status = ${CodePackageStatus.Generated}
    limit 1`.execute(trx);
  return r.rows[0];
}

/**
 * Draws of every running point activity the code qualifies for: what the member got, and
 * whether the code had already drawn in one of them (the scan route's 8103 when nothing else earns).
 */
export async function earnPointActivities(trx: Trx, input: { tenantId: number; memberId: number; code: string; now: Date }): Promise<{ earnings: PointActivityEarning[]; used: boolean }> {
  const { tenantId, memberId, code, now } = input;
  // A cheap prefilter by the UTC date (zones are at most a day apart); the status is exact.
  const today = now.toISOString().slice(0, 10);
  const candidates = await trx.selectFrom('point_activities').selectAll()
    .select([sql<string>`to_char(from_date, 'YYYY-MM-DD')`.as('from_text'), sql<string>`to_char(to_date, 'YYYY-MM-DD')`.as('to_text'), sql<string | null>`to_char(expiry_date, 'YYYY-MM-DD')`.as('expiry_text')])
    .where('tenant_id', '=', tenantId).where('enable', '=', true)
    .where('from_date', '<=', sql<string>`${addDays(today, 1)}::date`).where('to_date', '>=', sql<string>`${addDays(today, -1)}::date`)
    .orderBy('id').execute();
  const running = candidates.filter((a) => pointActivityStatus({ enable: a.enable, from: a.from_text, to: a.to_text, timezoneId: a.timezone_id }, now) === PointActivityStatus.Ongoing);
  const none = { earnings: [], used: false };
  if (!running.length) return none;
  const facts = await codeFacts(trx, tenantId, code);
  if (!facts) return none;

  let sheets: Set<number> | null = null;
  const shippedIn = async () => {
    sheets ??= new Set((await trx.selectFrom('logistic_movements').select('sheet_id').distinct()
      .where('tenant_id', '=', tenantId).where('package_id', '=', facts.package_id).where('seq', '=', facts.seq).execute()).map((r) => r.sheet_id));
    return sheets;
  };
  const qualifies = async (a: (typeof running)[number]) => {
    const q = a.qualification ?? {};
    if (a.qualification_type === QualificationType.Product) return facts.brand_product_id !== null && (q.product ?? []).includes(facts.brand_product_id);
    if (a.qualification_type === QualificationType.OrderPackage) return (q.order ?? []).some((r) => r.packageIds.includes(facts.package_id));
    const moved = await shippedIn();
    return (q.shipment ?? []).some((r) => r.packageIds.some((id) => moved.has(id)));
  };

  const out: PointActivityEarning[] = [];
  let usedBefore = false;
  for (const a of running) {
    if (!(await qualifies(a))) continue;
    const used = await trx.selectFrom('member_points').select('id').where('point_activity_id', '=', a.id).where('code', '=', code).executeTakeFirst();
    if (used) {
      usedBefore = true;
      continue;
    }
    const last = await trx.selectFrom('member_points').select('created_at').where('point_activity_id', '=', a.id).where('member_id', '=', memberId)
      .orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    const lastAt = last ? new Date(last.created_at) : null;
    const base = { activityId: a.id, name: a.name, icon: a.icon };
    if (!enterAllowed(a.enter_limit_hours, lastAt, now)) {
      out.push({ ...base, points: 0, expiresAt: null, nextAt: new Date(lastAt!.getTime() + a.enter_limit_hours * 3_600_000).toISOString() });
      continue;
    }
    const rule = drawRule(a.reward_rules, randomInt(10_000));
    const points = rule ? rulePoints(rule, facts.price === null ? null : Number(facts.price)) : 0;
    const expiresAt = points > 0 ? activityPointsExpireAt({ expiryType: a.expiry_type, expiryDate: a.expiry_text, expiryDays: a.expiry_days, timezoneId: a.timezone_id }, now) : null;
    const row = await trx.insertInto('member_points').values({
      tenant_id: tenantId, member_id: memberId, type: PointChangeLogType.ScanCode, points, code, memo: a.name, expires_at: expiresAt, point_activity_id: a.id, created_at: now,
      // Credited when the shopper opens the box (issue 26: POST .../point-activity/{id}/open).
      pending: points > 0,
    }).onConflict((oc) => oc.columns(['point_activity_id', 'code']).where('point_activity_id', 'is not', null).doNothing()).returning('id').executeTakeFirst();
    // Another scan of the code at the same moment took the draw.
    if (!row) {
      usedBefore = true;
      continue;
    }
    out.push({ ...base, points, expiresAt: expiresAt ? expiresAt.toISOString() : null, nextAt: null });
  }
  return { earnings: out, used: usedBefore };
}

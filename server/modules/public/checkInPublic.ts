/**
 * The shopper's daily check-in (issue 29), public at /mapi/v1 beside the member side
 * (memberPublic.ts), for signed-in members (bearer token of memberAuth.ts):
 *
 *   GET  member/{tenantCode}/check-in        MemberCheckIn[]: the tenant's enabled check-in
 *                                            activities running now, with the member's count,
 *                                            streak and whether today is done (today's entry)
 *   POST member/{tenantCode}/check-in/{id}   CheckInResult (201): checks in for today in the
 *                                            activity's zone and grants its points; 9002 when
 *                                            today is already done (also for the loser of two at
 *                                            once: the unique key decides), 9012 outside the
 *                                            period or disabled, 404 code 2 for another
 *                                            tenant's or an unknown activity
 *
 * Rules: src/domain/activity/checkInDay.ts. One transaction per check-in: the member row is
 * locked (memberPoints.lockMember) so the count, streak and grant follow the previous check-in.
 * With TEST_CLOCK=1 (tests only) the header x-test-now sets "now".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { checkInDayOf, checkInOpen, entryOf, pointsOf, streakOn, type CheckInResult, type MemberCheckIn } from '../../../src/domain/activity/checkInDay';
import { PointChangeLogType } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { pointsExpireAt } from '../../../src/domain/member/settings';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { NO_BODY } from '../../resource/declared';
import { requireMember } from '../../services/memberAuth';
import { appendPoints, expireDue, lockMember } from '../../services/memberPoints';
import { loadMemberSettings } from '../../services/memberSettings';
import { memberTenant } from '../../services/publicTenant';

type Db = AppDeps['db'];
type Trx = Transaction<Database>;

const PARAMS = { type: 'object', required: ['tenantCode'], properties: { tenantCode: { type: 'string', minLength: 1, maxLength: 50 } } } as const;
const ID_PARAMS = {
  type: 'object', required: ['tenantCode', 'id'],
  properties: { tenantCode: PARAMS.properties.tenantCode, id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

const activityColumns = ['a.id', 'a.name', 'a.timezone_id', 'a.starts_at', 'a.ends_at', 'a.enable', 'a.required_days', 'a.entries', 'a.points_per_day', 'a.completion_points'] as const;

interface ActivityRow {
  id: number; name: string; timezone_id: number; starts_at: Date; ends_at: Date; enable: boolean; required_days: number;
  entries: { image: string; text: string }[]; points_per_day: number; completion_points: number;
}

const rulesOf = (a: ActivityRow) => ({
  timezoneId: a.timezone_id, from: a.starts_at, to: a.ends_at, enable: a.enable, requiredDays: a.required_days,
  pointsPerDay: a.points_per_day, completionPoints: a.completion_points,
});

/** The member's check-ins of an activity, newest first: count and the last day and streak. */
async function progress(db: Db | Trx, activityId: number, memberId: number): Promise<{ count: number; last: { day: string; streak: number } | null }> {
  const row = await db.selectFrom('check_in_records').where('activity_id', '=', activityId).where('member_id', '=', memberId)
    .select((eb) => [eb.fn.countAll<number>().as('count')]).executeTakeFirstOrThrow();
  const last = await db.selectFrom('check_in_records').where('activity_id', '=', activityId).where('member_id', '=', memberId)
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'streak']).orderBy('day', 'desc').limit(1).executeTakeFirst();
  return { count: Number(row.count), last: last ?? null };
}

function viewOf(a: ActivityRow, now: Date, count: number, last: { day: string; streak: number } | null): MemberCheckIn {
  const today = checkInDayOf(rulesOf(a), now);
  const checkedInToday = last?.day === today;
  // A streak still counts on the day after its last check-in (not yet broken), else it is 0.
  const alive = last !== null && (checkedInToday || streakOn(today, last) > 1);
  return {
    id: a.id, name: a.name, timezoneId: a.timezone_id, from: new Date(a.starts_at).toISOString(), to: new Date(a.ends_at).toISOString(),
    requiredDays: a.required_days, pointsPerDay: a.points_per_day, completionPoints: a.completion_points,
    today, checkedInToday, count, streak: alive ? last!.streak : 0,
    entry: checkedInToday ? entryOf(a.entries, count) : null,
    completed: count >= a.required_days,
  };
}

export default async function checkInPublicRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, settings } = deps;
  const nowOf = (req: FastifyRequest): Date => {
    const header = req.headers['x-test-now'];
    if (settings.testClock && typeof header === 'string') {
      const t = new Date(header);
      if (!Number.isNaN(t.getTime())) return t;
    }
    return new Date();
  };
  // Both routes read the shopper's token (requireMember): documented as their security (server/docs.ts).
  const config = (summary: string, errors: number[] = []) => ({
    public: true,
    member: 'required' as const,
    rateLimit: { max: settings.marketingRateLimit, timeWindow: '1 minute' },
    docs: { summary, errors: [ErrorCode.NotFound, ErrorCode.NotAllowed, ...errors] },
  });

  app.get<{ Params: { tenantCode: string } }>('/member/:tenantCode/check-in', {
    schema: { params: PARAMS }, config: config("The running check-in activities with the shopper's streak (MemberCheckIn[])"),
  }, async (req): Promise<MemberCheckIn[]> => {
    const t = await memberTenant(db, req.params.tenantCode);
    const me = await requireMember(req, deps, t.id);
    const now = nowOf(req);
    const rows = await db.selectFrom('check_in_activities as a').select([...activityColumns]).where('a.tenant_id', '=', t.id)
      .where('a.enable', '=', true).where('a.starts_at', '<=', now).where('a.ends_at', '>=', now).orderBy('a.starts_at').orderBy('a.id').limit(20).execute() as ActivityRow[];
    const out: MemberCheckIn[] = [];
    for (const a of rows) {
      const { count, last } = await progress(db, a.id, me.memberId);
      out.push(viewOf(a, now, count, last));
    }
    return out;
  });

  app.post<{ Params: { tenantCode: string; id: number } }>('/member/:tenantCode/check-in/:id', {
    schema: { params: ID_PARAMS },
    config: (() => {
      const c = config("Check in for today in the activity's zone (CheckInResult)", [ErrorCode.AlreadyPlayedToday, ErrorCode.ActivityClosed]);
      return { ...c, docs: { ...c.docs, body: NO_BODY, status: 201 } };
    })(),
  }, async (req, reply): Promise<CheckInResult> => {
    const t = await memberTenant(db, req.params.tenantCode);
    const me = await requireMember(req, deps, t.id);
    const now = nowOf(req);
    const result = await db.transaction().execute(async (trx) => {
      const a = await trx.selectFrom('check_in_activities as a').select([...activityColumns]).where('a.tenant_id', '=', t.id)
        .where('a.id', '=', req.params.id).executeTakeFirst() as ActivityRow | undefined;
      if (!a) throw notFound();
      const rules = rulesOf(a);
      if (!checkInOpen(rules, now)) throw new ApiError(400, ErrorCode.ActivityClosed);
      await lockMember(trx, t.id, me.memberId);
      const day = checkInDayOf(rules, now);
      const before = await progress(trx, a.id, me.memberId);
      if (before.last?.day === day) throw new ApiError(400, ErrorCode.AlreadyPlayedToday, { day });
      const count = before.count + 1;
      const streak = streakOn(day, before.last);
      const points = pointsOf(rules, count);
      const inserted = await trx.insertInto('check_in_records').values({
        tenant_id: t.id, activity_id: a.id, member_id: me.memberId, day, streak, points, checked_at: now,
      }).onConflict((oc) => oc.constraint('check_in_records_day_uq').doNothing()).returning('id').executeTakeFirst();
      if (!inserted) throw new ApiError(400, ErrorCode.AlreadyPlayedToday, { day });
      if (points > 0) {
        const s = await loadMemberSettings(trx, t.id);
        await appendPoints(trx, { tenantId: t.id, memberId: me.memberId, type: PointChangeLogType.CheckIn, points, memo: a.name, expiresAt: pointsExpireAt(s.pointCalculationType, now) });
      }
      const balance = await expireDue(trx, t.id, me.memberId, now);
      return { ...viewOf(a, now, count, { day, streak }), points, balance };
    });
    return reply.code(201).send(result);
  });
}

/**
 * The check-in activities' participants export (issue 29, menu 51): the list's toolbar export
 * `POST marketing/check-in-activity/file` ({ keyword?, format?, lang? }: the list's filter)
 * queues a job (ExportCheckInParticipants 20) whose file has one row per activity and member
 * who checked in: activity, member phone (E.164) and name, check-ins, first and last day (in the
 * activity's zone), longest streak, points granted. Activities of the caller's tenant only.
 * A declared export (resource/export.ts): the module keeps its query and its cells.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import { JobCategory } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { exportPhone } from '../../../src/domain/phone';
import type { AppDeps } from '../../context';
import { containsPattern } from '../../db/list';
import type { Db } from '../../resource/define';
import { defineExport } from '../../resource/export';

interface Row {
  activity_id: number; member_id: number; name: string; phone_country_code: string; phone: string; member_name: string | null;
  check_ins: number | string; first_day: string; last_day: string; best_streak: number; points: number | string;
}

function participantsQuery(db: Db, tenantId: number, keyword: string | null) {
  let q = db.selectFrom('check_in_records as r')
    .innerJoin('check_in_activities as a', (j) => j.onRef('a.id', '=', 'r.activity_id').onRef('a.tenant_id', '=', 'r.tenant_id'))
    .innerJoin('members as m', (j) => j.onRef('m.id', '=', 'r.member_id').onRef('m.tenant_id', '=', 'r.tenant_id'))
    .where('r.tenant_id', '=', tenantId)
    .groupBy(['r.activity_id', 'r.member_id', 'a.name', 'm.phone_country_code', 'm.phone', 'm.name'])
    .select([
      'r.activity_id', 'r.member_id', 'a.name', 'm.phone_country_code', 'm.phone', 'm.name as member_name',
      sql<string>`count(*)`.as('check_ins'),
      sql<string>`to_char(min(r.day), 'YYYY-MM-DD')`.as('first_day'),
      sql<string>`to_char(max(r.day), 'YYYY-MM-DD')`.as('last_day'),
      sql<number>`max(r.streak)`.as('best_streak'),
      sql<string>`sum(r.points)`.as('points'),
    ]);
  if (keyword) q = q.where('a.name', 'ilike', containsPattern(keyword));
  return q;
}

const participantsExport = defineExport<Row, { keyword?: string }>({
  declaration: declaration('activity.check-in'),
  category: JobCategory.ExportCheckInParticipants,
  summary: "The check-in activities' participants (a job: ExportCheckInParticipants)",
  errors: [ErrorCode.BadRequest, ErrorCode.NotAllowed],
  rows: {
    query: (db, { tenantId, filters }) => participantsQuery(db, tenantId, filters.keyword?.trim() || null),
    // One row per group: counted over the grouped query.
    count: async (db, q) => Number((await db.selectFrom(q.as('x')).select(sql<string>`count(*)`.as('n')).executeTakeFirst())?.n ?? 0),
    // Keyset by (activity, member), the group's key.
    keyset: (q, after) => (after ? q.having(sql<boolean>`(r.activity_id, r.member_id) > (${after.activity_id}, ${after.member_id})`) : q)
      .orderBy('r.activity_id').orderBy('r.member_id'),
  },
  columns: [
    { label: 'screens.checkIn.name', value: (r) => `${r.activity_id} ${r.name}` },
    { label: 'screens.checkIn.memberPhone', value: (r) => exportPhone(r.phone_country_code, r.phone) },
    { label: 'screens.checkIn.memberName', value: (r) => r.member_name ?? '' },
    { label: 'screens.checkIn.checkIns', value: (r) => Number(r.check_ins) },
    { label: 'screens.checkIn.firstDay', value: (r) => r.first_day },
    { label: 'screens.checkIn.lastDay', value: (r) => r.last_day },
    { label: 'screens.checkIn.bestStreak', value: (r) => Number(r.best_streak) },
    { label: 'screens.checkIn.pointsGranted', value: (r) => Number(r.points) },
  ],
  fileName: 'screens.checkIn.participantsFile',
});

export default async function checkInExportRoutes(app: FastifyInstance, deps: AppDeps) {
  participantsExport.routes(app, deps);
}

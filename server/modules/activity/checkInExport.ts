/**
 * The check-in activities' participants export (issue 29, menu 51): the list's toolbar export
 * `POST marketing/check-in-activity/file` ({ keyword?, format?, lang? }: the list's filter)
 * queues a job (ExportCheckInParticipants 20) whose file has one row per activity and member
 * who checked in: activity, member phone (E.164) and name, check-ins, first and last day (in the
 * activity's zone), longest streak, points granted. Activities of the caller's tenant only.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import { JobCategory } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import type { Lang } from '../../../src/domain/lang';
import { exportPhone } from '../../../src/domain/phone';
import type { AppDeps } from '../../context';
import type { Db } from '../../resource/define';
import { inBatches, queueExport, registerJobHandler, writeExport, type ExportFormat } from '../../jobs/index';
import { exporterOf } from '../../services/exporter';
import { exportText } from '../../services/codes';
import { containsPattern } from '../../db/list';
import { listExportForm } from '../../services/listExport';
import { objectBody, validated } from '../../services/resource';
import { langOf } from '../../services/names';

const CHECK_IN_MENU_ID = 51;
const FORM = listExportForm(declaration('activity.check-in'));

interface Payload { keyword: string | null; format: ExportFormat; lang: Lang }
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

registerJobHandler<Payload>(JobCategory.ExportCheckInParticipants, async (job, ctx) => {
  const p = job.payload;
  const t = exportText(p.lang);
  const k = (key: string) => t(`screens.checkIn.${key}`);
  const counted = await ctx.db.selectFrom(participantsQuery(ctx.db, job.tenantId, p.keyword).as('x')).select(sql<string>`count(*)`.as('n')).executeTakeFirst();
  await writeExport<Row>(ctx, {
    format: p.format,
    fileName: k('participantsFile'),
    total: Number(counted?.n ?? 0),
    columns: [
      { header: k('name'), value: (r) => `${r.activity_id} ${r.name}` },
      { header: k('memberPhone'), value: (r) => exportPhone(r.phone_country_code, r.phone) },
      { header: k('memberName'), value: (r) => r.member_name ?? '' },
      { header: k('checkIns'), value: (r) => Number(r.check_ins) },
      { header: k('firstDay'), value: (r) => r.first_day },
      { header: k('lastDay'), value: (r) => r.last_day },
      { header: k('bestStreak'), value: (r) => Number(r.best_streak) },
      { header: k('pointsGranted'), value: (r) => Number(r.points) },
    ],
    // Keyset by (activity, member), the group's key.
    rows: inBatches<Row>((after, limit) => {
      let q = participantsQuery(ctx.db, job.tenantId, p.keyword);
      if (after) q = q.having(sql<boolean>`(r.activity_id, r.member_id) > (${after.activity_id}, ${after.member_id})`);
      return q.orderBy('r.activity_id').orderBy('r.member_id').limit(limit).execute() as Promise<Row[]>;
    }, 1000),
  });
});

export default async function checkInExportRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  app.post('/marketing/check-in-activity/file', {
    config: { menuId: CHECK_IN_MENU_ID, docs: { summary: "The check-in activities' participants (a job: ExportCheckInParticipants)", body: FORM.schema as Record<string, unknown>, status: 201, errors: [ErrorCode.BadRequest, ErrorCode.NotAllowed] } },
  }, async (req, reply) => {
    const body = validated<{ keyword?: string; format?: ExportFormat; lang?: string }>(FORM, req.body === undefined || req.body === null ? {} : objectBody(req.body));
    const payload: Payload = { keyword: body.keyword?.trim() || null, format: body.format ?? 'csv', lang: langOf(body.lang) };
    return reply.code(201).send(await db.transaction().execute((trx) => queueExport(trx, exporterOf(req), JobCategory.ExportCheckInParticipants, payload)));
  });
}

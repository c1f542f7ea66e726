/**
 * SPEC 7 `POST Report/ClientsActivity` (issue 23): the operator's export of its clients'
 * activity, from the client list's toolbar (menu 11, operator only; a client caller is 403
 * code 3). One row per client tenant the list shows (its filters keyword, functions, status)
 * and the caller's role manages (services/scope.ts): code, name, codes generated, scans,
 * members, lotteries running, counted within an optional `from`..`to` range (date-times; none:
 * everything up to now). A job (ExportClientsActivity 19) like every export: `format`, `lang`,
 * the times in the user's zone (queueExport with exporterOf).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import { CodePackageStatus, JobCategory, TenantType } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { pickName, type Lang, type Names } from '../../../src/domain/lang';
import type { FormDeclaration } from '../../../src/domain/validation/index';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import type { Db } from '../../resource/define';
import { ApiError, badRequest } from '../../errors';
import { inBatches, queueExport, registerJobHandler, writeExport, type ExportFormat } from '../../jobs/index';
import { exporterOf } from '../../services/exporter';
import { exportText } from '../../services/codes';
import { countRows, listExportForm } from '../../services/listExport';
import { objectBody, validated } from '../../services/resource';
import { roleScope, scopeCondition } from '../../services/scope';
import { clientFilter, type ClientFilters } from '../../services/clients';
import { langOf } from '../../services/names';

/** The client accounts screen (its toolbar holds the export). */
const CLIENT_MENU_ID = 11;

const LIST_FORM = listExportForm(declaration('system.client'));
const FORM: FormDeclaration = {
  schema: {
    ...(LIST_FORM.schema as Record<string, unknown>),
    properties: {
      ...(LIST_FORM.schema as { properties: Record<string, unknown> }).properties,
      from: { type: 'string', format: 'date-time' },
      to: { type: 'string', format: 'date-time' },
    },
  },
};

interface Body extends ClientFilters { from?: string; to?: string; format?: ExportFormat; lang?: string }
interface Payload { filters: ClientFilters; clients: number[] | null; from: string | null; to: string | null; format: ExportFormat; lang: Lang }
interface Row { id: number; code: string; names: Names | null; codes: number | string; scans: number | string; members: number | string; lotteries: number | string }

function activityQuery(db: Db, p: Payload) {
  const from = p.from ? new Date(p.from) : null;
  const to = p.to ? new Date(p.to) : null;
  const within = (at: RawBuilder<unknown>) => sql<boolean>`(${from}::timestamptz is null or ${at} >= ${from}) and (${to}::timestamptz is null or ${at} <= ${to})`;
  const q = db.selectFrom('tenants as t').where('t.type', '=', TenantType.Client).where('t.deleted_at', 'is', null)
    .where(scopeCondition(p.clients, 't.id'));
  return clientFilter(q, p.filters).select((eb) => [
    't.id', 't.code', 't.names',
    eb.selectFrom('code_packages as c').select(sql<string>`coalesce(sum(c.quantity), 0)`.as('n'))
      .whereRef('c.client_id', '=', 't.id').where('c.status', '=', CodePackageStatus.Generated).where('c.failed', '=', false)
      .where(within(sql`coalesce(c.generated_at, c.created_at)`)).as('codes'),
    eb.selectFrom('scan_logs as s').select(sql<string>`count(*)`.as('n')).whereRef('s.tenant_id', '=', 't.id').where(within(sql.ref('s.scanned_at'))).as('scans'),
    eb.selectFrom('members as m').select(sql<string>`count(*)`.as('n')).whereRef('m.tenant_id', '=', 't.id').where(within(sql.ref('m.created_at'))).as('members'),
    // Ran during the range: released, enabled, started by its end (or now) and not ended before its start.
    eb.selectFrom('lotteries as l').select(sql<string>`count(*)`.as('n')).whereRef('l.tenant_id', '=', 't.id')
      .where('l.released', '=', true).where('l.enable', '=', true)
      .where(sql<boolean>`l.starts_at <= coalesce(${to}::timestamptz, now())`)
      .where(sql<boolean>`(${from}::timestamptz is null or l.ends_at >= ${from})`).as('lotteries'),
  ]);
}

registerJobHandler<Payload>(JobCategory.ExportClientsActivity, async (job, ctx) => {
  const p = job.payload;
  const t = exportText(p.lang);
  const k = (key: string) => t(`screens.client.${key}`);
  const total = await countRows(activityQuery(ctx.db, p));
  await writeExport<Row>(ctx, {
    format: p.format,
    fileName: k('activityExport'),
    total,
    columns: [
      { header: k('code'), value: (r) => r.code },
      { header: k('name'), value: (r) => pickName(r.names ?? {}, p.lang) },
      { header: k('codesGenerated'), value: (r) => Number(r.codes ?? 0) },
      { header: k('scans'), value: (r) => Number(r.scans ?? 0) },
      { header: k('members'), value: (r) => Number(r.members ?? 0) },
      { header: k('lotteriesRunning'), value: (r) => Number(r.lotteries ?? 0) },
    ],
    rows: inBatches<Row>((after, limit) => {
      let q = activityQuery(ctx.db, p);
      if (after) q = q.where('t.id', '>', after.id);
      return q.orderBy('t.id').limit(limit).execute() as Promise<Row[]>;
    }, 500),
  });
});

export default async function clientsActivityRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  app.post('/Report/ClientsActivity', {
    config: { menuId: CLIENT_MENU_ID, docs: { summary: "The operator's clients' activity export (a job: ExportClientsActivity)", body: FORM.schema as Record<string, unknown>, status: 201, errors: [ErrorCode.BadRequest, ErrorCode.NotAllowed] } },
  }, async (req, reply) => {
    const who = caller(req);
    if (who.tenantType !== TenantType.Operator) throw new ApiError(403, ErrorCode.NotAllowed);
    const body = validated<Body>(FORM, req.body === undefined || req.body === null ? {} : objectBody(req.body));
    if (body.from && body.to && Date.parse(body.to) < Date.parse(body.from)) throw badRequest({ to: { key: 'fromToDatetime' } });
    const { clients } = await roleScope(db, who);
    const payload: Payload = {
      filters: { keyword: body.keyword, functions: body.functions, status: body.status }, clients,
      from: body.from ?? null, to: body.to ?? null, format: body.format ?? 'csv', lang: langOf(body.lang),
    };
    return reply.code(201).send(await db.transaction().execute((trx) => queueExport(trx, exporterOf(req), JobCategory.ExportClientsActivity, payload)));
  });
}

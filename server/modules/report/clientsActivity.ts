/**
 * SPEC 7 `POST Report/ClientsActivity` (issue 23): the operator's export of its clients'
 * activity, from the client list's toolbar (menu 11, operator only; a client caller is 403
 * code 3). One row per client tenant the list shows (its filters keyword, functions, status)
 * and the caller's role manages (services/scope.ts): code, name, codes generated, scans,
 * members, lotteries running, counted within an optional `from`..`to` range (date-times; none:
 * everything up to now). A job (ExportClientsActivity 19) like every export: `format`, `lang`,
 * the times in the user's zone; a declared export (resource/export.ts).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import { CodePackageStatus, JobCategory, TenantType } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { pickName, type Names } from '../../../src/domain/lang';
import type { AppDeps } from '../../context';
import type { Db } from '../../resource/define';
import { defineExport } from '../../resource/export';
import { ApiError, badRequest } from '../../errors';
import { roleScope, scopeCondition } from '../../services/scope';
import { clientFilter, type ClientFilters } from '../../services/clients';

/** The client accounts screen (its toolbar holds the export). */
const CLIENT_MENU_ID = 11;

interface Extra { clients: number[] | null; from: string | null; to: string | null }
interface Row { id: number; code: string; names: Names | null; codes: number | string; scans: number | string; members: number | string; lotteries: number | string }

function activityQuery(db: Db, filters: ClientFilters, p: Extra) {
  const from = p.from ? new Date(p.from) : null;
  const to = p.to ? new Date(p.to) : null;
  const within = (at: RawBuilder<unknown>) => sql<boolean>`(${from}::timestamptz is null or ${at} >= ${from}) and (${to}::timestamptz is null or ${at} <= ${to})`;
  const q = db.selectFrom('tenants as t').where('t.type', '=', TenantType.Client).where('t.deleted_at', 'is', null)
    .where(scopeCondition(p.clients, 't.id'));
  return clientFilter(q, filters).select((eb) => [
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

const activityExport = defineExport<Row, ClientFilters, Extra>({
  declaration: declaration('system.client'),
  category: JobCategory.ExportClientsActivity,
  menuId: CLIENT_MENU_ID,
  summary: "The operator's clients' activity export (a job: ExportClientsActivity)",
  errors: [ErrorCode.BadRequest, ErrorCode.NotAllowed],
  fields: { from: { type: 'string', format: 'date-time' }, to: { type: 'string', format: 'date-time' } },
  queue: async ({ db, who }, body) => {
    if (who.tenantType !== TenantType.Operator) throw new ApiError(403, ErrorCode.NotAllowed);
    const { from, to } = body as { from?: string; to?: string };
    if (from && to && Date.parse(to) < Date.parse(from)) throw badRequest({ to: { key: 'fromToDatetime' } });
    // The clients the role manages when queued (the rows are other tenants: tenants of the operator's scope).
    return { clients: (await roleScope(db, who)).clients, from: from ?? null, to: to ?? null };
  },
  rows: { query: (db, { filters, payload }) => activityQuery(db, filters, payload), keyset: 't.id', batch: 500 },
  columns: [
    { grid: 'code', key: 'code' },
    { grid: 'names', value: (r, { lang }) => pickName(r.names ?? {}, lang) },
    { label: 'screens.client.codesGenerated', value: (r) => Number(r.codes ?? 0) },
    { label: 'screens.client.scans', value: (r) => Number(r.scans ?? 0) },
    { label: 'screens.client.members', value: (r) => Number(r.members ?? 0) },
    { label: 'screens.client.lotteriesRunning', value: (r) => Number(r.lotteries ?? 0) },
  ],
  fileName: 'screens.client.activityExport',
});

export default async function clientsActivityRoutes(app: FastifyInstance, deps: AppDeps) {
  activityExport.routes(app, deps);
}

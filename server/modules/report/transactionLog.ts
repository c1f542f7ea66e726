/**
 * Report > transaction log (menu 43; SPEC.md 7 Report/transactionLog): the change_logs rows
 * of the caller's tenant (services/changelog.ts writes one per create, update and delete).
 *
 * - POST Report/transactionLog: the list, filters and paging in the body (SPEC); GET
 *   Report/transactionLog: the same list with them in the query string (what the screen
 *   engine reads). Filters: startTime / endTime (instants, inclusive), account (contains,
 *   any case), functionId (menu id, src/domain/changeLog.ts), action. Paged and sorted in
 *   the database (createdAt, account, action), newest first by default.
 * - GET Report/transactionLog/{id}: one change with before, after and the changed fields.
 * - GET Report/transactionLog/functions: the functions that have logged resources (options).
 * - POST Report/transactionLog/file: export of the filtered list (job ExportChangeLogs 8).
 * - GET Report/transactionLog/file/{id}: export of one change's fields (job ExportChangeDetails 9),
 *   `?format=csv|xlsx|txt&lang=..`.
 *
 * - GET Report/transactionLog/clients: the clients whose logs the caller may read (options).
 *
 * Scope (docs/decisions.md "Transaction log of the clients"): the operator reads its own log
 * and the change logs of the client tenants its role manages (Admin: every client; General:
 * its customers), filtered by `clientId` (a client outside the role: 400 code 1 on clientId);
 * each row names its client (null: the operator's own). A client reads nothing: menu 43 is
 * always hidden from clients (SPEC 6), so every call answers 403 code 3; a row of a tenant
 * outside the scope answers 404 code 2 as if it did not exist.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Page } from '../../../src/domain/api';
import { changedFields, changeLogFunctions, changeLogMenuId, changeLogResources, functionNames, type ChangedField } from '../../../src/domain/changeLog';
import { declaration } from '../../../src/domain/declarations';
import { JobCategory } from '../../../src/domain/enums';
import { LIST_EXPORT_FORMATS } from '../../../src/domain/jobs';
import type { Lang } from '../../../src/domain/lang';
import type { MenuNode } from '../../../src/domain/menu';
import { caller, type Caller } from '../../auth';
import type { AppDeps } from '../../context';
import { containsPattern, listPage, listQuerySchema, listRoute, listSpec, type ListParams } from '../../db/list';
import type { ChangeAction, Database } from '../../db/schema';
import { notFound } from '../../errors';
import { queueExport, registerJobHandler, writeExport, type ExportFormat } from '../../jobs/index';
import { exporterOf } from '../../services/exporter';
import { ErrorCode } from '../../../src/domain/errors';
import { pickName, type Names } from '../../../src/domain/lang';
import { TenantType } from '../../../src/domain/enums';
import { ApiError } from '../../errors';
import { enumLabel, exportText } from '../../services/codes';
import { roleScope, scopeCondition } from '../../services/scope';
import { idParams } from '../../services/resource';
import { defineExport } from '../../resource/export';
import { langOf } from '../../services/names';

export const TRANSACTION_LOG_MENU_ID = 43;

const DECL = declaration('report.transaction-log');

const SPEC = listSpec(DECL, {
  createdAt: 'c.created_at',
  account: sql`lower(c.account)`,
  action: 'c.action',
}, 'c.id');

export interface ChangeLogFilters {
  startTime?: string;
  endTime?: string;
  account?: string;
  functionId?: number;
  action?: ChangeAction;
  /** Only this client's log (a client tenant the operator's role manages). */
  clientId?: number;
}

/**
 * Whose logs a caller reads: its own tenant's, and for the operator the client tenants its
 * role manages (null: every client). Resolved when the call (or the export) is made.
 */
export interface LogScope { tenantId: number; clients: number[] | null | 'none' }

type ListBody = ChangeLogFilters & ListParams;

const COLUMNS = ['c.id', 'c.created_at', 'c.account', 'c.resource', 'c.resource_id', 'c.action', 'c.tenant_id',
  sql<number | null>`(select t.id from tenants t where t.id = c.tenant_id and t.type = ${TenantType.Client})`.as('client_id'),
  sql<string | null>`(select t.code from tenants t where t.id = c.tenant_id and t.type = ${TenantType.Client})`.as('client_code'),
  sql<Names | null>`(select t.names from tenants t where t.id = c.tenant_id and t.type = ${TenantType.Client})`.as('client_names'),
] as const;

interface ChangeRow {
  id: number | string | bigint;
  created_at: Date;
  account: string;
  resource: string;
  resource_id: string;
  action: ChangeAction;
  client_id?: number | null;
  client_code?: string | null;
  client_names?: Names | null;
}

export interface ChangeLogItem {
  /** The client tenant whose log holds the row; null for the operator's own rows. */
  clientId: number | null;
  clientCode: string | null;
  clientNames: Names | null;
  id: number;
  createdAt: string;
  account: string;
  resource: string;
  resourceId: string;
  functionId: number | null;
  functionNames: MenuNode['names'] | null;
  action: ChangeAction;
}

export interface ChangeLogDetail extends ChangeLogItem {
  before: unknown;
  after: unknown;
  changes: ChangedField[];
}

function toItem(r: ChangeRow): ChangeLogItem {
  const functionId = changeLogMenuId(r.resource);
  return {
    id: Number(r.id),
    createdAt: new Date(r.created_at).toISOString(),
    account: r.account,
    resource: r.resource,
    resourceId: r.resource_id,
    functionId,
    functionNames: functionNames(functionId),
    action: r.action,
    clientId: r.client_id ?? null,
    clientCode: r.client_code ?? null,
    clientNames: r.client_names ?? null,
  };
}

type Q = SelectQueryBuilder<Database & { c: Database['change_logs'] }, 'c', ChangeRow>;

/** The rows of the tenants of the scope (clientId: that client's only, already checked within it). */
function inScope(scope: LogScope, clientId?: number) {
  if (clientId !== undefined) return sql<boolean>`c.tenant_id = ${clientId}`;
  if (scope.clients === 'none') return sql<boolean>`c.tenant_id = ${scope.tenantId}`;
  return sql<boolean>`(c.tenant_id = ${scope.tenantId} or c.tenant_id in (select t.id from tenants t where t.type = ${TenantType.Client}
    and ${scopeCondition(scope.clients, 't.id')}))`;
}

/** The caller's scope: the operator's role clients; any other tenant its own rows only. */
async function scopeOf(db: Kysely<Database>, who: Caller): Promise<LogScope> {
  if (who.tenantType !== TenantType.Operator) return { tenantId: who.tenantId, clients: 'none' };
  return { tenantId: who.tenantId, clients: (await roleScope(db, who)).clients };
}

/** A clientId filter names a client tenant within the scope, else 400 code 1 on clientId. */
async function checkClient(db: Kysely<Database>, scope: LogScope, clientId: number | undefined): Promise<void> {
  if (clientId === undefined) return;
  const ok = scope.clients !== 'none' && await db.selectFrom('tenants as t').select('t.id')
    .where('t.id', '=', clientId).where('t.type', '=', TenantType.Client).where(scopeCondition(scope.clients, 't.id')).executeTakeFirst();
  if (!ok) throw new ApiError(400, ErrorCode.BadRequest, { clientId: { key: 'oneOf' } });
}

/** The rows of the scope matching the filters (no order, no page). */
function filtered(db: Kysely<Database>, scope: LogScope, f: ChangeLogFilters): Q {
  let q = db.selectFrom('change_logs as c').select(COLUMNS).where(inScope(scope, f.clientId)) as unknown as Q;
  if (f.startTime) q = q.where('c.created_at', '>=', new Date(f.startTime));
  if (f.endTime) q = q.where('c.created_at', '<=', new Date(f.endTime));
  if (f.account?.trim()) q = q.where('c.account', 'ilike', containsPattern(f.account.trim()));
  if (f.functionId !== undefined) {
    const resources = changeLogResources(f.functionId);
    q = resources.length ? q.where('c.resource', 'in', resources) : q.where(sql<boolean>`false`);
  }
  if (f.action) q = q.where('c.action', '=', f.action);
  return q;
}

async function detailOf(db: Kysely<Database>, scope: LogScope, id: number): Promise<ChangeLogDetail | null> {
  const row = await db.selectFrom('change_logs as c').select([...COLUMNS, 'c.before', 'c.after'])
    .where('c.id', '=', id as never).where(inScope(scope)).executeTakeFirst();
  if (!row) return null;
  const before = row.before ?? null;
  const after = row.after ?? null;
  return { ...toItem(row as ChangeRow), before, after, changes: changedFields(before, after) };
}

const nameIn = (lang: Lang, names: MenuNode['names'] | null) => (names ? names[lang] || names.zh_TW || names.en : '');

// --- Exports -------------------------------------------------------------------------------

/** `clients`: the scope when queued (absent in jobs queued before: the tenant's own rows). */
interface DetailExportPayload { id: number; lang: Lang; format: ExportFormat; clients?: LogScope['clients'] }

/** POST Report/transactionLog/file: the filtered list (ExportChangeLogs 8), of the scope when queued. */
const listExport = defineExport<ChangeRow, ChangeLogFilters, { clients: LogScope['clients'] }>({
  declaration: DECL,
  category: JobCategory.ExportChangeLogs,
  queue: async ({ db, who }, body) => {
    const scope = await scopeOf(db, who);
    await checkClient(db, scope, body.clientId);
    return { clients: scope.clients };
  },
  rows: { query: (db, { tenantId, filters, payload }) => filtered(db as Kysely<Database>, { tenantId, clients: payload.clients ?? 'none' }, filters), keyset: 'c.id' },
  columns: [
    { grid: 'createdAt', value: (r) => new Date(r.created_at) },
    { grid: 'clientNames', value: (r, { lang }) => (r.client_id ? pickName(r.client_names ?? {}, lang) || r.client_code || '' : '') },
    { grid: 'account', key: 'account' },
    { grid: 'functionNames', value: (r, { lang }) => nameIn(lang, functionNames(changeLogMenuId(r.resource))) },
    { grid: 'action', value: (r, { lang }) => enumLabel(lang, 'ChangeAction', r.action) },
    { label: 'screens.transactionLog.resource', key: 'resource' },
    { grid: 'resourceId', key: 'resource_id' },
  ],
  fileName: 'screens.transactionLog.title',
});

registerJobHandler<DetailExportPayload>(JobCategory.ExportChangeDetails, async (job, ctx) => {
  const { id, lang, format } = job.payload;
  const detail = await detailOf(ctx.db, { tenantId: job.tenantId, clients: job.payload.clients ?? 'none' }, id);
  if (!detail) throw new Error(`change ${id} of tenant ${job.tenantId} is gone`);
  const t = exportText(lang);
  const head = [
    { field: t('screens.transactionLog.time'), before: detail.createdAt, after: '' },
    { field: t('screens.transactionLog.client'), before: detail.clientId ? pickName(detail.clientNames ?? {}, lang) || detail.clientCode || '' : '', after: '' },
    { field: t('screens.transactionLog.account'), before: detail.account, after: '' },
    { field: t('screens.transactionLog.function'), before: nameIn(lang, detail.functionNames), after: '' },
    { field: t('screens.transactionLog.action'), before: enumLabel(lang, 'ChangeAction', detail.action), after: '' },
    { field: t('screens.transactionLog.resource'), before: detail.resource, after: '' },
    { field: t('screens.transactionLog.resourceId'), before: detail.resourceId, after: '' },
  ];
  await writeExport<ChangedField>(ctx, {
    format: format ?? 'csv',
    fileName: `${t('screens.transactionLog.title')}_${detail.id}`,
    total: head.length + detail.changes.length,
    columns: [
      { header: t('screens.transactionLog.field'), key: 'field' },
      { header: t('screens.transactionLog.before'), key: 'before' },
      { header: t('screens.transactionLog.after'), key: 'after' },
    ],
    rows: [...head, ...detail.changes],
  });
});

// --- Routes --------------------------------------------------------------------------------

export default async function transactionLogRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const config = { menuId: TRANSACTION_LOG_MENU_ID };
  const list = async (who: Caller, params: ListBody): Promise<Page<ChangeLogItem>> => {
    const scope = await scopeOf(db, who);
    await checkClient(db, scope, params.clientId);
    const page = await listPage(filtered(db, scope, params), SPEC, params);
    return { items: page.items.map((r) => toItem(r as ChangeRow)), total: page.total };
  };

  app.get<{ Querystring: ListBody }>('/Report/transactionLog', { config, ...listRoute(SPEC, DECL.filters?.schema) }, async (req) =>
    list(caller(req), req.query));

  app.post<{ Body: ListBody | null }>('/Report/transactionLog', {
    config,
    schema: { body: { ...listQuerySchema(SPEC, DECL.filters?.schema), type: ['object', 'null'], additionalProperties: false } },
  }, async (req, reply) => {
    const body = { ...(req.body ?? {}) } as Record<string, unknown>;
    for (const [k, v] of Object.entries(body)) if (v === null || (typeof v === 'string' && v.trim() === '')) delete body[k];
    return reply.code(200).send(await list(caller(req), body as ListBody));
  });

  app.get('/Report/transactionLog/functions', { config }, async () => changeLogFunctions());

  app.get<{ Querystring: { lang?: string } }>('/Report/transactionLog/clients', {
    config, schema: { querystring: { type: 'object', properties: { lang: { type: 'string' } } } },
  }, async (req) => {
    const scope = await scopeOf(db, caller(req));
    if (scope.clients === 'none') return [];
    const lang = langOf(req.query.lang);
    const rows = await db.selectFrom('tenants as t').select(['t.id', 't.code', 't.names'])
      .where('t.type', '=', TenantType.Client).where('t.deleted_at', 'is', null).where(scopeCondition(scope.clients, 't.id'))
      .orderBy('t.code').orderBy('t.id').execute();
    return rows.map((t) => ({ value: t.id, label: pickName(t.names ?? {}, lang) || t.code, code: t.code }));
  });

  app.get<{ Params: { id: number } }>('/Report/transactionLog/:id', { config, schema: { params: idParams } }, async (req) => {
    const detail = await detailOf(db, await scopeOf(db, caller(req)), req.params.id);
    if (!detail) throw notFound();
    return detail;
  });

  listExport.routes(app, deps);

  app.get<{ Params: { id: number }; Querystring: { format?: ExportFormat; lang?: string } }>('/Report/transactionLog/file/:id', {
    config,
    schema: {
      params: idParams,
      querystring: { type: 'object', properties: { format: { type: 'string', enum: [...LIST_EXPORT_FORMATS] }, lang: { type: 'string' } } },
    },
  }, async (req) => {
    const who = caller(req);
    const scope = await scopeOf(db, who);
    const exists = await db.selectFrom('change_logs as c').select('c.id').where('c.id', '=', req.params.id as never).where(inScope(scope)).executeTakeFirst();
    if (!exists) throw notFound();
    const lang = langOf(req.query.lang);
    const payload: DetailExportPayload = { id: req.params.id, lang, format: req.query.format ?? 'csv', clients: scope.clients };
    return db.transaction().execute((trx) => queueExport(trx, exporterOf(req), JobCategory.ExportChangeDetails, payload));
  });
}

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
 * Scope: the caller's tenant only (docs/decisions.md "Transaction log"): the operator sees the
 * operator's log (its client account writes included), never a client's own log.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Page } from '../../src/domain/api';
import { changedFields, changeLogFunctions, changeLogMenuId, changeLogResources, functionNames, type ChangedField } from '../../src/domain/changeLog';
import { declaration } from '../../src/domain/declarations';
import { JobCategory } from '../../src/domain/enums';
import { LIST_EXPORT_FORMATS } from '../../src/domain/jobs';
import type { Lang } from '../../src/domain/lang';
import type { MenuNode } from '../../src/domain/menu';
import { caller } from '../auth';
import type { AppDeps } from '../context';
import { containsPattern, listPage, listQuerySchema, listRoute, listSpec, type ListParams } from '../db/list';
import type { ChangeAction, Database } from '../db/schema';
import { notFound } from '../errors';
import { inBatches, queueExport, registerJobHandler, writeExport, type ExportFormat } from '../jobs/index';
import { enumLabel, exportText } from '../services/codes';
import { countRows, listExportForm } from '../services/listExport';
import { idParams, objectBody, validated } from '../services/resource';
import { langOf } from './product';

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
}

type ListBody = ChangeLogFilters & ListParams;

const COLUMNS = ['c.id', 'c.created_at', 'c.account', 'c.resource', 'c.resource_id', 'c.action'] as const;

interface ChangeRow {
  id: number | string | bigint;
  created_at: Date;
  account: string;
  resource: string;
  resource_id: string;
  action: ChangeAction;
}

export interface ChangeLogItem {
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
  };
}

type Q = SelectQueryBuilder<Database & { c: Database['change_logs'] }, 'c', ChangeRow>;

/** The tenant's rows matching the filters (no order, no page). */
function filtered(db: Kysely<Database>, tenantId: number, f: ChangeLogFilters): Q {
  let q = db.selectFrom('change_logs as c').select(COLUMNS).where('c.tenant_id', '=', tenantId) as unknown as Q;
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

const FILTER_KEYS = ['startTime', 'endTime', 'account', 'functionId', 'action'] as const;
const filtersOf = (b: ChangeLogFilters): ChangeLogFilters =>
  Object.fromEntries(FILTER_KEYS.filter((k) => b[k] !== undefined).map((k) => [k, b[k]])) as ChangeLogFilters;

async function detailOf(db: Kysely<Database>, tenantId: number, id: number): Promise<ChangeLogDetail | null> {
  const row = await db.selectFrom('change_logs as c').select([...COLUMNS, 'c.before', 'c.after'])
    .where('c.id', '=', id as never).where('c.tenant_id', '=', tenantId).executeTakeFirst();
  if (!row) return null;
  const before = row.before ?? null;
  const after = row.after ?? null;
  return { ...toItem(row as ChangeRow), before, after, changes: changedFields(before, after) };
}

const nameIn = (lang: Lang, names: MenuNode['names'] | null) => (names ? names[lang] || names.zh_TW || names.en : '');

// --- Exports -------------------------------------------------------------------------------

interface ListExportPayload { filters: ChangeLogFilters; lang: Lang; format: ExportFormat }
interface DetailExportPayload { id: number; lang: Lang; format: ExportFormat }

export const EXPORT_FORM = listExportForm(DECL);

registerJobHandler<ListExportPayload>(JobCategory.ExportChangeLogs, async (job, ctx) => {
  const { filters, lang, format } = job.payload;
  const base = filtered(ctx.db, job.tenantId, filters ?? {});
  const total = await countRows(base);
  const t = exportText(lang);
  await writeExport<ChangeRow>(ctx, {
    format: format ?? 'csv',
    fileName: t('screens.transactionLog.title'),
    total,
    columns: [
      { header: t('screens.transactionLog.time'), value: (r) => new Date(r.created_at) },
      { header: t('screens.transactionLog.account'), key: 'account' },
      { header: t('screens.transactionLog.function'), value: (r) => nameIn(lang, functionNames(changeLogMenuId(r.resource))) },
      { header: t('screens.transactionLog.action'), value: (r) => enumLabel(lang, 'ChangeAction', r.action) },
      { header: t('screens.transactionLog.resource'), key: 'resource' },
      { header: t('screens.transactionLog.resourceId'), key: 'resource_id' },
    ],
    rows: inBatches<ChangeRow>((after, limit) => {
      let q = base;
      if (after) q = q.where('c.id', '>', after.id as never);
      return q.orderBy('c.id').limit(limit).execute();
    }, 1000),
  });
});

registerJobHandler<DetailExportPayload>(JobCategory.ExportChangeDetails, async (job, ctx) => {
  const { id, lang, format } = job.payload;
  const detail = await detailOf(ctx.db, job.tenantId, id);
  if (!detail) throw new Error(`change ${id} of tenant ${job.tenantId} is gone`);
  const t = exportText(lang);
  const head = [
    { field: t('screens.transactionLog.time'), before: detail.createdAt, after: '' },
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
  const list = async (tenantId: number, params: ListBody): Promise<Page<ChangeLogItem>> => {
    const page = await listPage(filtered(db, tenantId, params), SPEC, params);
    return { items: page.items.map((r) => toItem(r as ChangeRow)), total: page.total };
  };

  app.get<{ Querystring: ListBody }>('/Report/transactionLog', { config, ...listRoute(SPEC, DECL.filters?.schema) }, async (req) =>
    list(caller(req).tenantId, req.query));

  app.post<{ Body: ListBody | null }>('/Report/transactionLog', {
    config,
    schema: { body: { ...listQuerySchema(SPEC, DECL.filters?.schema), type: ['object', 'null'], additionalProperties: false } },
  }, async (req, reply) => {
    const body = { ...(req.body ?? {}) } as Record<string, unknown>;
    for (const [k, v] of Object.entries(body)) if (v === null || (typeof v === 'string' && v.trim() === '')) delete body[k];
    return reply.code(200).send(await list(caller(req).tenantId, body as ListBody));
  });

  app.get('/Report/transactionLog/functions', { config }, async () => changeLogFunctions());

  app.get<{ Params: { id: number } }>('/Report/transactionLog/:id', { config, schema: { params: idParams } }, async (req) => {
    const detail = await detailOf(db, caller(req).tenantId, req.params.id);
    if (!detail) throw notFound();
    return detail;
  });

  app.post('/Report/transactionLog/file', { config }, async (req, reply) => {
    const who = caller(req);
    const body = validated<ChangeLogFilters & { format?: ExportFormat; lang?: Lang }>(EXPORT_FORM, req.body === undefined || req.body === null ? {} : objectBody(req.body));
    const payload: ListExportPayload = { filters: filtersOf(body), lang: langOf(body.lang), format: body.format ?? 'csv' };
    return reply.code(201).send(await db.transaction().execute((trx) => queueExport(trx, who, JobCategory.ExportChangeLogs, payload)));
  });

  app.get<{ Params: { id: number }; Querystring: { format?: ExportFormat; lang?: string } }>('/Report/transactionLog/file/:id', {
    config,
    schema: {
      params: idParams,
      querystring: { type: 'object', properties: { format: { type: 'string', enum: [...LIST_EXPORT_FORMATS] }, lang: { type: 'string' } } },
    },
  }, async (req) => {
    const who = caller(req);
    const exists = await db.selectFrom('change_logs').select('id').where('id', '=', req.params.id as never).where('tenant_id', '=', who.tenantId).executeTakeFirst();
    if (!exists) throw notFound();
    const lang = langOf(req.query.lang);
    const payload: DetailExportPayload = { id: req.params.id, lang, format: req.query.format ?? 'csv' };
    return db.transaction().execute((trx) => queueExport(trx, who, JobCategory.ExportChangeDetails, payload));
  });
}

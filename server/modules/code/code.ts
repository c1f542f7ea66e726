/**
 * Code packages (menu 25, the operator), declared by src/schemas/code/package.json:
 *   GET    Code/package              list { items, total } (clientId, type, status); each item
 *                                    has status (Init 1 = generating, Generated 2), progress
 *                                    (0-100) and failed (the generation gave up: no codes)
 *   GET    Code/package/{id}         the package, with its keyword settings and message
 *   GET    Code/package/columns      the export columns [{ value: key, names: { zh_TW, zh_CN, en } }]
 *   GET    Code/package/generating   { amount }: the packages generating (status Init, not failed)
 *   POST   Code/package              201 + the package (status Init): the generation job
 *                                    (AddCodes 3) is queued in the same transaction
 *   DELETE Code/package/{id}         204 (its codes go too); 400 code 3 while it is generating
 *   POST   Code/package/file         { id, format: 'txt'|'csv', columns: [keys, at most 30],
 *                                    printType: 1 general | 2 dynamic (or 'general'|'dynamic'),
 *                                    lang? } -> an export job (ExportCodes 4): { id, reportId }
 *   POST   Code/package/{id}/file    the same for the row action, every field optional
 *                                    (default csv, columns seq and code, general)
 * Every call sees only packages of the clients the caller's role manages (services/scope.ts).
 *
 * A package takes the code type, format and length of its packaging material when it is
 * created (a later material edit does not change it). Keyword settings (optional):
 *  - `keywords`: texts, `keywordInterval`: how many consecutive codes each keyword marks;
 *    keyword i marks positions i*interval+1 .. (i+1)*interval (exported as column `keyword`);
 *  - interval without keywords: 4104; keywords without interval: 4102; more than 100
 *    keywords: 4105; interval not between 1 and the quantity: 4103; keywords x interval not
 *    equal to the quantity: 4101 (checked in this order, after the declaration's checks, by
 *    src/domain/codeKeywords.ts, which the form's rules run too).
 * The quantity must keep codes unguessable for the material's format and length
 * (services/codes.ts maxQuantityFor): else code 1 on quantity (max_value with the maximum).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { declaration, resolveForm } from '../../../src/domain/declarations';
import { CodePackageStatus, JobCategory, PrintType, ReportExportStatus } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { LANGS, pickName, type Lang, type Names } from '../../../src/domain/lang';
import { keywordFault, keywordSettingsOf, type KeywordSettings } from '../../../src/domain/codeKeywords';
import { CODE_EXPORT_COLUMNS_MAX } from '../../../src/domain/limits';
import type { FormDeclaration } from '../../../src/domain/validation/index';
import { caller, type Caller } from '../../auth';
import type { AppDeps } from '../../context';
import { withCopyTransaction } from '../../db/copy';
import { isEmbedded } from '../../db/index';
import { defineResource } from '../../resource/define';
import { json, type Database } from '../../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../../errors';
import {
  JobAborted, JobFailure, enqueueJob, queueExport, registerJobHandler, writeExport, type JobQueued,
} from '../../jobs/index';
import { exporterOf } from '../../services/exporter';
import { recordChange } from '../../services/changelog';
import {
  CODE_EXPORT_COLUMNS, DEFAULT_CODE_COLUMNS, codeRows, deleteCodes, enumLabel, exportText, generateCodes, generateCodesInBatches, keywordAt,
  maxQuantityFor,
  type CodeExportColumn,
} from '../../services/codes';
import { idParams, isDbId, objectBody, validated } from '../../services/resource';
import { roleScope, scopeCondition, type RoleScope } from '../../services/scope';
import { CODE_PACKAGE_MENU_ID } from '../../services/menuIds';
import { clientNameSort, isManagedClient } from '../../services/clients';
import { langOf } from '../../services/names';
import { packageQuery, toDto, toListItem, type CodePackageDto, type CodePackageListItem, type PackageRow } from '../../services/codePackages';

const DECL = declaration('code.package');
const FORM = DECL.form!;
const RESOURCE = DECL.resource ?? 'codePackage';
/** Fields the server answers but never takes. */
const READ_ONLY = [
  'id', 'clientName', 'materialName', 'materialNo', 'codeType', 'codeFormat', 'codeLength', 'status', 'progress', 'failed',
  'message', 'jobId', 'generatedAt', 'createdAt', 'updatedAt',
];

type Db = AppDeps['db'] | Transaction<Database>;

interface PackageBody {
  clientId: number;
  packagingMaterialId: number;
  type: number;
  quantity: number;
  keywords?: string[];
  keywordInterval?: number;
}

const packages = defineResource<PackageRow, CodePackageDto, PackageBody, { clientId?: number; type?: number; status?: number }, CodePackageListItem>({
  declaration: DECL,
  table: 'code_packages',
  alias: 'p',
  columns: { id: 'p.id', clientName: clientNameSort('t'), type: 'p.type', quantity: 'p.quantity', status: 'p.status', createdAt: 'p.created_at' },
  query: packageQuery,
  scope: { clients: 'p.client_id' },
  only: ['list', 'get'],
  filter: (q, { clientId, type, status }) => {
    let out = q;
    if (clientId !== undefined) out = out.where('p.client_id', '=', clientId);
    if (type !== undefined) out = out.where('p.type', '=', type);
    if (status !== undefined) out = out.where('p.status', '=', status);
    return out;
  },
  toDto,
  listItem: toListItem,
});

const loadPackage = (db: Db, who: Caller, scope: RoleScope, id: number) => packages.load(db, { who, scope }, id);

/** The keyword settings of a body: null when none; else the stored values (src/domain/codeKeywords.ts: 4101-4105). */
export function keywordSettings(body: Pick<PackageBody, 'keywords' | 'keywordInterval' | 'quantity'>): KeywordSettings | null {
  const fault = keywordFault(body);
  if (fault !== null) throw new ApiError(400, fault);
  return keywordSettingsOf(body);
}

// --- Jobs ----------------------------------------------------------------------------------

interface AddCodesPayload {
  packageId: number;
}

/** Marks a package whose generation gave up (outside the rolled-back transaction). */
async function markFailed(db: AppDeps['db'], packageId: number, message: string) {
  await db.updateTable('code_packages').set({ failed: true, message: message.slice(0, 500), updated_at: new Date() })
    .where('id', '=', packageId).where('status', '=', CodePackageStatus.Init).execute();
}

/** Marks a package Generated: its codes become visible, all at once. */
async function markGenerated(db: Db, packageId: number) {
  const now = new Date();
  await db.updateTable('code_packages')
    .set({ status: CodePackageStatus.Generated, progress: 100, failed: false, message: null, generated_at: now, updated_at: now })
    .where('id', '=', packageId).execute();
}

/**
 * AddCodes. PostgreSQL: one transaction (other connections do not wait for it; a crash rolls
 * it back), its batches sent with COPY (db/copy.ts). PGlite (one connection for everything): batches that each commit
 * (generateCodesInBatches), so requests wait for one batch at most and the progress moves;
 * the codes stay invisible until the package is Generated, a new attempt resumes after the
 * committed ones, and a generation given up (a failure, the last attempt, the sweep of a job
 * whose worker died each time) deletes them.
 */
registerJobHandler<AddCodesPayload>(JobCategory.AddCodes, async (job, ctx) => {
  const packageId = job.payload.packageId;
  const pkg = await ctx.db.selectFrom('code_packages').select(['id', 'status', 'quantity', 'code_format', 'code_length'])
    .where('id', '=', packageId).where('tenant_id', '=', job.tenantId).executeTakeFirst();
  if (!pkg) throw new JobFailure('The code package no longer exists.');
  if (pkg.status === CodePackageStatus.Generated) return { data: { packageId, generated: pkg.quantity } };
  const embedded = isEmbedded(ctx.db);
  try {
    const result = embedded
      ? await generateCodesInBatches(ctx.db, pkg, {
        progress: (done, total) => ctx.reportProgress((done / total) * 99),
        throwIfAborted: () => ctx.throwIfAborted(),
      }).then(async (generated) => {
        ctx.throwIfAborted();
        await markGenerated(ctx.db, packageId);
        return generated;
      })
      : await withCopyTransaction(ctx.db, async (trx, copy) => {
        // One generation at a time per package; a deleted package stops it.
        const locked = await trx.selectFrom('code_packages').select('status').where('id', '=', packageId).forUpdate().executeTakeFirst();
        if (!locked) throw new JobFailure('The code package no longer exists.');
        if (locked.status === CodePackageStatus.Generated) return { inserted: pkg.quantity, regenerated: 0 };
        const generated = await generateCodes(trx, pkg, {
          // Progress is written on the job row by another connection: never awaited here.
          progress: (done, total) => { void ctx.reportProgress((done / total) * 99).catch(() => {}); },
          throwIfAborted: () => ctx.throwIfAborted(),
        }, copy);
        await markGenerated(trx, packageId);
        return generated;
      });
    return { data: { packageId, generated: result.inserted, regenerated: result.regenerated } };
  } catch (err) {
    const lost = ctx.signal.aborted && ctx.signal.reason instanceof JobAborted;
    // The last try (or a failure no retry fixes): the package says so. Nothing is kept.
    if (!lost && (err instanceof JobFailure || job.attempts >= job.maxAttempts)) {
      if (embedded) await deleteCodes(ctx.db, packageId);
      await markFailed(ctx.db, packageId, err instanceof JobFailure ? err.message : 'The code generation failed.');
    }
    throw err;
  }
}, {
  // Its worker died on the last attempt: the batches it committed go (PGlite; none on PostgreSQL).
  onLost: async (job, db) => { await deleteCodes(db, Number(job.payload?.packageId)); },
});

interface ExportCodesPayload {
  packageId: number;
  format: 'txt' | 'csv';
  columns: CodeExportColumn[];
  printType: number;
  lang: Lang;
}

registerJobHandler<ExportCodesPayload>(JobCategory.ExportCodes, async (job, ctx) => {
  const { packageId, format, columns, printType, lang } = job.payload;
  const pkg = await ctx.db.selectFrom('code_packages as p')
    .innerJoin('tenants as t', 't.id', 'p.client_id')
    .innerJoin('packaging_materials as m', 'm.id', 'p.packaging_material_id')
    .innerJoin('client_products as cp', 'cp.id', 'm.product_id')
    .select([
      'p.id', 'p.type', 'p.code_type', 'p.status', 'p.quantity', 'p.keywords', 'p.keyword_interval', 'p.created_at',
      'm.no', 'm.name', 'cp.name as productName', 't.code as clientCode', 't.names as clientNames',
    ])
    .where('p.id', '=', packageId).where('p.tenant_id', '=', job.tenantId)
    .executeTakeFirst();
  if (!pkg) throw new JobFailure('The code package no longer exists.');
  if (pkg.status !== CodePackageStatus.Generated) throw new JobFailure('The codes of this package are not generated.');
  const t = exportText(lang);
  const keywords = Array.isArray(pkg.keywords) ? pkg.keywords : null;
  const fixed: Record<CodeExportColumn, unknown> = {
    seq: null, code: null, keyword: null,
    packageId: pkg.id,
    packageType: enumLabel(lang, 'CodePackageType', pkg.type),
    codeType: enumLabel(lang, 'PackagingCodeType', pkg.code_type),
    materialNo: pkg.no,
    materialName: pkg.name,
    productName: pkg.productName,
    clientCode: pkg.clientCode,
    clientName: pickName(pkg.clientNames as Names, lang) || pkg.clientCode,
    createdAt: pkg.created_at,
  };
  const cell = (key: CodeExportColumn, r: { seq: number; code: string }): unknown => {
    if (key === 'seq') return r.seq;
    if (key === 'code') return r.code;
    if (key === 'keyword') return keywordAt(r.seq, keywords, pkg.keyword_interval);
    return fixed[key];
  };
  await writeExport<{ seq: number; code: string }>(ctx, {
    format,
    fileName: `${t('screens.codePackage.entity')}_${pkg.id}`.replace(/\s+/g, '_'),
    // Dynamic printing (variable-data printers) takes bare records: no header row.
    header: printType !== PrintType.Dynamic,
    columns: columns.map((key) => ({ header: t(`screens.codePackage.column.${key}`), value: (r) => cell(key, r) })),
    rows: codeRows(ctx.db, pkg.id, pkg.quantity),
    total: pkg.quantity,
  });
});

// --- Routes --------------------------------------------------------------------------------

const PRINT_TYPES: Record<string, number> = { general: PrintType.General, dynamic: PrintType.Dynamic };

const exportSchema = (required: string[]): FormDeclaration => ({
  schema: {
    type: 'object',
    required,
    properties: {
      id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      format: { type: 'string', enum: ['txt', 'csv'] },
      columns: { type: 'array', minItems: 1, maxItems: CODE_EXPORT_COLUMNS_MAX, items: { type: 'string', enum: [...CODE_EXPORT_COLUMNS] } },
      printType: { enum: [PrintType.General, PrintType.Dynamic, 'general', 'dynamic'] },
      lang: { type: 'string', enum: [...LANGS] },
    },
  },
});
/** POST Code/package/file. */
export const CODE_EXPORT_FORM = exportSchema(['id', 'format', 'columns']);
/** POST Code/package/{id}/file (the list's row action): everything optional. */
const ROW_EXPORT_FORM = exportSchema([]);

interface ExportBody {
  id?: number;
  format?: 'txt' | 'csv';
  columns?: CodeExportColumn[];
  printType?: number | string;
  lang?: Lang;
}

export default async function codeRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const config = { menuId: CODE_PACKAGE_MENU_ID };

  packages.routes(app, deps);

  // The columns a code export may hold, named in every language (the export dialog's options).
  app.get('/Code/package/columns', { config }, async () => CODE_EXPORT_COLUMNS.map((key) => ({
    value: key,
    names: Object.fromEntries(LANGS.map((lang) => [lang, exportText(lang)(`screens.codePackage.column.${key}`)])),
  })));

  // How many packages the caller may see are generating: the list polls while it is above 0,
  // whichever page they are on (grid.refresh.activeWhileCount).
  app.get('/Code/package/generating', { config: { ...config, docs: { summary: 'The count of generating packages ({ amount }) the list polls by' } } }, async (req) => {
    const who = caller(req);
    const scope = await roleScope(db, who);
    const row = await db.selectFrom('code_packages as p').leftJoin('jobs as j', 'j.id', 'p.job_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('p.tenant_id', '=', who.tenantId).where('p.status', '=', CodePackageStatus.Init).where('p.failed', '=', false)
      .where(sql<boolean>`coalesce(j.status, ${ReportExportStatus.Error}) <> ${ReportExportStatus.Error}`)
      .where(scopeCondition(scope.clients, 'p.client_id'))
      .executeTakeFirstOrThrow();
    return { amount: Number(row.n) };
  });

  const createErrors = [ErrorCode.NotAllowed, ErrorCode.KeywordCountMismatch, ErrorCode.KeywordIntervalMissing, ErrorCode.KeywordIntervalInvalid, ErrorCode.KeywordsMissing, ErrorCode.KeywordsOverLimit];
  app.post('/Code/package', { config: { ...config, docs: { status: 201, errors: createErrors } } }, async (req, reply) => {
    const who = caller(req);
    const raw = objectBody(req.body);
    if (raw.id !== undefined && raw.id !== null && raw.id !== '') throw forbidden(); // packages are not edited
    const body = validated<PackageBody>(resolveForm(FORM), Object.fromEntries(Object.entries(raw).filter(([k]) => !READ_ONLY.includes(k))));
    const keywords = keywordSettings(body);
    const created = await db.transaction().execute(async (trx) => {
      const scope = await roleScope(trx, who);
      if (!(await isManagedClient(trx, scope, body.clientId))) throw badRequest({ clientId: { key: 'oneOf' } });
      // FOR SHARE: a concurrent deletion of the material waits for this package (then 2203).
      const material = isDbId(body.packagingMaterialId)
        ? await trx.selectFrom('packaging_materials').select(['id', 'code_type', 'code_format', 'code_length'])
          .where('id', '=', body.packagingMaterialId).where('tenant_id', '=', who.tenantId).where('client_id', '=', body.clientId)
          .forShare().executeTakeFirst()
        : undefined;
      if (!material) throw badRequest({ packagingMaterialId: { key: 'oneOf' } });
      const max = maxQuantityFor(material.code_format, material.code_length);
      if (body.quantity > max) throw badRequest({ quantity: { key: 'max_value', params: { max } } });
      const now = new Date();
      const { id } = await trx.insertInto('code_packages').values({
        tenant_id: who.tenantId, client_id: body.clientId, packaging_material_id: material.id, type: body.type,
        code_type: material.code_type, code_format: material.code_format, code_length: material.code_length,
        quantity: body.quantity, keywords: keywords ? json(keywords.keywords) : null, keyword_interval: keywords?.interval ?? null,
        created_by: who.userId, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      const { jobId } = await enqueueJob(trx, { tenantId: who.tenantId, userId: who.userId, category: JobCategory.AddCodes, payload: { packageId: id } });
      await trx.updateTable('code_packages').set({ job_id: jobId }).where('id', '=', id).execute();
      const after = (await loadPackage(trx, who, scope, id))!;
      await recordChange(trx, who, { resource: RESOURCE, resourceId: id, action: 'create', after });
      return after;
    });
    return reply.code(201).send(created);
  });

  app.delete<{ Params: { id: number } }>('/Code/package/:id', { config: { ...config, docs: { errors: [ErrorCode.NotFound, ErrorCode.NotAllowed] } }, schema: { params: idParams } }, async (req, reply) => {
    const who = caller(req);
    const id = req.params.id;
    await db.transaction().execute(async (trx) => {
      const before = await loadPackage(trx, who, await roleScope(trx, who), id);
      if (!before) throw notFound();
      // Generating: the job holds the package (its codes are not committed yet).
      if (before.status === CodePackageStatus.Init && !before.failed) throw forbidden400();
      // The lock keeps a generation (which holds it too) from running meanwhile; codes have no
      // foreign key (bulk speed), so they go first, explicitly.
      await trx.selectFrom('code_packages').select('id').where('id', '=', id).forUpdate().execute();
      await trx.deleteFrom('codes').where('package_id', '=', id).execute();
      await trx.deleteFrom('code_packages').where('id', '=', id).where('tenant_id', '=', who.tenantId).execute();
      await recordChange(trx, who, { resource: RESOURCE, resourceId: id, action: 'delete', before });
    });
    return reply.code(204).send();
  });

  const queueCodeExport = async (req: FastifyRequest, id: number, body: ExportBody): Promise<JobQueued> => {
    const who = caller(req);
    const pkg = await loadPackage(db, who, await roleScope(db, who), id);
    if (!pkg) throw notFound();
    if (pkg.status !== CodePackageStatus.Generated) throw forbidden400();
    const printType = typeof body.printType === 'string' ? PRINT_TYPES[body.printType] : (body.printType ?? PrintType.General);
    const payload: ExportCodesPayload = {
      packageId: id,
      format: body.format ?? 'csv',
      columns: body.columns?.length ? body.columns : DEFAULT_CODE_COLUMNS,
      printType,
      lang: langOf(body.lang),
    };
    return db.transaction().execute((trx) => queueExport(trx, exporterOf(req), JobCategory.ExportCodes, payload));
  };

  app.post('/Code/package/file', { config: { ...config, docs: { summary: 'Export the codes of a package', body: CODE_EXPORT_FORM.schema as Record<string, unknown>, status: 201, errors: [ErrorCode.NotFound, ErrorCode.NotAllowed] } } }, async (req, reply) => {
    const body = validated<ExportBody & { id: number }>(CODE_EXPORT_FORM, objectBody(req.body));
    return reply.code(201).send(await queueCodeExport(req, body.id, body));
  });

  app.post<{ Params: { id: number } }>('/Code/package/:id/file', { config, schema: { params: idParams } }, async (req, reply) => {
    const raw = req.body === undefined || req.body === null || req.body === '' ? {} : objectBody(req.body);
    const body = validated<ExportBody>(ROW_EXPORT_FORM, Object.fromEntries(Object.entries(raw).filter(([k]) => k !== 'id')));
    return reply.code(201).send(await queueCodeExport(req, req.params.id, body));
  });
}

/** 400 code 3: not while the package is generating (or before it is generated). */
const forbidden400 = () => new ApiError(400, ErrorCode.NotAllowed);

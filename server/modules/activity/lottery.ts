/**
 * Lottery activities (issue 15, menu 49; SPEC 7 "Lottery activity" rows; rules once in
 * src/domain/activity/lottery.ts). Client tenants whose role holds menu 49 (the Marketing
 * function); everything scoped to the caller's tenant (another tenant's id: 404).
 *
 *   GET  marketing/lottery-activity                  list of released activities (lotteryList.ts:
 *                                                    the declared resource): { items, total }
 *   GET  marketing/lottery-activity/{id}             detail (6705 unknown): columns, prizes,
 *                                                    form, and the pending `draft` if any
 *   GET  marketing/lottery-activity/template-options step 1: the tenant's game templates
 *                                                    (?gameType=), read from game_templates
 *   GET  marketing/lottery-activity/product          product options (brand products with
 *                                                    product info; ?selected= keeps chosen ones)
 *   GET  marketing/lottery-activity/binding-info     ?type=2 order packages (the client's code
 *                                                    packages) | 3 shipment packages (its ship
 *                                                    sheets), ?selected=
 *   GET  marketing/lottery-activity/prize-probability-history/{lotteryId}/{prizeId}
 *   GET  marketing/lottery-activity/{id}/records     the draws (consumer play), newest first, paged
 *   POST marketing/lottery-activity/draft            step 2 body (+ `id` to edit a released
 *                                                    activity) -> 201 { draftId, draftUrl }
 *   PUT  marketing/lottery-activity/draft            { draftId, ...body } -> { draftId, draftUrl }
 *   POST marketing/lottery-activity                  { draftId } releases a new activity (201)
 *   PUT  marketing/lottery-activity                  { id, enable? }: applies the pending draft
 *                                                    and/or the enable switch (200)
 *   POST marketing/lottery-activity/serial-number    multipart `file` (CSV): 6706 / 6707 / 6708
 *                                                    / 6709 -> 201 { id, amount }
 *   POST marketing/lottery-activity/report           result download (job ExportPrizeWinners 11
 *   POST Report/Activity/file                        for type 1, ExportActivityRecords 10 for 2;
 *                                                    `productId`: only records whose code's
 *                                                    packaging material is linked to that product)
 *   GET  Report/SMYproductName                       the product names that dialog offers as that
 *                                                    filter: [{ id, name }] (?lang=), role scope
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { sql, type Transaction } from 'kysely';
import { settleNoWin, isCsvFile, parseSerials, type LotteryInput, type RuleFailure } from '../../../src/domain/activity/lottery';
import { LOTTERY_BODY_SCHEMA, LOTTERY_MENU_ID, LOTTERY_REPORT_SCHEMA } from '../../../src/domain/activity/lotteryForms';
import { JobCategory, PrizeType, QualificationType } from '../../../src/domain/enums';
import { csvText } from '../../../src/domain/csv';
import { ErrorCode } from '../../../src/domain/errors';
import type { Lang } from '../../../src/domain/lang';
import { timezoneById } from '../../../src/domain/reference/timezones';
import { caller, type Caller } from '../../auth';
import type { AppDeps } from '../../context';
import { json, type Database } from '../../db/schema';
import { ApiError, badRequest } from '../../errors';
import { inBatches, queueExport, registerJobHandler, writeExport } from '../../jobs/index';
import { exportPhone } from '../../../src/domain/phone';
import { exporterOf } from '../../services/exporter';
import { ensureCommitment } from '../../services/drawProof';
import { recordChange } from '../../services/changelog';
import { exportText } from '../../services/codes';
import { eachPart, readPart } from '../../services/multipart';
import { objectBody } from '../../services/resource';
import { langOf } from '../../services/names';
import { draftUrl, loadLottery, type LotteryDto } from '../../services/lotteries';
import { applyDraft, checkBody, draftOf } from '../../services/lotteryDraft';
import { numberList, packageOptions, productNames, productOptions } from '../../services/qualification';

type Db = AppDeps['db'] | Transaction<Database>;
const config = { menuId: LOTTERY_MENU_ID };
const RESOURCE = 'lottery';
/** Largest serial CSV (8 MB). */
const SERIAL_FILE_MAX_BYTES = 8 * 1024 * 1024;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const fail = (f: RuleFailure) => new ApiError(400, f.code, f.data ? { ...f.fields, ...f.data } : f.fields);
const notFoundLottery = () => new ApiError(404, ErrorCode.LotteryNotFound);

// --- Options -------------------------------------------------------------------------------

// --- Exports (result download) --------------------------------------------------------------

interface ReportPayload { activityIds: number[]; type: number; from?: string; to?: string; timezoneId: number; showInfo: boolean; lang: Lang; productId?: number }

interface RecordRow { id: string | number; lottery_id: number; lottery_name: string; code: string | null; member_phone: string | null; member_phone_code: string | null; prize_name: string | null; serial: string | null; answers: Record<string, unknown> | null; created_at: Date }

function recordsQuery(db: Db, tenantId: number, p: ReportPayload) {
  let q = db.selectFrom('lottery_records as r').innerJoin('lotteries as l', 'l.id', 'r.lottery_id')
    .leftJoin('lottery_prizes as p', 'p.id', 'r.prize_id').leftJoin('members as m', 'm.id', 'r.member_id')
    .select(['r.id', 'r.lottery_id', 'l.name as lottery_name', 'r.code', 'm.phone as member_phone', 'm.phone_country_code as member_phone_code', 'p.name as prize_name', 'r.serial', 'r.answers', 'r.created_at'])
    .where('r.tenant_id', '=', tenantId).where('r.lottery_id', 'in', p.activityIds);
  if (p.type === 1) q = q.where('r.prize_id', 'is not', null).where('p.type', '=', PrizeType.Winning);
  if (p.from) q = q.where('r.created_at', '>=', new Date(p.from));
  if (p.to) q = q.where('r.created_at', '<=', new Date(p.to));
  // The scanned code's product: its package's packaging material linked to the chosen brand product.
  if (p.productId !== undefined) {
    const productId = p.productId;
    q = q.where((eb) => eb.exists(eb.selectFrom('codes as c').innerJoin('code_packages as cp', 'cp.id', 'c.package_id')
      .innerJoin('brand_product_materials as bpm', 'bpm.material_id', 'cp.packaging_material_id')
      .select('c.seq').whereRef('c.code', '=', 'r.code').where('cp.client_id', '=', tenantId).where('bpm.brand_product_id', '=', productId)));
  }
  return q;
}

for (const category of [JobCategory.ExportPrizeWinners, JobCategory.ExportActivityRecords]) {
  registerJobHandler<ReportPayload>(category, async (job, ctx) => {
    const p = job.payload;
    const t = exportText(p.lang);
    const k = (key: string) => t(`screens.lottery.${key}`);
    const fields = p.showInfo
      ? (await ctx.db.selectFrom('lottery_form_fields').select('name').distinct().where('lottery_id', 'in', p.activityIds).orderBy('name').execute()).map((f) => f.name)
      : [];
    const base = recordsQuery(ctx.db, job.tenantId, p);
    const total = Number((await base.clearSelect().select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    await writeExport<RecordRow>(ctx, {
      format: 'csv',
      fileName: k(category === JobCategory.ExportPrizeWinners ? 'winnersFile' : 'recordsFile'),
      total,
      columns: [
        // In the zone the dialog chose (queued as the export's zone).
        { header: k('recordTime'), value: (r) => new Date(r.created_at) },
        { header: k('activity'), value: (r) => `${r.lottery_id} ${r.lottery_name}` },
        { header: k('code'), value: (r) => r.code ?? '' },
        { header: k('member'), value: (r) => exportPhone(r.member_phone_code, r.member_phone) },
        { header: k('prize'), value: (r) => r.prize_name ?? k('noPrize') },
        { header: k('serial'), value: (r) => r.serial ?? '' },
        ...fields.map((name) => ({ header: name, value: (r: RecordRow) => { const v = r.answers?.[name]; return Array.isArray(v) ? v.join(', ') : v === undefined || v === null ? '' : String(v); } })),
      ],
      rows: inBatches<RecordRow>((after, limit) => {
        let q = base;
        if (after) q = q.where('r.id', '>', after.id as never);
        return q.orderBy('r.id').limit(limit).execute() as Promise<RecordRow[]>;
      }, 1000),
    });
  });
}

// --- Routes --------------------------------------------------------------------------------

export default async function lotteryRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  await app.register(multipart, { throwFileSizeLimit: false });

  // The list is the declared resource of lotteryList.ts, a module of its own.
  app.get<{ Querystring: { gameType?: number } }>('/marketing/lottery-activity/template-options', {
    config: { ...config, docs: { summary: 'Game templates of a game (wizard step 1)' } }, schema: { querystring: { type: 'object', additionalProperties: false, properties: { gameType: { type: 'integer', minimum: 0, maximum: 9 } } } },
  }, async (req) => {
    const who = caller(req);
    let q = db.selectFrom('game_templates').select(['id', 'name', 'game_type', 'cover_url', 'updated_at']).where('tenant_id', '=', who.tenantId);
    if (req.query.gameType) q = q.where('game_type', '=', req.query.gameType);
    const rows = await q.orderBy('game_type').orderBy(sql`lower(name)`).limit(500).execute();
    return rows.map((r) => ({ id: r.id, name: r.name, gameType: r.game_type, coverUrl: r.cover_url, updatedAt: iso(r.updated_at) }));
  });

  const optionQuery = { type: 'object', additionalProperties: false, properties: { selected: { anyOf: [{ type: 'array', items: { type: 'integer' }, maxItems: 1000 }, { type: 'integer' }] }, lang: { type: 'string' }, type: { type: 'integer', enum: [2, 3] } } };
  app.get<{ Querystring: { selected?: number | number[]; lang?: string } }>('/marketing/lottery-activity/product', { config: { ...config, docs: { summary: 'Product options of the qualification' } }, schema: { querystring: optionQuery } }, async (req) =>
    productOptions(db, caller(req), langOf(req.query.lang), numberList(req.query.selected)));
  const LANG_QUERY = { type: 'object', additionalProperties: false, properties: { lang: { type: 'string', maxLength: 10 } } };
  app.get<{ Querystring: { selected?: number | number[]; type?: number } }>('/marketing/lottery-activity/binding-info', { config: { ...config, docs: { summary: 'Order (type 2) or shipment (type 3) package options' } }, schema: { querystring: optionQuery } }, async (req) =>
    packageOptions(db, caller(req), req.query.type ?? QualificationType.OrderPackage, numberList(req.query.selected)));

  app.get<{ Params: { a: number; b: number } }>('/marketing/lottery-activity/prize-probability-history/:a/:b', {
    config: { ...config, docs: { summary: 'Every change of a prize\'s probability', errors: [6705] } }, schema: { params: { type: 'object', required: ['a', 'b'], properties: { a: { type: 'integer', minimum: 1, maximum: 2147483647 }, b: { type: 'integer', minimum: 1, maximum: 2147483647 } } } },
  }, async (req) => {
    const who = caller(req);
    const prize = await db.selectFrom('lottery_prizes as p').innerJoin('lotteries as l', 'l.id', 'p.lottery_id').select('p.id')
      .where('l.tenant_id', '=', who.tenantId).where('l.id', '=', req.params.a).where('p.id', '=', req.params.b).executeTakeFirst();
    if (!prize) throw notFoundLottery();
    const rows = await db.selectFrom('lottery_probability_history').selectAll().where('prize_id', '=', req.params.b).orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, before: r.probability_before === null ? null : Number(r.probability_before), probability: Number(r.probability), account: r.account, createdAt: iso(r.created_at) }));
  });

  app.get<{ Params: { id: number } }>('/marketing/lottery-activity/:id', {
    config: { ...config, docs: { summary: 'A lottery activity or draft', errors: [6705] } }, schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } } },
  }, async (req) => {
    const found = await loadLottery(db, caller(req).tenantId, req.params.id);
    if (!found) throw notFoundLottery();
    return found;
  });

  // The draws of an activity, newest first (the detail's records: who played, what won, serial, answers).
  app.get<{ Params: { id: number }; Querystring: { page?: number; pageSize?: number; won?: boolean } }>('/marketing/lottery-activity/:id/records', {
    config: { ...config, docs: { summary: 'The draws of a lottery activity, newest first', errors: [6705] } },
    schema: {
      params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
      querystring: { type: 'object', additionalProperties: false, properties: { page: { type: 'integer', minimum: 1, default: 1 }, pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, won: { type: 'boolean' } } },
    },
  }, async (req) => {
    const who = caller(req);
    const found = await db.selectFrom('lotteries').select('id').where('id', '=', req.params.id).where('tenant_id', '=', who.tenantId).where('released', '=', true).executeTakeFirst();
    if (!found) throw notFoundLottery();
    const { page = 1, pageSize = 20, won } = req.query;
    let q = db.selectFrom('lottery_records as r').leftJoin('lottery_prizes as p', 'p.id', 'r.prize_id').leftJoin('members as m', 'm.id', 'r.member_id')
      .where('r.lottery_id', '=', found.id).where('r.tenant_id', '=', who.tenantId);
    if (won) q = q.where('p.type', '=', PrizeType.Winning);
    const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await q.select(['r.id', 'r.code', 'r.serial', 'r.answers', 'r.redeemed_at', 'r.created_at', 'p.name as prize_name', 'p.type as prize_type', 'm.phone_country_code', 'm.phone'])
      .orderBy('r.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
    return {
      total,
      items: rows.map((r) => ({
        id: Number(r.id), code: r.code, prize: r.prize_name, won: r.prize_type === PrizeType.Winning, serial: r.serial, answers: r.answers,
        member: r.phone ? `+${r.phone_country_code} ${r.phone}` : null, redeemedAt: iso(r.redeemed_at), createdAt: iso(r.created_at),
      })),
    };
  });

  // Drafts: step 2 saves, step 3 reads it back (GET .../{draftId}) and releases it.
  const saveDraft = async (who: Caller, given: LotteryInput & { draftId?: number }, draftId: number | null) => db.transaction().execute(async (trx) => {
    // The no-win prize makes up the rest of 100% (stored so, drawn so).
    const body = { ...given, prizeInfo: settleNoWin(given.prizeInfo) };
    let stored: LotteryDto | null = null;
    const targetId = draftId ?? body.id ?? null;
    if (targetId !== null) {
      stored = await loadLottery(trx, who.tenantId, targetId, true);
      if (!stored) throw draftId !== null ? new ApiError(404, ErrorCode.LotteryDraftNotFound) : notFoundLottery();
      if (draftId !== null && !stored.draft && !stored.released) throw new ApiError(404, ErrorCode.LotteryDraftNotFound);
    }
    const template = await checkBody(trx, who, body, stored);
    const draft = json(draftOf(body));
    let id: number;
    if (stored) {
      id = stored.id;
      await trx.updateTable('lotteries').set({ draft, updated_at: new Date() }).where('id', '=', id).execute();
    } else {
      id = (await trx.insertInto('lotteries').values({
        tenant_id: who.tenantId, template_id: body.templateId, game_type: template.gameType, name: body.name.trim(), qualification: json({}), core: json(template.core), draft,
      }).returning('id').executeTakeFirstOrThrow()).id;
    }
    // A draft is a working copy, not a change of the activity: the log holds the release
    // (create) and each applied update (release below), so every activity is listed once.
    return { draftId: id, draftUrl: draftUrl(id) };
  });

  app.post<{ Body: LotteryInput }>('/marketing/lottery-activity/draft', { config: { ...config, docs: { summary: 'Save the wizard step 2 as a draft', status: 201, errors: [101, 102, 6703, 6704, 6705, 6707, 6710, 6712] } }, schema: { body: LOTTERY_BODY_SCHEMA } }, async (req, reply) =>
    reply.code(201).send(await saveDraft(caller(req), req.body, null)));
  app.put<{ Body: LotteryInput & { draftId: number } }>('/marketing/lottery-activity/draft', {
    config: { ...config, docs: { summary: 'Update a draft', errors: [101, 102, 6702, 6703, 6704, 6707, 6710, 6712] } }, schema: { body: { ...LOTTERY_BODY_SCHEMA, required: [...LOTTERY_BODY_SCHEMA.required, 'draftId'] } },
  }, async (req) => saveDraft(caller(req), req.body, req.body.draftId));

  const release = async (who: Caller, id: number, isNew: boolean, enable?: boolean) => db.transaction().execute(async (trx) => {
    const stored = await loadLottery(trx, who.tenantId, id, true);
    if (!stored) throw isNew ? new ApiError(404, ErrorCode.LotteryDraftNotFound) : notFoundLottery();
    if (isNew && stored.released) throw new ApiError(400, ErrorCode.LotteryAddFailed, { draftId: { key: 'invalid' } });
    if (!isNew && !stored.released) throw notFoundLottery();
    if (stored.draft) {
      const body = { ...(stored.draft as unknown as LotteryInput), ...(enable === undefined ? {} : { enable }) };
      const template = await checkBody(trx, who, body, stored);
      await applyDraft(trx, who, stored, body, template);
    } else if (isNew) {
      throw new ApiError(404, ErrorCode.LotteryDraftNotFound);
    } else if (enable !== undefined) {
      await trx.updateTable('lotteries').set({ enable, updated_at: new Date() }).where('id', '=', id).execute();
    }
    // Issue 26: the draws' commitment on release, the prize table's version on every change.
    await ensureCommitment(trx, id);
    const after = (await loadLottery(trx, who.tenantId, id))!;
    const { draft: _d, ...beforeLog } = stored;
    const { draft: _a, ...afterLog } = after;
    await recordChange(trx, who, { resource: RESOURCE, resourceId: id, action: isNew ? 'create' : 'update', before: isNew ? undefined : beforeLog, after: afterLog });
    return after;
  });

  app.post<{ Body: { draftId: number } }>('/marketing/lottery-activity', {
    config: { ...config, docs: { summary: 'Create the activity from its draft (wizard step 3)', status: 201, errors: [6701, 6702, 6703, 6704, 6710, 6712] } }, schema: { body: { type: 'object', additionalProperties: false, required: ['draftId'], properties: { draftId: { type: 'integer', minimum: 1, maximum: 2147483647 } } } },
  }, async (req, reply) => reply.code(201).send(await release(caller(req), req.body.draftId, true)));

  app.put<{ Body: { id: number; draftId?: number; enable?: boolean } }>('/marketing/lottery-activity', {
    config: { ...config, docs: { summary: 'Update a released activity from its draft, or enable/disable it', errors: [6702, 6703, 6704, 6705, 6710, 6712] } },
    schema: { body: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 }, draftId: { type: 'integer', minimum: 1, maximum: 2147483647 }, enable: { type: 'boolean' } } } },
  }, async (req) => {
    if (req.body.draftId !== undefined && req.body.draftId !== req.body.id) throw new ApiError(404, ErrorCode.LotteryDraftNotFound);
    return release(caller(req), req.body.id, false, req.body.enable);
  });

  app.post('/marketing/lottery-activity/serial-number', { config: { ...config, docs: { summary: 'Check an imported serial CSV (multipart field file)', body: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } }, consumes: ['multipart/form-data'], status: 201, errors: [6706, 6707, 6708, 6709] } } }, async (req, reply) => {
    const who = caller(req);
    if (!req.isMultipart()) throw new ApiError(400, ErrorCode.NoCsv, { file: { key: 'required' } });
    const broken = () => badRequest({ file: { key: 'invalid' } });
    const found: { name: string; bytes: Buffer }[] = [];
    await eachPart(req, { fileSize: SERIAL_FILE_MAX_BYTES, files: 1, fields: 5, parts: 6 }, async (part) => {
      if (part.type !== 'file') return;
      const name = part.filename ?? '';
      const { bytes } = await readPart(part.file, SERIAL_FILE_MAX_BYTES, broken);
      if (!bytes) throw badRequest({ file: { key: 'size', params: { size: SERIAL_FILE_MAX_BYTES / 1024 } } });
      if (!isCsvFile(name, part.mimetype)) throw new ApiError(400, ErrorCode.NotCsv, { file: { key: 'ext' } });
      found.push({ name, bytes });
    }, broken);
    if (!found.length) throw new ApiError(400, ErrorCode.NoCsv, { file: { key: 'required' } });
    const { name, bytes } = found[0];
    // Not UTF-8, or a NUL byte (binary, UTF-16): not a CSV, and PostgreSQL could not store it.
    const decoded = csvText(bytes);
    if ('fault' in decoded) throw new ApiError(400, ErrorCode.NotCsv, { file: { key: 'invalid' }, line: decoded.line });
    const parsed = parseSerials(decoded.text);
    if ('code' in parsed) throw fail(parsed);
    const row = await db.transaction().execute(async (trx) => {
      // Imports older than a day that no release used are dropped on the way.
      await trx.deleteFrom('lottery_serial_imports').where('tenant_id', '=', who.tenantId).where('created_at', '<', new Date(Date.now() - 86400000)).execute();
      return trx.insertInto('lottery_serial_imports').values({ tenant_id: who.tenantId, serials: json(parsed.serials), amount: parsed.serials.length }).returning(['id', 'amount']).executeTakeFirstOrThrow();
    });
    return reply.code(201).send({ id: row.id, amount: row.amount, name });
  });

  const report = async (req: FastifyRequest, who: Caller) => {
    const body = objectBody(req.body) as { activityId?: number; activityIds?: number[]; timezoneId: number; from?: string; to?: string; type: number; showInfo?: boolean; language?: string; productId?: number };
    const ids = [...new Set([...(body.activityIds ?? []), ...(body.activityId ? [body.activityId] : [])])];
    if (!ids.length) throw badRequest({ activityId: { key: 'required' } });
    if (!timezoneById(body.timezoneId)) throw badRequest({ timezoneId: { key: 'oneOf' } });
    if (body.from && body.to && Date.parse(body.to) < Date.parse(body.from)) throw badRequest({ to: { key: 'fromToDatetime' } });
    const found = await db.selectFrom('lotteries').select('id').where('tenant_id', '=', who.tenantId).where('released', '=', true).where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw notFoundLottery();
    if (body.language !== undefined && !['zh_TW', 'zh_CN', 'en'].includes(body.language)) throw new ApiError(400, ErrorCode.ReportLanguageWrong, { language: { key: 'oneOf' } });
    // A product outside the caller's tenant or brands is as if it did not exist (scope.ts).
    if (body.productId !== undefined && !(await productNames(db, who, 'en')).some((p) => p.id === body.productId)) throw badRequest({ productId: { key: 'oneOf' } });
    const payload: ReportPayload = { activityIds: ids, type: body.type, from: body.from, to: body.to, timezoneId: body.timezoneId, showInfo: !!body.showInfo, lang: langOf(body.language), productId: body.productId };
    const category = body.type === 1 ? JobCategory.ExportPrizeWinners : JobCategory.ExportActivityRecords;
    // The result's times and file name in the zone the dialog chose.
    return db.transaction().execute((trx) => queueExport(trx, exporterOf(req, timezoneById(body.timezoneId)!.zone), category, payload));
  };
  app.post('/marketing/lottery-activity/report', { config: { ...config, docs: { summary: 'Result download (job 11 winners / 10 records)', status: 201, errors: [6705, 8002] } }, schema: { body: LOTTERY_REPORT_SCHEMA } }, async (req, reply) => reply.code(201).send(await report(req, caller(req))));
  app.get<{ Querystring: { lang?: string } }>('/Report/SMYproductName', { config: { ...config, docs: { summary: 'Product names (id, name) of the result-download filter' } }, schema: { querystring: LANG_QUERY } }, async (req) =>
    productNames(db, caller(req), langOf(req.query.lang)));
  app.post('/Report/Activity/file', { config: { ...config, docs: { summary: 'Result download (job 11 winners / 10 records)', status: 201, errors: [6705, 8002] } }, schema: { body: LOTTERY_REPORT_SCHEMA } }, async (req, reply) => reply.code(201).send(await report(req, caller(req))));
}



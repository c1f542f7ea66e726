/**
 * Lottery play on the consumer page (issue 15 "Play"; rules in src/domain/activity/lotteryPlay.ts,
 * contract in src/domain/activity/lotteryPublic.ts), public under /mapi/v1 beside the page data:
 *
 *   GET  lottery/{tenantCode}?c=                         PlayOffer: the tenant's running activities
 *                                                        (released, enabled, inside the period) the
 *                                                        code qualifies for, each with this code's
 *                                                        record when it played already
 *   POST lottery/{tenantCode}/{activityId}/play          { code, gameType? } -> 201 PlayRecord
 *   POST lottery/{tenantCode}/{activityId}/records/{recordId}/redeem
 *                                                        { code, answers } -> PlayRecord
 *   GET  lottery/{tenantCode}/{activityId}/records/{recordId}?c=   PlayRecord
 *
 * The tenant is a live client tenant with the Marketing function (else 404 code 2). A code is
 * one of the tenant's generated codes; any other (unknown, another tenant's) is 404 code 207 and
 * tells nothing of its owner. A member-only activity needs the member's bearer token of
 * memberPublic.ts (401 code 3 without); a signed-in member is recorded on any play.
 *
 * One play is one transaction: the code's row locked (`for update`: one play of a code at a
 * time), the activity's rules (203, 9012, 9011, 9021, 210-212, 9001, 9003), the draw with
 * a value over basis points from the lottery's committed seed and the record (issue 26,
 * services/drawProof.ts), the piece taken with `remaining > 0` (a prize with
 * none left falls back to the no-win prize), the serial given (exchange 3/4, 216 when none is
 * free), the record inserted (the unique (lottery_id, code) index answers 9003 to a racing
 * twin). A redemption checks the record (213), the prize (205), its state (206, 208, 209) and
 * the answers against the form (code 1 on `answers.<fieldId>`), and gives exchange 2 its serial.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { SERIAL_ALPHABET, SERIAL_LENGTH, usesSerials } from '../../../src/domain/activity/lottery';
import {
  checkAnswers, drawIndex, noWinIndex, playRefusal, prizeExpiry, qualificationFailure, qualifies, type Qualification,
} from '../../../src/domain/activity/lotteryPlay';
import type { PlayActivity, PlayFormField, PlayOffer, PlayPrize, PlayRecord } from '../../../src/domain/activity/lotteryPublic';
import { ClientFunction, CodePackageStatus, ExchangeMethod, PrizeType } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import type { AppDeps } from '../../context';
import { json, type Database } from '../../db/schema';
import { ApiError, unauthorized } from '../../errors';
import { findMember } from '../../services/memberAuth';
import { takePrize, takeSerial } from '../../services/lotteryDraw';
import { beginDraw, drawValueOf } from '../../services/drawProof';
import { codeTail } from '../../../src/domain/activity/drawProof';
import { isUniqueViolation } from '../../services/resource';
import { findPublicTenant, CODE_MAX_LENGTH } from '../../services/publicTenant';

type Db = AppDeps['db'] | Transaction<Database>;

const TENANT = { type: 'string', minLength: 1, maxLength: 50 } as const;
const ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const CODE = { type: 'string', minLength: 1, maxLength: CODE_MAX_LENGTH } as const;
const ANSWER = {
  anyOf: [
    { type: 'string', maxLength: 2000 }, { type: 'number' }, { type: 'null' },
    { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 200 } },
  ],
} as const;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const fail = (status: number, code: number, data?: unknown) => new ApiError(status, code, data);
const noActivity = () => fail(404, ErrorCode.NoActivityInfo);
const noCode = () => fail(404, ErrorCode.NoMarketingCode);
const noRecord = () => fail(404, ErrorCode.NoActivityRecord);

const findTenant = (db: Db, code: string) => findPublicTenant(db, code, ClientFunction.Marketing);

interface CodeRow { package_id: number; seq: number; code: string; brand_product_id: number | null; qualification: number | null }

/** The tenant's generated code with its brand product and that product's activity qualification; `lock` locks the code's row. */
async function findCode(db: Db, tenantId: number, code: string, lock: boolean): Promise<CodeRow | undefined> {
  const r = await sql<CodeRow>`
    select c.package_id, c.seq, c.code, link.brand_product_id, mbp.qualification
    from codes c join code_packages p on p.id = c.package_id
    left join lateral (
      select l.brand_product_id from brand_product_materials l
      join brand_products x on x.id = l.brand_product_id and x.tenant_id = ${tenantId}
      left join marketing_brand_products mm on mm.brand_product_id = x.id
      where l.material_id = p.packaging_material_id order by (mm.id is null), x.id limit 1
    ) link on true
    left join marketing_brand_products mbp on mbp.brand_product_id = link.brand_product_id
    where c.code = ${code} and p.client_id = ${tenantId} and p.status = ${CodePackageStatus.Generated}
    limit 1 ${lock ? sql`for update of c` : sql``}`.execute(db);
  return r.rows[0];
}

async function sheetsOf(db: Db, tenantId: number, code: CodeRow): Promise<number[]> {
  const rows = await db.selectFrom('logistic_movements as m').innerJoin('logistic_sheets as s', 's.id', 'm.sheet_id')
    .select('s.id').distinct().where('m.tenant_id', '=', tenantId).where('m.package_id', '=', code.package_id).where('m.seq', '=', code.seq)
    .where('s.sheet_type', 'in', [4, 5, 6]).execute();
  return rows.map((r) => r.id);
}

interface LotteryRow {
  id: number; name: string; game_type: number; enable: boolean; released: boolean; qualification_type: number; qualification: Qualification;
  starts_at: Date | string | null; ends_at: Date | string | null; timezone_id: number | null; member_only: boolean; exchange_type: number;
  picture_url: string | null; core: Record<string, unknown>;
}

interface PrizeRow { id: number; name: string; short_name: string; picture_url: string | null; probability: string | number; type: number; expire_type: number | null; expire_date: Date | string | null; expire_days: number | null }

const lotteryColumns = ['id', 'name', 'game_type', 'enable', 'released', 'qualification_type', 'qualification', 'starts_at', 'ends_at', 'timezone_id', 'member_only', 'exchange_type', 'picture_url', 'core'] as const;

async function prizesOf(db: Db, lotteryId: number): Promise<PrizeRow[]> {
  return db.selectFrom('lottery_prizes').select(['id', 'name', 'short_name', 'picture_url', 'probability', 'type', 'expire_type', 'expire_date', 'expire_days'])
    .where('lottery_id', '=', lotteryId).orderBy('sort').orderBy('id').execute() as Promise<PrizeRow[]>;
}

async function formOf(db: Db, lotteryId: number): Promise<PlayFormField[]> {
  const rows = await db.selectFrom('lottery_form_fields').select(['id', 'name', 'type', 'options', 'required', 'condition'])
    .where('lottery_id', '=', lotteryId).orderBy('sort').orderBy('id').execute();
  return rows.map((f) => ({ id: f.id, name: f.name, type: f.type, options: f.options, required: f.required, condition: f.condition }));
}

const prizeOut = (p: PrizeRow): PlayPrize => ({ id: p.id, name: p.name, shortName: p.short_name, picture: p.picture_url, type: p.type });
const dateText = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d.slice(0, 10) : new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 10));

interface RecordRow { id: string | number; lottery_id: number; member_id: number | null; code: string | null; prize_id: number | null; serial: string | null; answers: Record<string, unknown> | null; redeemed_at: Date | string | null; created_at: Date | string }

function recordOut(r: RecordRow, l: Pick<LotteryRow, 'exchange_type'>, prizes: PrizeRow[], formCount: number, now = new Date()): PlayRecord {
  const index = r.prize_id === null ? -1 : prizes.findIndex((p) => p.id === r.prize_id);
  const prize = index >= 0 ? prizes[index] : null;
  const won = prize?.type === PrizeType.Winning;
  const expiresAt = won ? prizeExpiry({ expireType: prize.expire_type, expireDate: dateText(prize.expire_date), expireDays: prize.expire_days }, new Date(r.created_at)) : null;
  const formRequired = won && !usesSerials(l.exchange_type);
  return {
    id: Number(r.id), activityId: r.lottery_id, code: r.code ?? '', prize: prize ? prizeOut(prize) : null, prizeIndex: index, won,
    serial: r.serial, redeemable: won && formCount > 0 && r.redeemed_at === null && (expiresAt === null || expiresAt > now),
    formRequired, answers: r.answers, redeemedAt: iso(r.redeemed_at), expiresAt: iso(expiresAt), createdAt: iso(r.created_at)!,
  };
}

function randomSerial(): string {
  let s = '';
  for (let i = 0; i < SERIAL_LENGTH; i++) s += SERIAL_ALPHABET[randomInt(SERIAL_ALPHABET.length)];
  return s;
}

/** The member of a member-only activity (401 without); anyone's member when signed in, else null. */
async function playerOf(req: FastifyRequest, db: AppDeps['db'], tenantId: number, memberOnly: boolean): Promise<number | null> {
  const found = await findMember(req, { db }, tenantId);
  if (!found && memberOnly) throw unauthorized();
  return found?.memberId ?? null;
}

export default async function lotteryPlayRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, settings } = deps;
  const config = (summary: string, errors: number[], status?: number) => ({
    public: true,
    rateLimit: { max: settings.marketingRateLimit, timeWindow: '1 minute' },
    docs: { summary, errors: [ErrorCode.NotFound, ErrorCode.NotAllowed, ...errors], ...(status ? { status } : {}) },
  });

  app.get<{ Params: { tenantCode: string }; Querystring: { c: string } }>('/lottery/:tenantCode', {
    schema: {
      params: { type: 'object', required: ['tenantCode'], properties: { tenantCode: TENANT } },
      querystring: { type: 'object', required: ['c'], properties: { c: CODE, lang: { type: 'string', maxLength: 10 } } },
    },
    config: config('The running lottery activities a scanned code may play (PlayOffer)', [ErrorCode.NoMarketingCode]),
  }, async (req): Promise<PlayOffer> => {
    const t = await findTenant(db, req.params.tenantCode);
    const code = req.query.c.trim();
    const hit = code ? await findCode(db, t.id, code, false) : undefined;
    if (!hit) throw noCode();
    const now = new Date();
    const rows = await db.selectFrom('lotteries').select(lotteryColumns).where('tenant_id', '=', t.id).where('released', '=', true)
      .where('enable', '=', true).where('starts_at', '<=', now).where('ends_at', '>=', now).orderBy('starts_at').orderBy('id').limit(20).execute() as LotteryRow[];
    const sheets = rows.some((l) => l.qualification_type === 3) ? await sheetsOf(db, t.id, hit) : [];
    const facts = { brandProductId: hit.brand_product_id, packageId: hit.package_id, sheetIds: sheets };
    const records = await db.selectFrom('lottery_records').selectAll().where('tenant_id', '=', t.id).where('code', '=', hit.code).execute() as RecordRow[];
    const activities: PlayActivity[] = [];
    for (const l of rows) {
      if (!qualifies(l.qualification_type, l.qualification, facts)) continue;
      const record = records.find((r) => r.lottery_id === l.id) ?? null;
      // A code that may play one lottery only (9001) is not offered the others.
      if (!record && playRefusal(l.id, records.map((r) => r.lottery_id), hit.qualification) !== null) continue;
      const [prizes, form] = await Promise.all([prizesOf(db, l.id), formOf(db, l.id)]);
      activities.push({
        id: l.id, name: l.name, gameType: l.game_type, from: iso(l.starts_at)!, to: iso(l.ends_at)!, timezoneId: l.timezone_id, memberOnly: l.member_only,
        exchangeType: l.exchange_type, picture: l.picture_url, core: l.core, prizes: prizes.map(prizeOut), form,
        record: record ? recordOut(record, l, prizes, form.length, now) : null,
      });
    }
    return { code: hit.code, activities };
  });

  type PlayReq = { Params: { tenantCode: string; activityId: number }; Body: { code: string; gameType?: number } };
  app.post<PlayReq>('/lottery/:tenantCode/:activityId/play', {
    schema: {
      params: { type: 'object', required: ['tenantCode', 'activityId'], properties: { tenantCode: TENANT, activityId: ID } },
      body: { type: 'object', additionalProperties: false, required: ['code'], properties: { code: CODE, gameType: { type: 'integer', minimum: 1, maximum: 9 } } },
    },
    config: { ...config('Play an activity with a scanned code: the draw and its record (PlayRecord)', [
      ErrorCode.NoActivityInfo, ErrorCode.NoMarketingCode, ErrorCode.NoQualifiedOrderPackage, ErrorCode.NoQualifiedProduct, ErrorCode.NoQualifiedShipmentPackage,
      ErrorCode.RedemptionCodesExhausted, ErrorCode.AlreadyPlayed, ErrorCode.CodeAlreadyPlayed, ErrorCode.ScanTimeNotEligible, ErrorCode.ActivityClosed, ErrorCode.GameNotForCode,
    ], 201), member: 'optional' },
  }, async (req, reply) => {
    const t = await findTenant(db, req.params.tenantCode);
    const code = req.body.code.trim();
    if (!code) throw noCode();
    const l = await db.selectFrom('lotteries').select(lotteryColumns).where('tenant_id', '=', t.id).where('id', '=', req.params.activityId)
      .where('released', '=', true).executeTakeFirst() as LotteryRow | undefined;
    if (!l) throw noActivity();
    const memberId = await playerOf(req, db, t.id, l.member_only);
    try {
      const record = await db.transaction().execute(async (trx) => {
        const hit = await findCode(trx, t.id, code, true);
        if (!hit) throw noCode();
        // The activity's state, read again inside the play.
        const live = await trx.selectFrom('lotteries').select(['enable', 'starts_at', 'ends_at']).where('id', '=', l.id).executeTakeFirstOrThrow();
        if (!live.enable) throw fail(400, ErrorCode.ActivityClosed);
        const now = new Date();
        if (!live.starts_at || !live.ends_at || now < new Date(live.starts_at) || now > new Date(live.ends_at)) throw fail(400, ErrorCode.ScanTimeNotEligible);
        if (req.body.gameType !== undefined && req.body.gameType !== l.game_type) throw fail(400, ErrorCode.GameNotForCode);
        const sheets = l.qualification_type === 3 ? await sheetsOf(trx, t.id, hit) : [];
        if (!qualifies(l.qualification_type, l.qualification, { brandProductId: hit.brand_product_id, packageId: hit.package_id, sheetIds: sheets })) {
          throw fail(400, qualificationFailure(l.qualification_type));
        }
        const played = await trx.selectFrom('lottery_records').select('lottery_id').where('tenant_id', '=', t.id).where('code', '=', hit.code).execute();
        const refusal = playRefusal(l.id, played.map((r) => r.lottery_id), hit.qualification);
        if (refusal !== null) throw fail(400, refusal);

        // The verifiable draw (issue 26, services/drawProof.ts): numbered under the lottery's
        // lock, its value from the committed seed and the record (id, time, code's tail).
        const { drawNo, seed } = await beginDraw(trx, l.id);
        const prizes = await prizesOf(trx, l.id);
        const at = new Date();
        const row = await trx.insertInto('lottery_records').values({ tenant_id: t.id, lottery_id: l.id, member_id: memberId, code: hit.code, prize_id: null, draw_no: drawNo, created_at: at })
          .returningAll().executeTakeFirstOrThrow() as RecordRow;
        const value = await drawValueOf(seed, l.id, { drawNo, recordId: Number(row.id), createdAt: at.toISOString(), codeTail: codeTail(hit.code) });
        let index = drawIndex(prizes, () => value);
        if (index >= 0 && prizes[index].type === PrizeType.Winning && !(await takePrize(trx, prizes[index].id))) index = noWinIndex(prizes);
        const prize = index >= 0 ? prizes[index] : null;
        await trx.updateTable('lottery_records').set({ prize_id: prize?.id ?? null, draw_value: value }).where('id', '=', row.id as never).execute();
        row.prize_id = prize?.id ?? null;
        if (prize?.type === PrizeType.Winning && usesSerials(l.exchange_type)) {
          const serial = await takeSerial(trx, prize.id, Number(row.id));
          if (!serial) throw fail(409, ErrorCode.RedemptionCodesExhausted);
          await trx.updateTable('lottery_records').set({ serial }).where('id', '=', row.id as never).execute();
          row.serial = serial;
        }
        const formCount = (await formOf(trx, l.id)).length;
        return recordOut(row, l, prizes, formCount, now);
      });
      return reply.code(201).send(record);
    } catch (err) {
      // Two plays of one code at once that both passed the check: the unique index decides.
      if (isUniqueViolation(err)) throw fail(400, ErrorCode.CodeAlreadyPlayed);
      throw err;
    }
  });

  type RecordReq = { Params: { tenantCode: string; activityId: number; recordId: number } };
  const recordParams = { type: 'object', required: ['tenantCode', 'activityId', 'recordId'], properties: { tenantCode: TENANT, activityId: ID, recordId: ID } } as const;

  /** The record of this activity, tenant and code (and member, for a member-only activity), else 213. */
  async function ownRecord(trx: Db, req: FastifyRequest, tenantId: number, activityId: number, recordId: number, code: string, lock: boolean) {
    const l = await trx.selectFrom('lotteries').select(lotteryColumns).where('tenant_id', '=', tenantId).where('id', '=', activityId).where('released', '=', true).executeTakeFirst() as LotteryRow | undefined;
    if (!l) throw noActivity();
    let q = trx.selectFrom('lottery_records').selectAll().where('id', '=', recordId as never).where('lottery_id', '=', l.id).where('tenant_id', '=', tenantId).where('code', '=', code.trim());
    if (lock) q = q.forUpdate();
    const r = await q.executeTakeFirst() as RecordRow | undefined;
    if (!r) throw noRecord();
    if (l.member_only) {
      const memberId = await playerOf(req, db, tenantId, true);
      if (r.member_id !== memberId) throw noRecord();
    }
    return { l, r };
  }

  app.get<RecordReq & { Querystring: { c: string } }>('/lottery/:tenantCode/:activityId/records/:recordId', {
    schema: { params: recordParams, querystring: { type: 'object', required: ['c'], properties: { c: CODE } } },
    config: { ...config('A draw of a code: prize, serial, redemption (PlayRecord)', [ErrorCode.NoActivityInfo, ErrorCode.NoActivityRecord]), member: 'optional' },
  }, async (req): Promise<PlayRecord> => {
    const t = await findTenant(db, req.params.tenantCode);
    const { l, r } = await ownRecord(db, req, t.id, req.params.activityId, req.params.recordId, req.query.c, false);
    return recordOut(r, l, await prizesOf(db, l.id), (await formOf(db, l.id)).length);
  });

  app.post<RecordReq & { Body: { code: string; answers: Record<string, unknown> } }>('/lottery/:tenantCode/:activityId/records/:recordId/redeem', {
    schema: {
      params: recordParams,
      body: {
        type: 'object', additionalProperties: false, required: ['code', 'answers'],
        properties: { code: CODE, answers: { type: 'object', maxProperties: 40, propertyNames: { pattern: '^[0-9]{1,10}$' }, additionalProperties: ANSWER } },
      },
    },
    config: { ...config('Send the redemption form of a won prize (PlayRecord)', [
      ErrorCode.BadRequest, ErrorCode.NoActivityInfo, ErrorCode.NoActivityRecord, ErrorCode.NoPrizeResult, ErrorCode.AlreadyRedeemed,
      ErrorCode.RedeemTypeMismatch, ErrorCode.RedeemStatusMismatch, ErrorCode.RedemptionCodeUnavailable,
    ]), member: 'optional' },
  }, async (req): Promise<PlayRecord> => {
    const t = await findTenant(db, req.params.tenantCode);
    return db.transaction().execute(async (trx) => {
      const { l, r } = await ownRecord(trx, req, t.id, req.params.activityId, req.params.recordId, req.body.code, true);
      const prizes = await prizesOf(trx, l.id);
      const prize = prizes.find((p) => p.id === r.prize_id);
      if (!prize || prize.type !== PrizeType.Winning) throw fail(400, ErrorCode.NoPrizeResult);
      if (r.redeemed_at !== null) throw fail(400, ErrorCode.AlreadyRedeemed);
      const form = await formOf(trx, l.id);
      if (form.length === 0) throw fail(400, ErrorCode.RedeemTypeMismatch);
      const now = new Date();
      const expiry = prizeExpiry({ expireType: prize.expire_type, expireDate: dateText(prize.expire_date), expireDays: prize.expire_days }, new Date(r.created_at));
      if (expiry && expiry <= now) throw fail(400, ErrorCode.RedeemStatusMismatch);
      const checked = checkAnswers(form, req.body.answers);
      if ('fields' in checked) throw new ApiError(400, ErrorCode.BadRequest, checked.fields);
      let serial = r.serial;
      if (l.exchange_type === ExchangeMethod.OnlineWithSerial && !serial) serial = randomSerial();
      if (l.exchange_type === ExchangeMethod.OnlineWithSerial && !serial) throw fail(409, ErrorCode.RedemptionCodeUnavailable);
      const updated = await trx.updateTable('lottery_records').set({ answers: json(checked.answers), redeemed_at: now, serial })
        .where('id', '=', r.id as never).where('redeemed_at', 'is', null).returningAll().executeTakeFirst() as RecordRow | undefined;
      if (!updated) throw fail(400, ErrorCode.AlreadyRedeemed);
      return recordOut(updated, l, prizes, form.length, now);
    });
  });
}

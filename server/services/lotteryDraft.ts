/**
 * A lottery's draft and its release (modules/activity/lottery.ts): the server side of the
 * shared body rules (checkBody), and the write that turns a draft into the activity (prizes,
 * serials, form fields, qualification).
 */
import { sql, type Transaction } from 'kysely';
import { checkLottery, exchangeMethodLocked, SERIAL_ALPHABET, SERIAL_LENGTH, usesSerials, type LotteryInput, type RuleFailure } from '../../src/domain/activity/lottery';
import { PRIZE_PICTURE_RULE } from '../../src/domain/activity/lotteryForms';
import { ExchangeMethod, PrizeType, QualificationType } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { timezoneById } from '../../src/domain/reference/timezones';
import type { Caller } from '../auth';
import type { AppDeps } from '../context';
import { json, type Database } from '../db/schema';
import { ApiError, badRequest } from '../errors';
import { storedFileFailure } from './textKeys';
import { checkStoredUpload } from './uploads';
import { packageIds, productIds } from './qualification';
import { randomInt } from 'node:crypto';
import type { LotteryDto } from './lotteries';

const fail = (f: RuleFailure) => new ApiError(400, f.code, f.data ? { ...f.fields, ...f.data } : f.fields);

// --- Body checks (server side of the shared rules) ------------------------------------------

export async function checkBody(trx: Transaction<Database>, who: Caller, body: LotteryInput, stored: LotteryDto | null): Promise<{ gameType: number; core: Record<string, unknown> }> {
  const fields: Record<string, { key: string; params?: Record<string, unknown> }> = {};
  const template = await trx.selectFrom('game_templates').select(['id', 'game_type', 'core'])
    .where('id', '=', body.templateId).where('tenant_id', '=', who.tenantId).executeTakeFirst();
  if (!template) fields.templateId = { key: 'invalid' };
  if (!timezoneById(body.timezoneId)) fields.timezoneId = { key: 'oneOf' };
  if (Object.keys(fields).length) throw badRequest(fields);

  const failure = checkLottery(body);
  if (failure) throw fail(failure);

  // The exchange method of a released activity: locked once started or while its stored prizes stay.
  if (stored?.released && stored.exchangeType !== body.exchangeType) {
    const started = stored.from !== null && new Date(stored.from).getTime() <= Date.now();
    const kept = body.prizeInfo.filter((p) => p.id && stored.prizeInfo.some((s) => s.id === p.id)).length;
    if (exchangeMethodLocked({ started, prizeCount: kept })) throw new ApiError(400, ErrorCode.NotAllowed, { exchangeType: { key: 'exchangeLocked' } });
  }
  // Prize ids: only this activity's.
  const ids = body.prizeInfo.map((p) => p.id).filter((x): x is number => !!x);
  const own = new Set((stored?.prizeInfo ?? []).map((p) => p.id));
  ids.forEach((id) => { if (!own.has(id)) fields[`prizeInfo.${body.prizeInfo.findIndex((p) => p.id === id)}.id`] = { key: 'invalid' }; });
  // What draws took stays: an amount not below the pieces given out, a drawn prize not removed.
  if (stored) {
    body.prizeInfo.forEach((p, i) => {
      const before = p.id ? stored.prizeInfo.find((x) => x.id === p.id) : undefined;
      const given = before ? before.amount - before.remaining : 0;
      if (before && given > 0 && p.type === PrizeType.Winning && !p.serialImportId && Number(p.amount) < given) fields[`prizeInfo.${i}.amount`] = { key: 'min_value', params: { min: given } };
    });
    const gone = stored.prizeInfo.filter((x) => !body.prizeInfo.some((p) => p.id === x.id)).map((x) => x.id);
    if (gone.length && await trx.selectFrom('lottery_records').select('id').where('prize_id', 'in', gone).limit(1).executeTakeFirst()) {
      throw new ApiError(400, ErrorCode.NotAllowed, { prizeInfo: { key: 'prizeHasRecords' } });
    }
  }
  // Qualifying ids: the tenant's.
  if (body.qualificationType === QualificationType.Product) {
    const known = await productIds(trx, who, body.qualificationProduct ?? []);
    (body.qualificationProduct ?? []).forEach((id, i) => { if (!known.has(id)) fields[`qualificationProduct.${i}`] = { key: 'invalid' }; });
  } else {
    const field = body.qualificationType === QualificationType.OrderPackage ? 'qualificationOrder' : 'qualificationShipment';
    const list = body[field] ?? [];
    const products = await productIds(trx, who, list.map((r) => r.productId));
    const packages = await packageIds(trx, who, body.qualificationType, list.flatMap((r) => r.packageIds));
    list.forEach((r, i) => {
      if (!products.has(r.productId)) fields[`${field}.${i}.productId`] = { key: 'invalid' };
      if (r.packageIds.some((p) => !packages.has(p))) fields[`${field}.${i}.packageIds`] = { key: 'invalid' };
    });
  }
  // Serial imports: the tenant's.
  const imports = body.prizeInfo.map((p) => p.serialImportId).filter((x): x is number => !!x);
  if (imports.length) {
    const found = new Set((await trx.selectFrom('lottery_serial_imports').select('id').where('tenant_id', '=', who.tenantId).where('id', 'in', imports).execute()).map((r) => r.id));
    body.prizeInfo.forEach((p, i) => { if (p.serialImportId && !found.has(p.serialImportId)) fields[`prizeInfo.${i}.serialImportId`] = { key: 'invalid' }; });
  }
  if (Object.keys(fields).length) throw badRequest(fields);
  // Pictures: the tenant's uploads, 220x220 (101), at most 2 MB (102).
  const pictures: [string, string | null | undefined][] = [['picture', body.picture], ...body.prizeInfo.map((p, i) => [`prizeInfo.${i}.picture`, p.picture] as [string, string | null | undefined])];
  for (const [field, url] of pictures) {
    if (!url) continue;
    const same = field !== 'picture' && stored?.prizeInfo.some((p) => p.picture === url);
    if (same) continue;
    const result = await checkStoredUpload(trx as AppDeps['db'], who.tenantId, url, field === 'picture' ? { kind: 'image', maxMB: 2 } : PRIZE_PICTURE_RULE);
    if (result) throw storedFileFailure(field, result);
  }
  return { gameType: template!.game_type, core: template!.core };
}

// --- Release: the draft becomes the activity -------------------------------------------------

function randomSerial(): string {
  let s = '';
  for (let i = 0; i < SERIAL_LENGTH; i++) s += SERIAL_ALPHABET[randomInt(SERIAL_ALPHABET.length)];
  return s;
}

/** System serials (exchange 3): tops the prize's serials up to `amount` (unique per prize). */
export async function generateSerials(trx: Transaction<Database>, prizeId: number, amount: number): Promise<void> {
  for (let round = 0; round < 20; round++) {
    const have = Number((await trx.selectFrom('lottery_prize_serials').select((eb) => eb.fn.countAll().as('n')).where('prize_id', '=', prizeId).executeTakeFirstOrThrow()).n);
    if (have >= amount) return;
    const serials = Array.from({ length: amount - have }, randomSerial);
    await sql`insert into lottery_prize_serials (prize_id, serial) select ${prizeId}, s from unnest(${sql.val(serials)}::text[]) as s on conflict do nothing`.execute(trx);
  }
  throw new Error(`could not generate unique serials for prize ${prizeId}`);
}

export async function applyDraft(trx: Transaction<Database>, who: Caller, stored: LotteryDto, body: LotteryInput, template: { gameType: number; core: Record<string, unknown> }): Promise<void> {
  const now = new Date();
  await trx.updateTable('lotteries').set({
    template_id: body.templateId, game_type: template.gameType, core: json(template.core), name: body.name.trim(),
    released: true, enable: body.enable ?? stored.enable, qualification_type: body.qualificationType,
    qualification: json(qualificationOf(body)), starts_at: body.from, ends_at: body.to, timezone_id: body.timezoneId,
    member_only: body.memberOnly, exchange_type: body.exchangeType, pay_method: body.payMethod, picture_url: body.picture ?? null,
    draft: null, updated_at: now,
  }).where('id', '=', stored.id).execute();

  // Prizes: kept ones updated, others removed (refused while draws name them), new ones inserted.
  const keep = new Set(body.prizeInfo.map((p) => p.id).filter(Boolean));
  const gone = stored.prizeInfo.filter((p) => !keep.has(p.id)).map((p) => p.id);
  if (gone.length) {
    const used = await trx.selectFrom('lottery_records').select('prize_id').where('prize_id', 'in', gone).limit(1).executeTakeFirst();
    if (used) throw new ApiError(400, ErrorCode.NotAllowed, { prizeInfo: { key: 'prizeHasRecords' } });
    await trx.deleteFrom('lottery_prizes').where('id', 'in', gone).execute();
  }
  const serialsApply = usesSerials(body.exchangeType);
  for (const [sort, p] of body.prizeInfo.entries()) {
    const winning = p.type === PrizeType.Winning;
    const before = stored.prizeInfo.find((s) => s.id === p.id);
    let serials: string[] | null = null;
    if (winning && body.exchangeType === ExchangeMethod.ImportedSerial && p.serialImportId) {
      const imp = await trx.selectFrom('lottery_serial_imports').select('serials').where('id', '=', p.serialImportId).where('tenant_id', '=', who.tenantId).executeTakeFirst();
      // Another tenant's or an unknown import: the field is at fault (not a 500).
      if (!imp) throw badRequest({ [`prizeInfo.${sort}.serialImportId`]: { key: 'oneOf' } });
      serials = imp.serials;
    }
    const values = {
      name: p.name.trim(), short_name: (p.shortName ?? '').trim(), picture_url: p.picture ?? null, probability: p.probability, type: p.type,
      expire_type: winning ? (p.expireType ?? null) : null, expire_date: winning && p.expireType === 1 ? (p.expireDate ?? null) : null,
      expire_days: winning && p.expireType === 2 ? (p.expireDays ?? null) : null,
      payment_info: winning && p.paymentInfo ? json(p.paymentInfo) : null, sort, updated_at: now,
    };
    let prizeId: number;
    if (before) {
      prizeId = before.id;
      const row = await trx.selectFrom('lottery_prizes').select(['amount', 'remaining']).where('id', '=', prizeId).forUpdate().executeTakeFirstOrThrow();
      const given = row.amount - row.remaining;
      await trx.updateTable('lottery_prizes').set(values).where('id', '=', prizeId).execute();
      if (!winning) await trx.updateTable('lottery_prizes').set({ amount: 0, remaining: 0 }).where('id', '=', prizeId).execute();
      else if (!serials) {
        const amount = Number(p.amount);
        const index = body.prizeInfo.indexOf(p);
        if (amount < given) throw badRequest({ [`prizeInfo.${index}.amount`]: { key: 'min_value', params: { min: given } } });
        await trx.updateTable('lottery_prizes').set({ amount, remaining: amount - given }).where('id', '=', prizeId).execute();
      }
      if (Number(before.probability) !== Number(p.probability)) {
        await trx.insertInto('lottery_probability_history').values({ tenant_id: who.tenantId, lottery_id: stored.id, prize_id: prizeId, probability_before: before.probability, probability: p.probability, user_id: who.userId, account: who.account }).execute();
      }
    } else {
      const amount = winning && !serials ? Number(p.amount) : 0;
      prizeId = (await trx.insertInto('lottery_prizes').values({ ...values, lottery_id: stored.id, amount, remaining: amount }).returning('id').executeTakeFirstOrThrow()).id;
      await trx.insertInto('lottery_probability_history').values({ tenant_id: who.tenantId, lottery_id: stored.id, prize_id: prizeId, probability_before: null, probability: p.probability, user_id: who.userId, account: who.account }).execute();
    }
    // Serials: none unless exchange 3/4; unassigned ones follow the prize's amount or import.
    if (!winning || !serialsApply) {
      await trx.deleteFrom('lottery_prize_serials').where('prize_id', '=', prizeId).where('record_id', 'is', null).execute();
    } else if (serials) {
      await trx.deleteFrom('lottery_prize_serials').where('prize_id', '=', prizeId).where('record_id', 'is', null).execute();
      await sql`insert into lottery_prize_serials (prize_id, serial, imported) select ${prizeId}, s, true from unnest(${sql.val(serials)}::text[]) as s on conflict do nothing`.execute(trx);
      const counts = await trx.selectFrom('lottery_prize_serials').select((eb) => [eb.fn.countAll().as('total'), eb.fn.count('record_id').as('given')]).where('prize_id', '=', prizeId).executeTakeFirstOrThrow();
      await trx.updateTable('lottery_prizes').set({ amount: Number(counts.total), remaining: Number(counts.total) - Number(counts.given) }).where('id', '=', prizeId).execute();
      await trx.deleteFrom('lottery_serial_imports').where('id', '=', p.serialImportId!).execute();
    } else if (body.exchangeType === ExchangeMethod.SystemSerial) {
      const amount = Number(p.amount);
      const extra = await trx.selectFrom('lottery_prize_serials').select('id').where('prize_id', '=', prizeId).where('record_id', 'is', null).orderBy('id', 'desc').execute();
      const total = Number((await trx.selectFrom('lottery_prize_serials').select((eb) => eb.fn.countAll().as('n')).where('prize_id', '=', prizeId).executeTakeFirstOrThrow()).n);
      if (total > amount) {
        const drop = extra.slice(0, total - amount).map((r) => r.id);
        if (drop.length) await trx.deleteFrom('lottery_prize_serials').where('id', 'in', drop).execute();
      }
      await generateSerials(trx, prizeId, amount);
    }
  }
  // The redemption form: replaced (draws keep their answers by field name).
  await trx.deleteFrom('lottery_form_fields').where('lottery_id', '=', stored.id).execute();
  if (body.exchangeForm.length) {
    await trx.insertInto('lottery_form_fields').values(body.exchangeForm.map((f, i) => ({
      lottery_id: stored.id, name: f.name.trim(), type: f.type, options: json((f.options ?? []).map((o) => o.trim())),
      required: !!f.required, sort: f.sort ?? i, condition: f.condition ?? null,
    }))).execute();
  }
}

export function qualificationOf(body: LotteryInput) {
  if (body.qualificationType === QualificationType.Product) return { product: body.qualificationProduct ?? [] };
  if (body.qualificationType === QualificationType.OrderPackage) return { order: body.qualificationOrder ?? [] };
  return { shipment: body.qualificationShipment ?? [] };
}

/** The draft as stored: the body without unknown keys. */
export function draftOf(body: LotteryInput): Record<string, unknown> {
  const { id: _id, ...rest } = body as LotteryInput & { draftId?: number };
  delete (rest as { draftId?: number }).draftId;
  return rest as unknown as Record<string, unknown>;
}

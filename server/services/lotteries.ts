/**
 * Lottery activities as stored (modules/activity/lottery.ts): one lottery with its prizes and
 * form fields, as the back office answers it.
 */
import type { Transaction } from 'kysely';
import { exchangeMethodLocked, lotteryStatus } from '../../src/domain/activity/lottery';
import type { AppDeps } from '../context';
import type { Database } from '../db/schema';

type Db = AppDeps['db'] | Transaction<Database>;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
export const draftUrl = (id: number) => `/activity/lottery-activity/info?draftId=${id}`;

export interface PrizeDto {
  id: number; name: string; shortName: string; picture: string | null; probability: number; type: number;
  expireType: number | null; expireDate: string | null; expireDays: number | null; amount: number; remaining: number;
  serialCount: number; paymentInfo: Record<string, unknown> | null;
}
export interface FormFieldDto { id: number; name: string; type: number; options: string[]; required: boolean; sort: number; condition: number | null }
export interface LotteryDto {
  id: number; draftId: number | null; name: string; templateId: number | null; templateName: string | null; type: number;
  released: boolean; enable: boolean; status: number | null; qualificationType: number;
  qualificationProduct: number[]; qualificationOrder: { productId: number; packageIds: number[] }[];
  qualificationShipment: { productId: number; packageIds: number[] }[];
  from: string | null; to: string | null; timezoneId: number | null; memberOnly: boolean; exchangeType: number; payMethod: number;
  picture: string | null; core: Record<string, unknown>; prizeInfo: PrizeDto[]; exchangeForm: FormFieldDto[];
  exchangeLocked: boolean; draft: Record<string, unknown> | null; draftURL: string | null; createdAt: string; updatedAt: string;
}

const dateText = (d: Date | string | null) => (d === null ? null : typeof d === 'string' ? d.slice(0, 10) : new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 10));

export async function prizesOf(db: Db, lotteryId: number): Promise<PrizeDto[]> {
  const rows = await db.selectFrom('lottery_prizes as p').selectAll('p')
    .select((eb) => eb.selectFrom('lottery_prize_serials as s').select(eb.fn.countAll().as('n')).whereRef('s.prize_id', '=', 'p.id').as('serial_count'))
    .where('p.lottery_id', '=', lotteryId).orderBy('p.sort').orderBy('p.id').execute();
  return rows.map((p) => ({
    id: p.id, name: p.name, shortName: p.short_name, picture: p.picture_url, probability: Number(p.probability), type: p.type,
    expireType: p.expire_type, expireDate: dateText(p.expire_date), expireDays: p.expire_days, amount: p.amount, remaining: p.remaining,
    serialCount: Number(p.serial_count ?? 0), paymentInfo: p.payment_info,
  }));
}

export async function formOf(db: Db, lotteryId: number): Promise<FormFieldDto[]> {
  const rows = await db.selectFrom('lottery_form_fields').selectAll().where('lottery_id', '=', lotteryId).orderBy('sort').orderBy('id').execute();
  return rows.map((f) => ({ id: f.id, name: f.name, type: f.type, options: f.options, required: f.required, sort: f.sort, condition: f.condition }));
}

export async function loadLottery(db: Db, tenantId: number, id: number, lock = false): Promise<LotteryDto | null> {
  let q = db.selectFrom('lotteries as l').leftJoin('game_templates as g', 'g.id', 'l.template_id')
    .selectAll('l').select('g.name as template_name').where('l.id', '=', id).where('l.tenant_id', '=', tenantId);
  if (lock) q = q.forUpdate('l' as never);
  const l = await q.executeTakeFirst();
  if (!l) return null;
  const prizes = await prizesOf(db, l.id);
  const q8 = l.qualification as { product?: number[]; order?: LotteryDto['qualificationOrder']; shipment?: LotteryDto['qualificationShipment'] };
  const started = l.released && l.starts_at !== null && new Date(l.starts_at).getTime() <= Date.now();
  return {
    id: l.id, draftId: l.draft ? l.id : null, name: l.name, templateId: l.template_id, templateName: l.template_name ?? null, type: l.game_type,
    released: l.released, enable: l.enable, status: l.released ? lotteryStatus({ enable: l.enable, from: l.starts_at, to: l.ends_at }) : null,
    qualificationType: l.qualification_type, qualificationProduct: q8.product ?? [], qualificationOrder: q8.order ?? [], qualificationShipment: q8.shipment ?? [],
    from: iso(l.starts_at), to: iso(l.ends_at), timezoneId: l.timezone_id, memberOnly: l.member_only, exchangeType: l.exchange_type,
    payMethod: l.pay_method, picture: l.picture_url, core: l.core, prizeInfo: prizes, exchangeForm: await formOf(db, l.id),
    exchangeLocked: l.released && exchangeMethodLocked({ started, prizeCount: prizes.length }),
    draft: l.draft, draftURL: l.draft ? draftUrl(l.id) : null, createdAt: iso(l.created_at)!, updatedAt: iso(l.updated_at)!,
  };
}

/**
 * The writes a draw makes (issue 15; the consumer page's real play builds on these): take one
 * piece of a prize and hand out one of its serials, both safe under concurrent draws.
 *
 *  - takePrize: `update ... set remaining = remaining - 1 where id = $1 and remaining > 0`: the
 *    row lock serializes concurrent draws of one prize, the condition (and the table's check
 *    `remaining >= 0`) keeps it from going below zero; false when none is left (the draw then
 *    falls back to the no-win prize).
 *  - takeSerial: the oldest free serial of the prize, `for update skip locked` so concurrent
 *    draws take different ones without waiting; `record_id` is unique (given out at most once).
 * Call both in the draw's transaction, with the lottery_records row written in it.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

export async function takePrize(trx: Transaction<Database>, prizeId: number): Promise<boolean> {
  const row = await trx.updateTable('lottery_prizes').set({ remaining: sql`remaining - 1` })
    .where('id', '=', prizeId).where('remaining', '>', 0).returning('remaining').executeTakeFirst();
  return row !== undefined;
}

export async function takeSerial(trx: Transaction<Database>, prizeId: number, recordId: number): Promise<string | null> {
  const free = await trx.selectFrom('lottery_prize_serials').select(['id', 'serial'])
    .where('prize_id', '=', prizeId).where('record_id', 'is', null).orderBy('id').limit(1).forUpdate().skipLocked().executeTakeFirst();
  if (!free) return null;
  await trx.updateTable('lottery_prize_serials').set({ record_id: recordId, assigned_at: new Date() }).where('id', '=', free.id).execute();
  return free.serial;
}

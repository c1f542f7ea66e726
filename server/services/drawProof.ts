/**
 * The server's side of draws anyone can verify (issue 26; the scheme in
 * src/domain/activity/drawProof.ts, decisions in docs/decisions.md "Issue 26"):
 *  - ensureCommitment: on release, a fresh 32-byte seed and its commitment (once per lottery),
 *    and the prize table's version for the next draw;
 *  - beginDraw: inside a play's transaction, `draw_count = draw_count + 1` on the lottery's row
 *    (the row lock orders the draws of one lottery and numbers them without gaps: a rolled back
 *    play gives its number back), the seed (made here for a lottery released before 0027), the
 *    table version; a revealed seed draws no more (9012);
 *  - drawValueOf: the draw's value from the seed and the record.
 * The back office's release (server/modules/lottery.ts) writes the lottery's row first, so an
 * edit of the prizes and the plays take the same lock and a table version is exact.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { commitmentOf, drawKey, drawMessage, type DrawTablePrize, type PublicDraw } from '../../src/domain/activity/drawProof';
import { ErrorCode } from '../../src/domain/errors';
import { json, type Database } from '../db/schema';
import { ApiError } from '../errors';

type Trx = Transaction<Database>;

async function prizeTable(trx: Trx, lotteryId: number): Promise<DrawTablePrize[]> {
  const rows = await trx.selectFrom('lottery_prizes').select(['id', 'type', 'probability', 'amount', 'remaining'])
    .where('lottery_id', '=', lotteryId).orderBy('sort').orderBy('id').execute();
  return rows.map((p) => ({ id: p.id, type: p.type, probability: Number(p.probability), amount: p.amount, stock: p.remaining }));
}

const sameRules = (a: DrawTablePrize[], b: DrawTablePrize[]) => a.length === b.length
  && a.every((p, i) => p.id === b[i].id && p.type === b[i].type && p.probability === b[i].probability && p.amount === b[i].amount);

/** The table version that draw `fromDraw` uses: a new one when the prizes' rules changed. */
async function ensureTable(trx: Trx, lotteryId: number, fromDraw: number): Promise<void> {
  const now = await prizeTable(trx, lotteryId);
  const last = await trx.selectFrom('lottery_draw_tables').select(['from_draw', 'prizes']).where('lottery_id', '=', lotteryId)
    .orderBy('from_draw', 'desc').limit(1).executeTakeFirst();
  if (last && sameRules(last.prizes as DrawTablePrize[], now)) return;
  // A version no draw used yet (an edit before the next play) is replaced.
  await sql`insert into lottery_draw_tables (lottery_id, from_draw, prizes) values (${lotteryId}, ${fromDraw}, ${json(now)}::jsonb)
    on conflict (lottery_id, from_draw) do update set prizes = excluded.prizes, created_at = now()`.execute(trx);
}

async function newSeed(trx: Trx, lotteryId: number): Promise<string> {
  const seed = randomBytes(32).toString('hex');
  await trx.updateTable('lotteries').set({ draw_seed: seed, draw_commitment: await commitmentOf(seed) }).where('id', '=', lotteryId).execute();
  return seed;
}

/** On release (and every update of a released lottery): the commitment once, the table version. */
export async function ensureCommitment(trx: Trx, lotteryId: number): Promise<void> {
  const l = await trx.selectFrom('lotteries').select(['draw_seed', 'draw_count', 'seed_revealed_at']).where('id', '=', lotteryId).forUpdate().executeTakeFirstOrThrow();
  if (l.seed_revealed_at) return;
  if (!l.draw_seed) await newSeed(trx, lotteryId);
  await ensureTable(trx, lotteryId, l.draw_count + 1);
}

/** The draw's number and seed, inside the play's transaction (holds the lottery's row lock). */
export async function beginDraw(trx: Trx, lotteryId: number): Promise<{ drawNo: number; seed: string }> {
  const row = await trx.updateTable('lotteries').set({ draw_count: sql`draw_count + 1` }).where('id', '=', lotteryId)
    .returning(['draw_count', 'draw_seed', 'seed_revealed_at']).executeTakeFirstOrThrow();
  if (row.seed_revealed_at) throw new ApiError(400, ErrorCode.ActivityClosed);
  const seed = row.draw_seed ?? await newSeed(trx, lotteryId);
  await ensureTable(trx, lotteryId, row.draw_count);
  return { drawNo: row.draw_count, seed };
}

export async function drawValueOf(seed: string, lotteryId: number, draw: Pick<PublicDraw, 'drawNo' | 'recordId' | 'createdAt' | 'codeTail'>): Promise<number> {
  return (await drawKey(seed))(drawMessage(lotteryId, draw));
}

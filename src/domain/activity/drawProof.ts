/**
 * Draws anyone can verify (issue 26), pure TypeScript shared by the server (the draw in
 * server/services/drawProof.ts), the public verification page (src/consumer/verify.ts) and,
 * re-implemented without the project, scripts/verify-lottery.mjs. Only Web Crypto
 * (`globalThis.crypto.subtle`: every browser and Node 20).
 *
 * Scheme "oioc-draw-v1" (docs/decisions.md "Issue 26: draws anyone can verify"):
 *  - seed: 32 random bytes, hex; commitment = hex SHA-256 of the seed's bytes, published when
 *    the lottery is released; the seed itself is published once the activity has ended.
 *  - a draw's public record: lottery id, draw number (1, 2, … in the order the draws took the
 *    lottery's lock), record id, time (ISO 8601 UTC, milliseconds), the code's last 4
 *    characters. message = "oioc-draw-v1|<lotteryId>|<drawNo>|<recordId>|<time>|<codeTail>".
 *  - value: HMAC-SHA256(key = seed bytes, data = message + "|" + round) for round 0, 1, …; each
 *    big-endian uint32 of the digest below 4,294,960,000 (a multiple of 10,000) is accepted
 *    and the value is it modulo 10,000 (no bias); the first accepted one is the draw's value.
 *  - prize: the value falls into the prize whose cumulative range (probabilities in hundredths
 *    of a percent, in the table's order) holds it (drawIndex); a winning prize with no stock
 *    left gives the table's not-winning prize instead (none: nothing). The stock starts from
 *    the table version's `stock` and loses one piece per prize given.
 */
import { PrizeType } from '../enums';
import { BASIS, drawIndex } from './lotteryPlay';

export const DRAW_SCHEME = 'oioc-draw-v1';
/** 2^32 rounded down to a multiple of 10,000: uint32 values at or above it are rejected. */
export const DRAW_LIMIT = Math.floor(2 ** 32 / BASIS) * BASIS;

export interface DrawTablePrize { id: number; type: number; probability: number; amount: number; stock: number }
/** The prize table in force from draw `fromDraw` on. */
export interface DrawTable { fromDraw: number; prizes: DrawTablePrize[]; createdAt: string }
/** A draw's public record. */
export interface PublicDraw { drawNo: number; recordId: number; createdAt: string; codeTail: string; value: number | null; prizeId: number | null }

/** What the public proof route answers (seed, tables and draws only once revealed). */
export interface DrawProof {
  activityId: number; name: string; scheme: string; commitment: string | null; from: string | null; to: string | null;
  ended: boolean; drawCount: number; seed: string | null; revealedAt: string | null;
  tables: DrawTable[];
  /** The prizes as they stand now (names for the page, remaining stock to compare). */
  prizes: { id: number; name: string; type: number; remaining: number }[];
}

export const codeTail = (code: string): string => code.slice(-4);

export function drawMessage(lotteryId: number, d: Pick<PublicDraw, 'drawNo' | 'recordId' | 'createdAt' | 'codeTail'>): string {
  return [DRAW_SCHEME, lotteryId, d.drawNo, d.recordId, d.createdAt, d.codeTail].join('|');
}

export function hexToBytes(hex: string): Uint8Array {
  if (!/^([0-9a-f]{2})+$/i.test(hex)) throw new RangeError('not a hex string');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export const bytesToHex = (b: ArrayBuffer | Uint8Array): string => Array.from(new Uint8Array(b), (x) => x.toString(16).padStart(2, '0')).join('');

const subtle = () => globalThis.crypto.subtle;

/** hex SHA-256 of the seed's bytes. */
export async function commitmentOf(seedHex: string): Promise<string> {
  return bytesToHex(await subtle().digest('SHA-256', hexToBytes(seedHex) as BufferSource));
}

/** A keyed draw function for one seed (imports the key once). */
export async function drawKey(seedHex: string): Promise<(message: string) => Promise<number>> {
  const key = await subtle().importKey('raw', hexToBytes(seedHex) as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const enc = new TextEncoder();
  return async (message: string) => {
    for (let round = 0; round < 1000; round++) {
      const mac = new DataView(await subtle().sign('HMAC', key, enc.encode(`${message}|${round}`)));
      for (let i = 0; i < 32; i += 4) {
        const v = mac.getUint32(i);
        if (v < DRAW_LIMIT) return v % BASIS;
      }
    }
    throw new Error('no draw value accepted');
  };
}

/** The prize id a value gives on a table with the given stock (mutated: one piece taken). */
export function prizeOf(table: DrawTable, stock: Map<number, number>, value: number): number | null {
  const prizes = table.prizes;
  let i = drawIndex(prizes, () => value);
  if (i >= 0 && prizes[i].type === PrizeType.Winning) {
    const left = stock.get(prizes[i].id) ?? 0;
    if (left > 0) stock.set(prizes[i].id, left - 1);
    else i = prizes.findIndex((p) => p.type === PrizeType.NotWinning);
  }
  return i >= 0 ? prizes[i].id : null;
}

export type DrawProblem = 'gap' | 'value' | 'prize' | 'noTable';
export interface DrawMismatch { drawNo: number; recordId: number; problem: DrawProblem; expected: number | null; published: number | null }
export interface Verification {
  ok: boolean;
  commitmentOk: boolean;
  draws: number;
  mismatches: DrawMismatch[];
  /** Stock per prize: replayed from the tables and draws, and what the prize holds now. */
  stock: { prizeId: number; expected: number; published: number | null }[];
}

/**
 * Recomputes every draw from the revealed seed and the public records: the commitment, the
 * numbering (1..n without gaps), each value, each prize, and the stock left against the prizes'.
 */
export async function verifyDraws(proof: Pick<DrawProof, 'activityId' | 'commitment' | 'seed' | 'tables' | 'prizes' | 'drawCount'>, draws: readonly PublicDraw[]): Promise<Verification> {
  const mismatches: DrawMismatch[] = [];
  if (!proof.seed || !proof.commitment) return { ok: false, commitmentOk: false, draws: draws.length, mismatches, stock: [] };
  const commitmentOk = (await commitmentOf(proof.seed)) === proof.commitment.toLowerCase();
  const value = await drawKey(proof.seed);
  const tables = [...proof.tables].sort((a, b) => a.fromDraw - b.fromDraw);
  const sorted = [...draws].sort((a, b) => a.drawNo - b.drawNo);
  let stock = new Map<number, number>();
  let t = -1;
  let expectedNo = tables[0]?.fromDraw ?? 1;
  for (const d of sorted) {
    if (d.drawNo !== expectedNo) mismatches.push({ drawNo: d.drawNo, recordId: d.recordId, problem: 'gap', expected: expectedNo, published: d.drawNo });
    expectedNo = d.drawNo + 1;
    while (t + 1 < tables.length && tables[t + 1].fromDraw <= d.drawNo) {
      t++;
      stock = new Map(tables[t].prizes.map((p) => [p.id, p.stock]));
    }
    if (t < 0) { mismatches.push({ drawNo: d.drawNo, recordId: d.recordId, problem: 'noTable', expected: null, published: null }); continue; }
    const v = await value(drawMessage(proof.activityId, d));
    if (v !== d.value) mismatches.push({ drawNo: d.drawNo, recordId: d.recordId, problem: 'value', expected: v, published: d.value });
    const prizeId = prizeOf(tables[t], stock, v);
    if (prizeId !== d.prizeId) mismatches.push({ drawNo: d.drawNo, recordId: d.recordId, problem: 'prize', expected: prizeId, published: d.prizeId });
  }
  if (sorted.length !== proof.drawCount - ((tables[0]?.fromDraw ?? 1) - 1)) {
    mismatches.push({ drawNo: proof.drawCount, recordId: 0, problem: 'gap', expected: proof.drawCount, published: sorted.at(-1)?.drawNo ?? 0 });
  }
  // Tables after the last draw (none drawn on them) still set the stock they start with.
  while (t + 1 < tables.length) { t++; stock = new Map(tables[t].prizes.map((p) => [p.id, p.stock])); }
  const winning = tables[t]?.prizes.filter((p) => p.type === PrizeType.Winning) ?? [];
  const stockRows = winning.map((p) => ({ prizeId: p.id, expected: stock.get(p.id) ?? 0, published: proof.prizes.find((x) => x.id === p.id)?.remaining ?? null }));
  const stockOk = stockRows.every((s) => s.published === s.expected);
  return { ok: commitmentOk && mismatches.length === 0 && stockOk, commitmentOk, draws: sorted.length, mismatches, stock: stockRows };
}

/**
 * The verifiable draw's scheme (src/domain/activity/drawProof.ts, issue 26): commitment, the
 * value's mapping onto 0..9999 (rejection sampling, deterministic), the prize with the stock
 * left, the same values as the independent scripts/verify-lottery.mjs, and 20,000 seeded draws
 * at the configured frequencies (the chi-square bound of the crypto draw's 100,000-draw test,
 * tests/unit/lottery-play.test.ts, which stays; Web Crypto's async HMAC keeps this one smaller).
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DRAW_LIMIT, commitmentOf, drawKey, drawMessage, prizeOf, type DrawTable } from '../../src/domain/activity/drawProof';
// @ts-expect-error: a plain .mjs script without types
import { drawValue as scriptValue } from '../../scripts/verify-lottery.mjs';

const table: DrawTable = {
  fromDraw: 1, createdAt: '2026-01-01T00:00:00.000Z',
  prizes: [{ id: 1, type: 1, probability: 0.5, amount: 10, stock: 10 }, { id: 2, type: 1, probability: 10.5, amount: 5, stock: 1 }, { id: 3, type: 0, probability: 89, amount: 0, stock: 0 }],
};

describe('the verifiable draw', () => {
  it('commits to the seed with SHA-256 of its bytes and draws the same value as the independent script', async () => {
    const seed = randomBytes(32).toString('hex');
    expect(await commitmentOf(seed)).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
    expect(DRAW_LIMIT).toBe(4_294_960_000);
    const value = await drawKey(seed);
    for (let n = 1; n <= 50; n++) {
      const message = drawMessage(7, { drawNo: n, recordId: 100 + n, createdAt: new Date(1_700_000_000_000 + n).toISOString(), codeTail: 'AB12' });
      const v = await value(message);
      expect(v).toBe(scriptValue(seed, message));
      expect(v).toBe(await value(message));
    }
    expect(drawMessage(7, { drawNo: 3, recordId: 9, createdAt: '2026-01-01T00:00:00.000Z', codeTail: 'X1' })).toBe('oioc-draw-v1|7|3|9|2026-01-01T00:00:00.000Z|X1');
  });

  it('gives a winning prize while its stock lasts, then the not-winning prize', () => {
    const stock = new Map(table.prizes.map((p) => [p.id, p.stock]));
    expect(prizeOf(table, stock, 60)).toBe(2);
    expect(stock.get(2)).toBe(0);
    expect(prizeOf(table, stock, 60)).toBe(3);
    expect(prizeOf(table, stock, 0)).toBe(1);
    expect(prizeOf(table, stock, 9999)).toBe(3);
  });

  it('draws 20,000 seeded values at the configured frequencies', async () => {
    const N = 20_000;
    const value = await drawKey(randomBytes(32).toString('hex'));
    const counts = [0, 0, 0];
    const upTo = [50, 1100, 10_000];
    for (let n = 1; n <= N; n++) {
      const v = await value(drawMessage(1, { drawNo: n, recordId: n, createdAt: '2026-01-01T00:00:00.000Z', codeTail: 'ABCD' }));
      counts[upTo.findIndex((u) => v < u)]++;
    }
    const expected = table.prizes.map((p) => (N * p.probability) / 100);
    const chi2 = counts.reduce((s, c, i) => s + (c - expected[i]) ** 2 / expected[i], 0);
    expect(chi2, `counts ${counts}`).toBeLessThan(35);
  }, 60_000);
});

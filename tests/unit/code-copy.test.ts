/**
 * The generation's COPY rows (server/services/codeCopy.ts): every position once, codes of the
 * alphabet and length, each character equally likely, rows sent in the order of their codes'
 * first two characters while positions stay unrelated to codes, and the codes read back.
 */
import { describe, expect, it } from 'vitest';
import { codesOfChunks, copyChunks, keeping, textOfCodes } from '../../server/services/codeCopy';

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
async function all(chunks: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for await (const c of chunks) out.push(c);
  return out;
}
const rowsOf = (chunks: Buffer[]) => Buffer.concat(chunks).toString('latin1').split('\n').filter(Boolean).map((l) => l.split('\t'));

describe('copyChunks', () => {
  it('gives positions start..start+n-1 once each, with codes of the alphabet and length, in chunks', async () => {
    const chunks = await all(copyChunks(42, 1001, 12_345, ALNUM, 16, 5000));
    expect(chunks).toHaveLength(3);
    const rows = rowsOf(chunks);
    expect(rows).toHaveLength(12_345);
    expect(rows.every((r) => r.length === 3 && r[0] === '42' && /^[0-9A-Z]{16}$/.test(r[2]))).toBe(true);
    const seqs = rows.map((r) => Number(r[1])).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 12_345 }, (_, i) => 1001 + i));
  });

  it('sends rows by their codes\' first two characters, while positions say nothing of the codes', async () => {
    const rows = rowsOf(await all(copyChunks(1, 1, 20_000, ALNUM, 12)));
    const prefixes = rows.map((r) => r[2].slice(0, 2));
    expect(prefixes.every((p, i) => i === 0 || prefixes[i - 1] <= p)).toBe(true);
    // Neighbouring positions have unrelated prefixes: sorting by position undoes the order.
    const byPosition = [...rows].sort((a, b) => Number(a[1]) - Number(b[1])).map((r) => r[2].slice(0, 2));
    const ascending = byPosition.filter((p, i) => i > 0 && byPosition[i - 1] <= p).length;
    expect(ascending / rows.length).toBeGreaterThan(0.4);
    expect(ascending / rows.length).toBeLessThan(0.6);
  });

  it('draws every character of the alphabet about as often (rejection sampling: no bias to the first 256 mod k)', async () => {
    const rows = rowsOf(await all(copyChunks(1, 1, 20_000, ALNUM, 16)));
    const counts = new Map<string, number>();
    for (const [, , code] of rows) for (const c of code) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(36);
    const expected = (20_000 * 16) / 36; // 8,889; one standard deviation is ~93
    for (const n of counts.values()) expect(Math.abs(n - expected)).toBeLessThan(expected * 0.06);
  });

  it('works with a short code and other alphabets', async () => {
    const rows = rowsOf(await all(copyChunks(3, 1, 500, 'abcdefghijklmnopqrstuvwxyz', 1)));
    expect(rows.every((r) => /^[a-z]$/.test(r[2]))).toBe(true);
    await expect(all(copyChunks(1, 1, 1, 'A', 4))).rejects.toThrow();
  });
});

describe('textOfCodes, codesOfChunks, keeping', () => {
  it('writes given codes as rows and reads them back in order, keeping what was sent', async () => {
    const codes = ['AAA', 'BBB', 'CCC'];
    const kept: Buffer[] = [];
    const sent = await all(keeping([textOfCodes(9, 5, codes)], kept));
    expect(sent[0].toString()).toBe('9\t5\tAAA\n9\t6\tBBB\n9\t7\tCCC\n');
    expect(codesOfChunks(kept)).toEqual(codes);
    expect(codesOfChunks(await all(copyChunks(1, 1, 100, ALNUM, 8, 30)))).toHaveLength(100);
  });
});

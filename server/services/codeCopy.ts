/**
 * Rows of the `codes` table in PostgreSQL's COPY text format, drawn straight into bytes
 * (issue 27: the generation's fast path, services/codes.ts).
 *
 * A row is `package_id \t seq \t code \n`. `copyChunks` draws the codes with the same rule as
 * `randomCodes` (crypto.randomBytes, rejection sampling: every character of the alphabet equally
 * likely) but writes them into Buffers of rows without making a string per code.
 * Codes are not checked against each other here: a repeat (inside the batch or with any stored
 * code) makes the COPY fail on codes_code_uq, and the generation then goes the slow way with
 * these same codes (`codesOfChunks`).
 */
import crypto from 'node:crypto';
import { setImmediate as turn } from 'node:timers/promises';

/** Codes drawn between two turns of the event loop (~10 ms of CPU): a large batch never holds up the process's requests. */
const DRAW_SLICE = 16_384;

/** Rows per chunk: ~150 KB of COPY text for 16-character codes. */
export const COPY_CHUNK_ROWS = 5_000;

/** The COPY text of `codes` at positions start, start + 1, ... of package `packageId`. */
export function textOfCodes(packageId: number, start: number, codes: readonly string[]): Buffer {
  let text = '';
  for (let i = 0; i < codes.length; i++) text += `${packageId}\t${start + i}\t${codes[i]}\n`;
  return Buffer.from(text, 'utf8');
}

/**
 * `n` rows of package `packageId` from position `start`, each with a random code of `length`
 * characters of `alphabet` (ASCII, in ascending byte order as alphabetOf builds it), in chunks of
 * `chunkRows` rows.
 *
 * Position start + i gets the i-th code drawn (positions say nothing about codes), but the rows
 * are SENT in the order of their codes' first two characters (a counting sort, linear): the
 * unique index on `code` then takes the batch as one sweep from its low end to its high end, each
 * leaf page read and written once per batch instead of once per code. At tens of millions of
 * codes the index no longer fits in the database's buffers, and that is what keeps the unique
 * check's cost flat as the table grows (the larger the batch, the fewer visits per page).
 */
export async function* copyChunks(packageId: number, start: number, n: number, alphabet: string, length: number, chunkRows = COPY_CHUNK_ROWS): AsyncGenerator<Buffer> {
  const k = alphabet.length;
  if (k < 2 || k > 256 || /[^\x20-\x7e]/.test(alphabet)) throw new Error('alphabet of 2 to 256 ASCII characters');
  const limit = 256 - (256 % k); // bytes >= limit are dropped so every character is equally likely
  const table = Buffer.from(alphabet, 'latin1');
  // 1. Draw: n codes of `length` alphabet indexes, and each code's bucket (its first two characters).
  const drawn = Buffer.allocUnsafe(n * length);
  const keyLength = Math.min(2, length);
  const buckets = k ** keyLength;
  const bucketOf = new Uint32Array(n);
  let pool = crypto.randomBytes(Math.ceil(n * length * (256 / limit) * 1.05) + 64);
  let at = 0;
  for (let i = 0, pos = 0; i < n; i++) {
    if (i > 0 && i % DRAW_SLICE === 0) await turn();
    let key = 0;
    for (let j = 0; j < length; j++, pos++) {
      let b: number;
      do {
        if (at >= pool.length) {
          pool = crypto.randomBytes(Math.ceil((n - i) * length * (256 / limit) * 1.05) + 64);
          at = 0;
        }
        b = pool[at++];
      } while (b >= limit);
      const c = b % k;
      drawn[pos] = c;
      if (j < keyLength) key = key * k + c;
    }
    bucketOf[i] = key;
  }
  // 2. Counting sort of the rows by bucket.
  const next = new Uint32Array(buckets + 1);
  for (let i = 0; i < n; i++) next[bucketOf[i] + 1]++;
  for (let b = 1; b <= buckets; b++) next[b] += next[b - 1];
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[next[bucketOf[i]]++] = i;
  // 3. The rows, in that order.
  const prefix = Buffer.from(`${packageId}\t`, 'latin1');
  const rowBytes = prefix.length + String(start + n - 1).length + length + 2;
  const digits = new Uint8Array(12);
  for (let from = 0; from < n; from += chunkRows) {
    const rows = Math.min(chunkRows, n - from);
    const out = Buffer.allocUnsafe(rows * rowBytes);
    let pos = 0;
    for (let r = from; r < from + rows; r++) {
      const i = order[r];
      for (let p = 0; p < prefix.length; p++) out[pos++] = prefix[p];
      let seq = start + i;
      let d = 0;
      do {
        digits[d++] = 48 + (seq % 10);
        seq = Math.floor(seq / 10);
      } while (seq > 0);
      while (d > 0) out[pos++] = digits[--d];
      out[pos++] = 9; // \t
      for (let j = 0, d = i * length; j < length; j++, d++) out[pos++] = table[drawn[d]];
      out[pos++] = 10; // \n
    }
    yield out.subarray(0, pos);
  }
}

/** The codes (third column) of COPY text rows, in order. */
export function codesOfChunks(chunks: readonly Buffer[]): string[] {
  const codes: string[] = [];
  for (const chunk of chunks) {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line === '') continue;
      codes.push(line.slice(line.lastIndexOf('\t') + 1));
    }
  }
  return codes;
}

/** Iterates `chunks`, keeping each one in `kept` (to read the codes back after a failed COPY). */
export async function* keeping(chunks: Iterable<Buffer> | AsyncIterable<Buffer>, kept: Buffer[]): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    kept.push(chunk);
    yield chunk;
  }
}

/**
 * Rows of the `codes` table in PostgreSQL's COPY text format, drawn straight into bytes
 * (issue 27: the generation's fast path, services/codes.ts).
 *
 * A row is `package_id \t seq \t code \n`. `copyChunks` draws the codes with the same rule as
 * `randomCodes` (crypto.randomBytes, rejection sampling: every character of the alphabet equally
 * likely) but writes them into a Buffer of rows without making a string per code: about a tenth
 * of the cost, and a generator, so a COPY reads chunk after chunk while the next is drawn.
 * Codes are not checked against each other here: a repeat (inside the batch or with any stored
 * code) makes the COPY fail on codes_code_uq, and the generation then goes the slow way with
 * these same codes (`codesOfChunks`).
 */
import crypto from 'node:crypto';

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
 * characters of `alphabet` (ASCII), in chunks of `chunkRows` rows.
 */
export function* copyChunks(packageId: number, start: number, n: number, alphabet: string, length: number, chunkRows = COPY_CHUNK_ROWS): Generator<Buffer> {
  const k = alphabet.length;
  if (k < 2 || k > 256 || Buffer.byteLength(alphabet, 'latin1') !== k || /[^\x20-\x7e]/.test(alphabet)) throw new Error('alphabet of 2 to 256 ASCII characters');
  const limit = 256 - (256 % k); // bytes >= limit are dropped so every character is equally likely
  const table = Buffer.from(alphabet, 'latin1');
  const prefix = Buffer.from(`${packageId}\t`, 'latin1');
  const end = start + n; // exclusive
  for (let from = start; from < end; from += chunkRows) {
    const rows = Math.min(chunkRows, end - from);
    const seqDigits = String(from + rows - 1).length;
    const out = Buffer.allocUnsafe(rows * (prefix.length + seqDigits + length + 2));
    const want = Math.ceil(rows * length * (256 / limit) * 1.05) + 64;
    let pool = crypto.randomBytes(want);
    let at = 0;
    let pos = 0;
    for (let i = 0; i < rows; i++) {
      pos += prefix.copy(out, pos);
      pos += out.write(String(from + i), pos, 'latin1');
      out[pos++] = 9; // \t
      for (let j = 0; j < length; j++) {
        let b: number;
        do {
          if (at >= pool.length) {
            pool = crypto.randomBytes(Math.ceil((rows - i) * length * (256 / limit) * 1.05) + 64);
            at = 0;
          }
          b = pool[at++];
        } while (b >= limit);
        out[pos++] = table[b % k];
      }
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
export function* keeping(chunks: Iterable<Buffer>, kept: Buffer[]): Generator<Buffer> {
  for (const chunk of chunks) {
    kept.push(chunk);
    yield chunk;
  }
}

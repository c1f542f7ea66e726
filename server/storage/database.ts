/**
 * FileStore in the database (the default; issue 25): every node of a deployment on one
 * PostgreSQL (or the embedded PGlite) reads the same files, so any node serves an upload or an
 * export that another node wrote.
 *
 * A file is its chunks (file_blob_chunks, CHUNK_BYTES each) and one header row (file_blobs)
 * inserted after the last chunk. Each chunk is its own short statement, never one long
 * transaction: an export streams rows out of the same database while its file goes in (on
 * PGlite's one connection a transaction held by the put would wait for the rows forever).
 * Readers look at the header first, so a put cut off by a crash is invisible; its chunks are
 * removed by `removeStalePartials` (main.ts, at start). `get` streams chunk by chunk, so a large
 * export is never whole in memory.
 *
 * Files written by an earlier version into the folder store (DATA_DIR/files) are read through:
 * a key missing here is looked up in `legacy` and, when found there, copied in (see
 * docs/decisions.md, issue 25), so the next node that asks finds it in the database.
 */
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../db/index';
import type { FileStore, PutMeta, StoredFile } from './FileStore';
import { isFileKey, mimeOfKey } from './types';

/** Bytes per chunk row. */
export const CHUNK_BYTES = 1024 * 1024;

export class DatabaseStore implements FileStore {
  /** Read-throughs under way in this process: two requests for one old file copy it once. */
  readonly #copying = new Map<string, Promise<boolean>>();

  constructor(readonly db: Db, readonly legacy: FileStore | null = null) {}

  async put(key: string, body: Readable | Uint8Array, meta: PutMeta): Promise<void> {
    if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
    // Keys are random and new: a put never replaces a file (a second put of a key fails).
    let seq = 0;
    let size = 0;
    const writeChunk = async (data: Uint8Array) => {
      await this.db.insertInto('file_blob_chunks').values({ key, seq, data }).execute();
      seq += 1;
      size += data.length;
    };
    try {
      if (body instanceof Uint8Array) {
        for (let at = 0; at < body.length; at += CHUNK_BYTES) await writeChunk(body.subarray(at, at + CHUNK_BYTES));
      } else {
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        for await (const piece of body) {
          const buf = typeof piece === 'string' ? Buffer.from(piece) : Buffer.from(piece as Uint8Array);
          pending.push(buf);
          pendingBytes += buf.length;
          while (pendingBytes >= CHUNK_BYTES) {
            const all = Buffer.concat(pending);
            await writeChunk(all.subarray(0, CHUNK_BYTES));
            const rest = all.subarray(CHUNK_BYTES);
            pending = rest.length ? [rest] : [];
            pendingBytes = rest.length;
          }
        }
        if (pendingBytes > 0 || seq === 0) await writeChunk(Buffer.concat(pending));
      }
      await this.db.insertInto('file_blobs').values({ key, type: meta.type, size, chunks: seq }).execute();
    } catch (e) {
      await this.db.deleteFrom('file_blob_chunks').where('key', '=', key).execute().catch(() => {});
      throw e;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isFileKey(key)) return null;
    const head = await this.db.selectFrom('file_blobs').select(['type', 'size', 'chunks']).where('key', '=', key).executeTakeFirst();
    if (!head) return this.readThrough(key);
    const db = this.db;
    const chunks = head.chunks;
    async function* read() {
      for (let seq = 0; seq < chunks; seq++) {
        const row = await db.selectFrom('file_blob_chunks').select('data').where('key', '=', key).where('seq', '=', seq).executeTakeFirst();
        // Deleted while being read: the stream ends in an error rather than short.
        if (!row) throw new Error(`file ${key} lost its chunk ${seq} while being read`);
        yield Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
      }
    }
    return { stream: Readable.from(read(), { objectMode: false }), size: Number(head.size), type: head.type };
  }

  async delete(key: string): Promise<void> {
    if (!isFileKey(key)) return;
    // Header first: from then on no reader starts on the chunks.
    await this.db.deleteFrom('file_blobs').where('key', '=', key).execute();
    await this.db.deleteFrom('file_blob_chunks').where('key', '=', key).execute();
    await this.legacy?.delete(key);
  }

  /** Chunks without a header older than `olderThanMs`: puts a crash cut off. */
  async removeStalePartials(olderThanMs: number): Promise<number> {
    const before = new Date(Date.now() - olderThanMs);
    const removed = await this.db.deleteFrom('file_blob_chunks')
      .where('created_at', '<', before)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('file_blobs as b').select(sql.lit(1).as('one')).whereRef('b.key', '=', 'file_blob_chunks.key'))))
      .executeTakeFirst();
    const fromLegacy = (await this.legacy?.removeStalePartials?.(olderThanMs)) ?? 0;
    return Number(removed.numDeletedRows) + fromLegacy;
  }

  /** A file of the older folder store, copied in (streamed, chunk by chunk) on its first read, then served from here. */
  private async readThrough(key: string): Promise<StoredFile | null> {
    const legacy = this.legacy;
    if (!legacy) return null;
    let copying = this.#copying.get(key);
    if (!copying) {
      copying = (async () => {
        const old = await legacy.get(key);
        if (!old) return false;
        // The folder copy stays (an operator removes the folder once every file was read or copied).
        await this.put(key, old.stream, { type: mimeOfKey(key) });
        return true;
      })().finally(() => this.#copying.delete(key));
      this.#copying.set(key, copying);
    }
    if (!(await copying)) return null;
    const head = await this.db.selectFrom('file_blobs').select('key').where('key', '=', key).executeTakeFirst();
    return head ? this.get(key) : null;
  }
}

/**
 * Where uploaded and exported bytes live. The server talks to this interface only; the default
 * is the database (DatabaseStore: every node reads it), FILE_STORE=folder a folder (FolderStore,
 * FILES_DIR, one node), and an object store (S3, GCS, MinIO) would implement the same three
 * calls. Keys are made by the server (types.ts: random hex plus extension), so an
 * implementation may use them as object names or file names as they are.
 *
 * The files table, not the store, says which keys exist: a key is served only when its row
 * was committed, so bytes whose row never came (a failed upload, a crash in between) are
 * invisible orphans that the uploader deletes at once when it can.
 */
import type { Readable } from 'node:stream';

export interface PutMeta {
  /** MIME type of the bytes (sniffed by the server). */
  type: string;
}

export interface StoredFile {
  stream: Readable;
  /** Bytes. */
  size: number;
  /** MIME type. */
  type: string;
}

export interface FileStore {
  /** Writes the whole body under `key`; readers never see a partly written file. */
  put(key: string, body: Readable | Uint8Array, meta: PutMeta): Promise<void>;
  /** The bytes and their meta, or null when there is nothing under `key`. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes `key`; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes what writes cut off by a crash left behind (older than `olderThanMs`); answers how
   * many. Stores that never keep partial writes need not have it.
   */
  removeStalePartials?(olderThanMs: number): Promise<number>;
}

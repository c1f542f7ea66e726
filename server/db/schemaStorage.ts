/** Tables of the database FileStore (migration 0026, server/storage/database.ts). */
import type { ColumnType } from 'kysely';

export interface FileBlobTable {
  key: string;
  /** MIME type. */
  type: string;
  /** Bytes (bigint: pg gives it as text). */
  size: ColumnType<number | string, number, number>;
  chunks: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface FileBlobChunkTable {
  key: string;
  seq: number;
  data: Uint8Array;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface StorageTables {
  file_blobs: FileBlobTable;
  file_blob_chunks: FileBlobChunkTable;
}

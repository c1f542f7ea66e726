/**
 * Stored bytes in the database (issue 25, stateless nodes): every node reads the same files.
 * A file is its chunks (file_blob_chunks, 1 MB each, written one statement at a time so a long
 * export never holds a transaction open) and one header row (file_blobs) written last: only a
 * key with a header is ever read, so a put cut off by a crash leaves invisible chunks that the
 * start-up sweep removes (server/storage/database.ts).
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create table file_blobs (
     key text primary key,
     type text not null,
     size bigint not null,
     chunks integer not null,
     created_at timestamptz not null default now()
   )`,
  `create table file_blob_chunks (
     key text not null,
     seq integer not null,
     data bytea not null,
     created_at timestamptz not null default now(),
     primary key (key, seq)
   )`,
];

const DOWN = [`drop table if exists file_blob_chunks`, `drop table if exists file_blobs`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

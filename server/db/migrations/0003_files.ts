/**
 * Uploaded files (POST /v1/Files): one row per stored file. The bytes live in the FileStore
 * under `key`; a key is served only while its row exists.
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create table files (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    key text not null,
    name text not null,
    size integer not null check (size >= 0),
    type text not null,
    width integer,
    height integer,
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  `create unique index files_key_uq on files (key)`,
  `create index files_tenant_time_idx on files (tenant_id, created_at)`,
];

const DOWN = [`drop table if exists files`];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

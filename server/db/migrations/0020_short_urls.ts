/**
 * Short addresses printed in a marketing code's QR (issue 16, GET Config/short-url): `/s/{token}`
 * redirects to the consumer page of the code's client with the code. One per code (9920 when
 * a code already has one); tokens are random, unguessable and unique.
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create table short_urls (
    token text primary key,
    tenant_id integer not null references tenants (id),
    package_id integer not null,
    seq integer not null,
    code text not null,
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  `create unique index short_urls_code_uq on short_urls (package_id, seq)`,
];

const DOWN = [`drop table if exists short_urls`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

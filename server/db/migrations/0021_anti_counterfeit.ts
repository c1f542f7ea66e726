/**
 * The anti-counterfeiting page (issue 16, menu 30): one per client tenant, what a shopper sees
 * on the consumer page for a genuine code (a code of the tenant scanned no more often than the
 * safe scan count): a title and a text per language and up to 4 images (each at most 2 MB).
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create table anti_counterfeit_pages (
    tenant_id integer primary key references tenants (id),
    enable boolean not null default true,
    title jsonb not null default '{}',
    content jsonb not null default '{}',
    images jsonb not null default '[]',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
];

const DOWN = [`drop table if exists anti_counterfeit_pages`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

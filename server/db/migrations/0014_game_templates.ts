/**
 * Game templates of the activity module (issue 15, lottery 49): a tenant's named look of one of
 * the nine games (GameType 1..9). `core` holds the game's style settings (image urls and colours
 * keyed by SPEC's style keys; ring toss 9 dolls, guess card 8 icons, baseball 9 grids); the
 * cover is the image shown in the template list. Names are unique per tenant (6711).
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create table game_templates (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    name text not null,
    game_type smallint not null check (game_type between 1 and 9),
    cover_url text,
    core jsonb not null default '{}',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index game_templates_name_uq on game_templates (tenant_id, lower(name))`,
  `create index game_templates_tenant_idx on game_templates (tenant_id, game_type, created_at)`,
];

const DOWN = [`drop table if exists game_templates`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

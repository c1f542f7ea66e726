/**
 * Draws anyone can verify (issue 26; docs/decisions.md "Issue 26: draws anyone can verify"):
 *  - lotteries: the secret seed (hex) and its published commitment (SHA-256 of the seed bytes),
 *    the count of draws made from the seed (the row lock of `draw_count = draw_count + 1`
 *    orders the draws of one lottery), when the seed was revealed;
 *  - lottery_records: the draw's number in that order and its value in [0, 10000);
 *  - lottery_draw_tables: the prize table (order, ids, types, probabilities, amounts and the
 *    stock left) in force from a draw number on; a new version whenever the table changes.
 * And the shopper's page (issue 26): member_points.pending, a point activity's draw that the
 * shopper has not opened yet (not in the balance nor the history until opened).
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `alter table lotteries add column draw_seed text`,
  `alter table lotteries add column draw_commitment text`,
  `alter table lotteries add column draw_count integer not null default 0`,
  `alter table lotteries add column seed_revealed_at timestamptz`,
  `alter table lottery_records add column draw_no integer`,
  `alter table lottery_records add column draw_value integer check (draw_value >= 0 and draw_value < 10000)`,
  `create unique index lottery_records_draw_no_uq on lottery_records (lottery_id, draw_no) where draw_no is not null`,
  `create table lottery_draw_tables (
    id integer generated always as identity primary key,
    lottery_id integer not null references lotteries (id) on delete cascade,
    from_draw integer not null check (from_draw >= 1),
    prizes jsonb not null,
    created_at timestamptz not null default now()
  )`,
  `create unique index lottery_draw_tables_uq on lottery_draw_tables (lottery_id, from_draw)`,
  `alter table member_points add column pending boolean not null default false`,
  `create index member_points_pending_idx on member_points (member_id) where pending`,
];

const DOWN = [
  `drop index if exists member_points_pending_idx`,
  `alter table member_points drop column if exists pending`,
  `drop table if exists lottery_draw_tables`,
  `drop index if exists lottery_records_draw_no_uq`,
  `alter table lottery_records drop column if exists draw_value`,
  `alter table lottery_records drop column if exists draw_no`,
  `alter table lotteries drop column if exists seed_revealed_at`,
  `alter table lotteries drop column if exists draw_count`,
  `alter table lotteries drop column if exists draw_commitment`,
  `alter table lotteries drop column if exists draw_seed`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

/**
 * Lottery activities (issue 15, menu 49; SPEC 3 "Lottery detail", "Prize", "Redemption form
 * field"; rules in src/domain/activity/lottery.ts):
 *
 *  - lotteries: a tenant's activity of one game (GameType 1..9) made from a game template.
 *    A row exists from the first draft on: `released` false until the wizard's step 3 creates
 *    the activity. `draft` holds the wizard's unsaved body (step 2 -> step 3); on release it
 *    is copied into the columns and the prize / form rows and cleared. The list shows released
 *    rows; its status is derived from `enable` and the period (LotteryActivityStatus).
 *    qualification_type 1 product / 2 order package / 3 shipment package with the qualifying
 *    ids in `qualification` (jsonb); exchange_type ExchangeMethod 1-4; pay_method PayMethod.
 *  - lottery_prizes: winning (type 1) or not winning (0); probability in percent with two
 *    decimals; `remaining` never below zero (check), the draw takes one with
 *    `update ... set remaining = remaining - 1 where remaining > 0` (row lock, no oversell).
 *  - lottery_prize_serials: a prize's serial numbers, imported (exchange 4) or generated
 *    (exchange 3): unique per prize, at least 2 characters, `record_id` set when given out
 *    (unique: at most once).
 *  - lottery_serial_imports: an uploaded serial CSV already checked (6706-6709), waiting for
 *    the activity's release to become a prize's serials.
 *  - lottery_form_fields: the redemption form (RedemptionFieldType, options, required, sort,
 *    NumberCondition for numbers).
 *  - lottery_probability_history: every change of a prize's probability (old -> new, who).
 *  - lottery_records: one draw: member (nullable: anonymous play), the marketing code, the
 *    prize (null: nothing won), the serial given, the redemption answers.
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create table lotteries (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    template_id integer references game_templates (id) on delete set null,
    game_type smallint not null check (game_type between 1 and 9),
    name text not null default '',
    released boolean not null default false,
    enable boolean not null default true,
    qualification_type smallint not null default 1 check (qualification_type in (1, 2, 3)),
    qualification jsonb not null default '{}',
    starts_at timestamptz,
    ends_at timestamptz,
    timezone_id integer,
    member_only boolean not null default false,
    exchange_type smallint not null default 1 check (exchange_type between 1 and 4),
    pay_method smallint not null default 0 check (pay_method in (0, 1)),
    picture_url text,
    core jsonb not null default '{}',
    draft jsonb,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index lotteries_tenant_idx on lotteries (tenant_id, released, updated_at)`,
  `create table lottery_prizes (
    id integer generated always as identity primary key,
    lottery_id integer not null references lotteries (id) on delete cascade,
    name text not null,
    short_name text not null default '',
    picture_url text,
    probability numeric(5, 2) not null check (probability >= 0 and probability <= 100),
    type smallint not null check (type in (0, 1)),
    expire_type smallint,
    expire_date date,
    expire_days integer,
    amount integer not null default 0 check (amount >= 0),
    remaining integer not null default 0 check (remaining >= 0),
    payment_info jsonb,
    sort integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index lottery_prizes_lottery_idx on lottery_prizes (lottery_id, sort)`,
  `create table lottery_serial_imports (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    serials jsonb not null,
    amount integer not null,
    created_at timestamptz not null default now()
  )`,
  `create table lottery_prize_serials (
    id integer generated always as identity primary key,
    prize_id integer not null references lottery_prizes (id) on delete cascade,
    serial text not null check (char_length(serial) >= 2),
    imported boolean not null default false,
    record_id bigint,
    assigned_at timestamptz
  )`,
  `create unique index lottery_prize_serials_uq on lottery_prize_serials (prize_id, serial)`,
  `create unique index lottery_prize_serials_record_uq on lottery_prize_serials (record_id)`,
  `create index lottery_prize_serials_free_idx on lottery_prize_serials (prize_id, id) where record_id is null`,
  `create table lottery_form_fields (
    id integer generated always as identity primary key,
    lottery_id integer not null references lotteries (id) on delete cascade,
    name text not null,
    type smallint not null check (type in (1, 2, 3, 4, 5, 6, 7, 9)),
    options jsonb not null default '[]',
    required boolean not null default false,
    sort integer not null default 0,
    condition smallint check (condition in (1, 2, 3))
  )`,
  `create index lottery_form_fields_lottery_idx on lottery_form_fields (lottery_id, sort)`,
  `create table lottery_probability_history (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    lottery_id integer not null references lotteries (id) on delete cascade,
    prize_id integer not null references lottery_prizes (id) on delete cascade,
    probability_before numeric(5, 2),
    probability numeric(5, 2) not null,
    user_id integer,
    account text not null default '',
    created_at timestamptz not null default now()
  )`,
  `create index lottery_probability_history_idx on lottery_probability_history (lottery_id, prize_id, id)`,
  `create table lottery_records (
    id bigint generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    lottery_id integer not null references lotteries (id) on delete cascade,
    member_id integer references members (id) on delete set null,
    code text,
    prize_id integer references lottery_prizes (id) on delete set null,
    serial text,
    answers jsonb,
    redeemed_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index lottery_records_lottery_idx on lottery_records (lottery_id, id)`,
  `create index lottery_records_won_idx on lottery_records (lottery_id, id) where prize_id is not null`,
];

const DOWN = [
  `drop table if exists lottery_records`,
  `drop table if exists lottery_probability_history`,
  `drop table if exists lottery_form_fields`,
  `drop table if exists lottery_prize_serials`,
  `drop table if exists lottery_serial_imports`,
  `drop table if exists lottery_prizes`,
  `drop table if exists lotteries`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

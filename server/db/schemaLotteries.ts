/** Row types of the lottery tables (migration 0018_lotteries). */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json } from './schema';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** numeric: a string from pg, a string from PGlite; read with Number(). */
type Numeric = ColumnType<string, number | string, number | string>;

export interface LotteryTable {
  id: Generated<number>;
  tenant_id: number;
  template_id: Nullable<number>;
  game_type: number;
  name: Generated<string>;
  released: Generated<boolean>;
  enable: Generated<boolean>;
  qualification_type: Generated<number>;
  qualification: Json<Record<string, unknown>>;
  starts_at: Nullable<Date | string>;
  ends_at: Nullable<Date | string>;
  timezone_id: Nullable<number>;
  member_only: Generated<boolean>;
  exchange_type: Generated<number>;
  pay_method: Generated<number>;
  picture_url: Nullable<string>;
  core: Json<Record<string, unknown>>;
  draft: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** Issue 26 (0027): the draw seed (hex, secret until revealed), its commitment, draws made, reveal. */
  draw_seed: Nullable<string>;
  draw_commitment: Nullable<string>;
  draw_count: Generated<number>;
  seed_revealed_at: Nullable<Date | string>;
}

export interface LotteryPrizeTable {
  id: Generated<number>;
  lottery_id: number;
  name: string;
  short_name: Generated<string>;
  picture_url: Nullable<string>;
  probability: Numeric;
  type: number;
  expire_type: Nullable<number>;
  /** 'YYYY-MM-DD' (a date column: read as a Date by pg; written as text). */
  expire_date: Nullable<Date | string>;
  expire_days: Nullable<number>;
  amount: Generated<number>;
  remaining: Generated<number>;
  payment_info: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface LotterySerialImportTable {
  id: Generated<number>;
  tenant_id: number;
  serials: Json<string[]>;
  amount: number;
  created_at: CreatedAt;
}

export interface LotteryPrizeSerialTable {
  id: Generated<number>;
  prize_id: number;
  serial: string;
  imported: Generated<boolean>;
  record_id: ColumnType<string | number | null, number | null | undefined, number | null>;
  assigned_at: Nullable<Date | string>;
}

export interface LotteryFormFieldTable {
  id: Generated<number>;
  lottery_id: number;
  name: string;
  type: number;
  options: Json<string[]>;
  required: Generated<boolean>;
  sort: Generated<number>;
  condition: Nullable<number>;
}

export interface LotteryProbabilityHistoryTable {
  id: Generated<number>;
  tenant_id: number;
  lottery_id: number;
  prize_id: number;
  probability_before: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  probability: Numeric;
  user_id: Nullable<number>;
  account: Generated<string>;
  created_at: CreatedAt;
}

export interface LotteryRecordTable {
  /** bigint: a string from pg, a number from PGlite. */
  id: ColumnType<string | number, never, never>;
  tenant_id: number;
  lottery_id: number;
  member_id: Nullable<number>;
  code: Nullable<string>;
  prize_id: Nullable<number>;
  serial: Nullable<string>;
  answers: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  redeemed_at: Nullable<Date | string>;
  created_at: CreatedAt;
  /** Issue 26 (0027): the draw's number in its lottery and its value in [0, 10000). */
  draw_no: Nullable<number>;
  draw_value: Nullable<number>;
}

/** The prize table a lottery draws on from draw `from_draw` (issue 26, 0027). */
export interface LotteryDrawTableTable {
  id: Generated<number>;
  lottery_id: number;
  from_draw: number;
  prizes: Json<unknown[]>;
  created_at: CreatedAt;
}

export interface LotteryTables {
  lotteries: LotteryTable;
  lottery_prizes: LotteryPrizeTable;
  lottery_serial_imports: LotterySerialImportTable;
  lottery_prize_serials: LotteryPrizeSerialTable;
  lottery_form_fields: LotteryFormFieldTable;
  lottery_probability_history: LotteryProbabilityHistoryTable;
  lottery_records: LotteryRecordTable;
  lottery_draw_tables: LotteryDrawTableTable;
}

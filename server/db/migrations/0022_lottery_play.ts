/**
 * Lottery play (issue 15 "Play"): a code plays an activity at most once, kept by the database
 * under concurrent plays (a second insert of the same lottery and code fails and answers 9003),
 * and the plays of a code across a tenant's activities are found by an index (9001).
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create unique index lottery_records_code_uq on lottery_records (lottery_id, code) where code is not null`,
  `create index lottery_records_tenant_code_idx on lottery_records (tenant_id, code) where code is not null`,
];

const DOWN = [
  `drop index if exists lottery_records_tenant_code_idx`,
  `drop index if exists lottery_records_code_uq`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

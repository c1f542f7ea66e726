/**
 * A member's password sign-in lock (issue 23): failed_signins counts wrong passwords in a row
 * (an attempt is counted before the password is compared, and given back when it was right);
 * locked_until, once MEMBER_SIGNIN_MAX_FAILURES is reached, refuses password sign-ins until then
 * (src/domain/member/public.ts). A one-time code's tries are member_otps.attempts (0013).
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `alter table members add column failed_signins integer not null default 0`,
  `alter table members add column locked_until timestamptz`,
];

const DOWN = [
  `alter table members drop column if exists locked_until`,
  `alter table members drop column if exists failed_signins`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

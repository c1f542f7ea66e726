/**
 * Issue 27, the app's stock-in and ship-out at campaign scale: a code's logistics state carries
 * its code. A sheet moves the codes packed inside the scanned ones, found by walking
 * code_logistics by parent; each content's code (for its movement row) was then read from
 * `codes` by position, and `codes` is partitioned by hash of the code (0031), so each position
 * probed all 16 partitions: 3.5-8 ms of a 10-box stock-in (docs/benchmarks.md). A code never
 * changes, so the state row keeps a copy, written by the binding or sheet that creates the row
 * (services/appBinding.ts, appSheet.ts).
 *
 * The backfill reads each existing state's code once (a join with `codes`, one pass of each).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table code_logistics add column code text`.execute(db);
  await sql`update code_logistics cl set code = c.code from codes c where c.package_id = cl.package_id and c.seq = cl.seq`.execute(db);
  // A state without its code (none expected: a state is written for an owned code) would break the not-null.
  await sql`delete from code_logistics where code is null`.execute(db);
  await sql`alter table code_logistics alter column code set not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table code_logistics drop column code`.execute(db);
}

/**
 * A hot read whose plan is the same for every value: PostgreSQL's generic plan, not one planned
 * per call (issue 27: the barcode query).
 *
 * A named statement (db/namedStatements.ts) runs with plan_cache_mode auto: PostgreSQL keeps a
 * generic plan only when its estimated cost is no higher than the custom plans'. For a statement
 * over partitioned tables (codes by hash of the code, scan_logs by month) the generic plan keeps
 * every partition and prunes them when it runs, so its estimate is higher and PostgreSQL plans
 * anew on every call. For GET Logistics/code that was 2-4 ms of planning against 0.3 ms of
 * executing (EXPLAIN ANALYZE EXECUTE; docs/benchmarks.md "Barcode query").
 *
 * Only for statements made of equality lookups on keys (each part one index lookup whatever the
 * value): there a generic plan is as good as a custom one. Never for a pattern search or a
 * filter whose best plan depends on its value.
 *
 * PostgreSQL: the statement goes to the generic-plan pool (db/index.ts, genericPlanDbOf), whose
 * connections set plan_cache_mode = force_generic_plan for their session, and nothing else runs
 * there: one round trip, as any read. (Before, a read-only transaction on the main pool set it
 * with SET LOCAL: three round trips, begin, the statement, commit.) PGlite: run as is (its
 * statements are unnamed, planned on every call anyway). A transaction's Kysely has no such
 * pool: the statement then runs in the transaction, on a custom plan.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { genericPlanDbOf } from './index';

export async function withGenericPlan<T>(db: Kysely<Database>, run: (q: Kysely<Database>) => Promise<T>): Promise<T> {
  return run(genericPlanDbOf(db) ?? db);
}

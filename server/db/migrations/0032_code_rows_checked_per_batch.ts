/**
 * Issue 27, the app's scans at campaign scale: the rows written once per code (a code's
 * logistics state, its scan log rows, its movements on a sheet) no longer carry foreign keys.
 *
 * PostgreSQL checks a foreign key row by row: a binding batch of 110 codes ran 770 lookups of
 * the same tenant, factory, line, shift, ratio and user (7 keys on code_logistics), and measured
 * alone its 110 code_logistics rows took 7.0 ms with the keys and 1.3 ms without
 * (docs/benchmarks.md "App scans"). What the keys guarded is kept once per batch instead:
 *
 * - the writers (modules/logistics/scan.ts, services/consumerScan.ts) take every id from rows
 *   they have just read in the same transaction: the caller's tenant and user (its session), the
 *   factory, line, shift, ratio and warehouses under FOR SHARE (a delete waits for the batch),
 *   the sheet they have just inserted;
 * - the deletes of a factory, line, shift, ratio or warehouse lock the row first and refuse it
 *   while a code refers to it (modules/binding/binding.ts, `beforeRemove`: 400 inUse), so a
 *   batch that committed meanwhile is seen;
 * - a deleted user's id stays on old scan and binding rows (before: set to null by the key, a
 *   scan of the whole scan log per deleted user); every reader joins users with a left join
 *   and shows no account, as it did for null.
 *
 * Foreign keys stay on the rows written once per batch (scan_batches, logistic_sheets).
 */
import { sql, type Kysely } from 'kysely';

const TABLES = ['code_logistics', 'scan_logs', 'logistic_movements'] as const;

/** The keys as they were (migrations 0011 and 0030), for `down`. */
const KEYS: Record<(typeof TABLES)[number], string[]> = {
  code_logistics: [
    'tenant_id references tenants (id)', 'ratio_id references package_ratios (id)', 'factory_id references factories (id)',
    'line_id references production_lines (id)', 'shift_id references shifts (id)', 'bound_by references users (id) on delete set null',
    'warehouse_id references warehouses (id)',
  ],
  scan_logs: ['tenant_id references tenants (id)', 'user_id references users (id) on delete set null'],
  logistic_movements: ['tenant_id references tenants (id)', 'sheet_id references logistic_sheets (id)'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    // The table's own keys (a partitioned table's partitions inherit them and lose them with it).
    const { rows } = await sql<{ conname: string }>`
      select conname from pg_constraint where conrelid = ${table}::regclass and contype = 'f' and conparentid = 0`.execute(db);
    for (const { conname } of rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(conname)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    for (const key of KEYS[table]) {
      const [column, ...rest] = key.split(' ');
      // NOT VALID: rows written meanwhile (a deleted user's id) do not stop the way back.
      await sql.raw(`alter table ${table} add foreign key (${column}) ${rest.join(' ')} not valid`).execute(db);
    }
  }
}

/**
 * Migrations are TypeScript modules listed here in order (a static provider: no folder
 * scanning, so the list is what runs under tsx, vitest and any bundle alike).
 */
import { Migrator, type Migration } from 'kysely';
import type { Db } from './index';
import * as m0001 from './migrations/0001_foundation';
import * as m0002 from './migrations/0002_change_logs';
import * as m0003 from './migrations/0003_files';
import * as m0004 from './migrations/0004_system';
import * as m0005 from './migrations/0005_jobs';
import * as m0006 from './migrations/0006_products';
import * as m0007 from './migrations/0007_list_indexes';
import * as m0008 from './migrations/0008_list_search';
import * as m0009 from './migrations/0009_scan_logs';
import * as m0010 from './migrations/0010_marketing';
import * as m0011 from './migrations/0011_logistics';
import * as m0012 from './migrations/0012_exception_logs';
import * as m0013 from './migrations/0013_members';
import * as m0014 from './migrations/0014_game_templates';
import * as m0017 from './migrations/0017_check_in';
import * as m0018 from './migrations/0018_lotteries';
import * as m0019 from './migrations/0019_partners';
import * as m0020 from './migrations/0020_short_urls';
import * as m0021 from './migrations/0021_anti_counterfeit';
import * as m0022 from './migrations/0022_lottery_play';
import * as m0023 from './migrations/0023_point_activities';
import * as m0024 from './migrations/0024_member_signin_lock';
import * as m0025 from './migrations/0025_retention';
import * as m0026 from './migrations/0026_file_blobs';
import * as m0027 from './migrations/0027_lottery_draw_proof';
import * as m0028 from './migrations/0028_check_in_records';
import * as m0029 from './migrations/0029_member_social';
import * as m0030 from './migrations/0030_scan_log_partitions';
import * as m0031 from './migrations/0031_codes_partitioned';
import * as m0032 from './migrations/0032_code_rows_checked_per_batch';
import * as m0033 from './migrations/0033_code_logistics_code';
import * as m0035 from './migrations/0035_users_status_index';

const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_change_logs': m0002,
  '0003_files': m0003,
  '0004_system': m0004,
  '0005_jobs': m0005,
  '0006_products': m0006,
  '0007_list_indexes': m0007,
  '0008_list_search': m0008,
  '0009_scan_logs': m0009,
  '0010_marketing': m0010,
  '0011_logistics': m0011,
  '0012_exception_logs': m0012,
  '0013_members': m0013,
  '0014_game_templates': m0014,
  '0017_check_in': m0017,
  '0018_lotteries': m0018,
  '0019_partners': m0019,
  '0020_short_urls': m0020,
  '0021_anti_counterfeit': m0021,
  '0022_lottery_play': m0022,
  '0023_point_activities': m0023,
  '0024_member_signin_lock': m0024,
  '0025_retention': m0025,
  '0026_file_blobs': m0026,
  '0027_lottery_draw_proof': m0027,
  '0028_check_in_records': m0028,
  '0029_member_social': m0029,
  '0030_scan_log_partitions': m0030,
  '0031_codes_partitioned': m0031,
  '0032_code_rows_checked_per_batch': m0032,
  '0033_code_logistics_code': m0033,
  '0035_users_status_index': m0035,
};

export async function migrate(db: Db): Promise<string[]> {
  // Numbers are handed out to parallel work and land out of order (0028 may reach a database
  // before 0026): each migration stands alone, so one missing below an applied one still runs.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Every migration this build knows, in order (readiness compares them with what ran). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS);

/** The migrations of this build not yet applied to `db` (empty: the schema is current). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
  const known = await migrator.getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

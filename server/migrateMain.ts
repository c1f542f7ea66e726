/**
 * `npm run migrate`: the migrations alone (no seed, no server), for a rolling upgrade's first
 * step or a deploy pipeline. Prints what ran; exits 1 with the failing migration's message.
 */
import { openDatabase } from './db/index';
import { migrate } from './db/migrate';
import { readSettings, SettingsError, type Settings } from './settings';

async function run(): Promise<void> {
  let settings: Settings;
  try {
    settings = readSettings();
  } catch (err) {
    process.stderr.write(`Invalid setting: ${err instanceof SettingsError || err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  }
  const db = await openDatabase(settings);
  try {
    const ran = await migrate(db);
    process.stdout.write(ran.length ? `Migrations applied: ${ran.join(', ')}\n` : 'The database is up to date: no migration to apply.\n');
  } finally {
    await db.destroy();
  }
}

run().catch((err) => {
  process.stderr.write(`migrate failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

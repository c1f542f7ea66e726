/**
 * `npm start`: settings from the environment, database (embedded PGlite in DATA_DIR/pg unless
 * DATABASE_URL), migrations, first-start seed, then the API and the built SPA on HOST:PORT.
 */
import { buildApp } from './app';
import { startCacheBus, type CacheBus } from './db/cacheBus';
import { openDatabase } from './db/index';
import { startJobWorker, type JobWorker } from './jobs/index';
import { fileStoreOf } from './services/uploads';
import { migrate } from './db/migrate';
import { loadOrCreateKeys } from './security/keys';
import { seed, signInInstructions } from './seed';
import { readSettings } from './settings';

async function main(): Promise<void> {
  const settings = readSettings();
  const db = await openDatabase(settings);
  let closing = false;
  const closeDb = async () => {
    try { await db.destroy(); } catch { /* already closed */ }
  };
  try {
    await migrate(db);
    const seeded = await seed(db, settings);
    const keys = await loadOrCreateKeys(db);
    const app = await buildApp({ db, settings, keys, logger: { level: process.env.LOG_LEVEL ?? 'info' }, logRequests: process.env.LOG_REQUESTS === '1' });
    // Other nodes on the same PostgreSQL hear of this node's writes and it of theirs (db/cacheBus.ts).
    const bus: CacheBus | null = settings.databaseUrl ? startCacheBus(settings.databaseUrl, app.log) : null;

    // Export jobs (server/jobs): JOB_WORKERS jobs at once in this process (0: this node only serves the API).
    const jobWorkers = Number(process.env.JOB_WORKERS ?? 1);
    // Partial files of writes a crash cut off (a day old: no write in flight is that old).
    const store = fileStoreOf({ settings, db });
    void store.removeStalePartials?.(24 * 3_600_000).then((n) => { if (n) app.log.info({ removed: n }, 'removed partial files of interrupted writes'); }, (e) => app.log.warn({ err: e }, 'could not sweep partial files'));
    const worker: JobWorker | null = jobWorkers > 0
      ? startJobWorker({ db, store, concurrency: jobWorkers, leaseMs: Number(process.env.JOB_LEASE_SECONDS ?? 30) * 1000, logger: app.log })
      : null;

    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      try { await worker?.stop(); await app.close(); await bus?.stop(); } finally { await closeDb(); }
      process.exit(0);
    };
    process.on('SIGINT', () => void shutdown('SIGINT'));
    process.on('SIGTERM', () => void shutdown('SIGTERM'));

    await app.listen({ port: settings.port, host: settings.host });
    const notice = signInInstructions(seeded, settings.port);
    if (notice) process.stdout.write(`${notice}\n`);
    const where = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${settings.dataDir}`;
    process.stdout.write(`Back office: http://localhost:${settings.port}/  (database: ${where})\n`);
  } catch (err) {
    await closeDb();
    throw err;
  }
}

main().catch((err) => {
  process.stderr.write(`failed to start: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});

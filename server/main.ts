/**
 * `npm start`: settings from the environment (checked: a bad value stops the start with its
 * name), database (embedded PGlite in DATA_DIR/pg unless DATABASE_URL), migrations,
 * first-start seed, then the API and the built SPA on HOST:PORT.
 *
 * SIGTERM or SIGINT drains (issue 25): /readyz answers 503 at once, the server stops
 * accepting connections and lets in-flight requests finish, the job worker hands its running
 * jobs back to the queue after SHUTDOWN_GRACE_SECONDS, the database closes, and the process
 * exits; whatever still hangs after FORCE_EXIT_MS ends with exit code 1.
 */
import { buildApp } from './app';
import { startCacheBus, type CacheBus } from './db/cacheBus';
import { openDatabase } from './db/index';
import { startJobWorker, type JobWorker } from './jobs/index';
import { fileStoreOf } from './services/uploads';
import { migrate } from './db/migrate';
import { markDraining } from './ops/health';
import { loggerOptions } from './ops/logging';
import { scheduleRetention } from './ops/retention';
import { loadOrCreateKeys } from './security/keys';
import { seed, signInInstructions } from './seed';
import { readSettings, SettingsError, type Settings } from './settings';

/** The whole shutdown stays under the 10 s a process manager usually waits before SIGKILL. */
const FORCE_EXIT_MS = 9_000;

function settingsOrExit(): Settings {
  try {
    return readSettings();
  } catch (err) {
    // readSettings does no I/O: whatever it throws is a bad setting (SettingsError, or the SMS provider's own checks).
    process.stderr.write(`Invalid setting: ${err instanceof SettingsError || err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const settings = settingsOrExit();
  const db = await openDatabase(settings);
  let closing = false;
  const closeDb = async () => {
    try { await db.destroy(); } catch { /* already closed */ }
  };
  try {
    await migrate(db);
    const seeded = await seed(db, settings);
    const keys = await loadOrCreateKeys(db);
    const app = await buildApp({ db, settings, keys, logger: loggerOptions(settings.logLevel), logRequests: settings.logRequests });
    // Other nodes on the same PostgreSQL hear of this node's writes and it of theirs (db/cacheBus.ts).
    const bus: CacheBus | null = settings.databaseUrl ? startCacheBus(settings.databaseUrl, app.log) : null;

    // Export jobs (server/jobs): JOB_WORKERS jobs at once in this process (0: this node only serves the API).
    // Partial files of writes a crash cut off (a day old: no write in flight is that old).
    const store = fileStoreOf({ settings, db });
    void store.removeStalePartials?.(24 * 3_600_000).then((n) => { if (n) app.log.info({ removed: n }, 'removed partial files of interrupted writes'); }, (e) => app.log.warn({ err: e }, 'could not sweep partial files'));
    const worker: JobWorker | null = settings.jobWorkers > 0
      ? startJobWorker({
        db, store, concurrency: settings.jobWorkers, leaseMs: settings.jobLeaseSeconds * 1000, logger: app.log,
        stopGraceMs: settings.shutdownGraceSeconds * 1000,
      })
      : null;
    const retention = scheduleRetention(db, store, settings, app.log);

    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      markDraining(app);
      app.log.info({ signal }, 'shutting down: draining requests, handing back jobs');
      const force = setTimeout(() => {
        app.log.error({ signal }, `still not closed after ${FORCE_EXIT_MS} ms: exiting`);
        process.exit(1);
      }, FORCE_EXIT_MS);
      force.unref();
      retention.stop();
      // A keep-alive connection whose request was in flight at close time turns idle after its
      // answer and would hold app.close() until its keep-alive timeout (a balancer keeps them
      // open): close idle connections as they appear, not only once at the start.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
      sweep.unref();
      try {
        // Stop accepting and finish in-flight requests while the worker finishes or hands back its jobs.
        await Promise.all([app.close().finally(() => clearInterval(sweep)), worker?.stop()]);
        await bus?.stop();
      } catch (err) {
        app.log.error({ err }, 'error while shutting down');
      } finally {
        await closeDb();
      }
      app.log.info({ signal }, 'stopped');
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

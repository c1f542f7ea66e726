/**
 * The server process that tests/api/crash.test.ts kills with SIGKILL: the REAL server
 * (server/main.ts: openDatabase, migrate, seed, buildApp, startJobWorker with JOB_WORKERS and
 * JOB_LEASE_SECONDS, listen on HOST:PORT), with one test knob set first.
 *
 * CRASH_CODE_BATCH_SIZE (optional): codeGeneration.batchSize (server/services/codes.ts, the
 * setting the API tests change too) for this process, so that a generation takes many
 * INSERT batches inside its one transaction and a kill lands in the middle of it. Nothing is
 * slowed down artificially: no sleep, no hook; the job runs the production code.
 *
 * Run it as `node --import tsx tests/api/crash-child.ts` (not through `npx tsx`, which starts
 * a second node process: a SIGKILL would then hit the launcher, not the server).
 */
import { codeGeneration } from '../../server/services/codes';

const batch = process.env.CRASH_CODE_BATCH_SIZE;
if (batch) {
  const n = Number(batch);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`CRASH_CODE_BATCH_SIZE must be a positive integer, got '${batch}'`);
  codeGeneration.batchSize = n;
}

// The server itself, unchanged (it starts on import).
await import('../../server/main');

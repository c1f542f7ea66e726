/**
 * The worker loop, in the server process (main.ts starts it; tests start and stop their own).
 *
 * Every `pollMs` (and soon after an enqueue in this process) it ends lost jobs (sweepLostJobs)
 * and claims due jobs up to `concurrency`. A running job's lease is renewed every
 * `heartbeatMs`; when a renewal finds the job taken (this process stalled past the lease and
 * another worker claimed it) the handler's signal aborts and nothing it did is recorded.
 *
 * Outcomes: the handler returns -> Completed (progress 100, file on the report); JobFailure
 * -> Error with its message; another error -> queued again after a back-off, until the last
 * attempt, then Error. stop() lets running jobs finish for `stopGraceMs`, then aborts them and
 * hands them back to the queue without counting the attempt.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/index';
import { inBackground } from '../db/pglite-dialect';
import { noteWrite } from '../db/shortCache';
import type { FileStore } from '../storage/index';
import {
  claimJob, completeJob, failJob, onJobQueued, renewLease, requeueJob, storeProgress, sweepLostJobs, type Claim, type LostJob,
} from './queue';
import { JobAborted, JobFailure, jobHandlerOf, type AttachedFile, type JobContext, type JobLogger } from './registry';

export interface JobWorkerOptions {
  db: Db;
  store: FileStore;
  /** Jobs run at once by this worker (default 1; PGlite has one connection anyway). */
  concurrency?: number;
  /** Idle poll interval (default 1000 ms). */
  pollMs?: number;
  /** Lease length (default 30 s); a job whose worker died is taken again after it. */
  leaseMs?: number;
  /** Lease renewal interval (default leaseMs / 3). */
  heartbeatMs?: number;
  /** Back-off before retry number `attempt + 1` (default 2 s, 4 s, 8 s... at most 60 s). */
  retryDelayMs?: (attempt: number) => number;
  /** Least time between two progress writes of a job (default 500 ms). */
  progressIntervalMs?: number;
  /** How long stop() waits for running jobs before aborting them (default 10 s). */
  stopGraceMs?: number;
  logger?: JobLogger;
  /** For logs. */
  name?: string;
}

export interface JobWorker {
  readonly name: string;
  /** Look for work now. */
  wake(): void;
  /** Resolves when nothing is running and a claim found nothing (tests). */
  idle(): Promise<void>;
  /** Jobs running now. */
  running(): number;
  stop(): Promise<void>;
}

const SILENT: JobLogger = { info() {}, warn() {}, error() {} };

const defaultRetryDelay = (attempt: number) => Math.min(60_000, 2_000 * 2 ** Math.max(0, attempt - 1));

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function startJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, store } = options;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 30_000;
  const heartbeatMs = options.heartbeatMs ?? Math.max(50, Math.floor(leaseMs / 3));
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelay;
  const progressIntervalMs = options.progressIntervalMs ?? 500;
  const stopGraceMs = options.stopGraceMs ?? 10_000;
  const log = options.logger ?? SILENT;
  const name = options.name ?? `worker-${crypto.randomBytes(3).toString('hex')}`;

  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let ticking = false;
  let again = false;
  let lastTickEmpty = false;
  const active = new Map<number, { promise: Promise<void>; controller: AbortController }>();
  let idleWaiters: (() => void)[] = [];

  const settleIdle = () => {
    if (active.size === 0 && lastTickEmpty && !ticking) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  };

  const schedule = (delay: number) => {
    if (stopping) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => { timer = null; void tick(); }, delay);
    timer.unref?.();
  };

  /** The handlers' cleanup of jobs the sweep ended (their worker died on the last attempt). */
  async function cleanUpLost(jobs: LostJob[]): Promise<void> {
    for (const job of jobs) {
      const onLost = jobHandlerOf(job.category)?.options.onLost;
      if (!onLost) continue;
      await onLost(job, db).catch((err) => log.error({ err, worker: name, jobId: job.id }, 'cleanup of a lost job failed'));
    }
  }

  async function tick(): Promise<void> {
    if (stopping) return;
    if (ticking) { again = true; return; }
    ticking = true;
    try {
      do {
        again = false;
        lastTickEmpty = false;
        await sweepLostJobs(db, cleanUpLost).then((n) => { if (n) log.warn({ worker: name, jobs: n }, 'jobs lost on their last attempt ended in Error'); });
        let claimedAny = false;
        while (!stopping && active.size < concurrency) {
          const claim = await claimJob(db, { leaseMs });
          if (!claim) break;
          claimedAny = true;
          run(claim);
        }
        if (!claimedAny && active.size === 0) lastTickEmpty = true;
      } while (again && !stopping);
    } catch (err) {
      log.error({ err, worker: name }, 'job worker tick failed');
      lastTickEmpty = active.size === 0;
    } finally {
      ticking = false;
    }
    settleIdle();
    schedule(pollMs);
  }

  function run(claim: Claim): void {
    const controller = new AbortController();
    // Which process runs which job (several nodes share one queue): the cluster test reads it.
    log.info({ worker: name, jobId: claim.job.id, attempt: claim.job.attempts }, 'job started');
    const promise = execute(claim, controller)
      .catch((err) => log.error({ err, worker: name, jobId: claim.job.id }, 'job bookkeeping failed'))
      .finally(() => {
        noteWrite(); // what the job wrote: this process's short caches (sessions, list counts) start over
        active.delete(claim.job.id);
        if (!stopping) schedule(0);
        else settleIdle();
      });
    active.set(claim.job.id, { promise, controller });
  }

  async function execute(claim: Claim, controller: AbortController): Promise<void> {
    const { job } = claim;
    const signal = controller.signal;
    const lose = () => { if (!signal.aborted) controller.abort(new JobAborted('lost')); };
    let file: AttachedFile | null = null;
    let lastPct = -1;
    let lastWrite = 0;

    const heartbeat = setInterval(() => {
      renewLease(db, claim, leaseMs).then((held) => { if (!held) lose(); })
        .catch((err) => log.warn({ err, worker: name, jobId: job.id }, 'lease renewal failed'));
    }, heartbeatMs);
    heartbeat.unref?.();

    const ctx: JobContext = {
      db, store, job, signal,
      throwIfAborted: () => signal.throwIfAborted(),
      async reportProgress(pct: number) {
        signal.throwIfAborted();
        const p = Math.max(0, Math.min(99, Math.floor(Number.isFinite(pct) ? pct : 0)));
        const now = Date.now();
        if (p <= lastPct || now - lastWrite < progressIntervalMs) return;
        lastPct = p;
        lastWrite = now;
        if (!(await storeProgress(db, claim, p))) lose();
        signal.throwIfAborted();
      },
      attachFile(f: AttachedFile) { file = f; },
      log: {
        info: (o, m) => log.info({ ...o, jobId: job.id }, m),
        warn: (o, m) => log.warn({ ...o, jobId: job.id }, m),
        error: (o, m) => log.error({ ...o, jobId: job.id }, m),
      },
    };

    const dropFile = async () => {
      const f = file as AttachedFile | null;
      if (f) await store.delete(f.key).catch((err) => log.warn({ err, key: f.key }, 'could not delete the file of an unfinished job'));
    };

    try {
      const registered = jobHandlerOf(job.category);
      if (!registered) throw new JobFailure(`No handler for job category ${job.category}.`);
      // Background: on PGlite, requests take the one connection before the job's statements.
      const result = (await inBackground(() => registered.handler(job, ctx))) ?? {};
      signal.throwIfAborted();
      const done = await completeJob(db, claim, { url: result.url ?? null, file, data: result.data });
      if (!done) {
        log.warn({ worker: name, jobId: job.id }, 'job finished after losing its lease; result dropped');
        await dropFile();
      }
    } catch (err) {
      await dropFile();
      const reason = signal.aborted ? signal.reason : null;
      if (reason instanceof JobAborted && reason.why === 'lost') {
        log.warn({ worker: name, jobId: job.id }, 'job lost its lease; left to the worker that has it');
      } else if (reason instanceof JobAborted && reason.why === 'stopping') {
        await requeueJob(db, claim, { delayMs: 0, refund: true });
        log.info({ worker: name, jobId: job.id }, 'job handed back to the queue (worker stopping)');
      } else if (err instanceof JobFailure) {
        await failJob(db, claim, err.message);
      } else if (job.attempts >= job.maxAttempts) {
        log.error({ err, worker: name, jobId: job.id, attempts: job.attempts }, 'job failed on its last attempt');
        // The user sees a plain message; the error itself (maybe SQL or paths) is only logged.
        await failJob(db, claim, `The job failed after ${job.attempts} attempt(s).`);
      } else {
        log.warn({ err, worker: name, jobId: job.id, attempts: job.attempts }, 'job failed; it will be retried');
        await requeueJob(db, claim, { delayMs: retryDelayMs(job.attempts), message: messageOf(err) });
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  const unsubscribe = onJobQueued(() => { if (!stopping) schedule(0); });
  schedule(0);

  return {
    name,
    wake: () => schedule(0),
    running: () => active.size,
    idle: () => new Promise<void>((resolve) => {
      if (stopping) return resolve();
      idleWaiters.push(resolve);
      schedule(0);
    }),
    async stop() {
      if (stopping) return;
      stopping = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      // A claim in flight still starts its job: wait for the tick, then for the jobs.
      while (ticking) await new Promise((r) => setTimeout(r, 10));
      const all = () => Promise.all([...active.values()].map((a) => a.promise));
      const graceful = await Promise.race([
        all().then(() => true),
        new Promise<boolean>((r) => { const t = setTimeout(() => r(false), stopGraceMs); t.unref?.(); }),
      ]);
      if (!graceful) {
        for (const a of active.values()) a.controller.abort(new JobAborted('stopping'));
        await all();
      }
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    },
  };
}

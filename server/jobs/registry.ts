/**
 * Job handlers by category (JobCategory). A module registers its handler once, at import time
 * (top level of its module file), so every process that builds the app — the API and its
 * worker — knows it:
 *
 *   registerJobHandler(JobCategory.ExportPackages, async (job, ctx) => {
 *     await writeExport(ctx, { format: 'csv', columns, rows: inBatches(...) });
 *   });
 *
 * Registering the same category again replaces the handler (tests build the app many times).
 */
import type { Db } from '../db/index';
import type { FileStore } from '../storage/index';

/** A claimed job as its handler sees it. */
export interface JobRecord<P = unknown> {
  id: number;
  tenantId: number;
  /** null once that user is deleted. */
  userId: number | null;
  /** JobCategory. */
  category: number;
  payload: P;
  /** This claim's number (1 on the first run; a retry after a crash or an error is 2, ...). */
  attempts: number;
  maxAttempts: number;
  /** The export report the job fills, if it has one. */
  reportId: number | null;
  createdAt: Date;
}

/** The file a handler wrote (writeExport attaches it itself). */
export interface AttachedFile {
  /** FileStore key. */
  key: string;
  /** The name offered to the browser. */
  name: string;
}

export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobContext {
  db: Db;
  store: FileStore;
  job: JobRecord;
  /**
   * Aborted when this worker lost the job (its lease ran out and another worker took it) or
   * the worker is stopping: stop soon, write nothing more. writeExport checks it per row.
   */
  signal: AbortSignal;
  /** Throws the abort reason when `signal` is aborted. */
  throwIfAborted(): void;
  /**
   * Progress 0-99 (100 is written when the handler returns). Monotonic and throttled, so call
   * it as often as you like; it throws when the job was lost (see `signal`).
   */
  reportProgress(pct: number): Promise<void>;
  /** Records the file the job produced (writeExport does this); the last one counts. */
  attachFile(file: AttachedFile): void;
  log: JobLogger;
}

/** What a handler may answer. With an attached file and a report, the url is the report's file route. */
export interface JobResult {
  /** An explicit download address (rarely needed: writeExport + a report give one). */
  url?: string;
  /** Anything else to keep with the job (stored in jobs.result). */
  data?: Record<string, unknown>;
}

// biome-ignore lint/suspicious/noConfusingVoidType: a handler may answer nothing (`async () => {}`)
export type JobHandler<P = any> = (job: JobRecord<P>, ctx: JobContext) => Promise<JobResult | void>;

export interface JobHandlerOptions {
  /** Claims before the job ends in Error (default 3). Stored on the job when it is enqueued. */
  maxAttempts?: number;
  /**
   * Runs once the job ended in Error because its worker died on the last attempt (the sweep):
   * undo what the attempts committed (e.g. codes generated in committed batches). Errors are
   * logged.
   */
  onLost?: (job: { id: number; tenantId: number; payload: any }, db: Db) => Promise<void>;
}

interface Registered {
  handler: JobHandler;
  options: JobHandlerOptions;
}

const HANDLERS = new Map<number, Registered>();

export function registerJobHandler<P = any>(category: number, handler: JobHandler<P>, options: JobHandlerOptions = {}): void {
  if (!Number.isInteger(category)) throw new Error(`job category must be an integer, got ${category}`);
  HANDLERS.set(category, { handler: handler as JobHandler, options });
}

export function jobHandlerOf(category: number): Registered | undefined {
  return HANDLERS.get(category);
}

/**
 * A failure that retrying cannot fix (bad payload, nothing to export, a rule broken): the job
 * ends in Error at once with this message, which the user sees. Any other error is retried
 * (back-off) until max attempts, then ends in Error with a generic message (details logged).
 */
export class JobFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobFailure';
  }
}

/** The reason of an aborted job's signal. */
export class JobAborted extends Error {
  constructor(readonly why: 'lost' | 'stopping') {
    super(why === 'lost' ? 'the job was lost: its lease ran out and another worker may have it' : 'the worker is stopping');
    this.name = 'JobAborted';
  }
}

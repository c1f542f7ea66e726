/** Messages from bench/codes-child.ts (one step of the code-package benchmark) to bench/codes.ts. */
import type { CpuUse } from './cpu';
import type { PeakMemory } from './memory';

export type CodesStep = 'prepare' | 'generate' | 'export';

/** Migrations, seed and fixture; then the limit: one plain COPY of N rows into the empty codes table. */
export interface PreparedMessage {
  type: 'prepared';
  setupMs: number;
  /** randomCodes for N codes, in this process (the generation draws the same way). */
  drawMs: number;
  copyMs: number;
  /** CPU of the COPY: this process (sending the prebuilt rows; PGlite's engine too) and the PostgreSQL backends. */
  copyCpu: CpuUse;
  /** Rows the COPY reported, and rows counted after it. */
  copied: number;
  counted: number;
  /** Bytes sent to COPY. */
  copyBytes: number;
}

/** Latency of an ordinary call (sequential requests through app.inject), ms. */
export interface ProbeStats {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export interface JobTimes {
  /** From the POST until the worker is idle again (the route, the queue wait, the job, its bookkeeping). */
  wallMs: number;
  /** The POST alone (the route: checks, the package row, the job queued, one transaction). */
  postMs: number;
  /** jobs.finished_at - jobs.started_at (database clock). */
  jobMs: number;
  status: number;
  message: string | null;
  memory: PeakMemory;
  /** CPU from the POST until the worker is idle: the API and worker process (PGlite inside), and the PostgreSQL backends. */
  cpu: CpuUse;
  /** The ordinary call on the idle app (before the POST) and while the job runs. */
  probe: { url: string; idle: ProbeStats; during: ProbeStats };
}

export interface GeneratedMessage extends JobTimes {
  type: 'generated';
  packageId: number;
  /** Codes of the package counted after the job. */
  counted: number;
  packageStatus: number;
  regenerated: number | null;
}

export interface ExportedMessage extends JobTimes {
  type: 'exported';
  /** The file the job wrote (in the run's folder store), and its size. */
  file: string | null;
  bytes: number;
  fileName: string | null;
}

export type CodesChildMessage = PreparedMessage | GeneratedMessage | ExportedMessage | { type: 'failed'; error: string };

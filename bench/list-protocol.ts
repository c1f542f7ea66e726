/** Messages between bench/list.ts (parent) and bench/list-server.ts (the app's process). */

export const BENCH_TENANT = 'demo';
export const BENCH_ADMIN_PASSWORD = 'Admin1234';

export type QueryClass = 'page' | 'count' | 'session' | 'other';

export interface ClassStats {
  n: number;
  medianMs: number;
  p99Ms: number;
}

export interface ReadyMessage {
  type: 'ready';
  port: number;
  /** A Fastify hello-world in the same process: the reference of the ratios. */
  helloPort: number;
  rows: number;
  times: { openMs: number; migrateSeedMs: number; rolesMs: number; usersMs: number; analyzeMs: number; appMs: number };
}

export interface QueryExample {
  sql: string;
  parameters: unknown[];
}

export interface CapturedMessage {
  type: 'captured';
  /**
   * CPU time used while armed: by the app's process (user + system), and by the PostgreSQL
   * backends of the bench database (/proc/<pid>/stat; null on PGlite, in the app's process).
   * Per request, it tells the cost of a call whatever else the shared machine runs.
   */
  cpu: { appMs: number; dbMs: number | null };
  stats: Partial<Record<QueryClass, ClassStats>>;
  examples: Partial<Record<QueryClass, QueryExample>>;
}

export interface ExplainedMessage {
  type: 'explained';
  executionMs: number;
  planningMs: number;
  plan: string;
}

export type ChildMessage = ReadyMessage | CapturedMessage | ExplainedMessage | { type: 'armed' } | { type: 'done'; ms: number[] } | { type: 'stopped' } | { type: 'failed'; error: string };
export type ParentMessage = { cmd: 'arm' } | { cmd: 'disarm' } | { cmd: 'explain'; sql: string; parameters: unknown[] } | { cmd: 'sql'; statements: string[] } | { cmd: 'stop' };

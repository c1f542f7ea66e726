/**
 * Child processes of the tests that run the real server (or npm, or haproxy) outside vitest's
 * process: tests/api/ops-start.test.ts, tests/api/crash.test.ts and the cluster test
 * (tests/cluster/processes.ts). One helper: spawn with the output kept, a poll with a deadline
 * that stops when the process ended, a stop with a forced SIGKILL, and a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

/** The repository's root (the children's working folder). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A TCP port nothing listens on now (127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** An error that ends a wait at once (a process died) instead of being retried. */
export class Fatal extends Error {}

/** The poll's step: each wait below is bounded by its own deadline. */
const POLL_MS = 50;

/** Polls `check` until it answers a value (not undefined/false) or `ms` passed; a Fatal ends it. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, ms: number): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown = null;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined && v !== false) return v;
    } catch (e) {
      if (e instanceof Fatal) throw e;
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await sleep(POLL_MS);
  }
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Date.now() when it exited. */
  at: number;
}

export interface ChildOptions {
  /** Characters of output kept (each of out, err and output keeps its last `keep`); default all. */
  keep?: number;
  /** Copy the output to stderr, each chunk prefixed with the label (a debug switch). */
  echo?: boolean;
}

/**
 * A child process whose output is kept: `out` (stdout), `err` (stderr) and `output` (both, in
 * arrival order), for assertions and failure messages. `run` may be called again once it
 * exited (a restart): the output starts empty again.
 */
export class Child {
  child!: ChildProcess;
  exited!: Promise<Exit>;
  out = '';
  err = '';
  output = '';

  constructor(readonly label: string, private readonly options: ChildOptions = {}) {}

  run(command: string, args: string[], env: NodeJS.ProcessEnv): this {
    this.out = this.err = this.output = '';
    const keep = this.options.keep ?? Number.POSITIVE_INFINITY;
    const tail = (s: string) => (s.length > keep ? s.slice(-keep) : s);
    this.child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const on = (stream: 'out' | 'err') => (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      this[stream] = tail(this[stream] + text);
      this.output = tail(this.output + text);
      if (this.options.echo) process.stderr.write(`[${this.label}] ${text}`);
    };
    this.child.stdout!.on('data', on('out'));
    this.child.stderr!.on('data', on('err'));
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
    return this;
  }

  get alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  describe(): string {
    const state = this.alive ? 'running' : `exited (code ${this.child?.exitCode}, signal ${this.child?.signalCode})`;
    return `${this.label} (pid ${this.child?.pid}) ${state}; its output:\n${this.output || '(none)'}`;
  }

  /** Polls until `probe` holds; fails after `ms`, or at once when the process ended first. */
  async until(what: string, probe: () => boolean, ms: number): Promise<void> {
    await waitFor(what, () => {
      if (probe()) return true;
      if (!this.alive) throw new Fatal(`${what}: the process ended first. ${this.describe()}`);
      return false;
    }, ms).catch((e: unknown) => {
      throw e instanceof Fatal ? e : new Error(`${what}: not within ${ms} ms. ${this.describe()}`);
    });
  }

  /** Sends `signal` and waits for the exit; SIGKILL after `forceAfterMs` if it is still running. */
  async kill(signal: NodeJS.Signals, forceAfterMs = 30_000): Promise<Exit> {
    if (!this.alive) return { code: this.child?.exitCode ?? null, signal: this.child?.signalCode ?? null, at: Date.now() };
    this.child.kill(signal);
    const forced = setTimeout(() => this.child.kill('SIGKILL'), forceAfterMs);
    try { return await this.exited; } finally { clearTimeout(forced); }
  }
}

/**
 * The moving parts of the cluster test: server nodes (the real server/main.ts, each a process
 * of its own), haproxy with deploy/haproxy.cfg, and an HTTP client that talks to either.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = path.resolve(__dirname, '../..');

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

/** Polls `check` every 50 ms until it answers a value (not undefined/false) or `ms` passed; a Fatal ends it. */
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
    await sleep(50);
  }
}

/** A child process whose output is kept (the last 40 kB) for failure messages and log reads. */
class Child {
  child!: ChildProcess;
  exited!: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output = '';

  constructor(readonly label: string) {}

  protected run(command: string, args: string[], env: NodeJS.ProcessEnv): void {
    this.output = '';
    this.child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      this.output = (this.output + text).slice(-40_000);
      if (process.env.CLUSTER_DEBUG) process.stderr.write(`[${this.label}] ${text}`);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  get alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  describe(): string {
    const state = this.alive ? 'running' : `exited (code ${this.child?.exitCode}, signal ${this.child?.signalCode})`;
    return `${this.label} (pid ${this.child?.pid}) ${state}; its output:\n${this.output || '(none)'}`;
  }

  async kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (!this.alive) return { code: this.child?.exitCode ?? null, signal: this.child?.signalCode ?? null };
    this.child.kill(signal);
    const forced = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    try { return await this.exited; } finally { clearTimeout(forced); }
  }
}

/** One server node: `node --import tsx server/main.ts` (node itself, so signals reach the server). */
export class Node extends Child {
  constructor(readonly name: string, readonly port: number, readonly env: NodeJS.ProcessEnv) {
    super(`node ${name}`);
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  start(): void {
    this.run(process.execPath, ['--import', 'tsx', 'server/main.ts'], { ...this.env, PORT: String(this.port) });
  }

  /** Serving: its own port answers a real route that needs the database. */
  async ready(ms = 120_000): Promise<void> {
    await waitFor(`${this.label} to serve`, async () => {
      if (!this.alive) throw new Fatal(this.describe());
      const res = await fetch(`${this.base}/v1/Config/tenant/platform`).catch(() => null);
      return res?.status === 200;
    }, ms);
  }

  /** The ids of the jobs this run of the node started (its log's 'job started' lines). */
  jobsStarted(): number[] {
    const ids: number[] = [];
    for (const line of this.output.split('\n')) {
      if (!line.includes('"job started"')) continue;
      try { ids.push((JSON.parse(line) as { jobId: number }).jobId); } catch { /* not a whole line yet */ }
    }
    return ids;
  }
}

/** haproxy with the committed deploy/haproxy.cfg, in the foreground (-db). */
export class Balancer extends Child {
  readonly socket: string;

  constructor(readonly port: number, readonly nodes: Node[], runDir: string) {
    super('haproxy');
    this.socket = path.join(runDir, `haproxy-${crypto.randomBytes(3).toString('hex')}.sock`);
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  start(haproxy: string): void {
    const env: NodeJS.ProcessEnv = { ...process.env, LB_BIND: `127.0.0.1:${this.port}`, ADMIN_SOCKET: this.socket };
    this.nodes.forEach((n, i) => { env[`NODE${i + 1}`] = `127.0.0.1:${n.port}`; });
    this.run(haproxy, ['-db', '-f', path.join(ROOT, 'deploy/haproxy.cfg')], env);
  }

  /** One command of haproxy's runtime API; its answer. */
  command(line: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const conn = net.createConnection(this.socket);
      let out = '';
      conn.on('data', (d) => { out += d.toString('utf8'); });
      conn.on('end', () => resolve(out));
      conn.on('error', reject);
      conn.write(`${line}\n`);
    });
  }

  /** Each backend server's status as haproxy sees it (UP, DOWN, DRAIN, MAINT...). */
  async states(): Promise<Record<string, string>> {
    const csv = await this.command('show stat');
    const lines = csv.split('\n').filter(Boolean);
    const header = lines[0].replace(/^# /, '').split(',');
    const at = (name: string) => header.indexOf(name);
    const out: Record<string, string> = {};
    for (const l of lines.slice(1)) {
      const cells = l.split(',');
      if (cells[at('pxname')] === 'nodes' && cells[at('svname')].startsWith('node')) out[cells[at('svname')]] = cells[at('status')];
    }
    return out;
  }

  async waitState(server: string, wanted: (status: string) => boolean, ms = 60_000): Promise<void> {
    await waitFor(`haproxy to see ${server} ${wanted.toString()}`, async () => {
      if (!this.alive) throw new Fatal(this.describe());
      const s = await this.states();
      return wanted(s[server] ?? '');
    }, ms);
  }
}

export function haproxyConfigExists(): boolean {
  return fs.existsSync(path.join(ROOT, 'deploy/haproxy.cfg'));
}

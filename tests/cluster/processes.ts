/**
 * The moving parts of the cluster test: server nodes (the real server/main.ts, each a process
 * of its own), haproxy with deploy/haproxy.cfg, and an HTTP client that talks to either.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Child, Fatal, ROOT, waitFor } from '../support/processes';

export { Fatal, freePort, ROOT, waitFor } from '../support/processes';

/** Output kept per process (the last 40 kB), for failure messages and log reads. */
const KEEP = 40_000;

/** One server node: `node --import tsx server/main.ts` (node itself, so signals reach the server). */
export class Node extends Child {
  constructor(readonly name: string, readonly port: number, readonly env: NodeJS.ProcessEnv) {
    super(`node ${name}`, { keep: KEEP, echo: !!process.env.CLUSTER_DEBUG });
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
    super('haproxy', { keep: KEEP, echo: !!process.env.CLUSTER_DEBUG });
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

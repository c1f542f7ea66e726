/**
 * The marketing part of `npm run bench` (`npm run bench -- marketing`): the shopper's scan
 * (issue 27), requests per second of the consumer page's data call beside a static file served
 * by the same server, as ratios, with the server's CPU time per request beside them.
 *
 * The app runs in child processes (bench/marketing-server.ts), autocannon drives from this
 * process for BENCH_DURATION seconds at BENCH_CONNECTIONS connections after a BENCH_WARMUP
 * warm-up, on each database:
 *   - PGlite (a data folder: the embedded database as it runs);
 *   - PostgreSQL, one server process;
 *   - PostgreSQL, two server processes on the same database (each gets half the connections;
 *     req/s summed, p99 the worse of the two).
 * Rows:
 *   - GET /static.html              (@fastify/static, a page of about the page data's size);
 *   - GET /mapi/v1/page/demo        (PageData without a code: layout, banners, popular, contact);
 *   - ?c= codes scanned before      (each request another of 1,000 real codes of the server,
 *                                    scanned again and again: the scan recorded, counted, read back);
 *   - ?c= first scans               (each request a code never scanned before);
 *   - ?c= the hot code              (one code with 100,000 earlier scans, the one on a poster).
 * CPU per request: the server processes' CPU time (process.cpuUsage, asked over IPC before and
 * after the row) over the requests answered; the load generator's own CPU beside it.
 * Compression is left to the server (no Accept-Encoding: identity).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cleanupAll, onCleanup } from './cleanup';
import { prepareDatabase, type Backend } from './databases';
import { fmtInt, type Section } from './stats';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Ready { type: 'ready'; port: number; codes: string[]; hotCode: string; tenant: string; pageBytes: number }

interface Row { label: string; reqPerSec: number; p50: number; p99: number; non2xx: number; bytes: number; cpuMs: number; genCpuMs: number }

class BenchServer {
  readonly child: ChildProcess;
  readonly ready: Promise<Ready>;

  constructor(env: Record<string, string>) {
    this.child = fork(fileURLToPath(new URL('./marketing-server.ts', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...env } });
    this.ready = new Promise<Ready>((resolve, reject) => {
      this.child.on('message', (m: Ready) => { if (m.type === 'ready') resolve(m); });
      this.child.once('exit', (code) => reject(new Error(`marketing bench server exited (${code})`)));
    });
    onCleanup(() => this.stop());
  }

  /** CPU time of the server process so far, in ms. */
  cpuMs(): Promise<number> {
    return new Promise((resolve) => {
      const on = (m: { type: string; micros: number }) => {
        if (m.type !== 'cpu') return;
        this.child.off('message', on);
        resolve(m.micros / 1000);
      };
      this.child.on('message', on);
      this.child.send({ cmd: 'cpu' });
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    if (this.child.connected) this.child.send({ cmd: 'stop' });
    const forced = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(forced);
  }
}

interface Target { label: string; path: string; next?: () => string }

/** One row: autocannon on every server at once (the connections shared out), CPU asked around it. */
async function measure(servers: { server: BenchServer; port: number }[], t: Target, log: (line: string) => void): Promise<Row> {
  const per = Math.max(1, Math.floor(CONNECTIONS / servers.length));
  const run = (port: number, duration: number) => autocannon({
    url: `http://127.0.0.1:${port}${t.path}`, connections: per, duration, timeout: 30,
    ...(t.next ? { requests: [{ setupRequest: (req: { path?: string }) => ({ ...req, path: `${t.path}${t.next!()}` }) }] } : {}),
  });
  const probe = await fetch(`http://127.0.0.1:${servers[0].port}${t.path}${t.next ? t.next() : ''}`);
  const bytes = (await probe.arrayBuffer()).byteLength;
  log(`marketing: ${t.label} (${WARMUP} s warm-up, ${DURATION} s at ${per * servers.length} connections over ${servers.length} process${servers.length > 1 ? 'es' : ''})`);
  if (WARMUP > 0) await Promise.all(servers.map((s) => run(s.port, WARMUP)));
  const cpuBefore = await Promise.all(servers.map((s) => s.server.cpuMs()));
  const gen0 = process.cpuUsage();
  const results = await Promise.all(servers.map((s) => run(s.port, DURATION)));
  const gen = process.cpuUsage(gen0);
  const cpuAfter = await Promise.all(servers.map((s) => s.server.cpuMs()));
  const total = results.reduce((n, r) => n + r.requests.total, 0);
  const seconds = Math.max(...results.map((r) => r.duration));
  return {
    label: t.label, bytes, reqPerSec: total / seconds,
    p50: Math.max(...results.map((r) => r.latency.p50)), p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
    cpuMs: cpuAfter.reduce((n, c, i) => n + c - cpuBefore[i], 0) / Math.max(1, total),
    genCpuMs: (gen.user + gen.system) / 1000 / Math.max(1, total),
  };
}

function section(title: string, rows: Row[], notes: string[]): Section {
  const ref = rows[0];
  return {
    title,
    table: [
      ['request', 'bytes', 'req/s', 'ratio to static', 'p50 ms', 'p99 ms', 'server CPU/req', 'load-gen CPU/req', 'non-2xx'],
      ...rows.map((r) => [r.label, fmtInt(r.bytes), fmtInt(r.reqPerSec), (r.reqPerSec / ref.reqPerSec).toFixed(2), String(r.p50), String(r.p99),
        `${r.cpuMs.toFixed(2)} ms`, `${r.genCpuMs.toFixed(2)} ms`, String(r.non2xx)]),
    ],
    notes,
  };
}

async function runBackend(backend: Backend, log: (line: string) => void): Promise<Section[]> {
  const prepared = await prepareDatabase(backend);
  if ('skip' in prepared) return [{ title: `Marketing: the shopper's scan (${backend})`, table: [['skipped'], [prepared.skip]], notes: [] }];
  log(`marketing: ${prepared.where}: setting up the demo page, its codes and a code scanned 100,000 times`);
  const first = new BenchServer({ ...prepared.env, BENCH_MKT_PRIMARY: '1' });
  const servers = [first];
  try {
    const ready = await first.ready;
    const base = `/mapi/v1/page/${ready.tenant}`;
    let again = 0;
    let fresh = 1000;
    const targets: Target[] = [
      { label: 'static file /static.html', path: '/static.html' },
      { label: `GET ${base}`, path: base },
      { label: `${base}?c= (1,000 codes scanned again and again)`, path: `${base}?c=`, next: () => ready.codes[again++ % 1000] },
      { label: `${base}?c= (first scans)`, path: `${base}?c=`, next: () => ready.codes[1000 + (fresh++ % (ready.codes.length - 1000))] },
      { label: `${base}?c= (a code scanned 100,000 times)`, path: `${base}?c=`, next: () => ready.hotCode },
    ];
    const one = [{ server: first, port: ready.port }];
    const rows: Row[] = [];
    for (const t of targets) rows.push(await measure(one, t, log));
    const label = backend === 'pglite' ? 'PGlite, data folder' : 'PostgreSQL, one server process';
    const hot = rows[4].reqPerSec;
    const sections = [section(`Marketing: the shopper's scan vs a static file (${label})`, rows, [
      prepared.where,
      `${DURATION} s of autocannon per row at ${CONNECTIONS} connections after a ${WARMUP} s warm-up, from this process (its CPU per request in "load-gen CPU/req").`,
      `The code scanned 100,000 times answers at ${(hot / rows[3].reqPerSec).toFixed(2)} × the rate of first scans (issue 27: within 1.2 ×, i.e. >= 0.83).`,
      'Every scan row records the scan (one scan_logs row, the code\'s count) before it answers; the static page holds the page data as text (about the same bytes).',
    ])];
    if (backend === 'postgres') {
      const second = new BenchServer({ ...prepared.env, BENCH_MKT_PRIMARY: '0' });
      servers.push(second);
      const r2 = await second.ready;
      const two = [...one, { server: second, port: r2.port }];
      const rows2 = [await measure(two, targets[0], log), await measure(two, targets[2], log), await measure(two, targets[4], log)];
      sections.push(section('Marketing: the shopper\'s scan vs a static file (PostgreSQL, two server processes)', rows2, [
        prepared.where,
        `Two server processes on one database, ${Math.floor(CONNECTIONS / 2)} connections each; req/s summed, p50/p99 the worse of the two.`,
      ]));
    }
    return sections;
  } finally {
    for (const s of servers) await s.stop();
  }
}

export async function runMarketingBench(log: (line: string) => void): Promise<Section[]> {
  try {
    return [...await runBackend('pglite', log), ...await runBackend('postgres', log)];
  } finally {
    await cleanupAll(log);
  }
}

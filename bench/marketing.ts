/**
 * The marketing part of `npm run bench` (`npm run bench -- marketing`): requests per second of
 * the consumer page's data call against a static file served by the same server, as a ratio.
 * The app runs in a child process (bench/marketing-server.ts: PGlite in memory, the demo
 * client's page set up, BENCH_MKT_CODES codes); autocannon drives, for BENCH_DURATION seconds
 * at BENCH_CONNECTIONS connections after a BENCH_WARMUP warm-up:
 *   - GET /static.html           (@fastify/static, a page of about the page data's size);
 *   - GET /mapi/v1/page/demo     (PageData without a code: layout, banners, popular, contact);
 *   - GET /mapi/v1/page/demo?c=  (the same plus the scan: one insert, count, latest place,
 *                                 the code's product), each request another of 1,000 codes.
 * Compression is left to the server (no Accept-Encoding: identity), as for the list part.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cleanupAll, onCleanup } from './cleanup';
import { fmtInt, type Section } from './stats';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Ready { type: 'ready'; port: number; codes: string[]; tenant: string; pageBytes: number }

interface Row { label: string; reqPerSec: number; p50: number; p99: number; non2xx: number; bytes: number }

export async function runMarketingBench(log: (line: string) => void): Promise<Section> {
  const child = fork(fileURLToPath(new URL('./marketing-server.ts', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    if (child.connected) child.send({ cmd: 'stop' });
    const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(forced);
  };
  onCleanup(stop);
  try {
    log('marketing: setting up the demo page and codes');
    const ready = await new Promise<Ready>((resolve, reject) => {
      child.on('message', (m: Ready) => { if (m.type === 'ready') resolve(m); });
      child.once('exit', (code) => reject(new Error(`marketing bench server exited (${code})`)));
    });
    const base = `http://127.0.0.1:${ready.port}`;
    let i = 0;
    const targets = [
      { label: 'static file /static.html', path: '/static.html' },
      { label: `GET /mapi/v1/page/${ready.tenant}`, path: `/mapi/v1/page/${ready.tenant}` },
      { label: `GET /mapi/v1/page/${ready.tenant}?c= (scan recorded)`, path: `/mapi/v1/page/${ready.tenant}?c=`, codes: true },
    ];
    const rows: Row[] = [];
    for (const t of targets) {
      const requests = t.codes ? [{ setupRequest: (req: { path?: string }) => ({ ...req, path: `${t.path}${ready.codes[i++ % ready.codes.length]}` }) }] : undefined;
      const probe = await fetch(`${base}${t.path}${t.codes ? ready.codes[0] : ''}`);
      const bytes = (await probe.arrayBuffer()).byteLength;
      log(`marketing: ${t.label} (${WARMUP} s warm-up, ${DURATION} s at ${CONNECTIONS} connections)`);
      if (WARMUP > 0) await autocannon({ url: `${base}${t.path}`, connections: CONNECTIONS, duration: WARMUP, ...(requests ? { requests } : {}) });
      const run = await autocannon({ url: `${base}${t.path}`, connections: CONNECTIONS, duration: DURATION, timeout: 30, ...(requests ? { requests } : {}) });
      rows.push({ label: t.label, reqPerSec: run.requests.total / run.duration, p50: run.latency.p50, p99: run.latency.p99, non2xx: run.non2xx + run.errors + run.timeouts, bytes });
    }
    const ref = rows[0].reqPerSec;
    return {
      title: 'Marketing: consumer page data vs a static file (same server, PGlite in memory)',
      table: [
        ['request', 'bytes', 'req/s', 'ratio to static', 'p50 ms', 'p99 ms', 'non-2xx'],
        ...rows.map((r) => [r.label, fmtInt(r.bytes), fmtInt(Math.round(r.reqPerSec)), `${(r.reqPerSec / ref).toFixed(2)}`, String(r.p50), String(r.p99), String(r.non2xx)]),
      ],
      notes: [
        `${DURATION} s of autocannon per row at ${CONNECTIONS} connections after a ${WARMUP} s warm-up; the scan row rotates over 1,000 codes, each request one scan_logs insert.`,
        'The static page holds the page data as text (about the same bytes), so the ratio is the cost of building the page data, not of sending it.',
      ],
    };
  } finally {
    await stop();
    await cleanupAll(log);
  }
}

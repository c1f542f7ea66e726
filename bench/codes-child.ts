/**
 * One step of the code-package benchmark, in a process of its own: bench/codes.ts forks this
 * file once per step so each step's peak memory is its own. argv[2] is the step; the database
 * is in BENCH_PGLITE_DIR (PGlite data folder) or BENCH_PG_URL, export files go to
 * BENCH_FILES_DIR, BENCH_CODES_N is the package size. One message (bench/codes-protocol.ts),
 * then the process ends.
 *
 *  prepare   migrations, first-start seed, the fixture (bench/codes-fixture.ts); then the limit:
 *            N rows of the codes table's shape (package_id 0, seq 1..N, random codes of the
 *            fixture's alphabet and length drawn beforehand with the generation's randomCodes)
 *            in ONE plain COPY into the empty codes table (PostgreSQL: COPY FROM STDIN through
 *            bench/pg-copy.ts; PGlite: COPY FROM '/dev/blob'); counted, then TRUNCATEd
 *            (PostgreSQL: and a CHECKPOINT, so the next step does not write this step's pages).
 *  generate  the real app (buildApp) and job worker (startJobWorker with main.ts's defaults):
 *            signs in, POST /v1/Code/package for N codes, waits until the worker is idle.
 *  export    the same; POST /v1/Code/package/{BENCH_PACKAGE_ID}/file with no body (csv, the
 *            default columns seq and code, header row), waits until the worker is idle.
 * Memory (bench/memory.ts) is watched from just before the POST until the worker is idle.
 */
import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import { createPglite, kyselyOverPglite, openPglite, openPostgres, type Db } from '../server/db/index';
import { migrate } from '../server/db/migrate';
import { startJobWorker, type JobLogger } from '../server/jobs/index';
import { fileStoreOf } from '../server/services/uploads';
import { loadOrCreateKeys } from '../server/security/keys';
import { seed } from '../server/seed';
import { alphabetOf, randomCodes } from '../server/services/codes';
import { readSettings } from '../server/settings';
import { FolderStore } from '../server/storage/index';
import { CODE_FORMAT, CODE_LENGTH, createFixture, findFixture, signIn } from './codes-fixture';
import type { CodesChildMessage, CodesStep, JobTimes, ProbeStats } from './codes-protocol';
import { watchCpu } from './cpu';
import { watchMemory } from './memory';
import { copyFrom } from './pg-copy';
import { startProbe } from './probe';

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const N = Number(process.env.BENCH_CODES_N);
const FILES_DIR = process.env.BENCH_FILES_DIR!;
const PG_URL = process.env.BENCH_PG_URL;
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR;

const settings = {
  ...readSettings({}),
  adminInitialPassword: 'Admin1234',
  staticDir: '/nonexistent/oioc-bench-static',
  dataDir: PGLITE_DIR ?? '/nonexistent/oioc-bench-data',
  filesDir: FILES_DIR,
  // The export is read back from the folder (the default keeps files in the database).
  fileStore: 'folder' as const,
};

const send = (msg: CodesChildMessage) => new Promise<void>((resolve) => {
  if (!process.send) { console.log(JSON.stringify(msg)); resolve(); return; }
  process.send(msg, () => resolve());
});

/** warn and error of the worker on stderr (a failing job says why). */
const logger: JobLogger = {
  info() {},
  warn: (o, m) => process.stderr.write(`  · worker warn: ${m ?? ''} ${JSON.stringify(o, (_k, v) => (v instanceof Error ? v.stack : v))}\n`),
  error: (o, m) => process.stderr.write(`  · worker error: ${m ?? ''} ${JSON.stringify(o, (_k, v) => (v instanceof Error ? v.stack : v))}\n`),
};

/** The rows of the limit as COPY text, in chunks of 50,000 rows; and the time randomCodes took. */
function copyRows(): { chunks: Buffer[]; drawMs: number; bytes: number } {
  const alphabet = alphabetOf(CODE_FORMAT);
  const chunks: Buffer[] = [];
  let drawMs = 0;
  let bytes = 0;
  for (let start = 1; start <= N; start += 50_000) {
    const n = Math.min(50_000, N - start + 1);
    const t = nowMs();
    const codes = randomCodes(n, alphabet, CODE_LENGTH);
    drawMs += nowMs() - t;
    const chunk = Buffer.from(codes.map((c, i) => `0\t${start + i}\t${c}\n`).join(''), 'utf8');
    bytes += chunk.length;
    chunks.push(chunk);
  }
  return { chunks, drawMs, bytes };
}

async function prepare(): Promise<CodesChildMessage> {
  let t = nowMs();
  let pglite: PGlite | null = null;
  const db: Db = PG_URL ? openPostgres(PG_URL) : kyselyOverPglite((pglite = await createPglite(PGLITE_DIR!)));
  try {
    await migrate(db);
    await seed(db, settings);
    await loadOrCreateKeys(db);
    await createFixture(db);
    const setupMs = nowMs() - t;

    const { chunks, drawMs, bytes } = copyRows();
    const text = 'copy codes (package_id, seq, code) from';
    let copied: number;
    let cpu: Awaited<ReturnType<typeof watchCpu>>;
    if (pglite) {
      const blob = new Blob(chunks.map((c) => new Uint8Array(c)));
      cpu = await watchCpu(undefined);
      t = nowMs();
      const result = await pglite.query(`${text} '/dev/blob'`, [], { blob });
      copied = Number(result.affectedRows ?? 0);
    } else {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      try {
        cpu = await watchCpu(PG_URL);
        t = nowMs();
        copied = await copyFrom(client, `${text} stdin`, chunks);
      } finally {
        await client.end();
      }
    }
    const copyMs = nowMs() - t;
    const copyCpu = await cpu.stop();
    const counted = Number((await sql<{ n: string }>`select count(*) as n from codes`.execute(db)).rows[0].n);
    await sql`truncate codes`.execute(db);
    if (!pglite) await sql`checkpoint`.execute(db);
    return { type: 'prepared', setupMs, drawMs, copyMs, copyCpu, copied, counted, copyBytes: bytes };
  } finally {
    await db.destroy();
  }
}

type Post = (url: string, payload: unknown, status?: number) => Promise<any>;

/** The ordinary call timed before and during each job (a page of a list, from the database). */
const PROBE_URL = '/v1/Code/package?page=1&pageSize=10';
const PROBE_IDLE_RUNS = 50;
const PROBE_GAP_MS = 20;

function probeStats(values: number[]): ProbeStats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? NaN };
}

/**
 * Opens the database as main.ts does, builds the app and a worker, signs in, warms the route
 * up (`warmUp`: a request its validation refuses, so the first-request costs of a fresh process
 * — compiling the body validator — are not timed); then runs `post` and waits for its job.
 */
async function throughTheApp(warmUp: (call: Post, db: Db) => Promise<unknown>, post: (call: Post, db: Db) => Promise<number>): Promise<{ db: Db; jobId: number; times: JobTimes; close: () => Promise<void> }> {
  const db = PG_URL ? openPostgres(PG_URL) : await openPglite(PGLITE_DIR!);
  const keys = await loadOrCreateKeys(db);
  const app = await buildApp({ db, settings, keys });
  const worker = startJobWorker({ db, store: fileStoreOf({ settings, db }), concurrency: 1, logger });
  const close = async () => {
    await worker.stop();
    await app.close();
    await db.destroy();
  };
  try {
    const token = await signIn(app);
    const call: Post = async (url, payload, status = 201) => {
      const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: payload as object });
      if (res.statusCode !== status) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    await warmUp(call, db);
    await worker.idle();
    // The ordinary call: a list page read from the database, asked by another process over the
    // loopback (bench/probe.ts), first on the idle app, then while the job runs.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const probe = startProbe(`http://127.0.0.1:${port}${PROBE_URL}`, token);
    let idle: number[];
    let during: number[];
    let wallMs: number;
    let memory: ReturnType<typeof watchMemory>;
    let cpu: Awaited<ReturnType<typeof watchCpu>>;
    let jobId: number;
    let postMs: number;
    try {
      idle = await probe.sample(PROBE_IDLE_RUNS);
      memory = watchMemory();
      cpu = await watchCpu(PG_URL);
      const t = nowMs();
      jobId = await post(call, db);
      postMs = nowMs() - t;
      // Meanwhile: one call after another (a pause of PROBE_GAP_MS between them) until the job ends.
      probe.start(PROBE_GAP_MS);
      await worker.idle();
      wallMs = nowMs() - t;
      during = await probe.stop();
    } finally {
      probe.close();
    }
    const mem = memory.stop();
    const cpuUse = await cpu.stop();
    const job = await db.selectFrom('jobs').select(['status', 'message', 'started_at', 'finished_at']).where('id', '=', jobId).executeTakeFirstOrThrow();
    const jobMs = job.started_at && job.finished_at ? job.finished_at.getTime() - job.started_at.getTime() : NaN;
    return { db, jobId, times: { wallMs, postMs, jobMs, status: job.status, message: job.message, memory: mem, cpu: cpuUse, probe: { url: PROBE_URL, idle: probeStats(idle), during: probeStats(during) } }, close };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}

async function generate(): Promise<CodesChildMessage> {
  let packageId = 0;
  const { db, jobId, times, close } = await throughTheApp(async (call, db) => {
    const { clientId, materialId } = await findFixture(db);
    return call('/v1/Code/package', { clientId, packagingMaterialId: materialId, type: 1, quantity: 0 }, 400);
  }, async (call, db) => {
    const { clientId, materialId } = await findFixture(db);
    const pkg = await call('/v1/Code/package', { clientId, packagingMaterialId: materialId, type: 1, quantity: N });
    packageId = pkg.id;
    return pkg.jobId as number;
  });
  try {
    const counted = Number((await db.selectFrom('codes').select((eb) => eb.fn.countAll<string>().as('n')).where('package_id', '=', packageId).executeTakeFirstOrThrow()).n);
    const pkg = await db.selectFrom('code_packages').select('status').where('id', '=', packageId).executeTakeFirstOrThrow();
    const job = await db.selectFrom('jobs').select('result').where('id', '=', jobId).executeTakeFirstOrThrow();
    const result = (typeof job.result === 'string' ? JSON.parse(job.result) : job.result) as { regenerated?: number } | null;
    return { type: 'generated', ...times, packageId, counted, packageStatus: pkg.status, regenerated: result?.regenerated ?? null };
  } finally {
    await close();
  }
}

async function exportCsv(): Promise<CodesChildMessage> {
  const packageId = Number(process.env.BENCH_PACKAGE_ID);
  const url = `/v1/Code/package/${packageId}/file`;
  const { db, jobId, times, close } = await throughTheApp(
    (call) => call(url, { format: 'pdf' }, 400),
    async (call) => (await call(url, {})).id as number,
  );
  try {
    const job = await db.selectFrom('jobs').select('report_id').where('id', '=', jobId).executeTakeFirstOrThrow();
    const report = job.report_id === null ? undefined
      : await db.selectFrom('export_reports').select(['file_key', 'file_name']).where('id', '=', job.report_id).executeTakeFirst();
    const file = report?.file_key ? new FolderStore(FILES_DIR).pathOf(report.file_key) : null;
    return { type: 'exported', ...times, file, bytes: file ? fs.statSync(file).size : 0, fileName: report?.file_name ?? null };
  } finally {
    await close();
  }
}

const step = process.argv[2] as CodesStep;
const steps: Record<CodesStep, () => Promise<CodesChildMessage>> = { prepare, generate, export: exportCsv };

(async () => {
  if (!steps[step]) throw new Error(`unknown step '${step}'`);
  await send(await steps[step]());
})().catch(async (err) => {
  await send({ type: 'failed', error: err instanceof Error ? err.stack ?? err.message : String(err) });
  process.exitCode = 1;
}).finally(() => process.disconnect?.());

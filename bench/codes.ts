/**
 * Code packages: generation of N codes and their csv export through the real job path, beside
 * the limit (one plain COPY of N rows of the same shape into the same table), for each backend
 * (PGlite in a temporary data folder; PostgreSQL in a database of its own, see
 * bench/databases.ts) and each size of BENCH_CODES_SIZES (default "100000,1000000").
 *
 * Each (backend, size) gets a fresh database and three child processes (bench/codes-child.ts),
 * one per step, so each step's peak memory is its own:
 *   1. prepare: migrations, seed, fixture; the COPY limit into the empty codes table, then
 *      TRUNCATE (the generation also starts from an empty table);
 *   2. generate: POST /v1/Code/package (N codes) on the real app (after one warm-up request
 *      that validation refuses, so a fresh process's first-request costs are not timed), the
 *      AddCodes job run by the real worker: wall time from the POST until the worker is idle
 *      again, the POST alone, the job's own time, peak RSS and V8 heap of the process (the API
 *      and worker process; PGlite runs inside it, PostgreSQL does not);
 *   3. export: POST /v1/Code/package/{id}/file (csv, columns seq and code, header row), the
 *      ExportCodes job: the same figures, and the file's size.
 * This process then reads the file back and checks it (N data lines, seq 1..N in order, N
 * unique codes of the material's format): printed, never asserted. BENCH_CODES_HEAP_MB caps the
 * steps' V8 old space (see HEAP_MB).
 *
 * Run alone: `npx tsx bench/codes.ts [pglite|postgres]`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { runAlone } from './alone';
import { cleanupAll, onCleanup } from './cleanup';
import { CODE_PATTERN } from './codes-fixture';
import type { CpuUse } from './cpu';
import type { CodesChildMessage, CodesStep, ExportedMessage, GeneratedMessage, PreparedMessage } from './codes-protocol';
import { prepareDatabase, type Backend } from './databases';
import { fmtInt, fmtMs, type Section } from './stats';

export const CODES_SIZES = (process.env.BENCH_CODES_SIZES ?? '100000,1000000')
  .split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);

/**
 * BENCH_CODES_HEAP_MB: run the steps with `--max-old-space-size` of that many MiB, to see
 * whether a step needs its memory or V8 merely lets garbage pile up (unset: Node's default).
 */
const HEAP_MB = Number(process.env.BENCH_CODES_HEAP_MB) || 0;

/** BENCH_CODES_EXPORT=0: generation only (the 10,000,000-code run: the export adds minutes and is not its question). */
const EXPORT = process.env.BENCH_CODES_EXPORT !== '0';

/** What reading the export file back found. */
export interface FileCheck {
  dataLines: number;
  unique: number;
  /** seq of line i is i (1-based). */
  inOrder: boolean;
  /** Codes matching the material's format and length. */
  wellFormed: number;
  header: string;
}

export interface CodesRun {
  backend: Backend;
  size: number;
  where?: string;
  skipped?: string;
  error?: string;
  prepared?: PreparedMessage;
  generated?: GeneratedMessage;
  exported?: ExportedMessage;
  check?: FileCheck;
}

function onExitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Forks one step and answers its message (the child exits after it). */
async function step<T extends CodesChildMessage>(name: CodesStep, env: Record<string, string>): Promise<T> {
  const child = fork(fileURLToPath(new URL('./codes-child.ts', import.meta.url)), [name], {
    env: { ...process.env, ...env },
    execArgv: HEAP_MB ? [...process.execArgv, `--max-old-space-size=${HEAP_MB}`] : process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stop = onCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = onExitOf(child);
    child.kill('SIGTERM');
    const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(forced);
  });
  try {
    const msg = await new Promise<CodesChildMessage>((resolve, reject) => {
      let answer: CodesChildMessage | null = null;
      child.on('message', (m: CodesChildMessage) => { answer ??= m; });
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        if (answer) resolve(answer);
        else reject(new Error(`step '${name}' exited (code ${code}, signal ${signal}) without an answer`));
      });
    });
    if (msg.type === 'failed') throw new Error(`step '${name}': ${msg.error}`);
    return msg as T;
  } finally {
    await stop();
  }
}

/** Reads the csv back: BOM and header row, then "seq,code" lines. */
export async function checkFile(file: string): Promise<FileCheck> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  const codes = new Set<string>();
  let header: string | null = null;
  let dataLines = 0;
  let inOrder = true;
  let wellFormed = 0;
  for await (const line of lines) {
    if (header === null) {
      header = line.replace(/^\uFEFF/, '');
      continue;
    }
    if (line === '') continue;
    dataLines++;
    const comma = line.indexOf(',');
    const seq = Number(line.slice(0, comma));
    const code = line.slice(comma + 1);
    if (seq !== dataLines) inOrder = false;
    if (CODE_PATTERN.test(code)) wellFormed++;
    codes.add(code);
  }
  return { dataLines, unique: codes.size, inOrder, wellFormed, header: header ?? '' };
}

export async function runCodesBackend(backend: Backend, log: (line: string) => void = () => {}): Promise<CodesRun[]> {
  const runs: CodesRun[] = [];
  for (const size of CODES_SIZES) {
    const run: CodesRun = { backend, size };
    runs.push(run);
    try {
      const prepared = await prepareDatabase(backend);
      if ('skip' in prepared) {
        run.skipped = prepared.skip;
        log(prepared.skip);
        continue;
      }
      run.where = prepared.where;
      let filesDir: string;
      if (prepared.dir) {
        filesDir = path.join(prepared.dir, 'files');
      } else {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-bench-files-'));
        onCleanup(async () => fs.rmSync(dir, { recursive: true, force: true }));
        filesDir = dir;
      }
      const env = { ...prepared.env, BENCH_FILES_DIR: filesDir, BENCH_CODES_N: String(size) };
      log(`codes on ${backend}, ${fmtInt(size)}: migrations, fixture, COPY limit (${prepared.where})`);
      run.prepared = await step<PreparedMessage>('prepare', env);
      log(`codes on ${backend}, ${fmtInt(size)}: COPY ${fmtMs(run.prepared.copyMs)}; generating through the AddCodes job`);
      run.generated = await step<GeneratedMessage>('generate', env);
      log(`codes on ${backend}, ${fmtInt(size)}: generated in ${fmtMs(run.generated.wallMs)}; exporting through the ExportCodes job`);
      if (!EXPORT) continue;
      run.exported = await step<ExportedMessage>('export', { ...env, BENCH_PACKAGE_ID: String(run.generated.packageId) });
      log(`codes on ${backend}, ${fmtInt(size)}: exported in ${fmtMs(run.exported.wallMs)}; checking the file`);
      if (run.exported.file) run.check = await checkFile(run.exported.file);
    } catch (err) {
      run.error = err instanceof Error ? err.message : String(err);
      log(`codes on ${backend}, ${fmtInt(size)} failed: ${run.error}`);
    } finally {
      await cleanupAll(log);
    }
  }
  return runs;
}

const MiB = 2 ** 20;
const fmtMiB = (bytes: number | undefined) => (bytes === undefined || !Number.isFinite(bytes) ? '-' : `${(bytes / MiB).toFixed(1)} MiB`);
const rate = (n: number, ms: number | undefined) => (ms && ms > 0 ? fmtInt(n / (ms / 1000)) : '-');
const pct = (part: number, whole: number) => (whole > 0 && Number.isFinite(part) ? `${((part / whole) * 100).toFixed(0)}%` : '-');

/** CPU of a step: the app process, the database backends (PostgreSQL), and both per code in µs. */
function cpuCells(cpu: CpuUse | undefined, n: number): string[] {
  if (!cpu) return ['-', '-', '-'];
  const total = cpu.selfMs + (Number.isFinite(cpu.dbMs) ? cpu.dbMs : 0);
  return [fmtMs(cpu.selfMs), Number.isFinite(cpu.dbMs) ? fmtMs(cpu.dbMs) : '-', ((total * 1000) / n).toFixed(1)];
}

export function codesSection(runs: CodesRun[]): Section {
  const rows: string[][] = [['backend', 'codes', 'step', 'time', 'POST', 'job', 'codes/s', 'of COPY', 'CPU app', 'CPU db', 'CPU µs/code', 'RSS before', 'peak RSS', 'peak heap', 'file']];
  const notes: string[] = [];
  for (const r of runs) {
    if (r.skipped) { notes.push(`${r.backend} ${fmtInt(r.size)}: ${r.skipped}`); continue; }
    const p = r.prepared;
    const g = r.generated;
    const e = r.exported;
    const copyRate = p ? r.size / (p.copyMs / 1000) : NaN;
    const size = fmtInt(r.size);
    if (p) rows.push([r.backend, size, 'COPY (limit)', fmtMs(p.copyMs), '', '', rate(r.size, p.copyMs), '100%', ...cpuCells(p.copyCpu, r.size), '', '', '', '']);
    if (g) {
      rows.push([r.backend, size, 'generate (AddCodes job)', fmtMs(g.wallMs), fmtMs(g.postMs), fmtMs(g.jobMs), rate(r.size, g.wallMs), pct(r.size / (g.wallMs / 1000), copyRate),
        ...cpuCells(g.cpu, r.size), fmtMiB(g.memory.rssBefore), fmtMiB(g.memory.peakRss), fmtMiB(g.memory.peakHeap), '']);
    }
    if (e) {
      rows.push([r.backend, size, 'export csv (ExportCodes job)', fmtMs(e.wallMs), fmtMs(e.postMs), fmtMs(e.jobMs), rate(r.size, e.wallMs), '',
        ...cpuCells(e.cpu, r.size), fmtMiB(e.memory.rssBefore), fmtMiB(e.memory.peakRss), fmtMiB(e.memory.peakHeap), fmtMiB(e.bytes)]);
    }
    if (r.error) notes.push(`${r.backend} ${size}: FAILED ${r.error.split('\n')[0]}`);
  }
  notes.push(
    'time: from the POST until the job worker is idle again (the route, the queue wait, the job, its bookkeeping); POST: the request alone (after a ' +
    'warm-up request that validation refuses); job: jobs.finished_at - started_at (database clock, whole ms); ' +
    'codes/s: codes / time; of COPY: generation rate / COPY rate. CPU app: user + system CPU of the process doing the step (for COPY: the ' +
    'bench process sending prebuilt rows; else the API and worker process; PGlite runs inside it); CPU db: the PostgreSQL backends of the ' +
    'bench database (/proc/<pid>/stat, sampled every 200 ms, bench/cpu.ts); CPU µs/code: both per code. RSS before: the API and worker process just before the POST; peak RSS: its kernel ' +
    'high-water mark (VmHWM, reset at the POST) during the step; peak heap: V8 heapUsed sampled every 50 ms. PGlite runs inside that process ' +
    '(its database memory counts); PostgreSQL runs in its own processes (not counted).',
  );
  if (HEAP_MB) notes.push(`Steps run with --max-old-space-size=${HEAP_MB} (BENCH_CODES_HEAP_MB).`);
  for (const r of runs) {
    if (!r.where) continue;
    const size = fmtInt(r.size);
    const parts = [`${r.backend} ${size}: ${r.where}`];
    if (r.prepared) {
      const p = r.prepared;
      parts.push(`setup ${fmtMs(p.setupMs)}; COPY ${fmtInt(p.copied)} rows (${fmtMiB(p.copyBytes)}), ${fmtInt(p.counted)} counted; randomCodes for ${size} codes ${fmtMs(p.drawMs)}`);
    }
    if (r.generated) {
      const g = r.generated;
      parts.push(`generated ${fmtInt(g.counted)} codes (package status ${g.packageStatus}, job status ${g.status}${g.message ? ` "${g.message}"` : ''}, ${g.regenerated ?? '?'} regenerated after collisions)`);
    }
    if (r.exported) parts.push(`export job status ${r.exported.status}${r.exported.message ? ` "${r.exported.message}"` : ''}, file ${r.exported.fileName ?? '-'}`);
    if (r.check) {
      const c = r.check;
      const ok = c.dataLines === r.size && c.unique === r.size && c.inOrder && c.wellFormed === r.size;
      parts.push(`check ${ok ? 'OK' : 'MISMATCH'}: ${fmtInt(c.dataLines)} data lines, ${fmtInt(c.unique)} unique codes, ${fmtInt(c.wellFormed)} of the format, seq ${c.inOrder ? '1..N in order' : 'NOT in order'}, header "${c.header}"`);
    }
    notes.push(parts.join('; '));
  }
  return { title: 'Code packages: generation and csv export through the job worker, beside a plain COPY', table: rows, notes };
}

/**
 * Issue 10, section 3: an ordinary call (a list page read from the database) on the idle app,
 * then while the job runs (target on PGlite: p99 under 200 ms during a 1,000,000-code generation).
 */
export function codesLatencySection(runs: CodesRun[]): Section {
  const rows: string[][] = [['backend', 'codes', 'during', 'calls', 'p50', 'p99', 'max', 'idle p50', 'idle p99', 'p50 / idle p50']];
  let url = '';
  for (const r of runs) {
    for (const [label, m] of [['generate', r.generated], ['export csv', r.exported]] as const) {
      if (!m?.probe) continue;
      url = m.probe.url;
      const { idle, during } = m.probe;
      rows.push([r.backend, fmtInt(r.size), label, fmtInt(during.n), fmtMs(during.p50), fmtMs(during.p99), fmtMs(during.max), fmtMs(idle.p50), fmtMs(idle.p99),
        `${(during.p50 / idle.p50).toFixed(1)}x`]);
    }
  }
  return {
    title: 'Code packages: an ordinary call while a job runs, beside the same call on the idle app',
    table: rows,
    notes: [
      `The call: GET ${url} (the code package list, a database read), sequential from another process (bench/probe.ts) over the loopback to the API and worker process, a 20 ms pause ` +
      'between calls, from the POST until the worker is idle; idle: 50 calls just before the POST. Target (issue 10): p99 under 200 ms during a ' +
      '1,000,000-code generation on PGlite, where every request and the job share one connection (the job commits batches of ' +
      'codeGeneration.yieldingBatchSize codes, services/codes.ts).',
    ],
  };
}

/** Peak RSS and heap per step across sizes: does memory grow with the package? */
export function codesMemorySection(runs: CodesRun[]): Section {
  const sizes = [...new Set(runs.map((r) => r.size))].sort((a, b) => a - b);
  const head = ['backend', 'step', ...sizes.map((s) => `peak RSS ${fmtInt(s)}`), ...sizes.map((s) => `growth ${fmtInt(s)}`), ...sizes.map((s) => `peak heap ${fmtInt(s)}`)];
  const rows: string[][] = [head];
  for (const backend of [...new Set(runs.map((r) => r.backend))]) {
    for (const [label, pick] of [['generate', (r: CodesRun) => r.generated?.memory], ['export csv', (r: CodesRun) => r.exported?.memory]] as const) {
      const mem = sizes.map((s) => pick(runs.find((r) => r.backend === backend && r.size === s)!));
      if (mem.every((m) => !m)) continue;
      rows.push([backend, label, ...mem.map((m) => fmtMiB(m?.peakRss)), ...mem.map((m) => fmtMiB(m ? m.peakRss - m.rssBefore : undefined)), ...mem.map((m) => fmtMiB(m?.peakHeap))]);
    }
  }
  return {
    title: `Code packages: memory at ${sizes.map(fmtInt).join(' vs ')} codes`,
    table: rows,
    notes: ['growth: peak RSS minus the RSS just before the POST, in the API and worker process (a fresh process per step).'],
  };
}

// Run alone.
runAlone(import.meta.url, runCodesBackend, (runs) => [codesSection(runs), codesLatencySection(runs), codesMemorySection(runs)]);

/**
 * `npm run bench`: measures, never asserts (no thresholds; docs/benchmarks.md has figures).
 *
 *   1. form   — the shared validator and RJSF rendering of a generated 100-field declaration
 *               (bench/form.ts);
 *   2. list   — GET /v1/system/employee throughput over 100,000 employees, on PGlite and on
 *               PostgreSQL (bench/list.ts, serving from bench/list-server.ts);
 *   3. codes  — code packages of 100,000 and 1,000,000 codes generated and exported to csv
 *               through the real jobs, beside a plain COPY, on PGlite and on PostgreSQL
 *               (bench/codes.ts, each step in bench/codes-child.ts);
 *   4. front  — the built SPA in headless Chromium: JavaScript before the sign-in form paints,
 *               first paint of /login and largest paint of a list, beside a static page served
 *               by the same server (bench/front.ts);
 *   5. marketing — the shopper's scan: GET /mapi/v1/page/demo with and without real codes
 *               (scanned before, first scans, one scanned 100,000 times), requests per second and
 *               server CPU per request beside a static file served by the same server, on PGlite,
 *               PostgreSQL and two server processes on PostgreSQL (bench/marketing.ts);
 *   6. barcode — on PostgreSQL: GET /v1/Logistics/code p50/p99 at BENCH_BARCODE_SIZES codes
 *               (default 1,000,000; "1000000,10000000" adds the 10 M figure) beside a plain
 *               indexed select, and scans per second of POST /v1/App/binding and App/stock
 *               beside a hello-world route and a plain insert (bench/barcode.ts).
 *   7. games  — the nine consumer games (issue 26): each one's gzip weight loaded on demand and
 *               its longest task during the animation at 390 px, 4x CPU throttling (bench/games.ts).
 *
 * Arguments pick parts: `npm run bench -- form`, `-- list`, `-- pglite`, `-- postgres` (the
 * list part on one backend), `-- codes`, `-- codes-pglite`, `-- codes-postgres`, `-- front`, `-- marketing`, `-- barcode`, `-- games` (default:
 * everything). `--markdown <file>` also writes the tables as markdown.
 * Environment: BENCH_ROWS (100000), BENCH_DURATION (10 s), BENCH_WARMUP (2 s),
 * BENCH_CONNECTIONS (10), BENCH_VALIDATE_RUNS (2000), BENCH_RENDER_RUNS (50), BENCH_PGLITE
 * (disk: a temporary data folder, the default; memory: the list part only),
 * BENCH_CODES_SIZES ("100000,1000000"), BENCH_FRONT_RUNS (7), BENCH_FRONT_ROWS (1000),
 * BENCH_BARCODE_SIZES ("1000000"), BENCH_BARCODE_RUNS (2000), BENCH_SCAN_BATCHES (100), DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test; an own database is created and dropped).
 *
 * Exit code 0 whatever the figures; 1 only when a part could not run (its error is printed).
 * Temporary data folders, databases and the server process are removed at the end, also on
 * Ctrl-C.
 */
import fs from 'node:fs';
import os from 'node:os';
import { cleanupAll } from './cleanup';
import { codesLatencySection, codesMemorySection, codesSection, runCodesBackend, type CodesRun } from './codes';
import { runFormBench } from './form';
import { runBarcodeBench } from './barcode';
import { runMarketingBench } from './marketing';
import { gamesSection, runGamesBench } from './games';
import { frontSections, runFrontBench } from './front';
import { listSection, runBackend, seedSection, whatIfSection, type Backend, type BackendResult } from './list';
import { fmtMs, markdownTable, nowMs, table, type Section } from './stats';

const args = process.argv.slice(2);
const mdIndex = args.indexOf('--markdown');
const markdownFile = mdIndex >= 0 ? args[mdIndex + 1] : undefined;
const parts = args.filter((a, i) => !a.startsWith('--') && !(mdIndex >= 0 && i === mdIndex + 1));
const want = (name: string) => parts.length === 0 || parts.includes(name);
const runForm = want('form');
const backends = (['pglite', 'postgres'] as Backend[]).filter((b) => want('list') || want(b));
const runFront = want('front');
const runMarketing = want('marketing');
const runBarcode = want('barcode');
const runGames = want('games');
const codeBackends = (['pglite', 'postgres'] as Backend[]).filter((b) => want('codes') || want(`codes-${b}`));

const log = (line: string) => process.stderr.write(`  · ${line}\n`);

function print(section: Section): void {
  process.stdout.write(`\n== ${section.title}\n\n${table(section.table)}\n`);
  if (section.notes.length) process.stdout.write(`\n${section.notes.map((n) => `  - ${n}`).join('\n')}\n`);
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** Other work on the machine skews every figure: the load average is printed with them. */
const loadAverage = () => os.loadavg().map((n) => n.toFixed(2)).join(' / ');

async function main(): Promise<number> {
  const started = nowMs();
  const loadBefore = loadAverage();
  process.stdout.write(`Benchmarks — ${new Date().toISOString()}\nMachine: ${machine()}\nLoad average (1/5/15 min) at start: ${loadBefore}\n`);
  const sections: Section[] = [];
  let failed = false;

  if (runForm) {
    log('form benchmark');
    try {
      const section = await runFormBench(log);
      sections.push(section);
      print(section);
    } catch (err) {
      failed = true;
      process.stdout.write(`\nForm benchmark failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    }
  }

  if (backends.length) {
    const results: BackendResult[] = [];
    for (const backend of backends) {
      log(`list benchmark on ${backend}`);
      try {
        results.push(await runBackend(backend, log));
      } catch (err) {
        failed = true;
        process.stdout.write(`\nList benchmark on ${backend} failed: ${err instanceof Error ? err.stack : String(err)}\n`);
      }
    }
    if (results.length) {
      for (const section of [seedSection(results), listSection(results), whatIfSection(results)]) {
        sections.push(section);
        print(section);
      }
    }
  }

  if (codeBackends.length) {
    const runs: CodesRun[] = [];
    for (const backend of codeBackends) {
      log(`code-package benchmark on ${backend}`);
      try {
        const done = await runCodesBackend(backend, log);
        runs.push(...done);
        if (done.some((r) => r.error)) failed = true;
      } catch (err) {
        failed = true;
        process.stdout.write(`\nCode-package benchmark on ${backend} failed: ${err instanceof Error ? err.stack : String(err)}\n`);
      }
    }
    if (runs.length) {
      for (const section of [codesSection(runs), codesLatencySection(runs), codesMemorySection(runs)]) {
        sections.push(section);
        print(section);
      }
    }
  }

  if (runFront) {
    log('front-end benchmark');
    try {
      for (const section of frontSections(await runFrontBench(log))) {
        sections.push(section);
        print(section);
      }
    } catch (err) {
      failed = true;
      process.stdout.write(`\nFront-end benchmark failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    }
  }

  if (runGames) {
    log('games benchmark');
    try {
      const section = gamesSection(await runGamesBench(log));
      sections.push(section);
      print(section);
    } catch (err) {
      failed = true;
      process.stdout.write(`\nGames benchmark failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    }
  }

  if (runMarketing) {
    log('marketing benchmark');
    try {
      for (const section of await runMarketingBench(log)) {
        sections.push(section);
        print(section);
      }
    } catch (err) {
      failed = true;
      process.stdout.write(`\nMarketing benchmark failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    }
  }

  if (runBarcode) {
    log('barcode query and app scan benchmark');
    try {
      for (const section of await runBarcodeBench(log)) {
        sections.push(section);
        print(section);
      }
    } catch (err) {
      failed = true;
      process.stdout.write(`\nBarcode benchmark failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    }
  }

  const total = nowMs() - started;
  const loadAfter = loadAverage();
  process.stdout.write(`\nTotal time: ${fmtMs(total)}; load average at the end: ${loadAfter}\n`);
  if (markdownFile) {
    const md = [`Run ${new Date().toISOString()} on ${machine()}; total ${fmtMs(total)}; load average ${loadBefore} at start, ${loadAfter} at the end.`, ...sections.map((s) =>
      `### ${s.title}\n\n${markdownTable(s.table)}\n${s.notes.length ? `\n${s.notes.map((n) => `- ${n}`).join('\n')}\n` : ''}`)].join('\n\n');
    fs.writeFileSync(markdownFile, `${md}\n`);
    process.stdout.write(`Markdown written to ${markdownFile}\n`);
  }
  return failed ? 1 : 0;
}

const onSignal = (signal: NodeJS.Signals) => {
  process.stderr.write(`\n${signal}: cleaning up\n`);
  void cleanupAll().finally(() => process.exit(130));
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

main()
  .then(async (code) => {
    await cleanupAll();
    process.exit(code);
  })
  .catch(async (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    await cleanupAll();
    process.exit(1);
  });

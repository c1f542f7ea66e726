/**
 * The front-end part of `npm run bench` (`npm run bench -- front`): the built SPA served by the
 * real app (bench/list-server.ts over PGlite in memory with BENCH_FRONT_ROWS employees), opened
 * in headless Chromium (/usr/bin/chromium through Playwright, never downloaded), each page in a
 * fresh browser context (empty HTTP cache), BENCH_FRONT_RUNS times (median):
 *
 *   - static: a plain HTML page (a heading, a two-field form, inline CSS) served by the same
 *     server: the reference of every ratio;
 *   - /login?code=demo: first contentful paint (the page is empty until the app renders, so this
 *     is the sign-in form's first paint) and the JavaScript fetched before it (raw bytes,
 *     brotli bytes as sent, and the gzip size of the same files);
 *   - /system/employee, signed in: its first rows (the first grid row inserted in the page, not
 *     only a paint) and its largest paint, cold (a fresh context), then again in the same context
 *     (the HTTP cache warm, the staff's daily case), and the JavaScript fetched before the rows;
 *   - from that list to another through the side menu (/system/role): the click to its first row,
 *     the first switch of the page, then again back and forth (the staff's day: the lists they
 *     go between, their code run before);
 *   - the first form dialog of that list ("add"): time from the click to the dialog's fields;
 *   - /m/{tenant}?c=...: the public consumer page (issue 13, src/consumer), its first paint (the
 *     loading skeleton, then the page), the JavaScript fetched before it and every request
 *     it makes until its data answered (html, script, style, page data, images).
 *
 * Compression and caching as a client sees them are checked once with plain fetches.
 * BENCH_FRONT_DETAIL=1 also names each script fetched before the list's rows and its API calls.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { cleanupAll, onCleanup } from './cleanup';
import { NEW_PASSWORD, signIn } from './list';
import { BENCH_TENANT, type ChildMessage } from './list-protocol';
import { fmtInt, fmtMs, median, table, type Section } from './stats';
import { SESSION_STORAGE_KEY as SESSION_KEY } from '../src/engine/session/store';

const RUNS = Number(process.env.BENCH_FRONT_RUNS ?? 7);
const ROWS = Number(process.env.BENCH_FRONT_ROWS ?? 1000);
/** Switches back and forth between the two lists after the first one, and the pause before each. */
const NAV_AGAIN = 3;
const NAV_PAUSE_MS = 500;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(ROOT, 'dist');

const STATIC_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Static reference</title><style>body{margin:0;font-family:system-ui,sans-serif;background:#5e2016;min-height:100vh;display:flex;align-items:center;justify-content:center}
form{background:#fff;padding:36px;border-radius:16px;width:360px}h1{font-size:24px;margin:0 0 24px}label{display:block;margin:12px 0 4px;color:#555}input{width:100%;box-sizing:border-box;padding:14px;border:1px solid #bbb;border-radius:8px;font-size:16px}
button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:8px;background:#b83a24;color:#fff;font-size:16px}</style></head>
<body><form><h1>Sign in to the back office</h1><label>Account<input name="account"></label><label>Password<input name="mima" type="password"></label><button>Sign in</button></form></body></html>`;

interface Script {
  url: string;
  raw: number;
  sent: number;
}

interface PageRun {
  fcp: number;
  lcp: number;
  /** When the list's first rows were in the page (the list only): drawn before the app, or the grid's. */
  rows: number;
  /** When the data grid's own rows were in the page (the app's list, working). */
  grid: number;
  /** The element of the largest paint (tag and image source or first text). */
  lcpElement: string;
  scripts: Script[];
  /** Every request of the page until it was ready (all kinds). */
  requests: number;
  /** The API calls of the page (method and path), in order. */
  calls: string[];
}

interface FrontResult {
  staticRun: PageRun[];
  login: PageRun[];
  /** The list opened cold (fresh context: empty HTTP cache), then again in the same context (cache warm). */
  list: PageRun[];
  listWarm: PageRun[];
  /** From the click on another list's menu entry to that list's first rows (client-side route). */
  navMs: number[];
  /** The switches after the first one, back and forth between the two lists. */
  navAgainMs: number[];
  consumer: PageRun[];
  dialogMs: number[];
  /** The page's main thread at rest (ms of tasks per second): the static page, the warm list. */
  restStatic: number[];
  restList: number[];
  gzipOf: (url: string) => number;
  headers: { label: string; value: string }[];
}

/** Collects paint entries in the page from its first byte. */
/** A data row of the grid (its loading skeleton draws rows without a row id). */
const DATA_ROW = '.MuiDataGrid-row[data-id]';

const PAINT_PROBE = `
  window.__paints = { fcp: NaN, lcp: NaN, rows: NaN, grid: NaN, lcpElement: '' };
  new MutationObserver((_m, o) => {
    const p = window.__paints;
    if (Number.isNaN(p.rows) && document.querySelector('[data-testid="first-rows-row"], ${DATA_ROW}')) p.rows = performance.now();
    if (document.querySelector('${DATA_ROW}')) { p.grid = performance.now(); o.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__paints.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) { window.__paints.lcp = e.startTime; const el = e.element; window.__paints.lcpElement = el ? el.tagName.toLowerCase() + (el.tagName === 'IMG' ? ' ' + (el.getAttribute('src') || '') : ' "' + (el.textContent || '').trim().slice(0, 24) + '"') : ''; } }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

type Mark = 'fcp' | 'lcp' | 'rows' | 'grid';

async function measure(context: BrowserContext, url: string, upTo: Mark, ready: (page: Page) => Promise<unknown>, keep?: (page: Page) => Promise<void>): Promise<PageRun> {
  const page = await context.newPage();
  const scripts: Script[] = [];
  let requests = 0;
  const calls: string[] = [];
  page.on('request', (req) => {
    requests++;
    const u = new URL(req.url());
    if (u.pathname.startsWith('/v1/')) calls.push(`${req.method()} ${u.pathname}${u.search}`);
  });
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const size = await res.request().sizes().catch(() => null);
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: new URL(res.url()).pathname, raw: body.length, sent: size ? size.responseBodySize : body.length });
  });
  await page.addInitScript(PAINT_PROBE);
  await page.goto(url);
  await ready(page);
  // Let the LCP observer see the last candidate before reading.
  await page.waitForTimeout(300);
  const paints = await page.evaluate(() => (window as unknown as { __paints: { fcp: number; lcp: number; rows: number; grid: number; lcpElement: string } }).__paints);
  // Scripts requested before the mark that counts (the sign-in form's first paint, the list's first rows).
  const timing = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => ({ url: new URL(e.name).pathname, start: e.startTime })));
  const before = new Set(timing.filter((t) => t.start <= paints[upTo]).map((t) => t.url));
  if (keep) await keep(page);
  await page.close();
  return { fcp: paints.fcp, lcp: paints.lcp, rows: paints.rows, grid: paints.grid, lcpElement: paints.lcpElement, scripts: scripts.filter((s) => before.has(s.url)), requests, calls };
}

/** How long a page at rest waits before it is measured: the work its load set off has ended. */
const SETTLE_MS = 1000;
/** How long a page at rest is measured. */
const REST_MS = 3000;

/**
 * The page's main thread at rest, read from outside the page (the DevTools protocol's task time of
 * its renderer): ms of tasks per second over REST_MS, SETTLE_MS after it was ready. Work nobody
 * sees (an animation out of sight, a poll) shows here; a page at rest should be near zero.
 */
async function busyAtRest(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
  await page.waitForTimeout(SETTLE_MS);
  const before = await taskSeconds();
  await page.waitForTimeout(REST_MS);
  const busy = (await taskSeconds()) - before;
  await cdp.detach();
  return (busy * 1000) / (REST_MS / 1000);
}

/**
 * Another list from the side menu (a client-side route): the click to the new list's first row in
 * the page, timed in the page (the row's insertion, then the frame that paints it).
 */
async function navigateToList(page: Page, menuPath: string, declId: string): Promise<number> {
  // A string, not a function: tsx would add its __name helper, which the page does not have.
  const script = `new Promise((resolve, reject) => {
    const link = document.querySelector('[data-menu-path="' + ${JSON.stringify(menuPath)} + '"]');
    if (!link) { reject(new Error('no menu entry')); return; }
    const selector = '[data-testid="crud-' + ${JSON.stringify(declId)} + '"] ${DATA_ROW}';
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t0));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    link.click();
  })`;
  return page.evaluate(script) as Promise<number>;
}

function startServer(staticDir: string, log: (line: string) => void): Promise<{ port: number; child: ChildProcess }> {
  const child = fork(fileURLToPath(new URL('./list-server.ts', import.meta.url)), [], {
    env: { ...process.env, BENCH_BACKEND: 'pglite', BENCH_ROWS: String(ROWS), BENCH_STATIC_DIR: staticDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  onCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    if (child.connected) child.send({ cmd: 'stop' });
    const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(forced);
  });
  return new Promise((resolve, reject) => {
    child.on('message', (msg: ChildMessage) => {
      if (msg.type === 'ready') resolve({ port: msg.port, child });
      if (msg.type === 'failed') reject(new Error(msg.error));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    log(`front: starting the app over PGlite in memory with ${fmtInt(ROWS)} employees`);
  });
}

async function headersOf(base: string, asset: string): Promise<{ label: string; value: string }[]> {
  const get = async (url: string, encoding: string) => {
    const res = await fetch(`${base}${url}`, { headers: { 'accept-encoding': encoding } });
    await res.arrayBuffer();
    return `${res.headers.get('content-encoding') ?? 'none'}; cache-control: ${res.headers.get('cache-control') ?? '-'}`;
  };
  return [
    { label: `${asset} (br, gzip accepted)`, value: await get(asset, 'br, gzip') },
    { label: `${asset} (gzip accepted)`, value: await get(asset, 'gzip') },
    { label: '/login (br accepted)', value: await get('/login?code=demo', 'br') },
    { label: '/v1/Config/reference (br accepted)', value: await get('/v1/Config/reference', 'br') },
  ];
}

export async function runFrontBench(log: (line: string) => void = () => {}): Promise<FrontResult> {
  log('front: building the SPA when sources changed');
  execSync('node scripts/build-if-needed.mjs', { cwd: ROOT, stdio: 'inherit' });
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-bench-front-'));
  onCleanup(async () => fs.rmSync(staticDir, { recursive: true, force: true }));
  fs.cpSync(DIST, staticDir, { recursive: true });
  fs.writeFileSync(path.join(staticDir, 'bench-static.html'), STATIC_PAGE);

  const { port } = await startServer(staticDir, log);
  const base = `http://127.0.0.1:${port}`;
  await signIn(base); // the seeded admin's first password change, done once

  const browser: Browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
  onCleanup(() => browser.close());
  const fresh = (storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) => browser.newContext({ viewport: { width: 1440, height: 900 }, storageState });

  // A signed-in browser state, made through the sign-in form.
  const signing = await fresh();
  const page = await signing.newPage();
  await page.goto(`${base}/login?code=${BENCH_TENANT}`);
  await page.fill('input[name="account"]', 'admin');
  await page.fill('input[name="mima"]', NEW_PASSWORD);
  await page.click('[data-testid="sign-in"]');
  await page.waitForURL('**/home');
  // The stored session holds the side menu once the shell has it: the head script reads it
  // (the early export-count call is asked only when the menu has the download page).
  await page.waitForFunction((key) => (JSON.parse(localStorage.getItem(key) ?? '{}').menu ?? []).length > 0, SESSION_KEY, { timeout: 60_000 });
  const state = await signing.storageState();
  await signing.close();

  const result: FrontResult = { staticRun: [], login: [], list: [], listWarm: [], navMs: [], navAgainMs: [], consumer: [], dialogMs: [], restStatic: [], restList: [], gzipOf: () => 0, headers: [] };
  // The consumer page is ready once its data call answered: the page, or (before the Marketing
  // API exists on this server) its "unknown brand" notice; the weight is the same.
  const consumerReady = (p: Page) => p.waitForFunction(() => ['ready', 'unknown', 'error'].includes(document.documentElement.dataset.state ?? ''), undefined, { timeout: 60_000 });
  const rowsReady = (p: Page) => p.waitForSelector(DATA_ROW, { timeout: 60_000 });
  const listUrl = `${base}/system/employee`;
  for (let i = 0; i < RUNS; i++) {
    log(`front: run ${i + 1} of ${RUNS}`);
    for (const [target, url, ready] of [
      [result.staticRun, `${base}/bench-static.html`, (p: Page) => p.waitForSelector('input[name="account"]')],
      [result.login, `${base}/login?code=${BENCH_TENANT}`, (p: Page) => p.waitForSelector('input[name="account"]')],
      [result.consumer, `${base}/m/${BENCH_TENANT}?c=BENCH0000001`, consumerReady],
    ] as const) {
      const context = target === result.consumer
        ? await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
        : await fresh();
      const atRest = target === result.staticRun ? async (p: Page) => void result.restStatic.push(await busyAtRest(p)) : undefined;
      target.push(await measure(context, url, 'fcp', ready, atRest));
      await context.close();
    }
    // The list: cold (a fresh context, its HTTP cache empty), then in the same context again
    // (the staff's daily case: the hashed assets cached, V8's code cache warm), then from that
    // list to another one through the side menu, then the first form dialog.
    const context = await fresh(state);
    result.list.push(await measure(context, listUrl, 'rows', rowsReady));
    result.listWarm.push(await measure(context, listUrl, 'rows', rowsReady, async (p) => {
      result.restList.push(await busyAtRest(p));
      result.navMs.push(await navigateToList(p, '/system/role', 'system.role'));
      for (let k = 0; k < NAV_AGAIN; k++) {
        await p.waitForTimeout(NAV_PAUSE_MS);
        result.navAgainMs.push(await navigateToList(p, '/system/employee', 'system.employee'));
        await p.waitForTimeout(NAV_PAUSE_MS);
        result.navAgainMs.push(await navigateToList(p, '/system/role', 'system.role'));
      }
      const t0 = Date.now();
      await p.click('[data-testid="crud-add"]');
      await p.waitForSelector('[role="dialog"] input', { timeout: 60_000 });
      result.dialogMs.push(Date.now() - t0);
    }));
    await context.close();
  }
  const firstScript = result.login[0]?.scripts[0]?.url ?? '/';
  result.headers = await headersOf(base, firstScript);
  result.gzipOf = (url: string) => {
    const file = path.join(staticDir, `${url}.gz`);
    return fs.existsSync(file) ? fs.statSync(file).size : fs.existsSync(path.join(staticDir, url)) ? fs.statSync(path.join(staticDir, url)).size : 0;
  };
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runFrontBench((l) => console.error(`  · ${l}`))
    .then((r) => { for (const s of frontSections(r)) console.log(`\n${s.title}\n${table(s.table)}\n${s.notes.map((n) => `- ${n}`).join('\n')}`); })
    .catch((err) => { console.error(err); process.exitCode = 1; })
    .finally(() => cleanupAll());
}

const fmtRest = (runs: number[]) => `median ${median(runs).toFixed(1)} ms/s (runs: ${runs.map((x) => x.toFixed(1)).join(', ')})`;
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const ratio = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}x` : '-');

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

/** The median over runs of (page's mark / static page's first paint of the same run), the runs being interleaved. */
function pairedRatio(runs: PageRun[], reference: PageRun[], key: Mark): string {
  const ratios = runs.map((x, i) => x[key] / (reference[i]?.fcp ?? NaN)).filter(Number.isFinite);
  return ratios.length ? `${median(ratios).toFixed(2)}x` : '-';
}

const DETAIL = process.env.BENCH_FRONT_DETAIL === '1';

export function frontSections(r: FrontResult): Section[] {
  const med = (runs: PageRun[], key: Mark) => median(runs.map((x) => x[key]).filter(Number.isFinite));
  const bytes = (runs: PageRun[]) => {
    const run = runs[0];
    if (!run) return { raw: 0, sent: 0, gzip: 0, files: 0 };
    return {
      raw: run.scripts.reduce((s, x) => s + x.raw, 0),
      sent: run.scripts.reduce((s, x) => s + x.sent, 0),
      gzip: run.scripts.reduce((s, x) => s + r.gzipOf(x.url), 0),
      files: run.scripts.length,
    };
  };
  const staticFcp = med(r.staticRun, 'fcp');
  const login = bytes(r.login);
  const list = bytes(r.list);
  const consumer = bytes(r.consumer);
  const consumerRequests = median(r.consumer.map((x) => x.requests));
  const row = (label: string, runs: PageRun[], key: Mark) => [label, fmtMs(med(runs, key)), ratio(med(runs, key), staticFcp), pairedRatio(runs, r.staticRun, key)];
  const paint: Section = {
    title: `Front end in headless Chromium, median of ${r.login.length} loads each, beside a static page on the same server (its first paint)`,
    table: [
      ['page, what is timed', 'time', 'ratio (medians)', 'ratio (paired)'],
      ['static page, first paint (reference)', fmtMs(staticFcp), '1.00x', '1.00x'],
      ['/login, the sign-in form\'s first paint', ...row('', r.login, 'fcp').slice(1)],
      ['/system/employee signed in, cold: first rows', ...row('', r.list, 'rows').slice(1)],
      ['/system/employee signed in, cold: the grid\'s rows (the list working)', ...row('', r.list, 'grid').slice(1)],
      ['/system/employee signed in, cold: largest paint', ...row('', r.list, 'lcp').slice(1)],
      ['/system/employee signed in, cache warm: first rows', ...row('', r.listWarm, 'rows').slice(1)],
      ['/system/employee signed in, cache warm: the grid\'s rows', ...row('', r.listWarm, 'grid').slice(1)],
      ['/m/{tenant}?c= (consumer page, 390 px), first paint', ...row('', r.consumer, 'fcp').slice(1)],
    ],
    notes: [
      `from one list to another (side menu, /system/employee -> /system/role): click to first rows, the page's first switch: median ${fmtMs(median(r.navMs))} (runs: ${r.navMs.map((x) => fmtMs(x)).join(', ')}); the ${NAV_AGAIN * 2} switches after it in each run (back and forth, ${fmtMs(NAV_PAUSE_MS)} apart): median ${fmtMs(median(r.navAgainMs))} (max ${fmtMs(Math.max(...r.navAgainMs))})`,
      `first rows, each run (cold / warm): ${r.list.map((x, i) => `${fmtMs(x.rows)} / ${fmtMs(r.listWarm[i]?.rows ?? NaN)}`).join('; ')}; static page: ${r.staticRun.map((x) => fmtMs(x.fcp)).join(', ')}`,
      `the list's largest paint is of: ${mostCommon(r.list.map((x) => x.lcpElement)) || '-'} (most runs)`,
      `first form dialog of the list (click to fields, after the two lists): median ${fmtMs(median(r.dialogMs))}`,
      `main thread at rest (${fmtMs(SETTLE_MS)} after ready, over ${fmtMs(REST_MS)}; ms of tasks per second): the warm list ${fmtRest(r.restList)}, the static page ${fmtRest(r.restStatic)}`,
      'first rows: the first row of the list inserted in the page (MutationObserver), not only a paint: the rows drawn before the app loads (engine/firstRows, [data-testid=first-rows-row]) or the grid\'s (.MuiDataGrid-row[data-id]: a row of data, not the loading skeleton\'s), whichever comes first; the grid\'s rows: the data grid\'s first row (the list working); paired: each run\'s time over the same run\'s static page, median',
      'targets (issue 27): the list\'s first rows within 5x cold and 3x warm, another list\'s rows within 150 ms, /login first paint within 2x',
    ],
  };
  const js: Section = {
    title: 'Front end: JavaScript fetched before the sign-in form\'s first paint and before the list\'s first rows (cold)',
    table: [
      ['page', 'files', 'raw', 'brotli (as sent)', 'gzip'],
      ['/login', String(login.files), kib(login.raw), kib(login.sent), kib(login.gzip)],
      ['/system/employee', String(list.files), kib(list.raw), kib(list.sent), kib(list.gzip)],
      ['/m/{tenant} (consumer page)', String(consumer.files), kib(consumer.raw), kib(consumer.sent), kib(consumer.gzip)],
    ],
    notes: [
      'targets: 100 KB gzip before the sign-in form paints (issue 10); 350 KB gzip before the list\'s first rows (issue 27)',
      `target (issue 13): the consumer page's first load under 60 kB of compressed JavaScript; requests until its data answered: ${Number.isFinite(consumerRequests) ? consumerRequests : '-'} (median; html, scripts, style, page data, images)`,
      ...r.headers.map((h) => `${h.label}: ${h.value}`),
      ...(DETAIL ? (r.list[0]?.scripts ?? []).map((x) => `before the rows: ${x.url} ${kib(r.gzipOf(x.url))} gzip`) : []),
      ...(DETAIL ? [`the list's API calls (cold): ${(r.list[0]?.calls ?? []).join(', ')}`] : []),
    ],
  };
  return [js, paint];
}

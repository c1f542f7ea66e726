/**
 * The games part of `npm run bench` (`npm run bench -- games`; alone: `npx tsx bench/games.ts`),
 * issue 26. Measures, never asserts. From the built ./dist (built first when missing):
 *   - weight: each game's own chunk and the shared frame (shell script and style) it loads with
 *     it, gzip -9 as the page receives them (the page's first load does not include them);
 *   - longest task: each game mounted in headless Chromium (/usr/bin/chromium) at 390 px with
 *     4x CPU throttling (CDP Emulation.setCPUThrottlingRate), played with an instant fake draw
 *     and, for the red envelope and the guess card, a pick once offered; the longest task
 *     (PerformanceObserver 'longtask': only tasks over 50 ms are reported, "none" otherwise)
 *     and the longest gap between animation frames, from the start click to `data-result`;
 *     beside a reference row (no game code, one square moved for 2 s): on a loaded machine the
 *     reference's own long tasks are the noise floor; and the same play's Chromium trace: the
 *     renderer main thread's longest task, wall time and thread CPU time.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { GAMES, defaultCore } from '../src/domain/activity/templates';
import { fmtMs, table, type Section } from './stats';

const DIST = path.join(fileURLToPath(new URL('..', import.meta.url)), 'dist');
const FILES: Record<string, string> = {
  view_lucky: 'scratch', view_wheel: 'wheel', view_redenvelope: 'envelope', view_ringtoss: 'ringtoss', view_mary: 'mary',
  view_darts: 'darts', view_guesscard: 'guesscard', view_puzzle: 'puzzle', view_baseball: 'baseball',
};

export interface GameRow { viewKey: string; own: number; shared: number; longTask: number; longFrame: number; ms: number; traceWall: number; traceCpu: number }

/** The renderer main thread's longest task in a Chromium trace: wall time and thread (CPU) time, ms. */
function longestTask(trace: Buffer): { wall: number; cpu: number } {
  const ev = (JSON.parse(trace.toString()) as { traceEvents: { ph: string; name: string; tid: number; dur?: number; tdur?: number; args?: { name?: string } }[] }).traceEvents;
  const main = new Set(ev.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => e.tid));
  let wall = 0; let cpu = 0;
  for (const e of ev) if (e.ph === 'X' && e.name === 'RunTask' && main.has(e.tid)) { wall = Math.max(wall, (e.dur ?? 0) / 1000); cpu = Math.max(cpu, (e.tdur ?? 0) / 1000); }
  return { wall, cpu };
}

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(DIST, 'assets', file)), { level: 9 }).length;

const HARNESS = (css: string) => `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="stylesheet" href="/assets/${css}"><style>body{margin:0;font-family:system-ui,sans-serif}.btn{padding:10px 16px;border:0;border-radius:999px;background:#b83a24;color:#fff;font-weight:700}</style></head>
<body><div id="g"></div><script type="module">
// The reference: no game code, one element moved by the compositor for 2 s from the same click.
const refMount = (root, o) => {
  const box = document.createElement('div'); box.style.cssText = 'width:80px;height:80px;background:#b83a24';
  const b = document.createElement('button'); b.className = 'game-start'; b.textContent = 'Start';
  b.onclick = async () => { await o.draw(); await box.animate([{ transform: 'none' }, { transform: 'translateX(280px) rotate(720deg)' }], 2000).finished; root.dataset.result = 'win'; };
  root.append(box, b);
};
window.mountGame = async (file, core) => {
  const mount = file === 'reference' ? refMount : (await import('/assets/' + file)).default;
  const texts = { drawing: 'Drawing', won: (p) => 'You won: ' + p, lost: 'No prize', start: new Proxy({}, { get: () => 'Start' }), hint: new Proxy({}, { get: () => 'Play' }), catchHint: 'Catch', pickHint: 'Pick', item: (n) => 'Number ' + n, cover: 'Scratch' };
  const prizes = [{ label: 'Tea set', picture: null }, { label: 'Cup', picture: null }, { label: 'Thanks', picture: null }];
  mount(document.getElementById('g'), { core, prizes, texts, reduced: false, draw: async () => ({ index: 1, won: true, label: 'Cup', picture: null }) });
  await new Promise((r) => setTimeout(r, 500));
};
window.play = async () => {
  const root = document.getElementById('g');
  let longTask = 0; let longFrame = 0; let last = performance.now(); let on = true;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) longTask = Math.max(longTask, e.duration); }).observe({ type: 'longtask' });
  const frame = (t) => { longFrame = Math.max(longFrame, t - last); last = t; if (on) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  const t0 = performance.now();
  root.querySelector('button.game-start').click();
  while (!root.dataset.result) {
    const pick = root.querySelector('[data-pick]:not([disabled])');
    if (pick) pick.click();
    await new Promise((r) => setTimeout(r, 100));
  }
  on = false;
  return { longTask, longFrame, ms: performance.now() - t0 };
};
</script></body></html>`;

export async function runGamesBench(log: (line: string) => void = () => {}): Promise<GameRow[]> {
  const assets = () => (fs.existsSync(path.join(DIST, 'assets')) ? fs.readdirSync(path.join(DIST, 'assets')) : []);
  const chunk = (name: string, ext = 'js') => assets().find((f) => new RegExp(`^${name}-[\\w-]{8}\\.${ext}$`).test(f));
  if (!chunk('wheel')) { log('building ./dist'); execSync('npx vite build', { stdio: 'ignore' }); }
  const css = chunk('shell', 'css')!;
  const shellJs = chunk('shell')!;
  const server = http.createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    if (url === '/') { res.writeHead(200, { 'content-type': 'text/html' }).end(HARNESS(css)); return; }
    const file = path.join(DIST, path.normalize(url));
    if (!file.startsWith(DIST) || !fs.existsSync(file)) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'application/octet-stream' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
  const rows: GameRow[] = [];
  try {
    for (const g of [{ viewKey: 'reference', gameType: 0 }, ...GAMES]) {
      const file = g.viewKey === 'reference' ? 'reference' : chunk(FILES[g.viewKey])!;
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const cdp = await page.context().newCDPSession(page);
      await page.goto(`http://127.0.0.1:${port}/`);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.evaluate(([f, core]) => (window as unknown as { mountGame: (f: string, c: unknown) => Promise<void> }).mountGame(f, core), [file, defaultCore(g.gameType)] as const);
      // Only the play is measured: the mount (building the game) is before the click.
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
      const r = await page.evaluate(() => (window as unknown as { play: () => Promise<{ longTask: number; longFrame: number; ms: number }> }).play());
      const t = longestTask(await browser.stopTracing());
      const own = file === 'reference' ? 0 : gz(file);
      rows.push({ viewKey: g.viewKey, own, shared: file === 'reference' ? 0 : gz(shellJs) + gz(css), ...r, traceWall: t.wall, traceCpu: t.cpu });
      log(`${g.viewKey}: ${own} B gzip, longest task ${r.longTask ? fmtMs(r.longTask) : 'none over 50 ms'}`);
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return rows;
}

export function gamesSection(rows: GameRow[]): Section {
  const kb = (b: number) => `${(b / 1024).toFixed(2)} KB`;
  return {
    title: 'Games (issue 26): weight on demand and the longest task during the animation, 4x CPU throttling, 390 px',
    table: [['game', 'own chunk gzip', '+ shared frame gzip', 'total on demand', 'longest task', 'longest task (trace, wall / CPU)', 'longest frame gap', 'start to result'],
      ...rows.map((r) => [r.viewKey, kb(r.own), kb(r.shared), kb(r.own + r.shared), r.longTask ? fmtMs(r.longTask) : 'none > 50 ms', `${fmtMs(r.traceWall)} / ${fmtMs(r.traceCpu)}`, fmtMs(r.longFrame), fmtMs(r.ms)])],
    notes: ['The trace column: the renderer main thread\'s longest task in a Chromium trace of the same play (RunTask), its wall time and its thread CPU time; on a loaded machine the wall time includes the time the thread waited for a core, the CPU time does not.',
      'reference: no game code, one square moved by the compositor for 2 s from the same click: the tasks the loaded machine itself shows (compare the games to it).',
      'Budget: 25 KB gzip per game, no task over 50 ms; the shared frame (shell script and style) loads once for every game of the page.',
      'The fake draw answers at once: the time is the animation (and for the red envelope and the guess card, the pick 0.1 s after it is offered).'],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runGamesBench((l) => console.error(`  · ${l}`)).then((rows) => { const s = gamesSection(rows); console.log(`\n${s.title}\n${table(s.table)}\n${s.notes.map((n) => `- ${n}`).join('\n')}`); })
    .catch((err) => { console.error(err); process.exitCode = 1; });
}

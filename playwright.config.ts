/**
 * Browser end-to-end tests: Debian's Chromium (never downloaded), two workers, against the real
 * server on a fresh PostgreSQL database of this run (tests/e2e/server.ts), serving ./dist
 * (the test command runs `vite build` first).
 *
 * Projects, in one run that shares the same two workers (no second run after the first):
 *  - `e2e` (tests/e2e, the journeys, on PostgreSQL);
 *  - `visual` (tests/visual: every screen compared with its committed baseline, after
 *    `visual-setup` seeded fixed rows on a second server with a database of its own);
 *    `npm run test:visual -- --update-snapshots` rewrites the baselines;
 *  - `pglite` (tests/pglite: the main journeys on `npm start` with the embedded database; the
 *    journeys start that server themselves, a fresh install on a fresh DATA_DIR for each run).
 */
import { defineConfig } from '@playwright/test';

// One run id for the config, the web server, the workers and the teardown (they inherit env).
process.env.E2E_RUN_ID ??= `${Date.now().toString(36)}_${process.pid}`;
const port = Number((process.env.E2E_PORT ??= '8181'));
const visualPort = Number((process.env.E2E_VISUAL_PORT ??= String(port + 1)));

/** A server of the run: its command, the port it answers on, how long its drain may take, its env. */
const webServer = (command: string, serverPort: number, drainMs: number, env: Record<string, string>) => ({
  command,
  url: `http://127.0.0.1:${serverPort}/v1/Config/tenant/platform`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: drainMs },
  env,
});

const server = (kind: 'main' | 'visual', serverPort: number) => webServer('npx tsx tests/e2e/server.ts', serverPort, 10_000, {
  E2E_RUN_ID: process.env.E2E_RUN_ID ?? '', E2E_PORT: String(port), E2E_VISUAL_PORT: String(visualPort), E2E_SERVER_KIND: kind,
});

export default defineConfig({
  // Two workers: the spec files are independent (each creates its own users and data);
  // E2E_WORKERS=1 runs them one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  // Generous limits, one for every test: they only bound a test that is failing. Speed is
  // measured by `npm run bench`, never here; some machines fault memory pages in ~10x slower
  // than others, and a screen can then take over 10 s to show under two workers.
  timeout: 240_000,
  expect: {
    timeout: 30_000,
    // The page at rest: animations finished or stopped, no caret, CSS pixels whatever the screen.
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  // The HTML report holds each changed screenshot's expected, actual and diff images.
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  globalTeardown: './tests/e2e/global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      // Debian's chromium-headless-shell (scripts/ensure-chromium.mjs): Chromium's old headless
      // mode, Playwright's own for headless runs; 4 spec files took 173 s against 200-210 s in
      // the full browser's headless mode, with 19% less CPU. The visual baselines are its pixels.
      executablePath: '/usr/lib/chromium/chromium-headless-shell',
      // V8 without its optimizing compilers (Maglev, TurboFan): a test's page runs the app's code
      // for seconds, never long enough for an optimized function to pay back its compilation,
      // which ran on every page load in background threads (with the memory they map and
      // unmap). Four spec files: 140 s of machine CPU against 213 s, 81 s of wall time against
      // 116 s. The same code runs (only its tiers differ); the benches keep V8's defaults.
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--js-flags=--no-opt --no-maglev'],
    },
    viewport: { width: 1366, height: 820 },
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
    // A failed test's trace, kept locally. CI records none (only its log is read there): the
    // recording cost 15-20% of each test's time (04-profile alone, twice each: 45 and 51 s of
    // tests with it, 40 and 41 s without).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  projects: [
    // First, so its one serial file (the longest chain) starts at once beside the others.
    // One worker at a time: the journeys follow each other on the one fresh database.
    { name: 'pglite', testDir: 'tests/pglite', testMatch: '**/*.pglite.ts' },
    // The journeys run as a user who asked for less motion (the app then shows dialogs and
    // menus at once, without ripples): they check what the screens do, not how they move, and
    // every transition and ripple otherwise drew frames for nothing (14% of the browser tests'
    // CPU). The visual snapshots and the PGlite journeys keep the full motion; so does the
    // games spec (67-games), whose animations are what it plays.
    { name: 'e2e', testDir: 'tests/e2e', testMatch: '**/*.spec.ts', use: { reducedMotion: 'reduce' } },
    { name: 'visual-setup', testDir: 'tests/visual', testMatch: 'visual.setup.ts', use: { baseURL: `http://127.0.0.1:${visualPort}` } },
    {
      name: 'visual',
      testDir: 'tests/visual',
      testMatch: '**/*.visual.ts',
      dependencies: ['visual-setup'],
      // Read-only screens on fixed data: every test on any worker.
      fullyParallel: true,
      snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
      use: { baseURL: `http://127.0.0.1:${visualPort}` },
    },
  ],
  webServer: [server('main', port), server('visual', visualPort)],
});

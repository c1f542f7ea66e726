/**
 * Browser end-to-end tests: Debian's Chromium (never downloaded), two workers, against the real
 * server on a fresh PostgreSQL database of this run (tests/e2e/server.ts), serving ./dist
 * (the test command runs `vite build` first).
 */
import { defineConfig } from '@playwright/test';

// One run id for the config, the web server, the workers and the teardown (they inherit env).
process.env.E2E_RUN_ID ??= `${Date.now().toString(36)}_${process.pid}`;
const port = Number((process.env.E2E_PORT ??= '8181'));

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Two workers: the spec files are independent (each creates its own users and data);
  // E2E_WORKERS=1 runs them one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  // Generous limits, one for every test: they only bound a test that is failing. Speed is
  // measured by `npm run bench`, never here; some machines fault memory pages in ~10x slower
  // than others, and a screen can then take over 10 s to show under two workers.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  globalTeardown: './tests/e2e/global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
    viewport: { width: 1366, height: 820 },
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'npx tsx tests/e2e/server.ts',
    url: `http://127.0.0.1:${port}/v1/Config/tenant/platform`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: { E2E_RUN_ID: process.env.E2E_RUN_ID, E2E_PORT: String(port) },
  },
});

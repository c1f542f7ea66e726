/**
 * The main journeys on the default database: `npm start` on PGlite (tests/pglite/server.ts),
 * run by `npm run test:e2e` after the PostgreSQL run. One worker: the journeys follow each other
 * on the one fresh database (the seeded admin's first sign-in comes first).
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { PGLITE_PORT } from './tests/pglite/env';

export default defineConfig({
  testDir: 'tests/pglite',
  testMatch: '**/*.pglite.ts',
  workers: 1,
  retries: 0,
  timeout: base.timeout,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  outputDir: 'test-results/pglite',
  use: { ...base.use, baseURL: `http://127.0.0.1:${PGLITE_PORT}` },
  webServer: {
    command: 'npx tsx tests/pglite/server.ts',
    url: `http://127.0.0.1:${PGLITE_PORT}/v1/Config/tenant/platform`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: { E2E_PGLITE_PORT: String(PGLITE_PORT) },
  },
});

/** The settings of the API tests' apps (shared by the harness and the template setup). */
import { readSettings, type Settings } from '../../server/settings';

export const ADMIN_PASSWORD = 'Admin1234';

export function testSettings(overrides: Partial<Settings> = {}): Settings {
  return {
    ...readSettings({}),
    adminInitialPassword: ADMIN_PASSWORD,
    staticDir: '/nonexistent/oioc-static',
    dataDir: '/nonexistent/oioc-data',
    // Suites sign in far more than 30 times a minute from one address; the rate-limit test
    // builds an app of its own with a small limit.
    signinRateLimit: 100_000,
    marketingRateLimit: 100_000,
    // Tests change rows straight in the database and read the page at once; the cache has its own test.
    marketingPageCacheMs: 0,
    // Suites that give a folder read the files there; the others use the default (database).
    ...(overrides.filesDir ? { fileStore: 'folder' as const } : {}),
    ...overrides,
  };
}


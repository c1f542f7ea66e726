/**
 * Writes src/domain/api-routes.json: every /v1 route of the server (method, path, the menu ids
 * that guard it), so the browser can check the calls a declaration names (the playground)
 * without Node APIs. Run `npm run api-routes` after adding or moving a route; the schema
 * tests (tests/schema/declarations.test.ts) fail while the file and the server differ.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp, listRoutes } from '../server/app';
import { openPglite } from '../server/db/index';
import { migrate } from '../server/db/migrate';
import { loadOrCreateKeys } from '../server/security/keys';
import { readSettings } from '../server/settings';
import { apiRoutesSource, toApiRoutes } from '../server/apiRoutes';

const target = fileURLToPath(new URL('../src/domain/api-routes.json', import.meta.url));
const db = await openPglite();
try {
  await migrate(db);
  const app = await buildApp({ db, settings: { ...readSettings({}), staticDir: '/nonexistent/oioc-static', dataDir: '/nonexistent/oioc-data', filesDir: '/nonexistent/oioc-files' }, keys: await loadOrCreateKeys(db) });
  fs.writeFileSync(target, apiRoutesSource(toApiRoutes(listRoutes(app))));
  await app.close();
  console.log(`wrote ${target}`);
} finally {
  await db.destroy();
}

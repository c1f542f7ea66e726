/**
 * Global setup of the API tests: one migrated and seeded database to copy, so each test file
 * starts from a copy instead of creating, migrating and seeding its own (a fresh in-memory
 * PGlite alone takes seconds: its initdb).
 *  - PGlite: a data-folder dump written to a temporary file; Harness loads it (loadDataDir);
 *  - PostgreSQL (when DATABASE_URL is set): a template database; Harness creates its own
 *    database `WITH TEMPLATE` it, and the template is dropped at the end of the run.
 * Harness still runs migrate and seed on the copy (both are no-ops there), so a test file run
 * without this setup works the slow way.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, kyselyOverPglite, openPostgres } from '../../server/db/index';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/seed';
import { testSettings } from './settings';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const settings = testSettings();
  const id = crypto.randomBytes(6).toString('hex');

  const pglite = await createPglite();
  const lite = kyselyOverPglite(pglite);
  await migrate(lite);
  await seed(lite, settings);
  const dump = await pglite.dumpDataDir('none');
  await lite.destroy();
  const file = path.join(os.tmpdir(), `oioc-api-template-${id}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);

  let template: string | null = null;
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    template = `oioc_api_template_${id}`;
    await adminQuery(adminUrl, `create database "${template}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const db = openPostgres(url.toString(), 2);
    await migrate(db);
    await seed(db, settings);
    await db.destroy();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    fs.rmSync(file, { force: true });
    if (adminUrl && template) await adminQuery(adminUrl, `drop database if exists "${template}" with (force)`);
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { await client.query(statement); } finally { await client.end(); }
}

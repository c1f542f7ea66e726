/**
 * API test harness. `describeApi(title, body)` runs the suite once per database:
 *  - PGlite in memory (always), one instance per test file, closed in afterAll;
 *  - PostgreSQL when DATABASE_URL is set: a database of its own (oioc_api_<random>) created
 *    on that server and dropped WITH (FORCE) afterwards.
 * Each run migrates, seeds (ADMIN_INITIAL_PASSWORD = ADMIN_PASSWORD) and builds the app;
 * tests talk to it with app.inject, like a client would.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import type { SessionUser, TenantConfig } from '../../src/domain/api';
import { MimaStatus, RoleType, UserStatus, UserType } from '../../src/domain/enums';
import { MENU_TREE, menuIds } from '../../src/domain/menu';
import { buildApp } from '../../server/app';
import { createPglite, kyselyOverPglite, openPglite, openPostgres, type Db } from '../../server/db/index';
import { migrate } from '../../server/db/migrate';
import { noteRemoteWrite } from '../../server/db/shortCache';
import { json } from '../../server/db/schema';
import { loadOrCreateKeys, type ServerKeys } from '../../server/security/keys';
import { seed } from '../../server/seed';
import type { Settings } from '../../server/settings';
import { fixtureHash } from '../support/fixtureHash';

export { ADMIN_PASSWORD } from './settings';
import { testSettings } from './settings';

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export { testSettings } from './settings';

export interface NewUser {
  tenant?: string;
  account?: string;
  password?: string;
  name?: string;
  status?: number;
  mimaStatus?: number;
  /** The role's functions; default: those of the tenant's Admin role (every menu id when none). */
  functions?: number[];
  /** The role's type (default General), authorized clients and brands (default none). */
  roleType?: number;
  customers?: number[];
  brands?: number[];
  phoneCountryCode?: string | null;
  phone?: string | null;
}

let counter = 0;
export const uniqueAccount = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export class Harness {
  db!: Db;
  keys!: ServerKeys;
  app!: FastifyInstance;
  settings = testSettings();
  publicKeyPem = '';
  private extraApps: FastifyInstance[] = [];
  private pgAdminUrl: string | null = null;
  private pgDatabase: string | null = null;

  constructor(readonly backend: Backend) {}

  async start(): Promise<void> {
    // A new database: this process's short caches (sessions, list counts and page boundaries,
    // keyed by token and SQL, not by database) forget what the previous harness's app saw.
    noteRemoteWrite();
    // The run's migrated and seeded template (template.setup.ts), when there is one.
    const template = process.env.NO_API_TEMPLATE ? null : inject(this.backend === 'pglite' ? 'pgliteTemplate' : 'postgresTemplate');
    if (this.backend === 'pglite') {
      this.db = template
        ? kyselyOverPglite(await createPglite(undefined, new Blob([fs.readFileSync(template)])))
        : await openPglite();
    } else {
      const url = new URL(process.env.DATABASE_URL!);
      this.pgAdminUrl = url.toString();
      this.pgDatabase = `oioc_api_${crypto.randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: this.pgAdminUrl });
      await admin.connect();
      try {
        await admin.query(`create database "${this.pgDatabase}"${template ? ` template "${template}"` : ''}`);
      } finally { await admin.end(); }
      url.pathname = `/${this.pgDatabase}`;
      this.db = openPostgres(url.toString(), 5);
    }
    await migrate(this.db);
    await seed(this.db, this.settings);
    this.keys = await loadOrCreateKeys(this.db);
    this.app = await buildApp({ db: this.db, settings: this.settings, keys: this.keys });
    const res = await this.app.inject({ method: 'GET', url: '/v1/Config/tenant/platform' });
    this.publicKeyPem = (res.json() as TenantConfig).passwordPublicKey;
  }

  async stop(): Promise<void> {
    for (const app of this.extraApps) await app.close();
    await this.app?.close();
    await this.db?.destroy();
    if (this.pgAdminUrl && this.pgDatabase) {
      const admin = new pg.Client({ connectionString: this.pgAdminUrl });
      await admin.connect();
      try { await admin.query(`drop database if exists "${this.pgDatabase}" with (force)`); } finally { await admin.end(); }
    }
  }

  /** Another app over the same database, with other settings (closed in stop()). */
  async appWith(overrides: Partial<Settings>): Promise<FastifyInstance> {
    // Suites that give a folder read their files there (FILE_STORE=folder); the others keep the default (database).
    const store = overrides.filesDir && !overrides.fileStore ? { fileStore: 'folder' as const } : {};
    const app = await buildApp({ db: this.db, settings: { ...this.settings, ...store, ...overrides }, keys: this.keys });
    this.extraApps.push(app);
    return app;
  }

  /** What the SPA does: RSA-OAEP SHA-256 with the config's public key, base64. */
  encrypt(password: string): string {
    return crypto.publicEncrypt(
      { key: this.publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(password, 'utf8'),
    ).toString('base64');
  }

  call(method: InjectOptions['method'], url: string, opts: { token?: string; body?: unknown; app?: FastifyInstance; headers?: Record<string, string> } = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    return (opts.app ?? this.app).inject({
      method, url: `/v1/${url}`, headers,
      ...(opts.body === undefined ? {} : { payload: opts.body as InjectOptions['payload'] }),
    });
  }

  signIn(tenantCode: string, account: string, password: string, app?: FastifyInstance): Promise<LightMyRequestResponse> {
    return this.call('POST', 'Identity/token', { app, body: { tenantCode, account, mima: this.encrypt(password) } });
  }

  /** Sign in and expect success. */
  async session(tenantCode: string, account: string, password: string): Promise<SessionUser> {
    const res = await this.signIn(tenantCode, account, password);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SessionUser;
  }

  async tenantId(code: string): Promise<number> {
    const t = await this.db.selectFrom('tenants').select('id').where('code', '=', code).executeTakeFirstOrThrow();
    return t.id;
  }

  /** A tenant created straight in the database (no roles, no users). */
  async createTenant(spec: { code?: string; type?: number; functionFlags?: number; excludedMenuIds?: number[] } = {}): Promise<{ id: number; code: string }> {
    const code = spec.code ?? uniqueAccount('tenant');
    const row = await this.db.insertInto('tenants').values({
      code, type: spec.type ?? 2, names: json({ en: code }), function_flags: spec.functionFlags ?? 0,
      excluded_menu_ids: json(spec.excludedMenuIds ?? []),
    }).returning('id').executeTakeFirstOrThrow();
    return { id: row.id, code };
  }

  /** A user created straight in the database, with a role of its own (General unless `roleType`). */
  async createUser(spec: NewUser = {}): Promise<{ id: number; account: string; password: string; tenant: string; roleId: number }> {
    const tenant = spec.tenant ?? 'demo';
    const account = spec.account ?? uniqueAccount();
    const password = spec.password ?? 'Passw0rd1';
    const tenantId = await this.tenantId(tenant);
    let functions = spec.functions;
    if (!functions) {
      const adminRole = await this.db.selectFrom('roles').select('functions').where('tenant_id', '=', tenantId).where('type', '=', RoleType.Admin).executeTakeFirst();
      functions = adminRole?.functions ?? menuIds(MENU_TREE);
    }
    const role = await this.db.insertInto('roles').values({
      tenant_id: tenantId, name: `role of ${account}`, type: spec.roleType ?? RoleType.General,
      functions: json(functions), customers: json(spec.customers ?? []), brands: json(spec.brands ?? []),
    }).returning('id').executeTakeFirstOrThrow();
    const user = await this.db.insertInto('users').values({
      tenant_id: tenantId, account, name: `Name ${account}`, type: UserType.Staff,
      status: spec.status ?? UserStatus.Enabled, role_id: role.id, mima_hash: await fixtureHash(password),
      mima_status: spec.mimaStatus ?? MimaStatus.Normal,
      phone_country_code: spec.phoneCountryCode ?? null, phone: spec.phone ?? null,
    }).returning('id').executeTakeFirstOrThrow();
    return { id: user.id, account, password, tenant, roleId: role.id };
  }

  /** A user created in the database and signed in. */
  async signedInUser(spec: NewUser = {}) {
    const user = await this.createUser(spec);
    const session = await this.session(user.tenant, user.account, user.password);
    return { ...user, token: session.token, session };
  }
}

/**
 * Run `body` once per database backend, each with its own harness (database and app).
 * `{ once: true }`: suites that prove the HTTP layer and not the database (documentation,
 * compression, envelopes, input limits) run on one backend only, PostgreSQL when it is there.
 */
export function describeApi(title: string, body: (h: Harness) => void, options: { once?: boolean } = {}): void {
  const backends = options.once ? BACKENDS.slice(-1) : BACKENDS;
  for (const backend of backends) {
    describe(`${title} [${backend}]`, () => {
      const h = new Harness(backend);
      beforeAll(() => h.start());
      afterAll(() => h.stop());
      body(h);
    });
  }
}

/** Expect the failure envelope. */
export function expectFailure(res: LightMyRequestResponse, status: number, code: number): { code: number; message: string; data?: any } {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { code: number; message: string; data?: unknown };
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  return body as { code: number; message: string; data?: any };
}

/** Reads and writes this run's database directly, so specs check what the database holds. */
import { fixtureHash } from '../support/fixtureHash';
import pg from 'pg';
import { databaseUrl } from './env';

export async function query<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

export interface UserRow {
  id: number;
  account: string;
  name: string;
  mima_hash: string;
  mima_status: number;
  mima_changed_at: Date;
  phone_country_code: string | null;
  phone: string | null;
}

export async function userRow(tenantCode: string, account: string): Promise<UserRow> {
  const rows = await query<UserRow>(
    `select u.id, u.account, u.name, u.mima_hash, u.mima_status, u.mima_changed_at, u.phone_country_code, u.phone
       from users u join tenants t on t.id = u.tenant_id
      where t.code = $1 and lower(u.account) = lower($2)`,
    [tenantCode, account],
  );
  if (!rows[0]) throw new Error(`no user ${tenantCode}/${account}`);
  return rows[0];
}

/**
 * Puts an account back as a fresh install has it: `password`, to be changed at the first sign-in
 * (mode 4). A spec of the seeded admin's first sign-in starts from it, so it passes when run again
 * on the same database (`--repeat-each`).
 */
export async function resetToMustChange(tenantCode: string, account: string, password: string): Promise<void> {
  const mimaHash = await fixtureHash(password);
  await query(
    `update users u set mima_hash = $3, mima_status = 2, mima_changed_at = now() - interval '1 minute'
       from tenants t where t.id = u.tenant_id and t.code = $1 and lower(u.account) = lower($2)`,
    [tenantCode, account, mimaHash],
  );
}

let seq = 0;

/** A unique account name for one test. */
export function uniqueAccount(prefix = 'e2e'): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq}`;
}

export interface NewUser {
  tenantCode: string;
  account: string;
  password: string;
  name?: string;
  /** 1 normal (default), 2 must change the default password. */
  mimaStatus?: 1 | 2;
  /** Default now. */
  mimaChangedAt?: Date;
  phoneCountryCode?: string | null;
  phone?: string | null;
  email?: string | null;
  /** User type (SPEC.md: Admin 1, Staff 2); default 1. */
  type?: number;
}

/** Inserts a user with the tenant admin's role (the whole menu) and an argon2id hash. */
export async function createUser(u: NewUser): Promise<number> {
  const mimaHash = await fixtureHash(u.password);
  const rows = await query<{ id: number }>(
    `insert into users (tenant_id, account, name, type, status, role_id, mima_hash, mima_status, mima_changed_at, phone_country_code, phone, email)
     select t.id, $2, $3, $10, 1, a.role_id, $4, $5, $6, $7, $8, $9
       from tenants t join users a on a.tenant_id = t.id and a.account = 'admin'
      where t.code = $1
     returning id`,
    [
      u.tenantCode,
      u.account,
      u.name ?? `測試員 ${u.account}`,
      mimaHash,
      u.mimaStatus ?? 1,
      u.mimaChangedAt ?? new Date(),
      u.phoneCountryCode ?? null,
      u.phone ?? null,
      u.email ?? null,
      u.type ?? 1,
    ],
  );
  if (!rows[0]) throw new Error(`tenant ${u.tenantCode} or its admin not found`);
  return rows[0].id;
}

/** An announcement of a tenant in force now (target 1: internal). */
export async function createAnnouncement(tenantCode: string, contents: Record<string, { title: string; content: string }>, target = 1): Promise<number> {
  const rows = await query<{ id: number }>(
    `insert into announcements (tenant_id, contents, start_time, end_time, target)
     select id, $2::jsonb, now() - interval '1 hour', now() + interval '7 days', $3 from tenants where code = $1
     returning id`,
    [tenantCode, JSON.stringify(contents), target],
  );
  return rows[0].id;
}

/** A finished, not yet downloaded export report of a user (counts in exportReportAmount). */
export async function createFinishedExport(userId: number): Promise<void> {
  await query(
    `insert into export_reports (tenant_id, user_id, function_type, progress, status, downloaded)
     select tenant_id, id, 1, 100, 3, false from users where id = $1`,
    [userId],
  );
}

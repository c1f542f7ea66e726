/**
 * A tenant's OAuth clients of the login platforms (issue 29), kept in member_login_clients:
 * the settings screen reads them without their secrets (`secretSet`), saves them keeping the
 * stored secret when no new one is given, and the member side reads them whole (server only).
 */
import type { Kysely, Transaction } from 'kysely';

import { isSocialPlatform, type LoginClientBody, type LoginClientDto, type SocialPlatform } from '../../../src/domain/member/social';
import type { Database } from '../../db/schema';
import { badRequest } from '../../errors';
import { authFailed, type ClientCredentials } from './oauth';

type Db = Kysely<Database> | Transaction<Database>;

export async function loginClientDtos(db: Db, tenantId: number): Promise<LoginClientDto[]> {
  const rows = await db.selectFrom('member_login_clients').select(['platform', 'client_id']).where('tenant_id', '=', tenantId).orderBy('platform').execute();
  return rows.map((r) => ({ platform: r.platform, clientId: r.client_id, secretSet: true }));
}

/**
 * Replaces the tenant's clients with `list` (inside the settings' transaction): a client without
 * a new secret keeps the stored one; a new client without a secret is code 1 `required` on it.
 */
export async function saveLoginClients(trx: Transaction<Database>, tenantId: number, list: LoginClientBody[]): Promise<void> {
  const stored = new Map((await trx.selectFrom('member_login_clients').select(['platform', 'client_secret']).where('tenant_id', '=', tenantId).execute())
    .map((r) => [r.platform, r.client_secret]));
  const missing: Record<string, { key: string }> = {};
  const rows = list.map((c, i) => {
    const secret = c.clientSecret?.trim() || stored.get(c.platform);
    if (!secret) missing[`loginClients.${i}.clientSecret`] = { key: 'required' };
    return { tenant_id: tenantId, platform: c.platform, client_id: c.clientId.trim(), client_secret: secret ?? '', updated_at: new Date() };
  });
  if (Object.keys(missing).length) throw badRequest(missing);
  await trx.deleteFrom('member_login_clients').where('tenant_id', '=', tenantId).execute();
  if (rows.length) await trx.insertInto('member_login_clients').values(rows).execute();
}

/** The platforms of the tenant that have a client (the member side's usable platforms). */
export async function platformsWithClient(db: Db, tenantId: number): Promise<{ platform: number }[]> {
  return db.selectFrom('member_login_clients').select('platform').where('tenant_id', '=', tenantId).execute();
}

/** The client of an enabled, supported platform of the tenant; 8140 `disabled` otherwise. */
export async function usableClient(db: Db, tenantId: number, platform: number): Promise<{ platform: SocialPlatform; creds: ClientCredentials }> {
  const row = await db.selectFrom('member_login_clients as c').innerJoin('member_settings as s', 's.tenant_id', 'c.tenant_id')
    .select(['c.client_id', 'c.client_secret', 's.login_platforms'])
    .where('c.tenant_id', '=', tenantId).where('c.platform', '=', platform).executeTakeFirst();
  const enabled = Array.isArray(row?.login_platforms) && (row.login_platforms as number[]).includes(platform);
  if (!row || !enabled || !isSocialPlatform(platform)) throw authFailed('disabled');
  return { platform, creds: { clientId: row.client_id, clientSecret: row.client_secret } };
}

/** Code 1 on a platform listed twice in the settings' clients. */
export function checkClientPlatforms(list: LoginClientBody[]): void {
  const seen = new Set<number>();
  const fields: Record<string, { key: string }> = {};
  list.forEach((c, i) => {
    if (seen.has(c.platform)) fields[`loginClients.${i}.platform`] = { key: 'duplicate' };
    seen.add(c.platform);
  });
  if (Object.keys(fields).length) throw badRequest(fields);
}


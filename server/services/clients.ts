/**
 * Client tenants as other rows refer to them: the sort of a client's name, whether a client
 * is one the caller's role manages (locked FOR SHARE in the write), and the client list's
 * filters (the client screen and its activity export).
 */
import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import { TenantType } from '../../src/domain/enums';
import { LANGS } from '../../src/domain/lang';
import { containsPattern } from '../db/list';
import type { Database } from '../db/schema';
import { isDbId } from './resource';
import type { RoleScope } from './scope';

/** Sort expression of a client's name (zh_TW first, then the fallback order, then the code). */
export const clientNameSort = (alias: string) =>
  sql`lower(coalesce(${sql.ref(`${alias}.names`)}->>'zh_TW', ${sql.ref(`${alias}.names`)}->>'zh_CN', ${sql.ref(`${alias}.names`)}->>'en', ${sql.ref(`${alias}.code`)}))`;

/**
 * Is `clientId` an active client tenant (not deleted) the scope allows? Locks the tenant row
 * (FOR SHARE) so a concurrent client deletion waits for the write that uses it.
 */
export async function isManagedClient(trx: Transaction<Database>, scope: RoleScope, clientId: unknown): Promise<boolean> {
  if (!isDbId(clientId)) return false;
  if (scope.clients !== null && !scope.clients.includes(clientId)) return false;
  const row = await trx.selectFrom('tenants').select('id')
    .where('id', '=', clientId).where('type', '=', TenantType.Client).where('deleted_at', 'is', null)
    .forShare()
    .executeTakeFirst();
  return row !== undefined;
}

export interface ClientFilters {
  keyword?: string;
  functions?: number;
  status?: number;
}

/** The client list's filters (keyword: code or a name contains; functions: every flag; status), shared with its activity export. */
export function clientFilter<Q extends SelectQueryBuilder<Database & { t: Database['tenants'] }, 't', any>>(q: Q, { keyword, functions, status }: ClientFilters): Q {
  let out = q as SelectQueryBuilder<Database & { t: Database['tenants'] }, 't', any>;
  if (keyword?.trim()) {
    const pattern = containsPattern(keyword.trim());
    out = out.where((eb) => eb.or([
      eb('t.code', 'ilike', pattern),
      ...LANGS.map((lang) => eb(sql<string>`t.names->>${sql.lit(lang)}`, 'ilike', pattern)),
    ]));
  }
  if (functions !== undefined) out = out.where(sql<number>`t.function_flags & ${functions}`, '=', functions);
  if (status !== undefined) out = out.where('t.status', '=', status);
  return out as Q;
}

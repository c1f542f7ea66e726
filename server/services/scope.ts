/**
 * What a role may manage (SPEC.md 6: "lists of clients, brands, packaging materials and code
 * packages are filtered to those the role may manage"). One function, used by every product,
 * packaging and code-package route (lists, options, reads, writes, exports):
 *
 *  - clients (operator tenant): an Admin role manages every client; a General role only the
 *    clients of its `customers` (an empty list: none);
 *  - brands (client tenants): an Admin role manages every brand of its tenant; a General
 *    role the brands of its `brands` list, except that an empty list means every brand: the
 *    role form does not offer brands yet, and a client's staff must not lose the brand
 *    screen meanwhile. (Once the role form offers brands, make empty mean none, as for
 *    customers.)
 *
 * `null` means "no restriction". Routes apply it with `inScope` on the column holding the
 * client (or brand) id; ids outside the scope behave as if they did not exist (404 code 2,
 * or code 1 on the field of a body).
 */
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { RoleType } from '../../src/domain/enums';
import type { Caller } from '../auth';
import type { Db as Kdb } from '../db/index';
import type { Database } from '../db/schema';

type Db = Kdb | Transaction<Database>;

export interface RoleScope {
  /** Client tenant ids the role manages; null: all. */
  clients: number[] | null;
  /** Brand ids the role manages; null: all of the tenant. */
  brands: number[] | null;
}

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number' && Number.isInteger(x)) : []);

/** The scope of the caller's role (read fresh: a role edit applies at the next call). */
export async function roleScope(db: Db, who: Pick<Caller, 'tenantId' | 'roleId'>): Promise<RoleScope> {
  const role = await db.selectFrom('roles').select(['type', 'customers', 'brands'])
    .where('id', '=', who.roleId).where('tenant_id', '=', who.tenantId)
    .executeTakeFirst();
  if (!role) return { clients: [], brands: [] };
  if (role.type === RoleType.Admin) return { clients: null, brands: null };
  const brands = ids(role.brands);
  return { clients: ids(role.customers), brands: brands.length ? brands : null };
}

/** Is this id within a scope list (null: everything)? */
export function inScope(list: number[] | null, id: number): boolean {
  return list === null || list.includes(id);
}

/**
 * The WHERE condition "column within the scope list": true for null (no restriction), false
 * for an empty list. `column` is a reference such as 'm.client_id'.
 */
export function scopeCondition(list: number[] | null, column: string): RawBuilder<boolean> {
  if (list === null) return sql<boolean>`true`;
  if (list.length === 0) return sql<boolean>`false`;
  return sql<boolean>`${sql.ref(column)} = any(${list}::int[])`;
}

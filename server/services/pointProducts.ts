/**
 * The point products a member tenant offers now: the member shop's list and the consumer
 * page's data (modules/public/memberShop.ts, marketingPublic.ts).
 */
import { sql } from 'kysely';
import { ClientFunction } from '../../src/domain/enums';
import type { PagePointProduct } from '../../src/domain/marketing/page';
import type { AppDeps } from '../context';

type Db = AppDeps['db'];

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The point products on offer at `now` (enabled, of an enabled product and category, in their
 * period), fewest points first; none when the tenant lacks the Member function. The consumer
 * page's data carries them (marketingPublic buildPage).
 */
export async function pointProductsInForce(db: Db, tenantId: number, now: Date): Promise<PagePointProduct[]> {
  const rows = await db.selectFrom('point_products as pp')
    .innerJoin('marketing_products as p', 'p.id', 'pp.product_id')
    .innerJoin('marketing_categories as c', 'c.id', 'p.category_id')
    .innerJoin('tenants as t', 't.id', 'pp.tenant_id')
    .select(['pp.id', 'pp.product_id', 'p.names', 'p.image', 'pp.points', 'pp.stock', 'pp.starts_at', 'pp.ends_at', 'pp.timezone_id'])
    .where('pp.tenant_id', '=', tenantId).where('pp.enable', '=', true).where('p.enable', '=', true).where('c.enable', '=', true)
    .where(sql<boolean>`(t.function_flags & ${ClientFunction.Member}) <> 0`)
    .where('pp.starts_at', '<=', now).where('pp.ends_at', '>=', now)
    .orderBy('pp.points').orderBy('pp.id').limit(100).execute();
  return rows.map((r) => ({
    id: r.id, productId: r.product_id, names: r.names, image: r.image, points: r.points, stock: r.stock,
    from: iso(r.starts_at), to: iso(r.ends_at), timezoneId: r.timezone_id,
  }));
}

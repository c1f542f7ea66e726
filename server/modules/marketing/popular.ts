/**
 * Marketing popular products (menu 35; services/marketing.ts has the area's contract):
 *   GET    marketing/product/popular               list; POST (id edits; 6501 already popular)
 *   DELETE marketing/product/popular/{id}
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ErrorCode } from '../../../src/domain/errors';
import type { Names } from '../../../src/domain/lang';
import { currencyByCode } from '../../../src/domain/reference/currencies';
import type { AppDeps } from '../../context';
import { json } from '../../db/schema';
import { ApiError, badRequest } from '../../errors';
import { defineResource } from '../../resource/define';
import { isDbId } from '../../services/resource';
import { cleanNames } from '../../services/names';
import { apiDeclaration, iso, num, period, type Db } from '../../services/marketing';

// --- Popular products (35) --------------------------------------------------------------

export interface PopularDto {
  id: number;
  productId: number;
  productNames: Names;
  categoryNames: Names;
  timezoneId: number;
  from: string;
  to: string;
  names: Names;
  price: number | null;
  currency: string | null;
  url: string | null;
  image: string | null;
  createdAt: string;
  updatedAt: string;
}

interface PopularBody {
  productId: number;
  from: string;
  to: string;
  timezoneId: number;
  names?: Names;
  price?: number;
  currency?: string;
  url?: string;
  image?: string;
}

const popularQuery = (db: Db) => db.selectFrom('marketing_popular_products as pp')
  .innerJoin('marketing_products as mp', 'mp.id', 'pp.product_id')
  .innerJoin('marketing_categories as mc', 'mc.id', 'mp.category_id')
  .select([
    'pp.id', 'pp.product_id', 'mp.names as productNames', 'mc.names as categoryNames', 'pp.timezone_id', 'pp.starts_at', 'pp.ends_at',
    'pp.names', 'pp.price', 'pp.currency', 'pp.url', 'pp.image', 'pp.created_at', 'pp.updated_at',
  ]);
type PopularRow = Awaited<ReturnType<ReturnType<typeof popularQuery>['executeTakeFirstOrThrow']>>;

const alreadyPopular = () => new ApiError(400, ErrorCode.AlreadyPopularProduct, { productId: { key: 'checkRepeatName' } });

const popular = defineResource<PopularRow, PopularDto, PopularBody>({
  // The screen's form is the body (one source); its upload rule (`image`) is checked by the layer.
  declaration: apiDeclaration('marketing.popular-product', 'marketing-popular-product'),
  table: 'marketing_popular_products',
  alias: 'pp',
  columns: { from: 'pp.starts_at', to: 'pp.ends_at', createdAt: 'pp.created_at' },
  query: popularQuery,
  toDto: (r) => ({
    id: r.id, productId: r.product_id, productNames: r.productNames, categoryNames: r.categoryNames, timezoneId: r.timezone_id,
    from: iso(r.starts_at), to: iso(r.ends_at), names: r.names ?? {}, price: num(r.price), currency: r.currency, url: r.url, image: r.image,
    createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
  }),
  readOnly: ['productNames', 'categoryNames'],
  values: async ({ trx, who }, body, before) => {
    const { from, to } = period(body);
    const product = isDbId(body.productId)
      ? await trx.selectFrom('marketing_products').select('id').where('id', '=', body.productId).where('tenant_id', '=', who.tenantId).forShare().executeTakeFirst()
      : undefined;
    if (!product) throw badRequest({ productId: { key: 'oneOf' } });
    if (body.currency && !currencyByCode(body.currency)) throw badRequest({ currency: { key: 'oneOf' } });
    const taken = await trx.selectFrom('marketing_popular_products').select('id').where('product_id', '=', body.productId)
      .$if(before !== null, (q) => q.where('id', '!=', before!.id)).executeTakeFirst();
    if (taken) throw alreadyPopular();
    return {
      product_id: body.productId, starts_at: from, ends_at: to, timezone_id: body.timezoneId, names: json(cleanNames(body.names)),
      price: body.price ?? null, currency: body.currency ?? null, url: body.url ?? null, image: body.image ?? null,
    };
  },
  uniqueErrors: { marketing_popular_products_uq: alreadyPopular },
  errors: { create: [ErrorCode.AlreadyPopularProduct, ErrorCode.ImageResolution, ErrorCode.ImageSize], update: [ErrorCode.AlreadyPopularProduct, ErrorCode.ImageResolution, ErrorCode.ImageSize] },
});

export default async function marketingPopularRoutes(app: FastifyInstance, deps: AppDeps) {
  // Banner and product writes take form data (SPEC 7); oversized parts answer 102, not 413.
  // Every marketing plugin registers it, as the one plugin they were before.
  await app.register(multipart, { throwFileSizeLimit: false });

  // --- Popular products ---
  popular.routes(app, deps);
}

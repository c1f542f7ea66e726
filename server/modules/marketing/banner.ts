/**
 * Marketing banners (menu 33; services/marketing.ts has the area's contract):
 *   GET    marketing/banner                        list (productId)
 *   POST   marketing/banner                        JSON or multipart (images.small, images.large); id edits
 *   DELETE marketing/banner/{id}
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ErrorCode } from '../../../src/domain/errors';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { badRequest, notFound } from '../../errors';
import { defineResource } from '../../resource/define';
import { recordChange } from '../../services/changelog';
import { bodySchema } from '../../resource/schemas';
import { optionalBodyId, validated, withoutKeys } from '../../services/resource';
import { roleScope, scopeCondition } from '../../services/scope';
import { apiDeclaration, declaredForm, declaredUploads, iso, MARKETING_MENU, period, type Db } from '../../services/marketing';
import { checkDeclaredUploads, insertFiles, readBody, withUploads } from '../../services/formUploads';

// --- Banners (33) -----------------------------------------------------------------------

export interface BannerDto {
  id: number;
  productId: number;
  productName: string;
  brandName: string;
  from: string;
  to: string;
  timezoneId: number;
  images: { small: string; large: string };
  createdAt: string;
  updatedAt: string;
}

interface BannerBody {
  productId: number;
  from: string;
  to: string;
  timezoneId: number;
  images: { small: string; large: string };
}

const bannerQuery = (db: Db) => db.selectFrom('marketing_banners as mb')
  .innerJoin('brand_products as bp', 'bp.id', 'mb.brand_product_id')
  .innerJoin('brands as b', 'b.id', 'bp.brand_id')
  .select(['mb.id', 'mb.brand_product_id', 'bp.name as productName', 'b.name as brandName', 'bp.brand_id', 'mb.starts_at', 'mb.ends_at', 'mb.timezone_id', 'mb.image_small', 'mb.image_large', 'mb.created_at', 'mb.updated_at']);
type BannerRow = Awaited<ReturnType<ReturnType<typeof bannerQuery>['executeTakeFirstOrThrow']>>;

const DECL = apiDeclaration('marketing.banner', 'marketing-banner');
/** The screen's form is the body's (one source), with its upload rules (images.small, images.large). */
const FORM = declaredForm('marketing.banner');
const UPLOADS = declaredUploads('marketing.banner');
/** Fields the list answers and an edit form sends back: ignored in a body. */
const ANSWERED = ['productName', 'brandName', 'createdAt', 'updatedAt'];
/** The body as documented (an id edits) and as form data's text fields are typed. */
const BODY_SCHEMA = bodySchema(DECL, 'upsert', ANSWERED);

const banners = defineResource<BannerRow, BannerDto, BannerBody, { productId?: number }>({
  declaration: DECL,
  table: 'marketing_banners',
  alias: 'mb',
  columns: { from: 'mb.starts_at', to: 'mb.ends_at', createdAt: 'mb.created_at' },
  query: bannerQuery,
  scope: { brands: 'bp.brand_id' },
  filterSchema: { type: 'object', properties: { productId: { type: 'integer', minimum: 1 } } },
  filter: (q, { productId }) => (productId !== undefined ? q.where('mb.brand_product_id', '=', productId) : q),
  toDto: (r) => ({
    id: r.id, productId: r.brand_product_id, productName: r.productName, brandName: r.brandName, from: iso(r.starts_at), to: iso(r.ends_at),
    timezoneId: r.timezone_id, images: { small: r.image_small, large: r.image_large }, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
  }),
  only: ['list', 'remove'],
});

export default async function marketingBannerRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  // Banner and product writes take form data (SPEC 7); oversized parts answer 102, not 413.
  // Every marketing plugin registers it, as the one plugin they were before.
  await app.register(multipart, { throwFileSizeLimit: false });

  // --- Banners ---
  banners.routes(app, deps);

  app.post('/marketing/banner', {
    config: {
      menuId: MARKETING_MENU.banner,
      docs: {
        summary: 'Create a banner (no id) or change it (id); JSON with image addresses or form data with file parts images.small (600x150) and images.large (660x352)',
        body: BODY_SCHEMA, consumes: ['application/json', 'multipart/form-data'], status: [201, 200],
        errors: [ErrorCode.NotFound, ErrorCode.ImageResolution, ErrorCode.ImageSize, ErrorCode.FileFormat],
      },
    },
  }, async (req, reply) => withUploads(req, deps, async (written) => {
    const who = caller(req);
    const { raw, files } = await readBody(req, deps, BODY_SCHEMA, UPLOADS, written);
    const body = { ...validated<BannerBody>(FORM, withoutKeys(raw, ['id', ...ANSWERED])), id: optionalBodyId(raw) };
    const { from, to } = period(body);
    const out = await db.transaction().execute(async (trx) => {
      const scope = await roleScope(trx, who);
      const ctx = { who, scope };
      const before = body.id !== undefined ? await banners.load(trx, ctx, body.id, true) : null;
      if (body.id !== undefined && !before) throw notFound();
      const product = await trx.selectFrom('brand_products as bp').innerJoin('marketing_brand_products as m', 'm.brand_product_id', 'bp.id')
        .select('bp.id').where('bp.id', '=', body.productId).where('bp.tenant_id', '=', who.tenantId)
        .where(scopeCondition(scope.brands, 'bp.brand_id')).forShare().executeTakeFirst();
      if (!product) throw badRequest({ productId: { key: 'oneOf' } });
      await insertFiles(trx, who, files);
      await checkDeclaredUploads(trx, who.tenantId, UPLOADS, body);
      const now = new Date();
      const values = { brand_product_id: body.productId, starts_at: from, ends_at: to, timezone_id: body.timezoneId, image_small: body.images.small, image_large: body.images.large, updated_at: now };
      let id = before?.id;
      if (before) await trx.updateTable('marketing_banners').set(values).where('id', '=', before.id).where('tenant_id', '=', who.tenantId).execute();
      else id = (await trx.insertInto('marketing_banners').values({ ...values, tenant_id: who.tenantId, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
      const after = (await banners.load(trx, ctx, id!))!;
      await recordChange(trx, who, { resource: 'marketing-banner', resourceId: id!, action: before ? 'update' : 'create', ...(before ? { before } : {}), after });
      return { after, created: !before };
    });
    return reply.code(out.created ? 201 : 200).send(out.after);
  }));
}

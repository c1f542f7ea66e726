/**
 * Short addresses of marketing codes (issue 16; SPEC 7 `GET Config/short-url`, 9920):
 *  - GET /v1/Config/short-url?code=: a signed-in user holding the barcode query (menu 28, the
 *    function that shows codes; else 403 code 3) who may read the code (its rule) gets
 *    `{ code, token, url }`, the address to print in the code's QR. The first call creates
 *    it; a code that already has one answers 409 code 9920 with the existing address in
 *    `data`, so a printing tool never prints two addresses for one code.
 *  - GET /s/{token} (public, outside /v1): 302 to the consumer page of the code's client,
 *    `/m/{tenantCode}?c={code}`; an unknown token is 404 with the envelope.
 * Only marketing codes (packaging material code type Marketing) have a consumer page.
 */
import type { FastifyInstance } from 'fastify';
import { PackagingCodeType } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { SCAN_CODE_MAX_LENGTH } from '../../../src/domain/logistics';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { ApiError, badRequest, notFound } from '../../errors';
import { readableCodeOrFail } from '../../services/logistics';
import { isUniqueViolation } from '../../services/resource';
import { BARCODE_QUERY_MENU_ID } from '../../services/menuIds';
import { newShortToken, shortUrlOf, TOKEN_PATTERN } from '../../services/shortUrls';

const QUERY = {
  type: 'object', required: ['code'], additionalProperties: false,
  properties: { code: { type: 'string', minLength: 1, maxLength: SCAN_CODE_MAX_LENGTH } },
} as const;

export default async function shortUrlRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  app.get<{ Querystring: { code: string } }>('/Config/short-url', {
    schema: { querystring: QUERY },
    config: { menuId: BARCODE_QUERY_MENU_ID, docs: { summary: 'The short address of a marketing code (created on the first call; 9920 once it exists)', errors: [ErrorCode.BadRequest, ErrorCode.NotFound, ErrorCode.ShortCodeExists] } },
  }, async (req) => {
    const who = caller(req);
    const found = await readableCodeOrFail(db, who, req.query.code);
    const pkg = await db.selectFrom('code_packages').select('code_type').where('id', '=', Number(found.package_id)).executeTakeFirstOrThrow();
    if (pkg.code_type !== PackagingCodeType.Marketing) throw badRequest({ code: { key: 'notMarketingCode' } });

    const existing = () => db.selectFrom('short_urls').select('token').where('package_id', '=', Number(found.package_id)).where('seq', '=', Number(found.seq)).executeTakeFirst();
    const exists = (token: string) => new ApiError(409, ErrorCode.ShortCodeExists, { code: found.code, token, url: shortUrlOf(req, token) });
    const had = await existing();
    if (had) throw exists(had.token);
    for (let attempt = 0; attempt < 5; attempt++) {
      const token = newShortToken();
      try {
        await db.insertInto('short_urls').values({
          token, tenant_id: Number(found.client_id), package_id: Number(found.package_id), seq: Number(found.seq), code: found.code, created_by: who.userId,
        }).execute();
        return { code: found.code, token, url: shortUrlOf(req, token) };
      } catch (err) {
        if (isUniqueViolation(err, 'short_urls_code_uq')) {
          const now = await existing(); // a concurrent call made it first
          if (now) throw exists(now.token);
        }
        if (!isUniqueViolation(err)) throw err; // a token collision: draw again
      }
    }
    throw new ApiError(503, ErrorCode.SystemError);
  });
}

/** GET /s/{token}: registered outside /v1 (public, no session). */
export async function shortUrlRedirect(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { token: string } }>('/s/:token', {
    schema: { hide: true, params: { type: 'object', properties: { token: { type: 'string', pattern: TOKEN_PATTERN } } } },
  }, async (req, reply) => {
    const row = await deps.db.selectFrom('short_urls as s').innerJoin('tenants as t', 't.id', 's.tenant_id')
      .select(['s.code', 't.code as tenantCode']).where('s.token', '=', req.params.token).executeTakeFirst();
    if (!row) throw notFound();
    return reply.header('cache-control', 'no-store').redirect(`/m/${encodeURIComponent(row.tenantCode)}?c=${encodeURIComponent(row.code)}`, 302);
  });
}

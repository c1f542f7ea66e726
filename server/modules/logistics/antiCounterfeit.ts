/**
 * The anti-counterfeiting page (issue 16, menu 30, unreleased by default), one per client
 * tenant (SPEC shows no call: decided as the declaration's form screen):
 *   GET  Logistics/anti-counterfeiting   the caller's page ({ enable, title, content, images })
 *   POST Logistics/anti-counterfeiting   save it (images: the tenant's uploads, at most 4 of 2 MB)
 * The consumer page shows it for a genuine code (marketingPublic.ts, `authenticity`).
 */
import type { FastifyInstance } from 'fastify';
import { ANTI_COUNTERFEIT_MENU_ID } from '../../../src/domain/antiCounterfeit';
import { declaration } from '../../../src/domain/declarations';
import { ErrorCode } from '../../../src/domain/errors';
import type { Names } from '../../../src/domain/lang';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import type { Db } from '../../db/index';
import { json } from '../../db/schema';
import { recordChange } from '../../services/changelog';
import { objectBody, validated } from '../../services/resource';
import { storedFileFailure } from '../../services/textKeys';
import { checkStoredUpload } from '../../services/uploads';
import { cleanNames } from '../../services/names';
import { antiCounterfeitPage } from '../../services/antiCounterfeit';

const DECL = declaration('logistics.anti-counterfeiting');
const FORM = DECL.form!;
const IMAGE_RULE = { kind: 'image', maxMB: 2 } as const;

interface Body { enable?: boolean; title: Names; content?: Names; images?: string[] }

export default async function antiCounterfeitRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const config = (summary: string, errors: number[] = []) => ({
    menuId: ANTI_COUNTERFEIT_MENU_ID,
    docs: { summary, body: FORM.schema as Record<string, unknown>, response: FORM.schema as Record<string, unknown>, errors },
  });

  app.get('/Logistics/anti-counterfeiting', { config: { menuId: ANTI_COUNTERFEIT_MENU_ID, docs: { summary: 'The anti-counterfeiting page of the consumer page', response: FORM.schema as Record<string, unknown> } } },
    async (req) => antiCounterfeitPage(db, caller(req).tenantId));

  app.post('/Logistics/anti-counterfeiting', { config: config('Save the anti-counterfeiting page', [ErrorCode.BadRequest, ErrorCode.ImageSize]) }, async (req) => {
    const who = caller(req);
    const body = validated<Body>(FORM, objectBody(req.body));
    const images = [...new Set(body.images ?? [])];
    return db.transaction().execute(async (trx) => {
      for (const [i, url] of images.entries()) {
        const failure = await checkStoredUpload(trx as unknown as Db, who.tenantId, url, IMAGE_RULE);
        if (failure) throw storedFileFailure(`images.${i}`, failure);
      }
      const existed = await trx.selectFrom('anti_counterfeit_pages').select('tenant_id').where('tenant_id', '=', who.tenantId).forUpdate().executeTakeFirst();
      const before = existed ? await antiCounterfeitPage(trx as unknown as Db, who.tenantId) : null;
      const now = new Date();
      const values = { enable: body.enable ?? true, title: json(cleanNames(body.title)), content: json(cleanNames(body.content)), images: json(images), updated_at: now };
      await trx.insertInto('anti_counterfeit_pages').values({ tenant_id: who.tenantId, created_at: now, ...values })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values)).execute();
      const after = await antiCounterfeitPage(trx as unknown as Db, who.tenantId);
      await recordChange(trx, who, { resource: DECL.resource ?? 'antiCounterfeitPage', resourceId: who.tenantId, action: before ? 'update' : 'create', ...(before ? { before } : {}), after });
      return after;
    });
  });
}

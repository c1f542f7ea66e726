/**
 * Marketing contact info (menu 36; services/marketing.ts has the area's contract):
 *   GET, POST marketing/contact-info               { company, moreInfo (<= 4), platforms }
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { MarketingPlatform } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { CONTACT_FORM, MARKETING_IMAGE_RULES } from '../../../src/domain/marketing/forms';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { json } from '../../db/schema';
import { badRequest } from '../../errors';
import type { RouteDocs } from '../../resource/define';
import { recordChange } from '../../services/changelog';
import { objectBody, validated } from '../../services/resource';
import { checkImage, contactInfo, MARKETING_MENU, type Fields } from '../../services/marketing';

interface ContactBody {
  company?: Record<string, string | undefined>;
  moreInfo?: { name: string; url: string }[];
  platforms?: { type: number; url: string; priority?: number; iconImage?: string }[];
}

export default async function marketingContactRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  // Banner and product writes take form data (SPEC 7); oversized parts answer 102, not 413.
  // Every marketing plugin registers it, as the one plugin they were before.
  await app.register(multipart, { throwFileSizeLimit: false });

  // --- Contact info ---
  const contactConfig = (docs: RouteDocs) => ({ menuId: MARKETING_MENU.contact, docs });
  app.get('/marketing/contact-info', { config: contactConfig({ summary: 'The contact info of the consumer page', response: CONTACT_FORM.schema }) }, async (req) => contactInfo(db, caller(req).tenantId));

  app.post('/marketing/contact-info', {
    config: contactConfig({ summary: 'Save the contact info', body: CONTACT_FORM.schema, response: CONTACT_FORM.schema, errors: [ErrorCode.ImageResolution, ErrorCode.ImageSize] }),
  }, async (req) => {
    const who = caller(req);
    const body = validated<ContactBody>(CONTACT_FORM, objectBody(req.body));
    const platforms = (body.platforms ?? []).map((p, i) => ({ type: p.type, url: p.url.trim(), priority: p.priority ?? i, iconImage: p.iconImage ?? null }));
    const fields: Fields = {};
    platforms.forEach((p, i) => {
      if (p.type === MarketingPlatform.CustomImage && !p.iconImage) fields[`platforms.${i}.iconImage`] = { key: 'required' };
    });
    if (Object.keys(fields).length) throw badRequest(fields);
    return db.transaction().execute(async (trx) => {
      await checkImage(trx, who.tenantId, 'company.mapImage', body.company?.mapImage, MARKETING_IMAGE_RULES.image);
      for (const [i, p] of platforms.entries()) await checkImage(trx, who.tenantId, `platforms.${i}.iconImage`, p.iconImage, MARKETING_IMAGE_RULES.image);
      const existed = await trx.selectFrom('marketing_contacts').select('tenant_id').where('tenant_id', '=', who.tenantId).forUpdate().executeTakeFirst();
      const before = existed ? await contactInfo(trx, who.tenantId) : null;
      const company = Object.fromEntries(Object.entries(body.company ?? {}).filter(([, v]) => v !== undefined && v !== ''));
      const now = new Date();
      const values = { company: json(company), more_info: json(body.moreInfo ?? []), platforms: json(platforms), updated_at: now };
      await trx.insertInto('marketing_contacts').values({ tenant_id: who.tenantId, created_at: now, ...values })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values)).execute();
      const after = await contactInfo(trx, who.tenantId);
      await recordChange(trx, who, { resource: 'marketing-contact-info', resourceId: who.tenantId, action: before ? 'update' : 'create', ...(before ? { before } : {}), after });
      return after;
    });
  });
}

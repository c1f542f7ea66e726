/**
 * Marketing contact info (menu 36; services/marketing.ts has the area's contract):
 *   GET, POST marketing/contact-info               { company, moreInfo (<= 4), platforms }
 * A one-record-per-tenant settings form (resource/form.ts): the screen's form is the body (one
 * source: limits, the CustomImage icon rule and the images' upload rules, which the layer checks).
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ErrorCode } from '../../../src/domain/errors';
import type { AppDeps } from '../../context';
import { json } from '../../db/schema';
import { defineForm } from '../../resource/form';
import { apiDeclaration, contactInfo, type ContactInfoDto } from '../../services/marketing';

interface ContactBody {
  company?: Record<string, string | undefined>;
  moreInfo?: { name: string; url: string }[];
  platforms?: { type: number; url: string; priority?: number; iconImage?: string }[];
}

const contact = defineForm<ContactInfoDto, ContactBody>({
  declaration: apiDeclaration('marketing.contact-info', 'marketing-contact-info'),
  table: 'marketing_contacts',
  save: 'upsert',
  load: contactInfo,
  // The images (company.mapImage, platforms.*.iconImage) are checked by the layer after these columns.
  values: async (_ctx, body) => {
    const platforms = (body.platforms ?? []).map((p, i) => ({ type: p.type, url: p.url.trim(), priority: p.priority ?? i, iconImage: p.iconImage ?? null }));
    const company = Object.fromEntries(Object.entries(body.company ?? {}).filter(([, v]) => v !== undefined && v !== ''));
    return { company: json(company), more_info: json(body.moreInfo ?? []), platforms: json(platforms) };
  },
  errors: [ErrorCode.ImageResolution, ErrorCode.ImageSize],
});

export default async function marketingContactRoutes(app: FastifyInstance, deps: AppDeps) {
  // Banner and product writes take form data (SPEC 7); oversized parts answer 102, not 413.
  // Every marketing plugin registers it, as the one plugin they were before.
  await app.register(multipart, { throwFileSizeLimit: false });
  contact.routes(app, deps);
}

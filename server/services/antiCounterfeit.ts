/**
 * The anti-counterfeiting page of a client tenant as stored (its screen,
 * modules/logistics/antiCounterfeit.ts) and as the consumer page shows it for a genuine code.
 */
import type { AntiCounterfeitPage, PageAuthenticity } from '../../src/domain/antiCounterfeit';
import { pickName, type Lang } from '../../src/domain/lang';
import type { Db } from '../db/index';

export async function antiCounterfeitPage(db: Db, tenantId: number): Promise<AntiCounterfeitPage> {
  const row = await db.selectFrom('anti_counterfeit_pages').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
  // Not saved yet: the form starts enabled (the consumer page shows nothing until it is saved).
  if (!row) return { enable: true, title: {}, content: {}, images: [], updatedAt: null };
  return { enable: row.enable, title: row.title, content: row.content, images: row.images, updatedAt: new Date(row.updated_at).toISOString() };
}

/** What the consumer page shows for a genuine code of the tenant, in `lang`; null without an enabled page. */
export async function pageAuthenticity(db: Db, tenantId: number, lang: Lang): Promise<PageAuthenticity | null> {
  const page = await antiCounterfeitPage(db, tenantId);
  if (!page.enable || page.updatedAt === null) return null;
  return { title: pickName(page.title, lang), content: pickName(page.content, lang), images: page.images };
}

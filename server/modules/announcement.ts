/**
 * Announcement area (Foundation part): GET system/announcement/Home — announcements in force
 * now for the caller: the own tenant's internal ones (target 1) and, for a client, the
 * operator's ones for all clients (target 2), newest start first, at most HOME_LIMIT.
 * contents is stored per language as { title, content } and answered as two Names.
 */
import type { FastifyInstance } from 'fastify';
import { TenantType } from '../../src/domain/enums';
import type { Names } from '../../src/domain/lang';
import { caller } from '../auth';
import type { AppDeps } from '../context';
import type { AnnouncementContents } from '../db/schema';

export interface HomeAnnouncement {
  id: number;
  title: Names;
  content: Names;
  startTime: string;
  endTime: string | null;
  publishedByOperator: boolean;
}

const TARGET_INTERNAL = 1;
const TARGET_ALL_CLIENTS = 2;
const HOME_LIMIT = 50;

function split(contents: AnnouncementContents | null): { title: Names; content: Names } {
  const title: Names = {};
  const content: Names = {};
  for (const [lang, entry] of Object.entries(contents ?? {}) as [keyof Names, { title?: string; content?: string } | undefined][]) {
    if (entry?.title) title[lang] = entry.title;
    if (entry?.content) content[lang] = entry.content;
  }
  return { title, content };
}

export default async function announcementRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/system/announcement/Home', async (req): Promise<HomeAnnouncement[]> => {
    const who = caller(req);
    const now = new Date();
    const rows = await deps.db.selectFrom('announcements as a')
      .innerJoin('tenants as t', 't.id', 'a.tenant_id')
      .select(['a.id', 'a.contents', 'a.start_time', 'a.end_time', 't.type as tenantType'])
      .where('a.start_time', '<=', now)
      .where((eb) => eb.or([eb('a.end_time', 'is', null), eb('a.end_time', '>', now)]))
      .where((eb) => {
        const own = eb.and([eb('a.tenant_id', '=', who.tenantId), eb('a.target', '=', TARGET_INTERNAL)]);
        if (who.tenantType !== TenantType.Client) return own;
        return eb.or([own, eb.and([eb('t.type', '=', TenantType.Operator), eb('a.target', '=', TARGET_ALL_CLIENTS)])]);
      })
      .orderBy('a.start_time', 'desc').orderBy('a.id', 'desc')
      .limit(HOME_LIMIT)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      ...split(r.contents),
      startTime: r.start_time.toISOString(),
      endTime: r.end_time ? r.end_time.toISOString() : null,
      publishedByOperator: r.tenantType === TenantType.Operator,
    }));
  });
}

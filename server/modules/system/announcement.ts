/**
 * Announcements (menu 14), declared by src/schemas/system/announcement.json and
 * announcement-category.json, and the home page's announcements (any session).
 *   GET    system/announcement/category           list { items, total } of the tenant's categories
 *   GET    system/announcement/category/options   [{ value, label, names }] (?lang=) for selects
 *   POST   system/announcement/category           201 + the category; with `id`: edits it (200)
 *   DELETE system/announcement/category/{id}      204; still used by an announcement: 400 code 1601
 *   GET    system/announcement                    list { items, total } (keyword: a title contains;
 *                                                 categoryId; target)
 *   GET    system/announcement/{id}
 *   POST   system/announcement                    201 + the announcement
 *   PUT    system/announcement                    body carries id
 *   DELETE system/announcement/{id}               204
 *   GET    system/announcement/Home               what is in force now for the caller
 * Everything is scoped to the caller's tenant: another tenant's id answers 404 code 2 (and a
 * category of another tenant named in a body is code 1 on categoryId).
 *
 * Targets (SPEC.md 6): the operator publishes to its own staff (1) or to every client (2);
 * any other tenant to its own staff only (1). Other targets are code 1 on `target` (the
 * declaration offers 1 and 2; 3, 4 and 5, distributors and suppliers, are not offered yet).
 * Times are ISO 8601 instants (stored UTC); endTime may be left out (in force until removed)
 * and is never before startTime (fromToDatetime); timezoneId names an entry of TIMEZONES.
 * contents is stored per language as { title, content }, zh_TW required.
 *
 * Home: in force means start_time <= now and (end_time null or later); the tenant's own
 * internal announcements, plus for a client the operator's target-2 ones; at most 50, newest
 * start first; with the category names and `publishedByOperator`.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import { AnnouncementTarget, TenantType } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { DEFAULT_LANG, LANGS, isLang, pickName, type Names } from '../../../src/domain/lang';
import { timezoneById } from '../../../src/domain/reference/timezones';
import { caller, type Caller } from '../../auth';
import type { AppDeps } from '../../context';
import { containsPattern } from '../../db/list';
import { json, type AnnouncementContents, type Database } from '../../db/schema';
import { ApiError, badRequest } from '../../errors';
import { defineResource, isReferenced } from '../../resource/define';
import { isDbId } from '../../services/resource';
import { cleanNames } from '../../services/names';

export const ANNOUNCEMENT_MENU_ID = 14;
const HOME_LIMIT = 50;

const DECL = declaration('system.announcement');
const CATEGORY_DECL = declaration('system.announcement-category');

/** Targets a tenant may choose: the operator internal staff and all clients, others internal only. */
export function allowedTargets(tenantType: number): number[] {
  return tenantType === TenantType.Operator
    ? [AnnouncementTarget.Internal, AnnouncementTarget.AllClients]
    : [AnnouncementTarget.Internal];
}

// --- Shapes ------------------------------------------------------------------------------

export interface CategoryDto {
  id: number;
  names: Names;
  announcementCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface AnnouncementListItem {
  id: number;
  categoryId: number | null;
  categoryNames: Names;
  title: Names;
  target: number;
  startTime: string;
  endTime: string | null;
  timezoneId: number | null;
  account: string | null;
  createdAt: string;
}

export interface AnnouncementDto extends AnnouncementListItem {
  contents: AnnouncementContents;
  updatedAt: string;
}

export interface HomeAnnouncement {
  id: number;
  title: Names;
  content: Names;
  categoryId: number | null;
  categoryNames: Names;
  startTime: string;
  endTime: string | null;
  timezoneId: number | null;
  publishedByOperator: boolean;
}

interface AnnouncementBody {
  categoryId: number;
  target: number;
  timezoneId: number;
  startTime: string;
  endTime?: string;
  contents: AnnouncementContents;
}

type AnnouncementFilters = { keyword?: string; categoryId?: number; target?: number };

type Db = AppDeps['db'] | Transaction<Database>;

/** contents as two Names: the titles and the contents per language. */
function split(contents: AnnouncementContents | null): { title: Names; content: Names } {
  const title: Names = {};
  const content: Names = {};
  for (const [lang, entry] of Object.entries(contents ?? {}) as [keyof Names, { title?: string; content?: string } | undefined][]) {
    if (entry?.title) title[lang] = entry.title;
    if (entry?.content) content[lang] = entry.content;
  }
  return { title, content };
}

// --- Categories ----------------------------------------------------------------------------

const categoryQuery = (db: Db) => db.selectFrom('announcement_categories as c')
  .select(['c.id', 'c.names', 'c.created_at', 'c.updated_at'])
  .select((eb) => eb.selectFrom('announcements as a').select(eb.fn.countAll().as('n')).whereRef('a.category_id', '=', 'c.id').as('announcementCount'));

type CategoryRow = Awaited<ReturnType<ReturnType<typeof categoryQuery>['executeTakeFirstOrThrow']>>;

/** A category name is unique per language in the tenant (case-insensitive): code 1 checkRepeatName. */
async function checkCategoryNames(trx: Transaction<Database>, tenantId: number, names: Names, selfId: number | null): Promise<void> {
  const fields: Record<string, { key: string }> = {};
  for (const lang of LANGS) {
    const name = names[lang];
    if (!name) continue;
    let q = trx.selectFrom('announcement_categories').select('id')
      .where('tenant_id', '=', tenantId)
      .where(sql<string>`lower(names->>${sql.lit(lang)})`, '=', name.toLowerCase());
    if (selfId !== null) q = q.where('id', '!=', selfId);
    if (await q.executeTakeFirst()) fields[`names.${lang}`] = { key: 'checkRepeatName' };
  }
  if (Object.keys(fields).length) throw badRequest(fields);
}

// --- Announcements -------------------------------------------------------------------------

const announcementQuery = (db: Db) => db.selectFrom('announcements as a')
  .leftJoin('announcement_categories as c', 'c.id', 'a.category_id')
  .leftJoin('users as u', 'u.id', 'a.created_by')
  .select([
    'a.id', 'a.category_id', 'c.names as categoryNames', 'a.contents', 'a.target', 'a.start_time', 'a.end_time',
    'a.timezone_id', 'u.account', 'a.created_at', 'a.updated_at',
  ]);

type AnnouncementRow = Awaited<ReturnType<ReturnType<typeof announcementQuery>['executeTakeFirstOrThrow']>>;

/** The server rules beyond the declaration; answers the columns to store. */
async function announcementValues(trx: Transaction<Database>, who: Caller, body: AnnouncementBody) {
  const fields: Record<string, { key: string }> = {};
  if (!allowedTargets(who.tenantType).includes(body.target)) fields.target = { key: 'oneOf' };
  if (!timezoneById(body.timezoneId)) fields.timezoneId = { key: 'oneOf' };
  const category = isDbId(body.categoryId)
    ? await trx.selectFrom('announcement_categories').select('id').where('id', '=', body.categoryId).where('tenant_id', '=', who.tenantId).executeTakeFirst()
    : undefined;
  if (!category) fields.categoryId = { key: 'oneOf' };
  if (Object.keys(fields).length) throw badRequest(fields);
  const contents: AnnouncementContents = {};
  for (const lang of LANGS) {
    const entry = body.contents[lang];
    const title = entry?.title?.trim();
    const content = entry?.content?.trim();
    if (title || content) contents[lang] = { ...(title ? { title } : {}), ...(content ? { content } : {}) };
  }
  return {
    category_id: body.categoryId,
    target: body.target,
    timezone_id: body.timezoneId,
    start_time: new Date(body.startTime),
    end_time: body.endTime ? new Date(body.endTime) : null,
    contents: json(contents),
  };
}

const categories = defineResource<CategoryRow, CategoryDto, { names: Names }>({
  declaration: CATEGORY_DECL,
  table: 'announcement_categories',
  alias: 'c',
  columns: { names: sql`lower(c.names->>'zh_TW')`, createdAt: 'c.created_at' },
  query: categoryQuery,
  toDto: (c) => ({
    id: c.id,
    names: c.names ?? {},
    announcementCount: Number(c.announcementCount ?? 0),
    createdAt: c.created_at.toISOString(),
    updatedAt: c.updated_at.toISOString(),
  }),
  values: async ({ trx, who }, body, before) => {
    const names = cleanNames(body.names);
    await checkCategoryNames(trx, who.tenantId, names, before?.id ?? null);
    return { names: json(names) };
  },
  // The row lock makes a concurrent announcement naming this category wait (its FK check).
  beforeRemove: async ({ trx }, before) => {
    if (await isReferenced(trx, 'announcements', 'category_id', before.id)) throw new ApiError(400, ErrorCode.AnnouncementCategoryInUse);
  },
  errors: { remove: [ErrorCode.AnnouncementCategoryInUse] },
});

function toDto(a: AnnouncementRow): AnnouncementDto {
  return {
    id: a.id,
    categoryId: a.category_id,
    categoryNames: a.categoryNames ?? {},
    title: split(a.contents).title,
    contents: a.contents ?? {},
    target: a.target,
    startTime: a.start_time.toISOString(),
    endTime: a.end_time ? a.end_time.toISOString() : null,
    timezoneId: a.timezone_id,
    account: a.account ?? null,
    createdAt: a.created_at.toISOString(),
    updatedAt: a.updated_at.toISOString(),
  };
}

const announcements = defineResource<AnnouncementRow, AnnouncementDto, AnnouncementBody, AnnouncementFilters, AnnouncementListItem>({
  declaration: DECL,
  table: 'announcements',
  alias: 'a',
  columns: {
    target: 'a.target',
    startTime: 'a.start_time',
    endTime: sql`coalesce(a.end_time, 'infinity'::timestamptz)`,
    createdAt: 'a.created_at',
  },
  query: announcementQuery,
  filter: (q, { keyword, categoryId, target }) => {
    let out = q;
    if (keyword?.trim()) {
      const pattern = containsPattern(keyword.trim());
      out = out.where((eb) => eb.or(LANGS.map((lang) => eb(sql<string>`a.contents->${sql.lit(lang)}->>'title'`, 'ilike', pattern))));
    }
    if (categoryId !== undefined) out = out.where('a.category_id', '=', categoryId);
    if (target !== undefined) out = out.where('a.target', '=', target);
    return out;
  },
  toDto,
  listItem: (a) => {
    const { contents: _c, updatedAt: _u, ...item } = toDto(a);
    return item;
  },
  values: async ({ trx, who }, body, before) => ({ ...(await announcementValues(trx, who, body)), ...(before ? {} : { created_by: who.userId }) }),
  // The category was deleted by a concurrent request after it was checked: code 1 on categoryId.
  foreignKeyError: () => badRequest({ categoryId: { key: 'oneOf' } }),
});

export default async function announcementRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const config = { menuId: ANNOUNCEMENT_MENU_ID };

  // --- Home (any session) ---
  app.get('/system/announcement/Home', async (req): Promise<HomeAnnouncement[]> => {
    const who = caller(req);
    const now = new Date();
    const rows = await db.selectFrom('announcements as a')
      .innerJoin('tenants as t', 't.id', 'a.tenant_id')
      .leftJoin('announcement_categories as c', 'c.id', 'a.category_id')
      .select(['a.id', 'a.contents', 'a.category_id', 'c.names as categoryNames', 'a.start_time', 'a.end_time', 'a.timezone_id', 't.type as tenantType'])
      .where('a.start_time', '<=', now)
      .where((eb) => eb.or([eb('a.end_time', 'is', null), eb('a.end_time', '>', now)]))
      .where((eb) => {
        const own = eb.and([eb('a.tenant_id', '=', who.tenantId), eb('a.target', '=', AnnouncementTarget.Internal)]);
        if (who.tenantType !== TenantType.Client) return own;
        return eb.or([own, eb.and([eb('t.type', '=', TenantType.Operator), eb('a.target', '=', AnnouncementTarget.AllClients)])]);
      })
      .orderBy('a.start_time', 'desc').orderBy('a.id', 'desc')
      .limit(HOME_LIMIT)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      ...split(r.contents),
      categoryId: r.category_id,
      categoryNames: r.categoryNames ?? {},
      startTime: r.start_time.toISOString(),
      endTime: r.end_time ? r.end_time.toISOString() : null,
      timezoneId: r.timezone_id,
      publishedByOperator: r.tenantType === TenantType.Operator,
    }));
  });

  // --- Categories ---
  categories.routes(app, deps);

  app.get<{ Querystring: { lang?: string } }>('/system/announcement/category/options', {
    config,
    schema: { querystring: { type: 'object', properties: { lang: { type: 'string', enum: [...LANGS] } } } },
  }, async (req) => {
    const who = caller(req);
    const lang = isLang(req.query.lang) ? req.query.lang : DEFAULT_LANG;
    const rows = await db.selectFrom('announcement_categories').select(['id', 'names'])
      .where('tenant_id', '=', who.tenantId)
      .orderBy(sql`lower(names->>'zh_TW')`).orderBy('id')
      .execute();
    return rows.map((c) => ({ value: c.id, label: pickName(c.names, lang) || String(c.id), names: c.names ?? {} }));
  });

  // --- Announcements ---
  announcements.routes(app, deps);
}

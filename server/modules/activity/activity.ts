/**
 * Activities (issue 15, menu 48): the game templates of the lottery (menu 49) and the check-in
 * activities (menu 51, unreleased by default: UNRELEASED_MENU_IDS). Client tenants with the
 * Marketing function (the /v1 guard: without the menu id every route answers 403 code 3).
 *
 * Game templates (SPEC 7 "Activity template"; core shape: src/domain/activity/templates.ts)
 *   GET  marketing/activity-template          list { items, total } (gameType, keyword; sort
 *                                             name, gameType, updatedAt, createdAt)
 *   GET  marketing/activity-template/{id}     one
 *   POST marketing/activity-template          { name, gameType, coverUrl?, core? } -> 201
 *   PUT  marketing/activity-template          { id, name, coverUrl?, core? } -> 200 (gameType
 *                                             cannot change: code 1 `invalid`)
 *   POST marketing/activity-template/files    multipart, file parts `Files` (JPG/PNG, 2 MB, at
 *                                             most 10): 201 with the array of their urls
 *   The answer carries `templateId` (= id) too: the dialog closes when it comes back (SPEC 4).
 *   Codes: 6711 the name is taken in the tenant (any case); 1 on `core.<key>` for a key the
 *   game does not have, a colour that is not '#rrggbb', an address that is not an image upload
 *   of the tenant; 101/102 for an upload past the rule.
 *
 * Check-in activities (SPEC shows no calls; these follow the lottery's spelling)
 *   GET    marketing/check-in-activity        list (keyword; sort name, from, to, createdAt)
 *   GET    marketing/check-in-activity/{id}
 *   POST   marketing/check-in-activity        { name, enable, timezoneId, from, to,
 *                                             requiredDays, entries: [{ image, text }] } -> 201
 *   PUT    marketing/check-in-activity        with id -> 200
 *   DELETE marketing/check-in-activity/{id}   204
 *   Rules (src/domain/activity/checkIn.ts, also the form's): requiredDays 1..60 and at most the
 *   period's calendar days (code 1 `checkInDaysOverTotal`), exactly requiredDays entries (code 1
 *   `checkInEntriesCount`), entry pictures image uploads of the tenant.
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { sql } from 'kysely';
import { checkCore, coreImageUrls, gameOf, TEMPLATE_IMAGE_RULE, withDefaults, type GameTemplateDto, type GameTypeValue, type TemplateCore } from '../../../src/domain/activity/templates';
import type { CheckInActivityDto, CheckInEntry } from '../../../src/domain/activity/checkIn';
import { periodDays } from '../../../src/domain/activity/checkIn';
import { declaration } from '../../../src/domain/declarations';
import { ErrorCode } from '../../../src/domain/errors';
import { timezoneById } from '../../../src/domain/reference/timezones';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { containsPattern } from '../../db/list';
import { json } from '../../db/schema';
import { ApiError, badRequest } from '../../errors';
import { defineResource, takenIgnoringCase, type Db } from '../../resource/define';
import { storedFileFailure } from '../../services/textKeys';
import { checkStoredUpload, storeUploads } from '../../services/uploads';

export const ACTIVITY_MENU = { lottery: 49, point: 50, checkIn: 51 } as const;

const iso = (d: Date) => d.toISOString();

async function checkImage(trx: Db, tenantId: number, field: string, url: unknown): Promise<void> {
  if (url === undefined || url === null || url === '') return;
  const result = await checkStoredUpload(trx as AppDeps['db'], tenantId, url, TEMPLATE_IMAGE_RULE);
  if (result) throw storedFileFailure(field, result);
}

// --- Game templates -------------------------------------------------------------------------

const templateQuery = (db: Db) => db.selectFrom('game_templates as gt')
  .select(['gt.id', 'gt.name', 'gt.game_type', 'gt.cover_url', 'gt.core', 'gt.created_at', 'gt.updated_at']);
type TemplateRow = Awaited<ReturnType<ReturnType<typeof templateQuery>['executeTakeFirstOrThrow']>>;

interface TemplateBody {
  name: string;
  gameType: number;
  coverUrl?: string;
  core?: Record<string, unknown>;
}

export type GameTemplateAnswer = GameTemplateDto & { templateId: number };

function templateDto(r: TemplateRow): GameTemplateAnswer {
  const game = gameOf(r.game_type)!;
  return {
    id: r.id, templateId: r.id, name: r.name, gameType: r.game_type as GameTypeValue, typeCode: game.typeCode, viewKey: game.viewKey,
    coverUrl: r.cover_url, core: withDefaults(r.game_type, r.core as Record<string, unknown>), createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
  };
}

const duplicateTemplate = () => new ApiError(400, ErrorCode.DuplicateTemplateName, { name: { key: 'checkRepeatName' } });

const templates = defineResource<TemplateRow, GameTemplateAnswer, TemplateBody, { gameType?: number; keyword?: string }>({
  declaration: declaration('activity.game-template'),
  table: 'game_templates',
  alias: 'gt',
  columns: { name: sql`lower(gt.name)`, gameType: 'gt.game_type', updatedAt: 'gt.updated_at', createdAt: 'gt.created_at' },
  query: templateQuery,
  filter: (q, { gameType, keyword }) => {
    let out = q;
    if (gameType !== undefined) out = out.where('gt.game_type', '=', gameType);
    if (keyword?.trim()) out = out.where('gt.name', 'ilike', containsPattern(keyword.trim()));
    return out;
  },
  toDto: templateDto,
  readOnly: ['templateId', 'typeCode', 'viewKey'],
  values: async ({ trx, who }, body, before) => {
    const name = body.name.trim();
    if (!name) throw badRequest({ name: { key: 'required' } });
    if (await takenIgnoringCase(trx, 'game_templates', 'name', name, { tenant_id: who.tenantId }, before?.id ?? null)) throw duplicateTemplate();
    const gameType = before?.gameType ?? body.gameType;
    const problems = checkCore(gameType, body.core ?? {});
    if (problems.length) {
      throw badRequest(Object.fromEntries(problems.map((p) => [p.path, p.params ? { key: p.key, params: p.params } : { key: p.key }])));
    }
    const core: TemplateCore = withDefaults(gameType, body.core ?? {});
    // Absent images stay absent: '' is the same as not set.
    for (const [k, v] of Object.entries(core)) if (v === '') delete core[k];
    // The cover (coverUrl, the form's upload rule) is checked by the layer; the game's own images here.
    for (const { path, url } of coreImageUrls(core)) await checkImage(trx, who.tenantId, path, url);
    return { name, game_type: gameType, cover_url: body.coverUrl || null, core: json(core) };
  },
  uniqueErrors: { game_templates_name_uq: duplicateTemplate },
  errors: {
    create: [ErrorCode.DuplicateTemplateName, ErrorCode.ImageSize, ErrorCode.ImageResolution],
    update: [ErrorCode.DuplicateTemplateName, ErrorCode.ImageSize, ErrorCode.ImageResolution],
  },
});

// --- Check-in activities ----------------------------------------------------------------------

const checkInQuery = (db: Db) => db.selectFrom('check_in_activities as ci')
  .select(['ci.id', 'ci.name', 'ci.timezone_id', 'ci.starts_at', 'ci.ends_at', 'ci.enable', 'ci.required_days', 'ci.entries', 'ci.points_per_day', 'ci.completion_points', 'ci.created_at', 'ci.updated_at']);
type CheckInRow = Awaited<ReturnType<ReturnType<typeof checkInQuery>['executeTakeFirstOrThrow']>>;

interface CheckInBody {
  name: string;
  enable?: boolean;
  timezoneId: number;
  from: string;
  to: string;
  requiredDays: number;
  entries: CheckInEntry[];
  pointsPerDay?: number;
  completionPoints?: number;
}

function checkInDto(r: CheckInRow): CheckInActivityDto {
  const from = iso(r.starts_at);
  const to = iso(r.ends_at);
  return {
    id: r.id, name: r.name, timezoneId: r.timezone_id, from, to, enable: r.enable, requiredDays: r.required_days,
    totalDays: periodDays(from, to, r.timezone_id), entries: r.entries,
    pointsPerDay: r.points_per_day, completionPoints: r.completion_points, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
  };
}

const checkIns = defineResource<CheckInRow, CheckInActivityDto, CheckInBody, { keyword?: string }>({
  declaration: declaration('activity.check-in'),
  table: 'check_in_activities',
  alias: 'ci',
  columns: { name: sql`lower(ci.name)`, from: 'ci.starts_at', to: 'ci.ends_at', createdAt: 'ci.created_at' },
  query: checkInQuery,
  filter: (q, { keyword }) => (keyword?.trim() ? q.where('ci.name', 'ilike', containsPattern(keyword.trim())) : q),
  toDto: checkInDto,
  values: async (_ctx, body) => {
    const name = body.name.trim();
    if (!name) throw badRequest({ name: { key: 'required' } });
    if (!timezoneById(body.timezoneId)) throw badRequest({ timezoneId: { key: 'oneOf' } });
    // The form's rules (period, days, entry count) ran in `validated`; the pictures (entries.*.image,
    // the form's upload rule) are checked by the layer after these rules.
    const entries = body.entries.map((e) => ({ image: e.image, text: e.text.trim() }));
    return {
      name, enable: body.enable ?? true, timezone_id: body.timezoneId, starts_at: new Date(body.from), ends_at: new Date(body.to),
      required_days: body.requiredDays, entries: json(entries),
      points_per_day: body.pointsPerDay ?? 0, completion_points: body.completionPoints ?? 0,
    };
  },
  errors: { create: [ErrorCode.ImageSize, ErrorCode.ImageResolution], update: [ErrorCode.ImageSize, ErrorCode.ImageResolution] },
});

const TEMPLATE_FILES_DOCS = {
  summary: 'Upload template images (multipart, file parts Files: JPG/PNG up to 2 MB, at most 10): the array of their urls',
  consumes: ['multipart/form-data'],
  body: { type: 'object', properties: { Files: { type: 'string', format: 'binary' } } },
  status: 201,
  response: { type: 'array', items: { type: 'string' } },
  errors: [ErrorCode.ImageResolution, ErrorCode.ImageSize, ErrorCode.ImageCount, ErrorCode.NoImage, ErrorCode.FileFormat],
};

export default async function activityRoutes(app: FastifyInstance, deps: AppDeps) {
  await app.register(multipart, { throwFileSizeLimit: false });
  templates.routes(app, deps);
  app.post('/marketing/activity-template/files', { config: { menuId: ACTIVITY_MENU.lottery, docs: TEMPLATE_FILES_DOCS } }, async (req, reply) => {
    caller(req);
    const files = await storeUploads(req, deps, { kind: 'image', maxMB: String(TEMPLATE_IMAGE_RULE.maxMB) });
    reply.code(201);
    return files.map((f) => f.url);
  });
  checkIns.routes(app, deps);
}

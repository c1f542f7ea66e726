/**
 * The lottery list (menu 49) on the resource layer (server/resource/define.ts): the declaration
 * src/schemas/activity/lottery-activity.json gives the sortable columns (name, from, to,
 * updatedAt; createdAt too, which no column shows), the default sort (updatedAt desc) and the
 * filters (gameType, status, keyword); paging, sorting and filtering run in the database
 * (db/list.ts). Released activities of the caller's tenant only (a draft is not listed); the
 * status is derived from enable and the period (src/domain/activity/lottery.ts).
 *
 *   GET marketing/lottery-activity   { items, total }
 *
 * The other lottery routes (the wizard's drafts, release, detail) are lottery.ts's.
 */
import { sql } from 'kysely';
import { lotteryStatus } from '../../../src/domain/activity/lottery';
import { declaration } from '../../../src/domain/declarations';
import { LotteryActivityStatus } from '../../../src/domain/enums';
import { containsPattern } from '../../db/list';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../context';
import { defineResource, type Db } from '../../resource/define';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const listQuery = (db: Db) => db.selectFrom('lotteries as l')
  .select(['l.id', 'l.name', 'l.game_type', 'l.starts_at', 'l.ends_at', 'l.timezone_id', 'l.enable', 'l.exchange_type', 'l.updated_at', 'l.created_at'])
  .select(sql<boolean>`l.draft is not null`.as('has_draft'))
  .where('l.released', '=', true);
type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>['executeTakeFirstOrThrow']>>;

export interface LotteryListItem {
  id: number; draftId: number | null; name: string; type: number; from: string | null; to: string | null; timezoneId: number | null;
  status: number; enable: boolean; exchangeType: number; updatedAt: string | null; createdAt: string | null;
}

const item = (l: ListRow): LotteryListItem => ({
  id: l.id, draftId: l.has_draft ? l.id : null, name: l.name, type: l.game_type, from: iso(l.starts_at), to: iso(l.ends_at), timezoneId: l.timezone_id,
  status: lotteryStatus({ enable: l.enable, from: l.starts_at, to: l.ends_at }), enable: l.enable, exchangeType: l.exchange_type,
  updatedAt: iso(l.updated_at), createdAt: iso(l.created_at),
});

interface Filters { gameType?: number; status?: number; keyword?: string }

export const lotteryList = defineResource<ListRow, LotteryListItem, never, Filters>({
  declaration: declaration('activity.lottery-activity'),
  table: 'lotteries',
  alias: 'l',
  columns: { name: sql`lower(l.name)`, from: 'l.starts_at', to: 'l.ends_at', updatedAt: 'l.updated_at' },
  extraSort: { createdAt: 'l.created_at' },
  query: listQuery,
  filter: (q, { gameType, status, keyword }) => {
    if (gameType) q = q.where('l.game_type', '=', gameType);
    if (keyword?.trim()) q = q.where('l.name', 'ilike', containsPattern(keyword.trim()));
    if (status === LotteryActivityStatus.Disabled) return q.where('l.enable', '=', false);
    if (!status) return q;
    q = q.where('l.enable', '=', true);
    if (status === LotteryActivityStatus.NotStarted) return q.where('l.starts_at', '>', sql<Date>`now()`);
    if (status === LotteryActivityStatus.Ongoing) return q.where('l.starts_at', '<=', sql<Date>`now()`).where('l.ends_at', '>=', sql<Date>`now()`);
    return q.where('l.ends_at', '<', sql<Date>`now()`);
  },
  toDto: item,
  only: ['list'],
});

export default async function lotteryListRoutes(app: FastifyInstance, deps: AppDeps) {
  lotteryList.routes(app, deps);
}

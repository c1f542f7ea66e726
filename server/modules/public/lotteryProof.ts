/**
 * The public proof of a lottery's draws (issue 26; scheme in src/domain/activity/drawProof.ts),
 * under /mapi/v1 beside the play, for the verification page (/m/{tenantCode}/verify/{id}) and
 * scripts/verify-lottery.mjs:
 *
 *   GET lottery/{tenantCode}/{activityId}/proof          DrawProof: the commitment and the count
 *                                                        of draws; once the activity has ended
 *                                                        the seed (revealed then, for good: no
 *                                                        more draws), the prize table versions
 *                                                        and the prizes' remaining stock
 *   GET lottery/{tenantCode}/{activityId}/proof/draws?after=&limit=
 *                                                        { items: PublicDraw[], next }: the draws
 *                                                        by number after `after`, once revealed
 *                                                        (403 code 3 before)
 *
 * A draw's public record holds its number, record id, time, the code's last 4 characters, its
 * value and prize: never the whole code (which redeems the prize) nor the member.
 */
import type { FastifyInstance } from 'fastify';
import { DRAW_SCHEME, codeTail, type DrawProof, type DrawTable, type DrawTablePrize, type PublicDraw } from '../../../src/domain/activity/drawProof';
import { ClientFunction } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import type { AppDeps } from '../../context';
import { ApiError } from '../../errors';
import { findPublicTenant } from '../../services/publicTenant';

const TENANT = { type: 'string', minLength: 1, maxLength: 50 } as const;
const ID = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
export const PROOF_PAGE_MAX = 1000;

export default async function lotteryProofRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, settings } = deps;
  const config = (summary: string, errors: number[]) => ({
    public: true,
    rateLimit: { max: settings.marketingRateLimit, timeWindow: '1 minute' },
    docs: { summary, errors: [ErrorCode.NotFound, ...errors] },
  });
  const params = { type: 'object', required: ['tenantCode', 'activityId'], properties: { tenantCode: TENANT, activityId: ID } } as const;

  /** The released lottery of the tenant (else 203); the seed revealed once it has ended. */
  async function lotteryOf(tenantCode: string, activityId: number) {
    const t = await findPublicTenant(db, tenantCode, ClientFunction.Marketing);
    const l = await db.selectFrom('lotteries').select(['id', 'name', 'starts_at', 'ends_at', 'draw_seed', 'draw_commitment', 'draw_count', 'seed_revealed_at'])
      .where('tenant_id', '=', t.id).where('id', '=', activityId).where('released', '=', true).executeTakeFirst();
    if (!l) throw new ApiError(404, ErrorCode.NoActivityInfo);
    const now = new Date();
    const ended = l.ends_at !== null && new Date(l.ends_at) < now;
    if (ended && l.draw_seed && !l.seed_revealed_at) {
      // Revealed in a transaction that takes the play's lock: no draw is under way meanwhile.
      l.seed_revealed_at = await db.transaction().execute(async (trx) => {
        const r = await trx.updateTable('lotteries').set({ seed_revealed_at: now }).where('id', '=', l.id).where('seed_revealed_at', 'is', null)
          .returning('seed_revealed_at').executeTakeFirst();
        return r?.seed_revealed_at ?? now;
      });
    }
    return { l, revealed: ended && !!l.draw_seed && !!l.seed_revealed_at };
  }

  app.get<{ Params: { tenantCode: string; activityId: number } }>('/lottery/:tenantCode/:activityId/proof', {
    schema: { params },
    config: config('The commitment of a lottery\'s draws; once ended, the seed and prize tables that verify them (DrawProof)', [ErrorCode.NoActivityInfo]),
  }, async (req): Promise<DrawProof> => {
    const { l, revealed } = await lotteryOf(req.params.tenantCode, req.params.activityId);
    let tables: DrawTable[] = [];
    let prizes: DrawProof['prizes'] = [];
    if (revealed) {
      const rows = await db.selectFrom('lottery_draw_tables').select(['from_draw', 'prizes', 'created_at']).where('lottery_id', '=', l.id).orderBy('from_draw').execute();
      tables = rows.map((r) => ({ fromDraw: r.from_draw, prizes: r.prizes as DrawTablePrize[], createdAt: iso(r.created_at)! }));
      prizes = (await db.selectFrom('lottery_prizes').select(['id', 'name', 'type', 'remaining']).where('lottery_id', '=', l.id).orderBy('sort').orderBy('id').execute())
        .map((p) => ({ id: p.id, name: p.name, type: p.type, remaining: p.remaining }));
    }
    return {
      activityId: l.id, name: l.name, scheme: DRAW_SCHEME, commitment: l.draw_commitment, from: iso(l.starts_at), to: iso(l.ends_at),
      ended: l.ends_at !== null && new Date(l.ends_at) < new Date(), drawCount: l.draw_count,
      seed: revealed ? l.draw_seed : null, revealedAt: revealed ? iso(l.seed_revealed_at) : null, tables, prizes,
    };
  });

  app.get<{ Params: { tenantCode: string; activityId: number }; Querystring: { after?: number; limit?: number } }>('/lottery/:tenantCode/:activityId/proof/draws', {
    schema: {
      params,
      querystring: { type: 'object', properties: { after: { type: 'integer', minimum: 0, maximum: 2147483647 }, limit: { type: 'integer', minimum: 1, maximum: PROOF_PAGE_MAX } } },
    },
    config: config('The public records of a lottery\'s draws, by number, once its seed is revealed', [ErrorCode.NotAllowed, ErrorCode.NoActivityInfo]),
  }, async (req): Promise<{ items: PublicDraw[]; next: number | null }> => {
    const { l, revealed } = await lotteryOf(req.params.tenantCode, req.params.activityId);
    if (!revealed) throw new ApiError(403, ErrorCode.NotAllowed, { activityId: { key: 'notEnded' } });
    const limit = req.query.limit ?? PROOF_PAGE_MAX;
    const rows = await db.selectFrom('lottery_records').select(['id', 'draw_no', 'created_at', 'code', 'draw_value', 'prize_id'])
      .where('lottery_id', '=', l.id).where('draw_no', '>', req.query.after ?? 0).orderBy('draw_no').limit(limit).execute();
    const items = rows.map((r) => ({
      drawNo: r.draw_no!, recordId: Number(r.id), createdAt: iso(r.created_at)!, codeTail: codeTail(r.code ?? ''), value: r.draw_value, prizeId: r.prize_id,
    }));
    return { items, next: rows.length === limit ? items[items.length - 1].drawNo : null };
  });
}

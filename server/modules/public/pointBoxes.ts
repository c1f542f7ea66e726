/**
 * A point activity's box on the shopper's page (issue 26): the scan draws the points but leaves
 * them `pending` (services/pointActivity.ts); they are credited when the shopper opens the box:
 *
 *   POST member/{tenantCode}/point-activity/{activityId}/open   { code } -> PointBoxOpened
 *        the signed-in member's pending draw of that activity and code becomes part of the
 *        balance and the history (one transaction under the member's lock); opening it again
 *        answers the same (idempotent); no such draw of this member: 404 code 213.
 *
 * `unopenedBoxes`: the member's draws still closed (a page left before opening shows them again).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ClientFunction } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import type { AppDeps } from '../../context';
import { ApiError } from '../../errors';
import { requireMember } from '../../services/memberAuth';
import { expireDue, lockMember } from '../../services/memberPoints';
import { CODE_MAX_LENGTH, findPublicTenant } from '../../services/publicTenant';

export interface PointBoxOpened { activityId: number; code: string; points: number; expiresAt: string | null; balance: number }

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export default async function pointBoxRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, settings } = deps;
  app.post<{ Params: { tenantCode: string; activityId: number }; Body: { code: string } }>('/member/:tenantCode/point-activity/:activityId/open', {
    schema: {
      params: { type: 'object', required: ['tenantCode', 'activityId'], properties: { tenantCode: { type: 'string', minLength: 1, maxLength: 50 }, activityId: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
      body: { type: 'object', additionalProperties: false, required: ['code'], properties: { code: { type: 'string', minLength: 1, maxLength: CODE_MAX_LENGTH } } },
    },
    config: {
      public: true,
      rateLimit: { max: settings.marketingRateLimit, timeWindow: '1 minute' },
      docs: { summary: 'Open a point activity\'s box: its points are credited now (PointBoxOpened)', errors: [ErrorCode.NotFound, ErrorCode.NotAllowed, ErrorCode.NoActivityRecord] },
    },
  }, async (req): Promise<PointBoxOpened> => {
    const t = await findPublicTenant(db, req.params.tenantCode, ClientFunction.Member);
    const who = await requireMember(req, deps, t.id);
    const code = req.body.code.trim();
    return db.transaction().execute(async (trx) => {
      await lockMember(trx, t.id, who.memberId);
      const row = await trx.selectFrom('member_points').select(['id', 'points', 'expires_at', 'pending'])
        .where('tenant_id', '=', t.id).where('member_id', '=', who.memberId).where('point_activity_id', '=', req.params.activityId).where('code', '=', code)
        .executeTakeFirst();
      if (!row) throw new ApiError(404, ErrorCode.NoActivityRecord);
      if (row.pending) await trx.updateTable('member_points').set({ pending: false }).where('id', '=', sql<string>`${row.id}`).execute();
      const balance = await expireDue(trx, t.id, who.memberId, new Date());
      return { activityId: req.params.activityId, code, points: row.points, expiresAt: iso(row.expires_at), balance };
    });
  });
}

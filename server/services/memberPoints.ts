/**
 * The member points ledger (member_points): every change of a shopper's points is one row, never
 * edited; the balance is the sum of `points`.
 *
 * Expiry. Earned rows (ScanCode) carry expires_at when the tenant's point calculation type makes
 * points expire (LastOneYear / LastTwoYears); refunds and adjustments never expire. Points are
 * consumed soonest-expiring first, so what is left of a balance is made of the latest lots: the
 * part of the balance that is due is `max(0, sum - notDue)`, where notDue is the sum of the
 * positive rows that have not expired at `now` (no expires_at, or a later one). `expireDue`
 * writes that part as one Expiry row (type 3, negative) under the member's row lock; spending
 * and the shopper's own reads call it first. `pointBalance` answers the balance after expiry
 * without writing, so a list never shows points that are gone.
 *
 * A point activity's draw stays `pending` (outside every sum) until the shopper opens its box.
 *
 * Every function takes the caller's transaction; the ones that write lock the member row
 * (`lockMember`, SELECT ... FOR UPDATE) so two spends of one member run one after the other.
 */
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { PointChangeLogType } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { hasEnoughPoints } from '../../src/domain/member/points';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';

type Trx = Transaction<Database>;

export interface LockedMember {
  id: number;
  tenant_id: number;
  enabled: boolean;
}

/** The member row locked FOR UPDATE; 404 code 8150 when the tenant has no such member. */
export async function lockMember(trx: Trx, tenantId: number, memberId: number): Promise<LockedMember> {
  const row = await trx.selectFrom('members').select(['id', 'tenant_id', 'enabled'])
    .where('id', '=', memberId).where('tenant_id', '=', tenantId).forUpdate().executeTakeFirst();
  if (!row) throw new ApiError(404, ErrorCode.MemberNotFound);
  return row;
}

/**
 * SQL of the balance after expiry of the member whose id is `memberIdExpr` (lists select and
 * sort by it: one aggregate per listed member over member_points_member_idx). Without `now` the
 * database's now() (a list's sort expression must not change between its pages' queries).
 */
export function balanceSql(memberIdExpr: RawBuilder<unknown>, now?: Date) {
  const at = now ?? sql`now()`;
  return sql<number>`(select greatest(0, least(coalesce(sum(mp.points), 0),
      coalesce(sum(case when mp.points > 0 and (mp.expires_at is null or mp.expires_at > ${at}) then mp.points else 0 end), 0)))
    from member_points mp where mp.member_id = ${memberIdExpr} and not mp.pending)`;
}

interface Sums { total: number; notDue: number }

async function sums(trx: Trx, memberId: number, now: Date): Promise<Sums> {
  const row = await trx.selectFrom('member_points')
    .select([
      sql<string | number>`coalesce(sum(points), 0)`.as('total'),
      sql<string | number>`coalesce(sum(case when points > 0 and (expires_at is null or expires_at > ${now}) then points else 0 end), 0)`.as('notDue'),
    ])
    .where('member_id', '=', memberId).where('pending', '=', false).executeTakeFirstOrThrow();
  return { total: Number(row.total), notDue: Number(row.notDue) };
}

/** The member's balance after expiry at `now` (the ledger's sum once due points are written off). */
export async function pointBalance(trx: Trx, memberId: number, now: Date): Promise<number> {
  const { total, notDue } = await sums(trx, memberId, now);
  return Math.max(0, Math.min(total, notDue));
}

export interface AppendPoints {
  tenantId: number;
  memberId: number;
  /** PointChangeLogType */
  type: number;
  points: number;
  code?: string | null;
  orderId?: number | null;
  memo?: string | null;
  expiresAt?: Date | null;
}

/** Insert one ledger row; answers its id. The caller holds the member lock when it matters. */
export async function appendPoints(trx: Trx, entry: AppendPoints): Promise<number> {
  const row = await trx.insertInto('member_points').values({
    tenant_id: entry.tenantId,
    member_id: entry.memberId,
    type: entry.type,
    points: entry.points,
    code: entry.code ?? null,
    order_id: entry.orderId ?? null,
    memo: entry.memo ?? null,
    expires_at: entry.expiresAt ?? null,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Write off what is due at `now` as one Expiry row (none when nothing is due); answers the
 * balance after. The caller must hold the member lock (lockMember).
 */
export async function expireDue(trx: Trx, tenantId: number, memberId: number, now: Date): Promise<number> {
  const { total, notDue } = await sums(trx, memberId, now);
  const after = Math.max(0, Math.min(total, notDue));
  const due = total - after;
  if (due > 0) await appendPoints(trx, { tenantId, memberId, type: PointChangeLogType.Expiry, points: -due });
  return after;
}

export interface SpendPoints { tenantId: number; memberId: number; points: number; orderId: number }

/**
 * Spend `points` for an order: lock, expire what is due, refuse with 400 code 14504 when the
 * balance is short, else insert a Redeem row of -points. Answers the balance after.
 */
export async function spendPoints(trx: Trx, spend: SpendPoints, now = new Date()): Promise<number> {
  if (!Number.isInteger(spend.points) || spend.points < 0) throw new ApiError(400, ErrorCode.BadRequest);
  await lockMember(trx, spend.tenantId, spend.memberId);
  const balance = await expireDue(trx, spend.tenantId, spend.memberId, now);
  if (!hasEnoughPoints(balance, spend.points)) throw new ApiError(400, ErrorCode.MemberPointsInsufficient, { balance, needed: spend.points });
  if (spend.points > 0) {
    await appendPoints(trx, { tenantId: spend.tenantId, memberId: spend.memberId, type: PointChangeLogType.Redeem, points: -spend.points, orderId: spend.orderId });
  }
  return balance - spend.points;
}

export interface RefundPoints { tenantId: number; memberId: number; points: number; orderId: number }

/** Give back an order's points (a cancel): one OrderAdjustIncrease row, no expiry. Answers its id. */
export async function refundPoints(trx: Trx, refund: RefundPoints): Promise<number> {
  if (!Number.isInteger(refund.points) || refund.points < 0) throw new ApiError(400, ErrorCode.BadRequest);
  await lockMember(trx, refund.tenantId, refund.memberId);
  return appendPoints(trx, { tenantId: refund.tenantId, memberId: refund.memberId, type: PointChangeLogType.OrderAdjustIncrease, points: refund.points, orderId: refund.orderId });
}

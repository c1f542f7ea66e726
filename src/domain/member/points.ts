/**
 * Spending a member's points (SPEC 8, code 14504): a redemption may spend at most the balance.
 * One rule for the server (spendPoints, on the locked balance after expiry) and the consumer
 * page's redeem sheet (on the balance GET member/{tenantCode}/me answered).
 */

/** True when `balance` covers spending `points`. */
export function hasEnoughPoints(balance: number, points: number): boolean {
  return balance >= points;
}

/**
 * The moment to show as "valid until" for points that expire at `expiresAt` (an exclusive end:
 * a point activity's is the start of the day after its last valid day). One rule for the
 * point activity's box and the member's history (issue 26: they showed two dates).
 */
export function validUntil(expiresAt: string): string {
  const t = Date.parse(expiresAt);
  return Number.isNaN(t) ? expiresAt : new Date(t - 1).toISOString();
}

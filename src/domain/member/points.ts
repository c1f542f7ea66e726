/**
 * Spending a member's points (SPEC 8, code 14504): a redemption may spend at most the balance.
 * One rule for the server (spendPoints, on the locked balance after expiry) and the consumer
 * page's redeem sheet (on the balance GET member/{tenantCode}/me answered).
 */

/** True when `balance` covers spending `points`. */
export function hasEnoughPoints(balance: number, points: number): boolean {
  return balance >= points;
}

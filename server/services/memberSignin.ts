/**
 * The member side's limits on guessing (issue 23), whatever the order and overlap of the guesses:
 * every try is counted by one UPDATE, committed on its own, BEFORE the guess is compared, so
 * parallel requests cannot all see a count under the limit.
 *  - a one-time code: `claimOtp` takes one of its OTP_MAX_ATTEMPTS tries (the newest live code
 *    of the phone and purpose) and compares; `useOtp` marks it used inside the caller's
 *    transaction, once (a second use answers 8101);
 *  - a member's password: `claimPasswordTry` counts a wrong password in a row before the hash is
 *    compared; the MEMBER_SIGNIN_MAX_FAILURES-th locks password sign-in MEMBER_LOCK_MINUTES
 *    (8152, data.lockedUntil), a lock run out starts the count again; `clearSigninLock` (a
 *    right password or a one-time code) sets the count back to 0.
 */
import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { ErrorCode } from '../../src/domain/errors';
import { MEMBER_LOCK_MINUTES, MEMBER_SIGNIN_MAX_FAILURES, OTP_MAX_ATTEMPTS, type OtpPurpose } from '../../src/domain/member/public';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { hashToken } from '../security/tokens';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
export interface PhoneKey { phoneCountryCode: string; phone: string }

const verificationFailed = () => new ApiError(400, ErrorCode.VerificationFailed);

/** The stored hash of a code sent to a phone of a tenant. */
export const otpHash = (tenantId: number, key: PhoneKey, code: string) => hashToken(`${tenantId}:${key.phoneCountryCode}:${key.phone}:${code}`);

/** One try of the newest code of the phone and purpose: its id when `code` is it; 8101 when not, or no try is left. */
export async function claimOtp(db: Db, tenantId: number, key: PhoneKey, purpose: OtpPurpose, code: string): Promise<number> {
  const now = new Date();
  const otp = await db.updateTable('member_otps').set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', (eb) => eb.selectFrom('member_otps').select('id').where('tenant_id', '=', tenantId)
      .where('phone_country_code', '=', key.phoneCountryCode).where('phone', '=', key.phone).where('purpose', '=', purpose)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1))
    .where('used_at', 'is', null).where('expires_at', '>', now).where('attempts', '<', OTP_MAX_ATTEMPTS)
    .returning(['id', 'code_hash']).executeTakeFirst();
  if (!otp) throw verificationFailed();
  const want = Buffer.from(otp.code_hash, 'hex');
  const got = Buffer.from(otpHash(tenantId, key, code), 'hex');
  if (want.length !== got.length || !crypto.timingSafeEqual(want, got)) throw verificationFailed();
  return otp.id;
}

/** Marks a claimed code used (in the transaction that acts on it); 8101 when another request used it first. */
export async function useOtp(trx: Trx, otpId: number): Promise<void> {
  const used = await trx.updateTable('member_otps').set({ used_at: new Date() }).where('id', '=', otpId).where('used_at', 'is', null)
    .returning('id').executeTakeFirst();
  if (!used) throw verificationFailed();
}

const memberLocked = (until: Date | string | null) => new ApiError(400, ErrorCode.MemberLocked, { lockedUntil: until ? new Date(until).toISOString() : null });

/**
 * Counts a password try of the member as wrong before it is compared; throws 8152 when password
 * sign-in is locked. Answers whether this try locked it (a wrong password then answers 8152 too).
 */
export async function claimPasswordTry(db: Db, memberId: number): Promise<{ locking: Date | null }> {
  const now = new Date();
  const until = new Date(now.getTime() + MEMBER_LOCK_MINUTES * 60_000);
  const count = sql<number>`case when locked_until is not null then 1 else failed_signins + 1 end`;
  const row = await db.updateTable('members')
    .set({ failed_signins: count, locked_until: sql<Date | null>`case when ${count} >= ${MEMBER_SIGNIN_MAX_FAILURES} then ${until}::timestamptz else null end` })
    .where('id', '=', memberId).where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning(['locked_until']).executeTakeFirst();
  if (row) return { locking: row.locked_until };
  const held = await db.selectFrom('members').select('locked_until').where('id', '=', memberId).executeTakeFirst();
  throw memberLocked(held?.locked_until ?? until);
}

/** A wrong password after claimPasswordTry: 8152 when its try locked the member, else `wrong`. */
export function wrongPassword(claim: { locking: Date | null }, wrong: () => ApiError): ApiError {
  return claim.locking ? memberLocked(claim.locking) : wrong();
}

/** A right password or a one-time code: the wrong passwords in a row start again from 0. */
export async function clearSigninLock(db: Db | Trx, memberId: number): Promise<void> {
  await db.updateTable('members').set({ failed_signins: 0, locked_until: null }).where('id', '=', memberId)
    .where((eb) => eb.or([eb('failed_signins', '<>', 0), eb('locked_until', 'is not', null)])).execute();
}

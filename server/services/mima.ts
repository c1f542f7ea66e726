/**
 * Changing a password, shared by PUT System/mima and PUT System/user (profile with the
 * change-password switch on). The slow part (argon2) runs before the transaction; the write
 * runs inside the caller's transaction and only if the hash is still the one we verified.
 */
import type { Transaction } from 'kysely';
import type { FieldErrors } from '../../src/domain/api';
import { MimaStatus } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { checkNewPassword } from '../../src/domain/password';
import type { Caller } from '../auth';
import type { AppDeps } from '../context';
import type { Database } from '../db/schema';
import { ApiError, badRequest, unauthorized } from '../errors';
import { decryptMima } from '../security/keys';
import { hashPassword, verifyPassword } from '../security/passwords';

export interface PasswordChange {
  verifiedHash: string;
  newHash: string;
}

/** Open both ciphertexts; code 1 naming the field that cannot be opened. */
export function decryptPair(deps: AppDeps, originalMima: string, newMima: string): { original: string; next: string } {
  const original = decryptMima(deps.keys, originalMima);
  const next = decryptMima(deps.keys, newMima);
  const fields: FieldErrors = {};
  if (original === null) fields.originalMima = { key: 'regex' };
  if (next === null) fields.newMima = { key: 'regex' };
  if (original === null || next === null) throw badRequest(fields);
  return { original, next };
}

/**
 * Check a change: wrong original -> 400 code 10; new fails the password rule -> 400 code 15;
 * new equal to the original -> 400 code 8132. Answers the hashes to write.
 */
export async function preparePasswordChange(deps: AppDeps, who: Caller, original: string, next: string): Promise<PasswordChange> {
  const user = await deps.db.selectFrom('users').select('mima_hash')
    .where('id', '=', who.userId).where('tenant_id', '=', who.tenantId).executeTakeFirst();
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.mima_hash, original))) throw new ApiError(400, ErrorCode.WrongOriginalPassword);
  const rule = checkNewPassword(next);
  if (rule) throw new ApiError(400, ErrorCode.PasswordFormat, { newMima: rule } satisfies FieldErrors);
  if (next === original) throw new ApiError(400, ErrorCode.SameAsOldPassword);
  return { verifiedHash: user.mima_hash, newHash: await hashPassword(next) };
}

/** Write the change and end the user's other sessions (the current one stays). */
export async function applyPasswordChange(trx: Transaction<Database>, who: Caller, change: PasswordChange): Promise<void> {
  const now = new Date();
  const result = await trx.updateTable('users')
    .set({ mima_hash: change.newHash, mima_status: MimaStatus.Normal, mima_changed_at: now, failed_signins: 0, updated_at: now })
    .where('id', '=', who.userId).where('tenant_id', '=', who.tenantId).where('mima_hash', '=', change.verifiedHash)
    .executeTakeFirst();
  // Changed meanwhile by another request: the original we verified is no longer the password.
  if (Number(result.numUpdatedRows) !== 1) throw new ApiError(400, ErrorCode.WrongOriginalPassword);
  await trx.deleteFrom('sessions').where('user_id', '=', who.userId).where('id', '!=', who.sessionId).execute();
}

/**
 * The password rule of SPEC.md section 5: 8 to 20 characters, at least one lowercase letter,
 * one uppercase letter and one digit; only letters, digits and @$!%*?& allowed.
 */
import { checkBetween, checkRequired, firstFailure, type RuleResult } from './rules';

export { checkBetween };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
/** The characters a password may hold besides letters and digits. */
export const PASSWORD_SYMBOLS = '@$!%*?&';

export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d@$!%*?&]{8,20}$/;

/** The full rule, length included: key 'passwordRule'. */
export function checkPasswordRule(pw: string): RuleResult {
  return PASSWORD_PATTERN.test(pw) ? null : { key: 'passwordRule' };
}

/** Required, 8 to 20, then the password rule: what a new password must pass. */
export function checkNewPassword(pw: unknown): RuleResult {
  const value = typeof pw === 'string' ? pw : '';
  return firstFailure(
    () => checkRequired(value),
    () => checkBetween(value, PASSWORD_MIN, PASSWORD_MAX),
    () => checkPasswordRule(value),
  );
}

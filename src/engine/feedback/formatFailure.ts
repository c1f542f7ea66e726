/**
 * The Fail modal's message for a failed call (SPEC.md section 8 "Handling"): 401 of a signed-in
 * call is the session timeout, 429 the rate limit, no answer the network text; otherwise the
 * localized text of the code followed by the code in brackets (code 11 lists the accounts),
 * or 'Error: {status}' without a code.
 */
import type { TFunction } from 'i18next';
import { formatErrorMessage } from '../../domain/errors';
import type { ApiError } from '../api/ApiError';

export function isSessionTimeout(error: ApiError): boolean {
  return error.status === 401 && error.authenticated;
}

export function formatFailure(t: TFunction, exists: (key: string) => boolean, error: ApiError): string {
  if (isSessionTimeout(error)) return t('errors.sessionTimeout');
  if (error.status === 429) return t('errors.rateLimited');
  if (error.status === 0) return t('errors.network');
  const text = (key: string): string | undefined => (exists(key) ? String(t(key)) : undefined);
  return formatErrorMessage(text, { status: error.status, code: error.code, data: error.data });
}

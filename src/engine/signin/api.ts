/**
 * The two calls of the light sign-in page, with fetch (the full app's client brings its loading
 * mask and Fail modal with it): the tenant's public config and the sign-in itself. A failure
 * resolves to { status, code?, data? } like the Fail modal needs it; status 0 is no answer.
 */
import type { SessionUser, TenantConfig } from '../../domain/api';

export interface CallFailure {
  status: number;
  code?: number;
  data?: unknown;
}

export type CallResult<T> = { ok: true; value: T } | { ok: false; failure: CallFailure };

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<CallResult<T>> {
  let res: Response;
  try {
    res = await fetch(`/v1/${path}`, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, failure: { status: 0 } };
  }
  let parsed: unknown;
  try {
    parsed = await res.json();
  } catch {
    parsed = undefined;
  }
  if (res.ok) return { ok: true, value: parsed as T };
  const envelope = (parsed && typeof parsed === 'object' ? parsed : {}) as { code?: unknown; data?: unknown };
  return { ok: false, failure: { status: res.status, code: typeof envelope.code === 'number' ? envelope.code : undefined, data: envelope.data } };
}

export const loadTenantConfig = (code: string) => call<TenantConfig>('GET', `Config/tenant/${encodeURIComponent(code)}`);

export const postSignIn = (body: { tenantCode: string; account: string; mima: string }) => call<SessionUser>('POST', 'Identity/token', body);

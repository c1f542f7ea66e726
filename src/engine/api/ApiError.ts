import type { FieldErrors } from '../../domain/api';

/**
 * A failed call: status 4xx/5xx with the envelope `{code, message, data?}`, or status 0 for a
 * network failure (no answer at all).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: number;
  readonly data?: unknown;
  /** True when the call carried a session token (a 401 then means the session ended). */
  readonly authenticated: boolean;

  constructor(status: number, body: { code?: number; message?: string; data?: unknown } | null, authenticated = false) {
    super(body?.message || (status === 0 ? 'Network error' : `Error: ${status}`));
    this.name = 'ApiError';
    this.status = status;
    if (typeof body?.code === 'number') this.code = body.code;
    if (body && 'data' in body) this.data = body.data;
    this.authenticated = authenticated;
  }

  /** The field errors of a code-1 answer, when its data lists them. */
  get fieldErrors(): FieldErrors | null {
    return this.code === 1 ? asFieldErrors(this.data) : null;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** `data` as FieldErrors when every entry has a string `key`; null otherwise. */
export function asFieldErrors(data: unknown): FieldErrors | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const entries = Object.entries(data as Record<string, unknown>);
  if (entries.length === 0) return null;
  for (const [, v] of entries) {
    if (!v || typeof v !== 'object' || typeof (v as { key?: unknown }).key !== 'string') return null;
  }
  return data as FieldErrors;
}

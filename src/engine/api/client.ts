/**
 * The one API client. Every call of the SPA goes through `request` (components never call
 * fetch): prefix /v1, JSON bodies, `Authorization: Bearer <token>` from the session, status
 * 200-399 is success, failures throw ApiError and are reported to the environment's failure
 * handler (the Fail modal) unless `silent`. The loading mask covers calls unless `noMask`.
 */
import { ApiError } from './ApiError';
import { TIME_ZONE_HEADER, userTimeZone } from '../../domain/datetime';
import { takeEarly } from './early';
import { apiEnv } from './env';
import { loadingStore } from './loading';

export const API_PREFIX = '/v1/';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** Paths whose calls do not show the loading mask by default. */
const UNMASKED_PATHS = /^(Job(\/|$)|Report\/exportReportAmount$)/i;
/** Paths whose failures do not show the Fail modal by default. */
const SILENT_PATHS = /^Report\/exportReportAmount$/i;

function relativePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/^v1\//, '').split('?')[0];
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** No Fail modal: the caller deals with the failure. Default: true for exportReportAmount only. */
  silent?: boolean;
  /** No loading mask. Default: true for Job and exportReportAmount calls. */
  noMask?: boolean;
  /** Use this token instead of the stored session's (the first sign-in password change). */
  token?: string | null;
  signal?: AbortSignal;
}

/** `path` relative to /v1 (e.g. 'System/user') plus the query string; arrays repeat the key. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const clean = path.replace(/^\/+/, '').replace(/^v1\//, '');
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else params.append(k, String(v));
  }
  const qs = params.toString();
  return API_PREFIX + clean + (qs ? `?${qs}` : '');
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export async function request<T = unknown>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.token !== undefined ? options.token : apiEnv().getToken();
  // SPEC.md 7/8: Job and exportReportAmount calls never mask; exportReportAmount is silent.
  const relative = relativePath(path);
  const noMask = options.noMask ?? UNMASKED_PATHS.test(relative);
  const silent = options.silent ?? SILENT_PATHS.test(relative);
  // The user's zone: exports write their times and name their files in it (issue 23).
  const headers: Record<string, string> = { Accept: 'application/json', [TIME_ZONE_HEADER]: userTimeZone() };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const done = noMask ? () => {} : loadingStore.begin();
  try {
    let res: Response;
    try {
      const url = buildUrl(path, options.query);
      const ask = () => fetch(url, { method, headers, body, signal: options.signal });
      // The head script's answer to the same call, if it asked (api/early.ts), else a fetch.
      const early = method === 'GET' && !options.signal ? takeEarly(url, token) : null;
      res = early ? await early.catch(ask) : await ask();
    } catch (e) {
      if ((e as { name?: string })?.name === 'AbortError') throw e;
      throw new ApiError(0, null, Boolean(token));
    }
    const payload = await readBody(res);
    if (res.status >= 200 && res.status < 400) return payload as T;
    const envelope = payload && typeof payload === 'object' ? (payload as { code?: number; message?: string; data?: unknown }) : null;
    throw new ApiError(res.status, envelope, Boolean(token));
  } catch (e) {
    // The handler is looked up now: the call may have started before the app wired it.
    if (e instanceof ApiError && !silent) apiEnv().onFailure(e);
    throw e;
  } finally {
    done();
  }
}

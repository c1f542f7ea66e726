/**
 * Calls of declarations ('PUT System/initial/{account}') through the one api client, with the
 * {field} placeholders filled from a row (URI-encoded).
 */
import { useCallback } from 'react';
import type { Method, RequestOptions } from '../api/client';
import { request } from '../api/client';
import { useEngineEnv, type EngineEnv } from '../env/EngineEnv';

export interface ResolvedCall {
  method: Method;
  path: string;
}

/** Method and path of a call with its placeholders filled; throws when a value is missing. */
export function resolveCall(call: string, values: Record<string, unknown> = {}): ResolvedCall {
  const m = /^(GET|POST|PUT|DELETE) (\S+)$/.exec(call.trim());
  if (!m) throw new Error(`not an api call: "${call}"`);
  const path = m[2].replace(/\{([^}]+)\}/g, (_all, name: string) => {
    const v = values[name];
    if (v === undefined || v === null || v === '') throw new Error(`"${call}" needs a value for {${name}}`);
    return encodeURIComponent(String(v));
  });
  return { method: m[1] as Method, path };
}

/** The path of a GET call without placeholders (lists, option sources). */
export function callPath(call: string | undefined): string | null {
  return call ? resolveCall(call).path : null;
}

export function callApi<T = unknown>(call: string, values: Record<string, unknown>, options: RequestOptions = {}, fetch: EngineEnv['fetch'] = request): Promise<T> {
  const { method, path } = resolveCall(call, values);
  return fetch<T>(method, path, options);
}

/** `callApi` through the engine environment's fetch. */
export function useCallApi() {
  const { fetch } = useEngineEnv();
  return useCallback(
    <T = unknown>(call: string, values: Record<string, unknown>, options: RequestOptions = {}) => callApi<T>(call, values, options, fetch),
    [fetch],
  );
}

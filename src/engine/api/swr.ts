/**
 * swr over the same client: a key is a /v1 path, or [path, options] for query/silent/noMask.
 * `useApi` reads through the engine environment's `fetch` (the real client by default).
 */
import { useCallback } from 'react';
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiError } from './ApiError';
import { request, type QueryValue } from './client';
import { useEngineEnv } from '../env/EngineEnv';

export interface ReadOptions {
  query?: Record<string, QueryValue>;
  silent?: boolean;
  noMask?: boolean;
}

export type ApiKey = string | readonly [string, ReadOptions];

export function apiFetcher<T>(key: ApiKey): Promise<T> {
  if (typeof key === 'string') return request<T>('GET', key);
  const [path, options] = key;
  return request<T>('GET', path, options);
}

/** Shared defaults: no retry (each failure already showed its Fail modal), no focus refetch. */
export const swrDefaults: SWRConfiguration = {
  fetcher: apiFetcher as (key: ApiKey) => Promise<unknown>,
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
};

export function useApi<T>(key: ApiKey | null, config?: SWRConfiguration<T, ApiError>): SWRResponse<T, ApiError> {
  const { fetch } = useEngineEnv();
  const fetcher = useCallback((k: ApiKey) => (typeof k === 'string' ? fetch<T>('GET', k) : fetch<T>('GET', k[0], k[1])), [fetch]);
  return useSWR<T, ApiError>(key, fetcher, config);
}

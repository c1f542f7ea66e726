/**
 * The swr key of a declared list's page: its call's path and the page's query. useCrudList reads
 * under it; the page asked at a menu click goes into the cache under it (prefetchList.ts).
 */
import type { QueryValue } from '../api/client';

export const listKey = (path: string, query: Record<string, QueryValue>) => [path, { query }] as const;

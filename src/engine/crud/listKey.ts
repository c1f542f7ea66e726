/**
 * The swr key of a declared list's page: its call's path and the page's query. useCrudList reads
 * under it; the page asked at a menu click goes into the cache under it (prefetchList.ts).
 */
import type { QueryValue } from '../api/client';

export const listKey = (path: string, query: Record<string, QueryValue>) => [path, { query }] as const;

/**
 * Whether a write through the list at `listPath` may change the cached read under `key`: a read
 * below the list's path, or beside it under the same parent (marketing/product/category-detail
 * beside marketing/product/category), other than the list's own pages (refreshed by the list).
 */
export function writeTouches(listPath: string, key: unknown): boolean {
  const path = typeof key === 'string' ? key : Array.isArray(key) && typeof key[0] === 'string' ? key[0] : null;
  if (!path) return false;
  const base = listPath.toLowerCase();
  const read = path.toLowerCase();
  // The parent holds the list's own subpaths too; a list at the top level has itself as parent.
  const parent = base.includes('/') ? base.slice(0, base.lastIndexOf('/') + 1) : `${base}/`;
  return read !== base && read.startsWith(parent);
}

/**
 * Every cached read a write through the list at `listPath` may have changed: the list's own pages
 * and the reads beside or below it. For the writes that leave the list's screen for another
 * page (a form page, a wizard); the list's own controller refreshes its pages itself.
 */
export function writtenThrough(listPath: string | null | undefined): (key: unknown) => boolean {
  return (key) => !!listPath && ((Array.isArray(key) && key[0] === listPath) || writeTouches(listPath, key));
}

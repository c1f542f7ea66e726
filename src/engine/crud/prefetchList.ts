/**
 * A list's first page asked as its menu entry is clicked (issue 27: another list's rows within
 * 150 ms): the call starts with the click, while the route changes and the screen renders,
 * instead of once the list has mounted; the list's `request` takes the answer (api/early.ts), at
 * most EARLY_TTL_MS old. Only where the first page is known from the declarations alone (the
 * head script's rule, listOnPath).
 */
import { mutate } from 'swr';
import { API_PREFIX } from '../api/client';
import { askEarly, firstPageCall, firstPageQuery, listOnPath, peekEarly } from '../api/early';
import { declarations } from '../declarations/catalogue';
import { sessionStore } from '../session/store';
import { callPath } from './apiCall';
import { listKey } from './listKey';

/**
 * Also, once the answer is in, the page goes into swr's cache under the list's own key
 * (useCrudList): a list that mounts after that renders its rows at once, instead of its loading
 * skeleton first and the rows in a second pass. The list still reads its page on mount, and that
 * read takes the same answer (one call).
 */
export function prefetchFirstPage(path: string): void {
  const list = listOnPath(declarations(), path);
  const call = list ? firstPageCall(list) : null;
  const listPath = list ? callPath(list.api.list) : null;
  const token = sessionStore.get()?.user.token;
  if (!list || !call || !listPath || !token) return;
  const url = `${API_PREFIX}${call}`;
  askEarly(url, token);
  const key = listKey(listPath, firstPageQuery(list));
  // A clone: the list's own read takes the answer itself. A failure is left to that read, and an
  // answer that comes after a sign-out (the cache emptied, maybe another user since) is dropped.
  void peekEarly(url)
    ?.then((res) => (res.ok ? res.clone().json() : undefined))
    .then((page: unknown) => (page === undefined || sessionStore.get()?.user.token !== token ? undefined : mutate(key, page, { revalidate: false })))
    .catch(() => {});
}

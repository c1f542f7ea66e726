/**
 * A list's first page asked as its menu entry is clicked (issue 27: another list's rows within
 * 150 ms): the call starts with the click, while the route changes and the screen renders,
 * instead of once the list has mounted; the list's `request` takes the answer (api/early.ts), at
 * most EARLY_TTL_MS old. Only where the first page is known from the declarations alone (the
 * head script's rule, listOnPath).
 */
import { API_PREFIX } from '../api/client';
import { askEarly, firstPageCall, listOnPath } from '../api/early';
import { declarations } from '../declarations/catalogue';
import { sessionStore } from '../session/store';

export function prefetchFirstPage(path: string): void {
  const list = listOnPath(declarations(), path);
  const call = list ? firstPageCall(list) : null;
  const token = sessionStore.get()?.user.token;
  if (call && token) askEarly(`${API_PREFIX}${call}`, token);
}

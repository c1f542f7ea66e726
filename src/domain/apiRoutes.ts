/**
 * The /v1 routes of the server as data (api-routes.json, written by `npm run api-routes`
 * from the running route table), so the browser can check the calls a declaration names
 * without Node APIs: the playground and the schema tests run the same check
 * (src/engine/declarations/checks.ts); a schema test fails while the file and the server
 * differ. Pure TypeScript.
 */
import ROUTES from './api-routes.json';

export interface ApiRoute {
  method: string;
  /** With the prefix and Fastify's `:param` placeholders, e.g. '/v1/system/role/:id'. */
  url: string;
  /** The menu ids whose holders may call it (route config menuId); absent: any signed-in user. */
  menuId?: number | number[];
}

export const API_ROUTES = ROUTES as readonly ApiRoute[];

/**
 * The /v1 route that answers a declaration's api call ('GET system/role/{id}'); undefined when
 * none does. Placeholders match any parameter; the rest matches exactly (Fastify is case-sensitive).
 */
export function findApiRoute<R extends { method: string; url: string }>(routes: readonly R[], call: string): R | undefined {
  const m = /^(GET|POST|PUT|DELETE) (\S+)$/.exec(call);
  if (!m) return undefined;
  // A query (an option source's fixed filter, `?completed=true`) is not part of the route.
  const want = `/v1/${m[2].split('?')[0]}`.split('/');
  return routes.find((r) => {
    if (r.method !== m[1]) return false;
    const have = r.url.split('/');
    return have.length === want.length && have.every((seg, i) => {
      const placeholder = /^\{.+\}$/.test(want[i]);
      return seg.startsWith(':') ? placeholder : !placeholder && seg === want[i];
    });
  });
}

/** The menu ids guarding a route, as a list (empty: any signed-in user). */
export function routeMenuIds(route: Pick<ApiRoute, 'menuId'>): number[] {
  const m = route.menuId;
  return m === undefined ? [] : typeof m === 'number' ? [m] : m;
}

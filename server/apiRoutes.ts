/**
 * The server's route table as src/domain/api-routes.json holds it (see src/domain/apiRoutes.ts):
 * /v1 routes only, sorted, with their menu guard.
 */
import type { ApiRoute } from '../src/domain/apiRoutes';
import type { RouteEntry } from './app';

export function toApiRoutes(routes: readonly RouteEntry[]): ApiRoute[] {
  return routes
    .filter((r) => r.url.startsWith('/v1/'))
    .map((r) => {
      const menuId = r.config.menuId as number | number[] | undefined;
      return { method: r.method, url: r.url, ...(menuId === undefined ? {} : { menuId }) };
    })
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

/** The file's text: one route a line, so a diff shows the routes that changed. */
export function apiRoutesSource(routes: readonly ApiRoute[]): string {
  return `[\n${routes.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`;
}

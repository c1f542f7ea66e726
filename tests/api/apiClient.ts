/**
 * The typed client of the API (openapi-fetch over the types generated from docs/openapi.json,
 * src/api/openapi.d.ts) talking to a test app through app.inject instead of the network: a test
 * that calls the API this way compiles only while the document has the path, the method and
 * the body it sends, so the document cannot drift from the server unnoticed.
 */
import type { FastifyInstance } from 'fastify';
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../src/api/openapi';

export type ApiPaths = paths;
/** The JSON body of an operation, e.g. `ApiBody<'/v1/App/binding', 'post'>`. */
export type ApiBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** fetch() answered by app.inject: the same request, no listener. */
export function injectFetch(app: FastifyInstance): (input: Request) => Promise<Response> {
  return async (input: Request) => {
    const url = new URL(input.url);
    const body = input.body ? Buffer.from(await input.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: input.method as 'GET', url: url.pathname + url.search,
      headers: Object.fromEntries(input.headers.entries()), ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    const empty = res.statusCode === 204 || res.statusCode === 304 || res.rawPayload.length === 0;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

/** The typed client of `app`, signed in with `token` when given. */
export function apiClient(app: FastifyInstance, token?: string): Client<paths> {
  return createClient<paths>({
    baseUrl: 'http://app.test', fetch: injectFetch(app),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

import { expect, it } from 'vitest';
import { listRoutes } from '../../server/app';
import { describeApi } from './harness';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: { properties?: { code?: { enum?: number[] } } } }> }>;
  security?: unknown[];
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
}

const codesOf = (op: Operation, status: string) => op.responses[status]?.content?.['application/json']?.schema.properties?.code?.enum ?? [];

describeApi('API documentation (OpenAPI)', (h) => {
  const document = async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v1/docs/openapi.json' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OpenApi;
  };

  it('documents every /v1 route, with a body schema on every write route', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const routes = listRoutes(h.app).filter((r) => r.url.startsWith('/v1/') && !r.url.startsWith('/v1/docs'));
    expect(routes.length).toBeGreaterThan(60);
    const missing: string[] = [];
    const withoutBody: string[] = [];
    const withoutEnvelope: string[] = [];
    for (const r of routes) {
      const path = r.url.replace(/:([^/]+)/g, '{$1}');
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      if (!op) { missing.push(`${r.method} ${r.url}`); continue; }
      if ((r.method === 'POST' || r.method === 'PUT') && !op.requestBody) withoutBody.push(`${r.method} ${r.url}`);
      if (!codesOf(op, '400').includes(1) || !codesOf(op, '500').includes(9999)) withoutEnvelope.push(`${r.method} ${r.url}`);
    }
    expect(missing).toEqual([]);
    expect(withoutBody).toEqual([]);
    expect(withoutEnvelope).toEqual([]);
  });

  it('takes body, answer, parameters and catalogue codes from the declarations', async () => {
    const doc = await document();
    const create = doc.paths['/v1/Product/packaging'].post;
    const body = create.requestBody!.content['application/json'].schema as { required: string[]; properties: Record<string, { maxLength?: number }> };
    expect(body.required).toEqual(expect.arrayContaining(['clientId', 'productId', 'no', 'name']));
    expect(body.properties.name.maxLength).toBeGreaterThan(0);
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '500']));
    expect(codesOf(create, '400')).toEqual(expect.arrayContaining([1, 7310]));
    const remove = doc.paths['/v1/Product/packaging/{id}'].delete;
    expect(codesOf(remove, '400')).toEqual(expect.arrayContaining([2203, 3501]));
    expect(codesOf(remove, '404')).toEqual([2]);
    expect(remove.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id' })]);
    const list = doc.paths['/v1/Product/packaging'].get;
    expect(list.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'pageSize', 'sort', 'order', 'keyword', 'clientId']));
    // Sign-in needs no token; everything else the bearer token.
    expect(doc.paths['/v1/Identity/token'].post.security).toEqual([]);
    expect(doc.paths['/v1/system/role'].get.security).toBeUndefined();
  });

  it('serves the browsable page without a session, not the SPA', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/v1/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/swagger/i);
    const json = await h.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(json.statusCode).toBe(200);
  });
}, { once: true });

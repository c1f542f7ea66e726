import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { listRoutes } from '../../server/app';
import { operationIdOf } from '../../server/docsContract';
import { describeApi } from './harness';
import { memberClient, SETTINGS } from './memberSetup';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string; properties?: { code?: { enum?: number[] } } } }> }>;
  security?: unknown[];
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }>; schemas: Record<string, Record<string, unknown>> };
}
const METHODS = ['get', 'post', 'put', 'delete', 'patch'];
/** A named component in place of its `{ $ref }`. */
const named = (doc: OpenApi, schema: Record<string, unknown>) => (typeof schema.$ref === 'string' ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema);

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
    const body = named(doc, create.requestBody!.content['application/json'].schema) as { required: string[]; properties: Record<string, { maxLength?: number }> };
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

  it('gives every operation a unique operationId from its method and path, a summary, and named schemas', async () => {
    const doc = await document();
    const ids = new Set<string>();
    const problems: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!METHODS.includes(method)) continue;
        const where = `${method.toUpperCase()} ${path}`;
        if (op.operationId !== operationIdOf(method, path)) problems.push(`${where}: operationId ${op.operationId}`);
        if (ids.has(op.operationId!)) problems.push(`${where}: repeated ${op.operationId}`);
        ids.add(op.operationId!);
        if (!op.summary?.trim()) problems.push(`${where}: no summary`);
        for (const media of Object.values(op.requestBody?.content ?? {})) if (!media.schema.$ref) problems.push(`${where}: body not a component`);
      }
    }
    expect(problems).toEqual([]);
    expect(operationIdOf('POST', '/v1/App/binding')).toBe('postAppBinding');
    expect(operationIdOf('GET', '/v1/Product/packaging/:id')).toBe('getProductPackagingById');
    // The recursive node of the app's binding body is a component of its own, referenced as one.
    const bindingRef = String(doc.paths['/v1/App/binding'].post.requestBody!.content['application/json'].schema.$ref);
    const binding = doc.components.schemas[bindingRef.replace('#/components/schemas/', '')];
    expect(JSON.stringify(binding)).not.toContain('#/$defs/');
    expect(doc.components.schemas.PostAppBindingBodyNode).toBeDefined();
    expect(doc.paths['/v1/App/binding'].post.responses['201'].content?.['application/json'].schema.$ref).toBe('#/components/schemas/PostAppBindingResponse');
  });

  it('documents the security each route really has: what a call without a token answers', async () => {
    const doc = await document();
    const client = await memberClient(h);
    const tenantCode = client.code;
    const saved = await h.call('POST', 'member', { token: client.token, body: SETTINGS });
    expect(saved.statusCode, saved.body).toBe(201);
    const wrong: string[] = [];
    let staff = 0;
    let member = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!METHODS.includes(method)) continue;
        const security = JSON.stringify(op.security ?? [{ bearer: [] }]);
        const url = path.replace('{tenantCode}', tenantCode).replace(/\{[^}]+\}/g, '1');
        const res = await h.app.inject({ method: method.toUpperCase() as 'GET', url, ...(method === 'get' || method === 'delete' ? {} : { payload: {} }) });
        const where = `${method.toUpperCase()} ${path} ${security} -> ${res.statusCode}`;
        if (security === '[{"bearer":[]}]') { staff++; if (res.statusCode !== 401) wrong.push(where); }
        else if (security === '[{"memberBearer":[]}]') { member++; if (res.statusCode !== 401) wrong.push(where); }
        else if (security === '[]' || security === '[{},{"memberBearer":[]}]') { if (res.statusCode === 401) wrong.push(where); }
        else wrong.push(where);
      }
    }
    expect(wrong).toEqual([]);
    expect(staff).toBeGreaterThan(200);
    expect(member).toBeGreaterThanOrEqual(7);
    expect(doc.components.securitySchemes.memberBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('is the committed docs/openapi.json, its generated client types are current, and redocly lint passes', async () => {
    const doc = await document();
    const file = fs.readFileSync(`${root}docs/openapi.json`, 'utf8');
    expect(JSON.parse(file), 'run `npm run openapi`').toEqual(doc);
    const sha = crypto.createHash('sha256').update(file).digest('hex');
    expect(fs.readFileSync(`${root}src/api/openapi.d.ts`, 'utf8').split('\n')[0], 'run `npm run openapi`').toContain(sha);
    // Exits non-zero on any error (redocly.yaml: the recommended rules).
    const out = execFileSync(`${root}node_modules/.bin/redocly`, ['lint', 'docs/openapi.json', '--format=summary'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out).not.toMatch(/error/i);
  }, 120_000);

  it('serves the browsable page without a session, not the SPA', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/v1/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/swagger/i);
    const json = await h.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(json.statusCode).toBe(200);
  });
}, { once: true });

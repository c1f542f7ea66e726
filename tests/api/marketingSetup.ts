/**
 * Fixtures of the marketing API tests: a client tenant with the Marketing function and a user
 * holding menus 31-36, brands and brand products, uploads of exact sizes, multipart bodies, and
 * generated codes written straight in the database (a package of the client, status Generated).
 */
import { expect } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CodePackageStatus, TenantType } from '../../src/domain/enums';
import { json } from '../../server/db/schema';
import { png } from '../support/png';
import { uniqueAccount, type Harness } from './harness';

export const MARKETING_FUNCTIONS = [2, 19, 6, 31, 32, 33, 34, 35, 36];

export interface Client {
  id: number;
  code: string;
  token: string;
}

/** A client tenant (functions: its flags; default all) and a signed-in General user holding `functions`. */
export async function marketingClient(h: Harness, opts: { functionFlags?: number; functions?: number[] } = {}): Promise<Client> {
  const t = await h.createTenant({ type: TenantType.Client, functionFlags: opts.functionFlags ?? 7 });
  const u = await h.signedInUser({ tenant: t.code, functions: opts.functions ?? MARKETING_FUNCTIONS });
  return { id: t.id, code: t.code, token: u.token };
}

export async function call(h: Harness, app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, body?: unknown): Promise<LightMyRequestResponse> {
  return h.call(method, url, { app, token, body });
}

export async function ok<T>(h: Harness, app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown, status?: number): Promise<T> {
  const res = await call(h, app, method, url, token, body);
  const want = status ?? (method === 'DELETE' ? 204 : 200);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(want);
  return (res.body ? res.json() : undefined) as T;
}

/** A multipart/form-data body: text fields, then files `{ field: [name, bytes] }`. */
export async function multipart(fields: Record<string, string>, files: Record<string, [string, Uint8Array]> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, [name, bytes]] of Object.entries(files)) form.append(k, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

export async function postMultipart(app: FastifyInstance, url: string, token: string, fields: Record<string, string>, files: Record<string, [string, Uint8Array]> = {}) {
  const { payload, contentType } = await multipart(fields, files);
  return app.inject({ method: 'POST', url: `/v1/${url}`, headers: { 'content-type': contentType, authorization: `Bearer ${token}` }, payload });
}

/** An image uploaded by the client through POST /v1/Files: its address. */
export async function uploaded(app: FastifyInstance, token: string, width: number, height: number): Promise<string> {
  const form = new FormData();
  form.append('Files', new Blob([new Uint8Array(png(width, height))], { type: 'image/png' }), `img-${width}x${height}.png`);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await app.inject({
    method: 'POST', url: '/v1/Files?kind=image', payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { url: string }[])[0].url;
}

/** A brand and a brand product of the tenant, straight in the database. */
export async function brandProduct(h: Harness, tenantId: number, name = uniqueAccount('Tea ')): Promise<{ id: number; brandId: number; name: string }> {
  const brand = await h.db.insertInto('brands').values({ tenant_id: tenantId, name: uniqueAccount('Brand ') }).returning('id').executeTakeFirstOrThrow();
  const bp = await h.db.insertInto('brand_products').values({ tenant_id: tenantId, brand_id: brand.id, name }).returning('id').executeTakeFirstOrThrow();
  return { id: bp.id, brandId: brand.id, name };
}

/**
 * `count` generated codes of the client on a packaging material linked to `brandProductId`
 * (when given), written straight in the database as the generation job leaves them.
 */
export async function generatedCodes(h: Harness, clientId: number, count: number, brandProductId?: number): Promise<string[]> {
  const operator = await h.tenantId('platform');
  const product = await h.db.insertInto('client_products').values({ tenant_id: operator, client_id: clientId, name: uniqueAccount('P ') }).returning('id').executeTakeFirstOrThrow();
  const category = await h.db.insertInto('packaging_categories').values({ tenant_id: operator, name: uniqueAccount('C ') }).returning('id').executeTakeFirstOrThrow();
  const material = await h.db.insertInto('packaging_materials').values({
    tenant_id: operator, client_id: clientId, product_id: product.id, category_id: category.id, name: 'Label', no: uniqueAccount('NO'),
    code_type: 2, binding_sheet_type: 1, code_format: 3, code_length: 16,
  }).returning('id').executeTakeFirstOrThrow();
  if (brandProductId) await h.db.insertInto('brand_product_materials').values({ brand_product_id: brandProductId, material_id: material.id }).execute();
  const pkg = await h.db.insertInto('code_packages').values({
    tenant_id: operator, client_id: clientId, packaging_material_id: material.id, type: 1, code_type: 2, code_format: 3, code_length: 16,
    quantity: count, keywords: json(null), status: CodePackageStatus.Generated, progress: 100,
  }).returning('id').executeTakeFirstOrThrow();
  const codes = Array.from({ length: count }, () => uniqueAccount('C').toUpperCase().padEnd(16, 'X'));
  await h.db.insertInto('codes').values(codes.map((code, i) => ({ package_id: pkg.id, seq: i + 1, code }))).execute();
  return codes;
}

/** An instant `days` from now (ISO). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

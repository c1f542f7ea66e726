/**
 * Fuzzing of the marketing routes as a client that may use them (the platform fuzz signs in as
 * the operator, who gets 403 on /v1/marketing): hostile path parameters, querystrings and
 * bodies (fuzz.ts) on every /v1/marketing and /mapi/v1 route, signed in as a client user holding
 * menus 31-36 with rows in place. Fails on any 5xx and on any 4xx outside the envelope.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '../../src/domain/errors';
import { describeApi } from './harness';
import { describeRequest, fixedRequests, requestFor, routeModels, type FuzzRequest, type RouteModel } from './fuzz';
import { brandProduct, generatedCodes, inDays, marketingClient, ok, uploaded, type Client } from './marketingSetup';

const SEED = 20261125;
const RUNS = 15;
const CATALOGUE = new Set<number>(Object.values(ErrorCode));

function fault(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  let body: { code?: unknown; message?: unknown };
  try { body = res.json(); } catch { return `status ${res.statusCode} without a JSON body: ${res.body.slice(0, 200)}`; }
  if (typeof body.code !== 'number' || !CATALOGUE.has(body.code)) return `status ${res.statusCode}, code ${JSON.stringify(body.code)} not in the catalogue`;
  if (typeof body.message !== 'string' || !body.message) return `status ${res.statusCode} without a message`;
  return null;
}

describeApi('Fuzz: marketing routes answer within the envelope', (h) => {
  let models: RouteModel[] = [];
  let client: Client;

  beforeAll(async () => {
    client = await marketingClient(h);
    const bp = await brandProduct(h, client.id);
    await generatedCodes(h, client.id, 2, bp.id);
    await ok(h, h.app, 'POST', 'marketing/product/brand', client.token, { id: bp.id, currency: 'TWD', price: 1, qualification: 1 }, 201);
    const category = await ok<{ id: number }>(h, h.app, 'POST', 'marketing/product/category', client.token, { names: { zh_TW: '茶' } }, 201);
    await ok(h, h.app, 'POST', 'marketing/product', client.token, { names: { zh_TW: '綠茶' }, categoryId: category.id }, 201);
    const small = await uploaded(h.app, client.token, 600, 150);
    const large = await uploaded(h.app, client.token, 660, 352);
    await ok(h, h.app, 'POST', 'marketing/banner', client.token, { productId: bp.id, from: inDays(-1), to: inDays(1), timezoneId: 103, images: { small, large } }, 201);
    models = (await routeModels(h.app)).filter((m) => m.url.startsWith('/v1/marketing') || m.url.startsWith('/mapi/'));
  });

  it('covers the marketing routes', () => {
    expect(models.length).toBeGreaterThanOrEqual(25);
  });

  it('answers every marketing route within the envelope', async () => {
    const failures: string[] = [];
    let n = 0;
    const send = async (req: FuzzRequest) => {
      // Every other public request names the real tenant, so the page is built, not only refused.
      const url = req.url.replace(/^\/mapi\/v1\/(page|Config\/tenant)\/[^/?]*(?=[/?]|$)/, (m, kind) => (n++ % 2 === 0 ? `/mapi/v1/${kind}/${client.code}` : m));
      const res = await h.app.inject({ ...req, url, headers: { ...req.headers, authorization: `Bearer ${client.token}` } } as never);
      const why = fault(res);
      if (why) failures.push(`${describeRequest({ ...req, url })} -> ${why}`);
      return !why;
    };
    for (const route of models) {
      for (const req of fixedRequests(route)) await send(req);
      await fc.assert(fc.asyncProperty(requestFor(route), send), { seed: SEED, numRuns: RUNS, endOnFailure: true }).catch(() => { /* listed */ });
    }
    expect([...new Set(failures)].slice(0, 30)).toEqual([]);
  }, 600_000);
});

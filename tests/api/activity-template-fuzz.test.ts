/**
 * Fuzzing of the activity routes (game templates and check-in) as a client that may use them
 * (the platform fuzz signs in as the operator, who gets 403): hostile path parameters,
 * querystrings and bodies (fuzz.ts) on every /v1/marketing/activity-template and
 * /v1/marketing/check-in-activity route, with menu 51 released and rows in place. Fails on any
 * 5xx and on any 4xx outside the envelope. One database (the HTTP layer, not the SQL, is fuzzed).
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '../../src/domain/errors';
import { DEFAULT_UNRELEASED_MENU_IDS } from '../../src/domain/menu';
import { activityClient, templateImage } from './activitySetup';
import { describeApi } from './harness';
import { describeRequest, fixedRequests, requestFor, routeModels, type FuzzRequest, type RouteModel } from './fuzz';
import { ok, type Client } from './marketingSetup';

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

describeApi('Fuzz: activity routes answer within the envelope', (h) => {
  let dir: string;
  let app: FastifyInstance;
  let models: RouteModel[] = [];
  let client: Client;

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-actfuzz-'));
    app = await h.appWith({ filesDir: dir, unreleasedMenuIds: DEFAULT_UNRELEASED_MENU_IDS.filter((id) => id !== 51) });
    client = await activityClient(h);
    const image = await templateImage(app, client.token);
    await ok(h, app, 'POST', 'marketing/activity-template', client.token, { name: 'Fuzz wheel', gameType: 2, coverUrl: image, core: { LogoImage: image } }, 201);
    await ok(h, app, 'POST', 'marketing/check-in-activity', client.token, {
      name: 'Fuzz check-in', timezoneId: 103, from: '2030-01-01T00:00:00.000Z', to: '2030-01-05T00:00:00.000Z', requiredDays: 1, entries: [{ image, text: 'Hi' }],
    }, 201);
    models = (await routeModels(app)).filter((m) => m.url.startsWith('/v1/marketing/activity-template') || m.url.startsWith('/v1/marketing/check-in-activity'));
  });
  afterAll(() => fsp.rm(dir, { recursive: true, force: true }));

  it('covers the activity routes', () => {
    expect(models.length).toBeGreaterThanOrEqual(10);
  });

  it('answers every activity route within the envelope', async () => {
    const failures: string[] = [];
    const send = async (req: FuzzRequest) => {
      const res = await app.inject({ ...req, headers: { ...req.headers, authorization: `Bearer ${client.token}` } } as never);
      const why = fault(res);
      if (why) failures.push(`${describeRequest(req)} -> ${why}`);
      return !why;
    };
    for (const route of models) {
      for (const req of fixedRequests(route)) await send(req);
      await fc.assert(fc.asyncProperty(requestFor(route), send), { seed: SEED, numRuns: RUNS, endOnFailure: true }).catch(() => { /* listed */ });
    }
    expect([...new Set(failures)].slice(0, 30)).toEqual([]);
  }, 600_000);
}, { once: true });

/**
 * Property-based fuzzing of the uploads (issue 23): every multipart route of the OpenAPI
 * document gets hostile multipart bodies (fuzzUploads.ts: cut at any byte, wrong field names,
 * empty and oversized files, text for files), every CSV import hostile CSV files (NUL, bytes
 * that are not UTF-8, UTF-16, quotes, CR-only line ends, huge lines) with real order numbers in
 * them, signed in as a client user who may use every one of those routes. Fails on any 5xx
 * and any 4xx outside the envelope; a refused upload leaves no file row behind.
 * Deterministic (fixed seed), bounded (RUNS per route).
 */
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { describeApi } from './harness';
import { describeRequest, fault } from './fuzz';
import { CSV_IMPORTS, csvRequest, FUZZ_UPLOAD_MAX_MB, fixedUploads, multipartRequest, multipartRoutes, type MultipartRoute, type UploadRequest } from './fuzzUploads';
import { MARKETING_FUNCTIONS, marketingClient, type Client } from './marketingSetup';
import { RECIPIENT, marketingProduct, member, pointProduct, redeem } from './memberOrderSetup';
import { testSettings } from './settings';

const SEED = 20261127;
const RUNS = 15;
const CSV_RUNS = 30;
/** Marketing, activities (lottery, templates) and member orders. */
const FUNCTIONS = [...MARKETING_FUNCTIONS, 48, 49, 51, 7, 39, 40];
const KNOWN_MULTIPART = [
  'POST /v1/Files', 'POST /v1/marketing/activity-template/files', 'POST /v1/marketing/banner', 'POST /v1/marketing/product',
  'POST /v1/member/order/batch', 'POST /v1/marketing/lottery-activity/serial-number',
];

describeApi('Fuzz: no upload answers 5xx or leaves the envelope', (h) => {
  // A small server limit, so that a file over it costs megabytes, not twenty.
  h.settings = testSettings({ unreleasedMenuIds: [], uploadMaxMB: FUZZ_UPLOAD_MAX_MB });
  let c: Client;
  let routes: MultipartRoute[] = [];
  const orderNumbers: string[] = [];

  beforeAll(async () => {
    c = await marketingClient(h, { functions: FUNCTIONS });
    const doc = await h.app.inject({ method: 'GET', url: '/v1/docs/openapi.json', headers: { authorization: `Bearer ${c.token}` } });
    expect(doc.statusCode).toBe(200);
    routes = multipartRoutes(doc.json());
    // Orders of the client, so that generated CSV rows name real ones.
    const pp = await pointProduct(h, c.id, await marketingProduct(h, c.id), { points: 10, stock: 100 });
    for (let i = 0; i < 3; i++) {
      const m = await member(h, c.id, 50);
      const res = await redeem(h.app, c.code, m.token, { items: [{ pointProductId: pp, quantity: 1 }], points: 10, recipient: RECIPIENT });
      expect(res.statusCode, res.body).toBe(201);
      orderNumbers.push((res.json() as { orderNo: string }).orderNo);
    }
  });

  const fileRows = async () => Number((await h.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', c.id).executeTakeFirstOrThrow()).n);

  /** Sends `req`; a fault, or a refusal that left a file row, goes to `failures`. */
  async function send(req: UploadRequest, failures: string[]): Promise<boolean> {
    const before = await fileRows();
    const res = await h.app.inject({ ...req, headers: { ...req.headers, authorization: `Bearer ${c.token}` } } as never);
    const why = fault(res) ?? (res.statusCode >= 400 && (await fileRows()) !== before ? `status ${res.statusCode} but a file row stayed` : null);
    if (why) failures.push(`${describeRequest(req)} -> ${why}`);
    return !why;
  }

  it('finds every multipart route and every CSV import in the document', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(keys).toEqual(expect.arrayContaining(KNOWN_MULTIPART));
    const csv = routes.filter((r) => /\bCSV\b/.test(r.summary)).map((r) => `${r.method} ${r.url}`);
    expect(csv.sort()).toEqual(Object.keys(CSV_IMPORTS).sort());
  });

  it('answers every multipart body within the envelope, storing nothing it refused', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const sent = (req: UploadRequest) => send(req, failures);
      for (const req of fixedUploads(route, url)) await sent(req);
      await fc.assert(fc.asyncProperty(multipartRequest(route, url, orderNumbers), sent), { seed: SEED, numRuns: RUNS, endOnFailure: true }).catch(() => { /* listed in failures */ });
    }
    expect([...new Set(failures)].slice(0, 30)).toEqual([]);
  }, 300_000);

  it('answers every CSV file within the envelope, changing no order on a refusal', async () => {
    const failures: string[] = [];
    const statuses = async () => (await h.db.selectFrom('member_orders').select(['order_no', 'status']).where('tenant_id', '=', c.id).orderBy('order_no').execute());
    for (const route of routes.filter((r) => r.csv)) {
      const url = route.url.replace(/:(\w+)/g, '1');
      await fc.assert(fc.asyncProperty(csvRequest(route, url, orderNumbers), async (req) => {
        const before = await statuses();
        const res = await h.app.inject({ ...req, headers: { ...req.headers, authorization: `Bearer ${c.token}` } } as never);
        const why = fault(res);
        if (why) failures.push(`${describeRequest(req)} -> ${why}`);
        // All or nothing: a refused import changes no order.
        if (res.statusCode >= 400 && JSON.stringify(await statuses()) !== JSON.stringify(before)) failures.push(`${describeRequest(req)} -> refused but changed orders`);
        return !why;
      }), { seed: SEED, numRuns: CSV_RUNS, endOnFailure: true }).catch(() => { /* listed in failures */ });
    }
    expect([...new Set(failures)].slice(0, 30)).toEqual([]);
  }, 300_000);
});

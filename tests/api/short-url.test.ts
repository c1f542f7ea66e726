/**
 * Short addresses of marketing codes (issue 16; GET Config/short-url, 9920, GET /s/{token}), on
 * both databases: created once per code for whoever may read it, redirecting to the consumer page.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '../../src/domain/errors';
import { describeApi, expectFailure } from './harness';
import { codesFor, logisticsClient, releaseEverything } from './logisticsSetup';
import { jobWorker, ok } from './productSetup';
import { newShortToken } from '../../server/services/shortUrls';

describeApi('Short addresses of marketing codes', (h) => {
  releaseEverything(h);
  const MARKETING = 2;
  let jobs: Awaited<ReturnType<typeof jobWorker>>;
  beforeAll(async () => { jobs = await jobWorker(h); });
  afterAll(async () => { await jobs?.stop(); });

  it('creates one address per code, answers 9920 with it afterwards, and the address opens the consumer page', async () => {
    const s = await logisticsClient(h);
    const [code] = await codesFor(h, s.tenant.id, 1, MARKETING);
    const first = await ok<{ code: string; token: string; url: string }>(h, 'GET', `Config/short-url?code=${code}`, s.token);
    expect(first.code).toBe(code);
    expect(first.token).toMatch(/^[2-9A-HJ-NP-Za-km-z]{8}$/);
    expect(first.url).toMatch(new RegExp(`^http://[^/]+/s/${first.token}$`));

    const again = expectFailure(await h.call('GET', `Config/short-url?code=${code}`, { token: s.token }), 409, ErrorCode.ShortCodeExists);
    expect(again.data).toEqual(first);
    expect(await h.db.selectFrom('short_urls').select('token').where('code', '=', code).execute()).toHaveLength(1);

    const res = await h.app.inject({ method: 'GET', url: `/s/${first.token}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/m/${encodeURIComponent(s.tenant.code)}?c=${code}`);
    expect((await h.app.inject({ method: 'GET', url: '/s/ZZZZZZZZ' })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: '/s/no' })).json()).toMatchObject({ code: ErrorCode.BadRequest });
  });

  it('two calls at once still make one address', async () => {
    const s = await logisticsClient(h);
    const [code] = await codesFor(h, s.tenant.id, 1, MARKETING);
    const answers = await Promise.all([1, 2, 3].map(() => h.call('GET', `Config/short-url?code=${code}`, { token: s.token })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await h.db.selectFrom('short_urls').select('token').where('code', '=', code).execute()).toHaveLength(1);
  });

  it('refuses logistic codes, other tenants\' codes and unknown codes', async () => {
    const s = await logisticsClient(h);
    const other = await logisticsClient(h);
    const [logistic] = await codesFor(h, s.tenant.id, 1);
    const [foreign] = await codesFor(h, other.tenant.id, 1, MARKETING);
    expect(expectFailure(await h.call('GET', `Config/short-url?code=${logistic}`, { token: s.token }), 400, ErrorCode.BadRequest).data).toEqual({ code: { key: 'notMarketingCode' } });
    expectFailure(await h.call('GET', `Config/short-url?code=${foreign}`, { token: s.token }), 404, ErrorCode.NotFound);
    expectFailure(await h.call('GET', 'Config/short-url?code=NOSUCH', { token: s.token }), 404, ErrorCode.NotFound);
    expectFailure(await h.call('GET', 'Config/short-url', { token: s.token }), 400, ErrorCode.BadRequest);
    expectFailure(await h.call('GET', `Config/short-url?code=${foreign}`), 401, ErrorCode.NotAllowed);
  });

  it('needs the function that shows codes (barcode query, menu 28), not just a session: 403 code 3', async () => {
    const s = await logisticsClient(h);
    const [code] = await codesFor(h, s.tenant.id, 1, MARKETING);
    for (const functions of [[1], [5, 26, 27, 29, 30]]) {
      const other = await h.signedInUser({ tenant: s.tenant.code, functions });
      const res = await h.call('GET', `Config/short-url?code=${code}`, { token: other.token });
      expectFailure(res, 403, ErrorCode.NotAllowed);
      expect(res.json()).not.toHaveProperty('data');
    }
    expect(await h.db.selectFrom('short_urls').select('token').where('code', '=', code).execute()).toHaveLength(0);
    const holder = await h.signedInUser({ tenant: s.tenant.code, functions: [5, 28] });
    expect((await h.call('GET', `Config/short-url?code=${code}`, { token: holder.token })).statusCode).toBe(200);
  });
});

it('draws tokens of 8 unambiguous characters, evenly', () => {
  const counts = new Map<string, number>();
  for (let i = 0; i < 2000; i++) for (const c of newShortToken()) counts.set(c, (counts.get(c) ?? 0) + 1);
  expect([...counts.keys()].some((c) => '01lIO'.includes(c))).toBe(false);
  expect(counts.size).toBe(57);
  const mean = 16000 / 57;
  for (const n of counts.values()) expect(Math.abs(n - mean)).toBeLessThan(mean * 0.35);
});

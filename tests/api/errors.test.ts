import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeApi, expectFailure } from './harness';

describeApi('Failure envelope, unknown routes and the SPA', (h) => {
  it('answers 404 code 2 for an unknown /v1 route, with or without a session', async () => {
    expectFailure(await h.call('GET', 'No/such/route'), 404, 2);
    const u = await h.signedInUser();
    expectFailure(await h.call('GET', 'No/such/route', { token: u.token }), 404, 2);
    expectFailure(await h.call('POST', 'Config/tenant', { body: {} }), 404, 2);
    expectFailure(await h.app.inject({ method: 'GET', url: '/v1' }), 404, 2);
  });

  it('answers code 1 with the failing fields for a body that breaks the schema', async () => {
    const res = await h.call('POST', 'Identity/token', { body: { tenantCode: 'demo' } });
    const body = expectFailure(res, 400, 1);
    expect(body.data).toEqual({ account: { key: 'required' }, mima: { key: 'required' } });

    const tooLong = await h.call('POST', 'Identity/token', { body: { tenantCode: 'demo', account: 'a'.repeat(101), mima: 'x' } });
    expect(expectFailure(tooLong, 400, 1).data).toEqual({ account: { key: 'max', params: { length: 100 } } });

    const wrongType = await h.call('POST', 'Identity/token', { body: { tenantCode: 'demo', account: { a: 1 }, mima: { b: 2 } } });
    expect(Object.keys(expectFailure(wrongType, 400, 1).data).sort()).toEqual(['account', 'mima']);
  });

  it('answers code 1 for malformed JSON, an empty body and a body that is not an object', async () => {
    const malformed = await h.app.inject({ method: 'POST', url: '/v1/Identity/token', headers: { 'content-type': 'application/json' }, payload: '{"tenantCode": ' });
    expectFailure(malformed, 400, 1);
    const empty = await h.app.inject({ method: 'POST', url: '/v1/Identity/token', headers: { 'content-type': 'application/json' }, payload: '' });
    expectFailure(empty, 400, 1);
    const array = await h.call('POST', 'Identity/token', { body: [1, 2] });
    expectFailure(array, 400, 1);
    const text = await h.app.inject({ method: 'POST', url: '/v1/Identity/token', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.json().code).toBe(1);
  });

  it('answers 401 before looking at the body of a protected route', async () => {
    expectFailure(await h.call('PUT', 'System/mima', { body: { nonsense: true } }), 401, 3);
  });

  it('answers code 1 for a malformed body of a signed-in call', async () => {
    const u = await h.signedInUser();
    const res = await h.app.inject({ method: 'PUT', url: '/v1/System/mima', headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' }, payload: 'not json' });
    expectFailure(res, 400, 1);
  });

  describe('the built SPA', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-spa-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>spa</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('serves the built SPA with history-API fallback when the folder exists', async () => {
      const app = await h.appWith({ staticDir: dir });
      const page = await app.inject({ method: 'GET', url: '/login?code=platform' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<title>spa</title>');
      expect((await app.inject({ method: 'GET', url: '/system/role' })).body).toContain('<title>spa</title>');
      expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('<title>spa</title>');

      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);

      // The API keeps its own answers.
      expectFailure(await app.inject({ method: 'GET', url: '/v1/unknown' }), 404, 2);
      expect((await app.inject({ method: 'GET', url: '/v1/Config/tenant/demo' })).statusCode).toBe(200);
    });

    it('serves no SPA when the folder does not exist', async () => {
      const res = await h.app.inject({ method: 'GET', url: '/login' });
      expect(res.statusCode).toBe(404);
    });
  });
}, { once: true });

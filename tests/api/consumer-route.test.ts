/**
 * The consumer page's static route (issue 13): /m/{tenantCode}[/...] answers consumer.html of
 * the build, never the back office; /m and /mapi paths the server does not know stay JSON 404s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeApi, expectFailure } from './harness';

describeApi('The consumer page route', (h) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-consumer-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>spa</title>');
  fs.writeFileSync(path.join(dir, 'consumer.html'), '<!doctype html><title>consumer</title>');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('serves consumer.html for a tenant, with or without a brand product and a code', async () => {
    const app = await h.appWith({ staticDir: dir });
    for (const url of ['/m/acme', '/m/acme?c=QT8F3K2M9X4P&lang=en', '/m/acme/12?mode=preview', '/m/acme/12/extra']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body, url).toContain('<title>consumer</title>');
    }
    // The back office keeps its fallback; /m without a tenant and unknown /mapi calls never get it.
    expect((await app.inject({ method: 'GET', url: '/system/role' })).body).toContain('<title>spa</title>');
    expectFailure(await app.inject({ method: 'GET', url: '/m' }), 404, 2);
    expectFailure(await app.inject({ method: 'GET', url: '/m/' }), 404, 2);
    expectFailure(await app.inject({ method: 'GET', url: '/mapi/v1/no/such/call' }), 404, 2);
  });

  it('has no consumer route when the build has no consumer page', async () => {
    expectFailure(await h.app.inject({ method: 'GET', url: '/m/acme' }), 404, 2);
  });
});

/**
 * Issue 25: security headers on every answer: nosniff everywhere; a CSP whose script-src has
 * no 'unsafe-inline' but the hashes of the built pages' inline scripts; the back office (SPA,
 * sign-in page) framed by nobody, the consumer page by this origin only (the marketing preview).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeApi } from './harness';

const PRELOAD = '(function(){var f={"app":["/assets/a.js"]};})()';
const PENDING = 'try{document.documentElement.classList.add("si-pending")}catch(e){}';
const page = (scripts: string[]) => `<!doctype html><html><head>${scripts.map((s) => `<script>${s}</script>`).join('')}
<script type="module" crossorigin src="/assets/main-abc.js"></script></head><body><div id="root"></div></body></html>`;
const sha = (s: string) => `'sha256-${crypto.createHash('sha256').update(s).digest('base64')}'`;

function directives(csp: string | undefined): Record<string, string[]> {
  expect(csp).toBeTruthy();
  return Object.fromEntries(csp!.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...values] = d.split(/\s+/);
    return [name, values];
  }));
}

describeApi('Operations: security headers', (h) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-headers-'));
  let app: FastifyInstance;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.mkdirSync(path.join(dir, 'prerender'));
    fs.writeFileSync(path.join(dir, 'index.html'), page([PRELOAD]));
    fs.writeFileSync(path.join(dir, 'consumer.html'), '<!doctype html><html><body><div id="app"></div><script type="module" src="/assets/consumer.js"></script></body></html>');
    fs.writeFileSync(path.join(dir, 'prerender', 'signin.en.html'), page([PENDING, PRELOAD]).replace('<div id="root"></div>', '<div id="root">__SIGNIN_CODE__</div>'));
    fs.writeFileSync(path.join(dir, 'assets', 'main-abc.js'), 'console.log(1)');
    app = await h.appWith({ staticDir: dir });
  });

  const backOffice = (res: { headers: Record<string, unknown> }) => {
    const d = directives(res.headers['content-security-policy'] as string);
    expect(d['script-src']).toContain("'self'");
    expect(d['script-src']).not.toContain("'unsafe-inline'");
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    return d;
  };

  it('the back office page: hashed inline scripts only, never framed', async () => {
    const res = await app.inject({ method: 'GET', url: '/system/role' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const d = backOffice(res);
    expect(d['script-src']).toContain(sha(PRELOAD));
  });

  it('the sign-in page: its own inline script hashed too, never framed', async () => {
    const res = await app.inject({ method: 'GET', url: '/login?code=demo&lang=en' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(PENDING);
    const d = backOffice(res);
    expect(d['script-src']).toEqual(expect.arrayContaining([sha(PENDING), sha(PRELOAD)]));
  });

  it('the consumer page: no inline script, no eval, framed by this origin only', async () => {
    const res = await app.inject({ method: 'GET', url: '/m/demo/abc?c=XYZ' });
    expect(res.statusCode).toBe(200);
    const d = directives(res.headers['content-security-policy'] as string);
    expect(d['script-src']).toEqual(["'self'"]);
    expect(d['frame-ancestors']).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the API, its failures and the assets answer nosniff too', async () => {
    for (const url of ['/v1/Config/tenant/platform', '/v1/Config/tenant/nosuch', '/v1/system/menu/nested', '/mapi/v1/nothing', '/assets/main-abc.js', '/healthz']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });
});

/**
 * GET /login?code=: the sign-in form comes in the HTML (prerendered at build time by
 * scripts/prerender-signin.ts from the real component, served by server/signinPage.ts), so it
 * paints before any script (issue 10 section 4).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { entryLoader, writeSignInPages } from '../../scripts/prerender-signin';
import { describeApi } from './harness';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const INDEX = `<!doctype html>
<html lang="zh-Hant">
  <head>
    <title>spa</title>
    <script type="module" crossorigin src="/assets/main-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/main-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const CSS = '.si-page{min-height:100vh}';

describeApi('the prerendered sign-in page', (h) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-signin-page-'));
  let app: FastifyInstance;
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dir, 'assets', 'main-abc.css'), CSS);
    await writeSignInPages(ROOT, dir);
    app = await h.appWith({ staticDir: dir });
  });

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...headers } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  };

  it('holds the form, the tenant code and the stylesheet inline, in zh_TW by default', async () => {
    const html = await get('/login?code=platform');
    expect(html).toMatch(/<input[^>]*name="account"/);
    expect(html).toMatch(/<input[^>]*type="password"[^>]*name="mima"/);
    expect(html).toContain('data-testid="sign-in"');
    expect(html).toContain('data-testid="tenant-name">platform<');
    expect(html).toContain(`© <!-- -->${new Date().getFullYear()}<!-- -->`);
    expect(html).toContain('<html lang="zh-Hant-TW">');
    expect(html).toContain('data-signin="zh_TW"');
    expect(html).toContain('登入');
    // The script still loads (it hydrates the form), after the form's first paint; the
    // stylesheet is no extra request.
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(entryLoader('/assets/main-abc.js'));
    expect(html.indexOf(entryLoader('/assets/main-abc.js'))).toBeGreaterThan(html.indexOf('si-pending'));
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    // The default logo is drawn in the page: no image (and no separate SVG document) before the paint.
    expect(html).toMatch(/<span class="si-logo" role="img" aria-label="[^"]+"><svg /);
    expect(html).not.toContain('/logo.svg');
  });

  it('is in the language of ?lang=, else of the language cookie', async () => {
    const en = await get('/login?code=demo&lang=en');
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('data-signin="en"');
    expect(en).toMatch(/<title>Sign in - [^<]+<\/title>/);
    const cn = await get('/login?code=demo', { cookie: 'other=1; oioc.lang=zh_CN' });
    expect(cn).toContain('<html lang="zh-Hans-CN">');
    expect(cn).toContain('data-signin="zh_CN"');
    // ?lang= wins over the cookie; an unknown language is the default.
    expect(await get('/login?code=demo&lang=en', { cookie: 'oioc.lang=zh_CN' })).toContain('data-signin="en"');
    expect(await get('/login?code=demo', { cookie: 'oioc.lang=xx' })).toContain('data-signin="zh_TW"');
    expect(await get('/login?code=demo', { cookie: 'oioc.lang=%E0%A4%A' })).toContain('data-signin="zh_TW"');
  });

  it('escapes the code, and without a code answers the plain page', async () => {
    const html = await get(`/login?code=${encodeURIComponent('"><script>x</script>')}`);
    expect(html).not.toContain('<script>x</script>');
    expect(html).toContain('data-testid="tenant-name">&#34;&#62;&#60;script&#62;x&#60;/script&#62;<');
    const plain = await app.inject({ method: 'GET', url: '/login' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(INDEX);
  });
}, { once: true });

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/precompress';
import { describeApi } from './harness';

describeApi('compressed answers', (h) => {
  it('sends JSON brotli- or gzip-encoded as the client accepts, plain otherwise', async () => {
    const plain = await h.call('GET', 'Config/reference');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = plain.json();

    const br = await h.app.inject({ method: 'GET', url: '/v1/Config/reference', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(expected);

    const gz = await h.app.inject({ method: 'GET', url: '/v1/Config/reference', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(expected);
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-precompressed-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('serves the build-time .br/.gz twins of the assets, long-cached when hashed, the page never cached', async () => {
    const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>spa</title><!-- ${'padding '.repeat(200)} -->`);
    fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'tiny-abc123.js'), 'export {};\n');
    await precompressDir(dir);
    expect(fs.existsSync(path.join(dir, 'assets', 'app-abc123.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets', 'app-abc123.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets', 'tiny-abc123.js.br'))).toBe(false);

    const app = await h.appWith({ staticDir: dir });
    const br = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);

    const gz = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(script);

    const raw = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.body).toBe(script);

    const page = await app.inject({ method: 'GET', url: '/login?code=platform', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString('utf8')).toContain('<title>spa</title>');
  });
}, { once: true });

/**
 * Uploads: POST /v1/Files checks type (extension and magic bytes), size and exact pixels on
 * the bytes, stores all files or none, and GET /files/:key serves them back. Test images come
 * from a tiny PNG encoder (zlib + crc32) and a hand-made JPEG header.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_MAX_PIXELS } from '../../src/domain/limits';
import { png, pngHeader } from '../support/png';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkStoredUpload } from '../../server/services/uploads';
import { describeApi, expectFailure } from './harness';

// --- test files ------------------------------------------------------------------------

/** The header of a baseline JPEG (SOI, JFIF APP0, SOF0 with the size, EOI): enough to measure. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Part {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** A multipart/form-data body as a browser would send it (fields first, then the files). */
async function multipart(files: Part[], fields: Record<string, string> = {}, fieldName = 'Files') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(fieldName, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }), f.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function storedFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const entry of await fsp.readdir(d, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) await walk(p);
      else out.push(path.relative(dir, p));
    }
  };
  await walk(dir);
  return out.sort();
}

describeApi('Files', (h) => {
  let dir: string;
  let app: FastifyInstance;
  let token: string;
  let userId: number;

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-files-'));
    app = await h.appWith({ filesDir: dir });
    const u = await h.signedInUser();
    token = u.token;
    userId = u.id;
  });
  afterAll(() => fsp.rm(dir, { recursive: true, force: true }));

  async function upload(files: Part[], query = '', opts: { fields?: Record<string, string>; token?: string | null; fieldName?: string } = {}) {
    const { payload, contentType } = await multipart(files, opts.fields, opts.fieldName);
    const headers: Record<string, string> = { 'content-type': contentType };
    const t = opts.token === undefined ? token : opts.token;
    if (t) headers.authorization = `Bearer ${t}`;
    return app.inject({ method: 'POST', url: `/v1/Files${query}`, headers, payload });
  }

  async function state() {
    const row = await h.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return { rows: Number(row.n), files: await storedFiles(dir) };
  }

  /** Runs `act` and expects neither a row nor a file (not even a temporary one) to remain. */
  async function expectNothingStored(act: () => Promise<void>) {
    const before = await state();
    await act();
    expect(await state()).toEqual(before);
  }

  it('stores a PNG of the exact size and serves it back byte for byte', async () => {
    const bytes = png(162, 38);
    const res = await upload([{ name: 'logo.png', bytes, type: 'image/png' }], '?kind=image&maxMB=2&width=162&height=38');
    expect(res.statusCode, res.body).toBe(201);
    const [file] = res.json() as { url: string; name: string; size: number; width: number; height: number; type: string }[];
    expect(file).toMatchObject({ name: 'logo.png', size: bytes.length, width: 162, height: 38, type: 'image/png' });
    expect(file.url).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
    const key = file.url.slice('/files/'.length);

    const row = await h.db.selectFrom('files').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: await h.tenantId('demo'), name: 'logo.png', size: bytes.length, type: 'image/png', width: 162, height: 38, created_by: userId });
    expect(await storedFiles(dir)).toContain(path.join(key.slice(0, 2), key));

    // Public: no session needed.
    const got = await app.inject({ method: 'GET', url: file.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toContain('immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(got.rawPayload, bytes)).toBe(0);

    const again = await app.inject({ method: 'GET', url: file.url, headers: { 'if-none-match': String(got.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for unknown and malformed keys', async () => {
    expectFailure(await app.inject({ method: 'GET', url: `/files/${'0'.repeat(32)}.png` }), 404, 2);
    expectFailure(await app.inject({ method: 'GET', url: '/files/..%2F..%2Fetc%2Fpasswd' }), 404, 2);
    expectFailure(await app.inject({ method: 'GET', url: '/files/ABC.png' }), 404, 2);
  });

  it('refuses wrong pixel dimensions with 101 and stores nothing', async () => {
    await expectNothingStored(async () => {
      const res = await upload([{ name: 'bg.png', bytes: png(160, 38) }], '?kind=image&width=162&height=38');
      const body = expectFailure(res, 400, 101);
      expect(body.data).toEqual({ name: 'bg.png', width: 160, height: 38, requiredWidth: 162, requiredHeight: 38 });
    });
  });

  it('refuses an image whose header claims more than 40 megapixels with 101, sized or not, and stores nothing', async () => {
    await expectNothingStored(async () => {
      for (const query of ['?kind=image', '?kind=image&width=50000&height=50000', '']) {
        const res = await upload([{ name: 'huge.png', bytes: pngHeader(50_000, 50_000) }], query, query ? {} : { fields: { kind: 'image' } });
        expect(expectFailure(res, 400, 101).data).toEqual({ name: 'huge.png', width: 50_000, height: 50_000, maxPixels: IMAGE_MAX_PIXELS });
      }
      const jpg = await upload([{ name: 'huge.jpg', bytes: jpeg(65_000, 65_000) }], '?kind=image');
      expect(expectFailure(jpg, 400, 101).data).toMatchObject({ width: 65_000, height: 65_000 });
      // One pixel row past the cap: refused; at the cap: measured and kept to the usual rules.
      const over = await upload([{ name: 'over.png', bytes: pngHeader(8_000, 5_001) }], '?kind=image');
      expectFailure(over, 400, 101);
    });
    const atCap = await upload([{ name: 'cap.png', bytes: pngHeader(8_000, 5_000) }], '?kind=image&width=8000&height=4999');
    expect(expectFailure(atCap, 400, 101).data).toMatchObject({ requiredWidth: 8_000, requiredHeight: 4_999 });
  });

  it('refuses a file over maxMB with 102 (size measured on the bytes) and stores nothing', async () => {
    const bytes = png(80, 80, { noise: true }); // ~19 KB, incompressible
    await expectNothingStored(async () => {
      const res = await upload([{ name: 'big.png', bytes }], '?kind=image&maxMB=0.01');
      const body = expectFailure(res, 400, 102);
      expect(body.data).toEqual({ name: 'big.png', sizeMB: Math.ceil((bytes.length / 1048576) * 100) / 100, maxMB: 0.01 });
    });
  });

  it('refuses a .png that is really text with 201 (magic bytes) and stores nothing', async () => {
    await expectNothingStored(async () => {
      const res = await upload([{ name: 'fake.png', bytes: Buffer.from('hello, I am not an image'), type: 'image/png' }], '?kind=image');
      const body = expectFailure(res, 400, 201);
      expect(body.data).toMatchObject({ name: 'fake.png' });
    });
    await expectNothingStored(async () => {
      // A real PNG named .pdf is not a PDF either.
      expectFailure(await upload([{ name: 'doc.pdf', bytes: png(2, 2) }]), 400, 201);
      // An extension outside the rule, before any byte is read.
      expectFailure(await upload([{ name: 'doc.gif', bytes: png(2, 2) }], '?kind=image'), 400, 201);
    });
  });

  it('stores none of a multi-file upload with one bad file', async () => {
    await expectNothingStored(async () => {
      const res = await upload(
        [{ name: 'a.png', bytes: png(10, 10) }, { name: 'b.png', bytes: png(10, 10) }, { name: 'c.png', bytes: png(11, 10) }],
        '?kind=image&width=10&height=10',
      );
      expectFailure(res, 400, 101);
    });
  });

  it('stores every file of a good multi-file upload', async () => {
    const before = await state();
    const res = await upload([{ name: 'a.png', bytes: png(10, 10) }, { name: 'b.jpeg', bytes: jpeg(10, 10) }], '?kind=image&width=10&height=10');
    expect(res.statusCode, res.body).toBe(201);
    const files = res.json() as { url: string; type: string; name: string }[];
    expect(files.map((f) => [f.name, f.type])).toEqual([['a.png', 'image/png'], ['b.jpeg', 'image/jpeg']]);
    expect(files[1].url).toMatch(/\.jpg$/);
    const after = await state();
    expect(after.rows).toBe(before.rows + 2);
    expect(after.files.length).toBe(before.files.length + 2);
  });

  it('refuses more files than maxCount (and than 10 images) with 103', async () => {
    await expectNothingStored(async () => {
      const three = [1, 2, 3].map((i) => ({ name: `${i}.png`, bytes: png(4, 4) }));
      expect(expectFailure(await upload(three, '?kind=image&maxCount=2'), 400, 103).data).toEqual({ maxCount: 2 });
      const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, bytes: png(4, 4) }));
      expect(expectFailure(await upload(eleven, '?kind=image'), 400, 103).data).toEqual({ maxCount: 10 });
    });
  });

  it('answers 104 (image) or 202 (file) when no file came', async () => {
    await expectNothingStored(async () => {
      expectFailure(await upload([], '?kind=image', { fields: { maxMB: '2' } }), 400, 104);
      expectFailure(await upload([], ''), 400, 202);
      // An empty file input: a part without a name and without bytes.
      expectFailure(await upload([{ name: '', bytes: new Uint8Array(0) }], '?kind=image'), 400, 104);
      // Not multipart at all.
      expectFailure(await h.call('POST', 'Files', { app, token, body: { Files: [] } }), 400, 202);
    });
  });

  it('needs a session (401 before the body is read)', async () => {
    await expectNothingStored(async () => {
      expectFailure(await upload([{ name: 'a.png', bytes: png(4, 4) }], '?kind=image', { token: null }), 401, 3);
      expectFailure(await upload([{ name: 'a.png', bytes: png(4, 4) }], '?kind=image', { token: 'x'.repeat(40) }), 401, 3);
    });
  });

  it('takes PDFs by default and serves them with the original name', async () => {
    const bytes = pdf();
    const res = await upload([{ name: '使用說明 v2.pdf', bytes, type: 'application/pdf' }]);
    expect(res.statusCode, res.body).toBe(201);
    const [file] = res.json() as { url: string; width?: number; type: string }[];
    expect(file.type).toBe('application/pdf');
    expect(file.width).toBeUndefined();
    const got = await app.inject({ method: 'GET', url: file.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(`inline; filename="____ v2.pdf"; filename*=UTF-8''${encodeURIComponent('使用說明 v2.pdf')}`);
    expect(Buffer.compare(got.rawPayload, bytes)).toBe(0);
    // Files default to .pdf only.
    await expectNothingStored(async () => {
      expectFailure(await upload([{ name: 'a.png', bytes: png(4, 4) }]), 400, 201);
    });
  });

  it('takes the rule from fields sent before the files', async () => {
    await expectNothingStored(async () => {
      const res = await upload([{ name: 'a.png', bytes: png(5, 5) }], '', { fields: { kind: 'image', width: '6', height: '5' } });
      expectFailure(res, 400, 101);
    });
  });

  it('answers code 1 naming a bad rule parameter or an unexpected part', async () => {
    await expectNothingStored(async () => {
      const one = [{ name: 'a.png', bytes: png(4, 4) }];
      expect(expectFailure(await upload(one, '?kind=video'), 400, 1).data).toEqual({ kind: { key: 'oneOf' } });
      expect(expectFailure(await upload(one, '?kind=image&ext=.exe'), 400, 1).data).toEqual({ ext: { key: 'oneOf' } });
      expect(expectFailure(await upload(one, '?kind=image&ext=.pdf'), 400, 1).data).toEqual({ ext: { key: 'oneOf' } });
      expect(expectFailure(await upload(one, '?kind=file&width=4'), 400, 1).data).toEqual({ width: { key: 'invalid' } });
      expect(expectFailure(await upload(one, '?kind=image&maxMB=abc'), 400, 1).data).toEqual({ maxMB: { key: 'numeric' } });
      expect(expectFailure(await upload(one, '?kind=image', { fieldName: 'Other' }), 400, 1).data).toEqual({ Other: { key: 'unknownField' } });
    });
  });

  it('re-checks a stored upload for the module that saves its address', async () => {
    const res = await upload([{ name: 'logo.png', bytes: png(162, 38) }], '?kind=image&width=162&height=38');
    const [{ url }] = res.json() as { url: string }[];
    const demo = await h.tenantId('demo');
    const platform = await h.tenantId('platform');
    expect(await checkStoredUpload(h.db, demo, url, { kind: 'image', width: 162, height: 38, maxMB: 2 })).toBeNull();
    expect(await checkStoredUpload(h.db, demo, `https://cdn.example.com${url}`, { kind: 'image' })).toBeNull();
    expect(await checkStoredUpload(h.db, demo, url, { kind: 'image', width: 1280, height: 768 })).toMatchObject({ key: 'dimensions' });
    expect(await checkStoredUpload(h.db, platform, url, { kind: 'image' })).toEqual({ key: 'invalid' });
    expect(await checkStoredUpload(h.db, demo, '/files/nope.png', { kind: 'image' })).toEqual({ key: 'invalid' });
  });
});

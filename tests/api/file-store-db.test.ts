/**
 * Issue 25, stateless nodes: the database FileStore (the default) on PGlite and PostgreSQL, a
 * missing file never cached, files of the older folder store read through, and (PostgreSQL)
 * short caches evicted by another node's notice (db/cacheBus.ts).
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCacheBus } from '../../server/db/cacheBus';
import { noteWrite, writeEpoch } from '../../server/db/shortCache';
import { startJobWorker } from '../../server/jobs/index';
import { fileStoreOf } from '../../server/services/uploads';
import { CHUNK_BYTES, DatabaseStore, FolderStore, newFileKey } from '../../server/storage/index';
import { png } from '../support/png';
import { describeApi } from './harness';

const read = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const p of stream) parts.push(Buffer.from(p as Uint8Array));
  return Buffer.concat(parts);
};

/** Polls `check` until it holds or `ms` passed. */
async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(10);
  }
  return check();
}

describeApi('Database file store', (h) => {
  let legacyDir: string;
  beforeAll(async () => { legacyDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-legacy-')); });
  afterAll(() => fsp.rm(legacyDir, { recursive: true, force: true }));

  it('is the default: an upload lands in the database and is served from it, cached for a year', async () => {
    expect(h.settings.fileStore).toBe('database');
    const { token } = await h.signedInUser();
    const form = new FormData();
    const bytes = png(20, 10);
    form.append('Files', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'dot.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await h.app.inject({
      method: 'POST', url: '/v1/Files?kind=image', payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { url } = (res.json() as { url: string }[])[0];
    const key = url.slice('/files/'.length);
    const blob = await h.db.selectFrom('file_blobs').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect({ size: Number(blob.size), type: blob.type, chunks: blob.chunks }).toEqual({ size: bytes.length, type: 'image/png', chunks: 1 });
    const got = await h.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['cache-control']).toContain('immutable');
    expect(Buffer.compare(got.rawPayload, bytes)).toBe(0);
  });

  it('never caches a 404: unknown key, and a row whose bytes are missing', async () => {
    const unknown = await h.app.inject({ method: 'GET', url: `/files/${newFileKey('png')}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    const key = newFileKey('png');
    await h.db.insertInto('files').values({ tenant_id: await h.tenantId('demo'), key, name: 'gone.png', size: 3, type: 'image/png', width: 1, height: 1, created_by: null }).execute();
    const missing = await h.app.inject({ method: 'GET', url: `/files/${key}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.json()).toMatchObject({ code: expect.any(Number) });
  });

  it('streams a file of several chunks in and out, and deletes it whole', async () => {
    const store = new DatabaseStore(h.db);
    const size = 2 * CHUNK_BYTES + 12_345;
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 31) & 0xff;
    const key = newFileKey('csv');
    // In uneven pieces, as a csv writer gives them.
    const pieces: Buffer[] = [];
    for (let at = 0; at < size; at += 70_001) pieces.push(bytes.subarray(at, at + 70_001));
    await store.put(key, Readable.from(pieces), { type: 'text/csv' });
    const chunks = await h.db.selectFrom('file_blob_chunks').select('seq').where('key', '=', key).execute();
    expect(chunks.length).toBe(3);
    const file = await store.get(key);
    expect(file && { size: file.size, type: file.type }).toEqual({ size, type: 'text/csv' });
    expect(Buffer.compare(await read(file!.stream), bytes)).toBe(0);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await h.db.selectFrom('file_blob_chunks').select('seq').where('key', '=', key).execute()).toEqual([]);
  });

  it('a put cut off leaves nothing readable; the sweep removes stale chunks of dead puts', async () => {
    const store = new DatabaseStore(h.db);
    const key = newFileKey('csv');
    async function* failing() {
      yield Buffer.alloc(CHUNK_BYTES + 10, 1);
      throw new Error('writer died');
    }
    await expect(store.put(key, Readable.from(failing()), { type: 'text/csv' })).rejects.toThrow('writer died');
    expect(await store.get(key)).toBeNull();
    expect(await h.db.selectFrom('file_blob_chunks').select('seq').where('key', '=', key).execute()).toEqual([]);
    // A process killed mid-put: chunks without a header, an hour old; and a put under way now.
    const dead = newFileKey('csv');
    const live = newFileKey('csv');
    await h.db.insertInto('file_blob_chunks').values({ key: dead, seq: 0, data: Buffer.from('x'), created_at: new Date(Date.now() - 3_600_000) }).execute();
    await h.db.insertInto('file_blob_chunks').values({ key: live, seq: 0, data: Buffer.from('y') }).execute();
    expect(await store.removeStalePartials(600_000)).toBeGreaterThanOrEqual(1);
    const left = await h.db.selectFrom('file_blob_chunks').select('key').where('key', 'in', [dead, live]).execute();
    expect(left.map((r) => r.key)).toEqual([live]);
  });

  it('reads through a file an older version left in the folder, and copies it in', async () => {
    const folder = new FolderStore(legacyDir);
    const key = newFileKey('pdf');
    const bytes = Buffer.from('%PDF-1.4 old file');
    await folder.put(key, bytes, { type: 'application/pdf' });
    const store = new DatabaseStore(h.db, folder);
    const [a, b] = await Promise.all([store.get(key), store.get(key)]);
    expect(Buffer.compare(await read(a!.stream), bytes)).toBe(0);
    expect(Buffer.compare(await read(b!.stream), bytes)).toBe(0);
    expect(await new DatabaseStore(h.db).get(key).then((f) => f && read(f.stream))).toEqual(bytes);
  });

  it('an export job writes its file into the database; the report downloads it', async () => {
    const { token } = await h.signedInUser();
    const queued = await h.call('POST', 'Job?rows=30', { token });
    expect(queued.statusCode, queued.body).toBeLessThan(300);
    const { reportId } = queued.json() as { id: number; reportId: number };
    const worker = startJobWorker({ db: h.db, store: fileStoreOf(h), pollMs: 20 });
    try {
      await worker.idle();
    } finally { await worker.stop(); }
    const file = await h.call('GET', `Report/exportReport/${reportId}/file`, { token });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body.split('\r\n').filter(Boolean).length).toBe(31);
    const report = await h.db.selectFrom('export_reports').select('file_key').where('id', '=', reportId).executeTakeFirstOrThrow();
    expect(await h.db.selectFrom('file_blobs').select('key').where('key', '=', report.file_key!).executeTakeFirst()).toBeTruthy();
  });

  if (h.backend === 'postgres') {
    it('another node\'s notice clears this node\'s short caches at once; its own notices do not', async () => {
      const channel = `oioc_test_${Date.now().toString(36)}`;
      const url = process.env.DATABASE_URL!;
      const log = { warn() {}, info() {} };
      const bus = startCacheBus(url, log, 'node-a', channel);
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        await bus.ready();
        const heard: string[] = [];
        await other.query(`LISTEN ${channel}`);
        other.on('notification', (m) => heard.push(m.payload ?? ''));
        // This node's write is published with its id.
        noteWrite();
        expect(await until(() => heard.includes('node-a'), 2000)).toBe(true);
        // Its own notice coming back clears nothing, another node's does: notices arrive in
        // order, so once the second moved the epoch, the first one was heard too, and moved nothing.
        const epoch = writeEpoch();
        await other.query('SELECT pg_notify($1, $2)', [channel, 'node-a']);
        await other.query('SELECT pg_notify($1, $2)', [channel, 'node-b']);
        expect(await until(() => writeEpoch() > epoch, 1000)).toBe(true);
        expect(writeEpoch()).toBe(epoch + 1);
        // A write declared 'data' (the app's scans) says so: the other nodes keep their sessions.
        noteWrite('data');
        expect(await until(() => heard.includes('node-a data'), 2000)).toBe(true);
      } finally {
        await other.end();
        await bus.stop();
      }
    });
  }
});

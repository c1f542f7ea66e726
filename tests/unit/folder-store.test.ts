/** The folder file store: whole files or none, and the sweep of writes a crash cut off. */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderStore } from '../../server/storage/index';

let root: string;
beforeEach(async () => { root = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-store-')); });
afterEach(async () => { await fsp.rm(root, { recursive: true, force: true }); });

const KEY = `${'ab'.repeat(16)}.csv`;

describe('FolderStore', () => {
  it('keeps no partial file when a streamed put fails half-way', async () => {
    const store = new FolderStore(root);
    const failing = new Readable({
      read() {
        this.push('seq,code\n1,A\n');
        this.destroy(new Error('disk gone'));
      },
    });
    await expect(store.put(KEY, failing, { type: 'text/csv' })).rejects.toThrow('disk gone');
    expect(await store.get(KEY)).toBeNull();
    expect(await fsp.readdir(path.join(root, 'ab'))).toEqual([]);
  });

  it('removes .part files older than the given age (left by a killed process), and nothing else', async () => {
    const store = new FolderStore(root);
    await store.put(KEY, Buffer.from('done'), { type: 'text/csv' });
    const dir = path.join(root, 'ab');
    const old = path.join(dir, `.${KEY}.0123456789ab.part`);
    const fresh = path.join(dir, `.${KEY}.ba9876543210.part`);
    await fsp.writeFile(old, 'half');
    await fsp.writeFile(fresh, 'writing');
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    await fsp.utimes(old, dayAgo, dayAgo);

    expect(await store.removeStalePartials(24 * 3_600_000)).toBe(1);
    expect((await fsp.readdir(dir)).sort()).toEqual([`.${KEY}.ba9876543210.part`, KEY].sort());
    expect((await store.get(KEY))?.size).toBe(4);
  });

  it('sweeps an empty or missing root without failing', async () => {
    expect(await new FolderStore(path.join(root, 'nothing-yet')).removeStalePartials(0)).toBe(0);
  });
});

/**
 * FileStore in a folder: `<root>/<first two hex digits of the key>/<key>`. A put writes a
 * hidden temporary file beside the target and renames it into place, so a reader sees the
 * whole file or none. The folder is created on the first put (building the app does no I/O).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore, PutMeta, StoredFile } from './FileStore';
import { isFileKey, mimeOfKey } from './types';

export class FolderStore implements FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file of a key; keys are checked so no input can leave the root. */
  pathOf(key: string): string {
    if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, body: Readable | Uint8Array, _meta: PutMeta): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), `.${key}.${crypto.randomBytes(6).toString('hex')}.part`);
    try {
      if (body instanceof Uint8Array) await fsp.writeFile(temp, body, { flag: 'wx' });
      else await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }));
      await fsp.rename(temp, target);
    } catch (e) {
      await fsp.rm(temp, { force: true });
      throw e;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isFileKey(key)) return null;
    const file = this.pathOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    try {
      const { size } = await handle.stat();
      // The stream owns the handle from here (closes it at the end or on destroy).
      return { stream: handle.createReadStream(), size, type: mimeOfKey(key) };
    } catch (e) {
      await handle.close();
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isFileKey(key)) return;
    await fsp.rm(this.pathOf(key), { force: true });
  }

  /** The hidden `.part` files of puts that never finished (the process died), older than `olderThanMs`. */
  async removeStalePartials(olderThanMs: number): Promise<number> {
    let removed = 0;
    const before = Date.now() - olderThanMs;
    let dirs: string[];
    try {
      dirs = await fsp.readdir(this.root);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw e;
    }
    for (const dir of dirs) {
      const folder = path.join(this.root, dir);
      const names = await fsp.readdir(folder).catch(() => [] as string[]);
      for (const name of names) {
        if (!name.startsWith('.') || !name.endsWith('.part')) continue;
        const file = path.join(folder, name);
        const stat = await fsp.stat(file).catch(() => null);
        if (stat && stat.mtimeMs < before) {
          await fsp.rm(file, { force: true });
          removed += 1;
        }
      }
    }
    return removed;
  }
}

/**
 * The file store of a deployment, chosen by FILE_STORE: the database (default; every node
 * reads it, and files an older version left in FILES_DIR are read through), or the folder
 * FILES_DIR (one node only). An object store is added here without touching the routes.
 */
import type { Db } from '../db/index';
import type { Settings } from '../settings';
import { DatabaseStore } from './database';
import type { FileStore } from './FileStore';
import { FolderStore } from './folder';

export type { FileStore, PutMeta, StoredFile } from './FileStore';
export { FolderStore } from './folder';
export { CHUNK_BYTES, DatabaseStore } from './database';
export * from './types';

export function openFileStore(settings: Pick<Settings, 'filesDir' | 'fileStore'>, db: Db): FileStore {
  const folder = new FolderStore(settings.filesDir);
  return settings.fileStore === 'folder' ? folder : new DatabaseStore(db, folder);
}

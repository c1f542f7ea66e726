/**
 * The file store of a deployment. Today always the folder (FILES_DIR, default DATA_DIR/files);
 * an object store is added here, chosen by a setting, without touching the routes.
 */
import type { Settings } from '../settings';
import type { FileStore } from './FileStore';
import { FolderStore } from './folder';

export type { FileStore, PutMeta, StoredFile } from './FileStore';
export { FolderStore } from './folder';
export * from './types';

export function openFileStore(settings: Pick<Settings, 'filesDir'>): FileStore {
  return new FolderStore(settings.filesDir);
}

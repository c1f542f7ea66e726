import type { Db } from './db/index';
import type { ServerKeys } from './security/keys';
import type { Settings } from './settings';

/** What every module plugin receives. */
export interface AppDeps {
  db: Db;
  settings: Settings;
  keys: ServerKeys;
}

/**
 * Issue 25: the pieces of the short caches and settings that make several nodes one product
 * (db/shortCache.ts with db/cacheBus.ts; FILE_STORE, REDIS_URL).
 */
import { describe, expect, it } from 'vitest';
import { noteRemoteWrite, noteWrite, onLocalWrite, setCachesTrusted, ShortCache, writeEpoch } from '../../server/db/shortCache';
import { readSettings } from '../../server/settings';

describe('short caches across nodes', () => {
  it('publishes this process\'s writes, not the notices of other nodes', () => {
    let published = 0;
    const off = onLocalWrite(() => { published++; });
    const cache = new ShortCache<number>(60_000);
    cache.set('a', 1, writeEpoch());
    noteRemoteWrite();
    expect(cache.get('a')).toBeUndefined();
    expect(published).toBe(0);
    cache.set('a', 1, writeEpoch());
    noteWrite();
    expect(cache.get('a')).toBeUndefined();
    expect(published).toBe(1);
    off();
    noteWrite();
    expect(published).toBe(1);
  });

  it('keeps the sessions through a write declared \'data\' (the app\'s scans), here and on other nodes, and drops the rest', () => {
    const scopes: string[] = [];
    const off = onLocalWrite((scope) => { scopes.push(scope); });
    const sessions = new ShortCache<string>(60_000, 100, true);
    const counts = new ShortCache<number>(60_000);
    try {
      sessions.set('token', 'caller', sessions.epoch());
      counts.set('list', 10, counts.epoch());
      // A lookup that started before the write: a session is still stored, a count is not.
      const sessionSince = sessions.epoch();
      const countSince = counts.epoch();
      noteWrite('data');
      expect(scopes).toEqual(['data']);
      expect(sessions.get('token')).toBe('caller');
      expect(counts.get('list')).toBeUndefined();
      sessions.set('other', 'caller 2', sessionSince);
      counts.set('list', 11, countSince);
      expect(sessions.get('other')).toBe('caller 2');
      expect(counts.get('list')).toBeUndefined();
      // Another node's 'data' write keeps them too; any other write drops them.
      noteRemoteWrite('data');
      expect(sessions.get('token')).toBe('caller');
      noteRemoteWrite();
      expect(sessions.get('token')).toBeUndefined();
      sessions.set('token', 'caller', sessions.epoch());
      noteWrite();
      expect(sessions.get('token')).toBeUndefined();
      expect(scopes).toEqual(['data', 'all']);
    } finally { off(); }
  });

  it('answers and keeps nothing while other nodes\' notices may be missed', () => {
    const cache = new ShortCache<number>(60_000);
    cache.set('a', 1, writeEpoch());
    setCachesTrusted(false);
    try {
      expect(cache.get('a')).toBeUndefined();
      cache.set('b', 2, writeEpoch());
    } finally { setCachesTrusted(true); }
    // What was cached before the bus went deaf was dropped, and nothing was stored meanwhile.
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    cache.set('c', 3, writeEpoch());
    expect(cache.get('c')).toBe(3);
  });
});

describe('cluster settings', () => {
  it('defaults to the database file store and no Redis', () => {
    const s = readSettings({});
    expect(s.fileStore).toBe('database');
    expect(s.redisUrl).toBeNull();
    expect(s.redisKeyPrefix).toBe('oioc:');
  });

  it('reads FILE_STORE, REDIS_URL and REDIS_KEY_PREFIX, and refuses an unknown store by name', () => {
    const s = readSettings({ FILE_STORE: 'folder', REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: 'shop1:' });
    expect(s).toMatchObject({ fileStore: 'folder', redisUrl: 'redis://127.0.0.1:6379', redisKeyPrefix: 'shop1:' });
    expect(() => readSettings({ FILE_STORE: 's3' })).toThrow(/FILE_STORE/);
  });
});

/**
 * Short-lived caches of this process (session lookups: auth.ts; list counts and page
 * boundaries: db/list.ts), all dropped at once whenever this process writes.
 *
 * `noteWrite()` runs after every write request of the API (app.ts, onSend of any method but
 * GET/HEAD/OPTIONS: after its transaction committed) and after every job: a logout, a password
 * change, a disabled user or a new row are seen by the next request of this process. A lookup
 * that started before a write is not stored (the write epoch moved meanwhile), so a read racing
 * a write cannot put the old state back.
 *
 * A route that writes no account, role, tenant or session (the app's scan batches: a scanning
 * line posts one every few seconds) declares `config: { writes: 'data' }`: its writes keep the
 * session cache (`keepsOnDataWrites`) and drop the others.
 *
 * Other processes (several API nodes on one PostgreSQL) hear of this process's writes through
 * db/cacheBus.ts (PostgreSQL LISTEN/NOTIFY, started by main.ts): `onLocalWrite` listeners
 * publish each write, and a notice from another node calls `noteRemoteWrite`. While that bus
 * cannot listen, `setCachesTrusted(false)` makes every cache miss, so nothing stale is served.
 */
/** What a write may have changed: anything ('all'), or rows of no account, role, tenant or session ('data'). */
export type WriteScope = 'all' | 'data';

const ALL = new Set<ShortCache<unknown>>();
const LOCAL_WRITE_LISTENERS = new Set<(scope: WriteScope) => void>();
/** Moves on every write. */
let epoch = 0;
/** Moves on every write but the 'data' ones. */
let identityEpoch = 0;
let trusted = true;

/** The write epoch now: read it before a lookup, give it to `set` (a cache that keepsOnDataWrites: its `epoch()`). */
export function writeEpoch(): number {
  return epoch;
}

/** This process wrote: the short caches the write may concern forget everything, and other nodes are told. */
export function noteWrite(scope: WriteScope = 'all'): void {
  noteRemoteWrite(scope);
  for (const listener of LOCAL_WRITE_LISTENERS) listener(scope);
}

/** Another node wrote (db/cacheBus.ts): the short caches of this process it may concern forget everything. */
export function noteRemoteWrite(scope: WriteScope = 'all'): void {
  epoch++;
  if (scope === 'all') identityEpoch++;
  for (const cache of ALL) if (scope === 'all' || !cache.keepsOnDataWrites) cache.clear();
}

/** Calls `listener` after each write of this process; answers the unsubscribe. */
export function onLocalWrite(listener: (scope: WriteScope) => void): () => void {
  LOCAL_WRITE_LISTENERS.add(listener);
  return () => { LOCAL_WRITE_LISTENERS.delete(listener); };
}

/** false: other nodes' writes may go unheard (the bus is down), so no cache answers or stores. */
export function setCachesTrusted(value: boolean): void {
  if (value !== trusted) noteRemoteWrite('all');
  trusted = value;
}

export class ShortCache<V> {
  readonly #entries = new Map<string, { value: V; until: number }>();

  /** keepsOnDataWrites: the cache holds nothing a 'data' write can change (sessions). */
  constructor(readonly ttlMs: number, readonly maxEntries = 10_000, readonly keepsOnDataWrites = false) {
    ALL.add(this as ShortCache<unknown>);
  }

  /** The write epoch this cache moves with: read it before a lookup, give it to `set`. */
  epoch(): number {
    return this.keepsOnDataWrites ? identityEpoch : epoch;
  }

  get(key: string): V | undefined {
    if (!trusted) return undefined;
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (hit.until < Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  /** Stores `value` unless a write happened since `since` (writeEpoch() before the lookup). */
  set(key: string, value: V, since: number): void {
    if (since !== this.epoch() || this.ttlMs <= 0 || !trusted) return;
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, until: Date.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}

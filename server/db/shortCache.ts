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
 * Other processes (several API nodes on one PostgreSQL) hear of this process's writes through
 * db/cacheBus.ts (PostgreSQL LISTEN/NOTIFY, started by main.ts): `onLocalWrite` listeners
 * publish each write, and a notice from another node calls `noteRemoteWrite`. While that bus
 * cannot listen, `setCachesTrusted(false)` makes every cache miss, so nothing stale is served.
 */
const ALL = new Set<ShortCache<unknown>>();
const LOCAL_WRITE_LISTENERS = new Set<() => void>();
let epoch = 0;
let trusted = true;

/** The write epoch now: read it before a lookup, give it to `set`. */
export function writeEpoch(): number {
  return epoch;
}

/** This process wrote: every short cache forgets everything, and other nodes are told. */
export function noteWrite(): void {
  noteRemoteWrite();
  for (const listener of LOCAL_WRITE_LISTENERS) listener();
}

/** Another node wrote (db/cacheBus.ts): every short cache of this process forgets everything. */
export function noteRemoteWrite(): void {
  epoch++;
  for (const cache of ALL) cache.clear();
}

/** Calls `listener` after each write of this process; answers the unsubscribe. */
export function onLocalWrite(listener: () => void): () => void {
  LOCAL_WRITE_LISTENERS.add(listener);
  return () => { LOCAL_WRITE_LISTENERS.delete(listener); };
}

/** false: other nodes' writes may go unheard (the bus is down), so no cache answers or stores. */
export function setCachesTrusted(value: boolean): void {
  if (value !== trusted) noteRemoteWrite();
  trusted = value;
}

export class ShortCache<V> {
  readonly #entries = new Map<string, { value: V; until: number }>();

  constructor(readonly ttlMs: number, readonly maxEntries = 10_000) {
    ALL.add(this as ShortCache<unknown>);
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
    if (since !== epoch || this.ttlMs <= 0 || !trusted) return;
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

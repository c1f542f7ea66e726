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
 * Other processes (several API nodes on one PostgreSQL) do not hear of this process's writes:
 * there an entry lives until its time-to-live ends (a few seconds).
 */
const ALL = new Set<ShortCache<unknown>>();
let epoch = 0;

/** The write epoch now: read it before a lookup, give it to `set`. */
export function writeEpoch(): number {
  return epoch;
}

/** This process wrote: every short cache forgets everything. */
export function noteWrite(): void {
  epoch++;
  for (const cache of ALL) cache.clear();
}

export class ShortCache<V> {
  readonly #entries = new Map<string, { value: V; until: number }>();

  constructor(readonly ttlMs: number, readonly maxEntries = 10_000) {
    ALL.add(this as ShortCache<unknown>);
  }

  get(key: string): V | undefined {
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
    if (since !== epoch || this.ttlMs <= 0) return;
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

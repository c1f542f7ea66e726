/**
 * Short caches evicted across nodes (issue 25): several processes on one PostgreSQL are one
 * product, so a write on one node (a logout, a password or role change, a disabled user) must
 * reach the short caches (db/shortCache.ts) of every other node at once, not after their time
 * to live.
 *
 * Each node LISTENs on one channel over a connection of its own; after each write of this
 * process (`noteWrite`) it NOTIFYs the channel with its node id, and every other node clears
 * its short caches (`noteRemoteWrite`; a 'data' write keeps sessions: the notice says so) when
 * the notice arrives, milliseconds later. Notices are
 * coalesced: at most one in flight and one waiting, so a burst of writes costs two statements.
 * While the listening connection is down this node cannot hear others, so its caches are
 * bypassed (every lookup asks the database) until it listens again.
 *
 * On PGlite (one process owns the data folder) there is no other node: nothing to do.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { noteRemoteWrite, onLocalWrite, setCachesTrusted, type WriteScope } from './shortCache';

export const CACHE_CHANNEL = 'oioc_short_cache';

export interface CacheBus {
  readonly nodeId: string;
  /** Resolves once the node listens (tests, start-up). */
  ready(): Promise<void>;
  stop(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export function startCacheBus(databaseUrl: string, log: Logger, nodeId = crypto.randomBytes(8).toString('hex'), channel = CACHE_CHANNEL): CacheBus {
  let stopped = false;
  let listener: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let readyResolve!: () => void;
  const readyPromise = new Promise<void>((r) => { readyResolve = r; });
  const notifier = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  notifier.on('error', (err) => log.warn({ err: err.message }, 'cache bus: notifying connection lost'));

  // Until the first LISTEN works this node might miss a notice: no cache.
  setCachesTrusted(false);

  const connect = async () => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    const lost = (why: string) => {
      if (listener !== client) return;
      listener = null;
      setCachesTrusted(false);
      log.warn({ why }, 'cache bus: listening connection lost; short caches bypassed until it is back');
      client.end().catch(() => {});
      schedule();
    };
    client.on('error', (err) => lost(err.message));
    client.on('end', () => lost('ended'));
    client.on('notification', (msg) => {
      if (msg.channel !== channel || !msg.payload) return;
      const [from, scope] = msg.payload.split(' ');
      if (from !== nodeId) noteRemoteWrite(scope === 'data' ? 'data' : 'all');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (stopped) { await client.end(); return; }
      listener = client;
      // Writes of other nodes while this one was deaf: start from empty caches.
      noteRemoteWrite();
      setCachesTrusted(true);
      readyResolve();
    } catch (e) {
      client.end().catch(() => {});
      log.warn({ err: (e as Error).message }, 'cache bus: cannot listen; retrying');
      schedule();
    }
  };
  const schedule = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => { retryTimer = null; void connect(); }, 1000);
    retryTimer.unref();
  };

  let inFlight = false;
  /** The notice waiting behind the one in flight: the widest scope of the writes it stands for. */
  let again: WriteScope | null = null;
  const publish = (scope: WriteScope) => {
    if (stopped) return;
    if (inFlight) { again = again === 'all' || scope === 'all' ? 'all' : 'data'; return; }
    inFlight = true;
    notifier.query('SELECT pg_notify($1, $2)', [channel, scope === 'data' ? `${nodeId} data` : nodeId])
      .catch((e) => log.warn({ err: (e as Error).message }, 'cache bus: could not notify other nodes'))
      .finally(() => {
        inFlight = false;
        if (again) { const next = again; again = null; publish(next); }
      });
  };
  const unsubscribe = onLocalWrite(publish);

  void connect();
  return {
    nodeId,
    ready: () => readyPromise,
    async stop() {
      stopped = true;
      unsubscribe();
      if (retryTimer) clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      setCachesTrusted(true);
      await client?.end().catch(() => {});
      await notifier.end().catch(() => {});
    },
  };
}

/**
 * The process's queue of shoppers' scans (issue 27), a group commit in the app: the scans read
 * in one turn of the event loop, and those that arrive while every statement slot is busy, go
 * together in the next statement (services/scanBatch.ts). A burst costs one statement and one
 * commit per batch, and a code many shoppers scan at once one wait on its counter per batch
 * instead of one per scan. Nothing waits for a timer: a scan on an idle server goes in the next
 * turn of the event loop, alone.
 *
 * Each scan is answered after the statement that holds it has committed (no scan answered is
 * lost). A statement the database refuses (an error it answered) is run again scan by scan, so
 * one bad scan fails only its own request; a lost connection fails the statement's scans, as a
 * lost connection failed a scan before (it may have committed: running it again could count
 * it twice).
 */
import type { Db } from '../db/index';
import { pgliteOf } from '../db/index';
import { recordScans, type ScanInput, type ScanRow } from './scanBatch';

/** Scans in one statement at most. */
const MAX_BATCH = 200;
/**
 * Statements under way at once: PGlite runs one at a time; on PostgreSQL two keep the database
 * busy while the app reads the next requests (four made batches rarer: a hot code's scans then
 * queued on its counter one by one again, docs/benchmarks.md).
 */
const SLOTS_PGLITE = 1;
const SLOTS_POSTGRES = 2;

interface Waiting { scan: ScanInput; resolve: (row: ScanRow | undefined) => void; reject: (error: unknown) => void }

/** An error the database answered (SQLSTATE), other than a lost connection or a shutdown. */
function refusedByDatabase(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !/^(08|57)/.test(code);
}

class ScanQueue {
  private readonly waiting: Waiting[] = [];
  private busy = 0;
  private soon: NodeJS.Immediate | null = null;

  constructor(private readonly db: Db, private readonly slots: number) {}

  add(scan: ScanInput): Promise<ScanRow | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ scan, resolve, reject });
      // The requests read in the same turn of the event loop go together (PGlite runs a
      // statement without yielding, so the next turn holds every scan that came meanwhile).
      if (!this.soon) this.soon = setImmediate(() => {
        this.soon = null;
        this.next();
      });
    });
  }

  private next(): void {
    while (this.busy < this.slots && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      this.busy += 1;
      void this.write(batch).finally(() => {
        this.busy -= 1;
        this.next();
      });
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      const rows = await recordScans(this.db, batch.map((w) => w.scan));
      for (const [i, w] of batch.entries()) w.resolve(rows[i]);
    } catch (error) {
      if (batch.length === 1 || !refusedByDatabase(error)) {
        for (const w of batch) w.reject(error);
        return;
      }
      await Promise.all(batch.map((w) => recordScans(this.db, [w.scan]).then((rows) => w.resolve(rows[0]), w.reject)));
    }
  }
}

const QUEUES = new WeakMap<Db, ScanQueue>();

/** Records `scan` through `db`'s queue; answers its row after the commit. */
export function queuedScan(db: Db, scan: ScanInput): Promise<ScanRow | undefined> {
  let queue = QUEUES.get(db);
  if (!queue) QUEUES.set(db, (queue = new ScanQueue(db, pgliteOf(db) ? SLOTS_PGLITE : SLOTS_POSTGRES)));
  return queue.add(scan);
}

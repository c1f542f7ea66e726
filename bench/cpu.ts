/**
 * CPU time of one bench step (issue 27: every figure with its CPU beside it): this process
 * (process.cpuUsage: user + system; PGlite runs inside it) and, on PostgreSQL, the server
 * processes serving the step's database, read from /proc/<pid>/stat (utime + stime, the
 * database server runs on this machine). Backends come and go with the pool: the backends of
 * the database are listed every `intervalMs` and each one's CPU is taken from its first sight
 * (0 when it started during the step) to its last; one that ends between two samples loses at
 * most that interval's CPU. Where /proc cannot be read, the database's CPU is NaN.
 */
import fs from 'node:fs';
import pg from 'pg';

const TICK_MS = 10; // CLK_TCK 100 on Linux

/** utime + stime of a process, ms; null when it cannot be read (gone, or no /proc). */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command: state is field 3 of the full line, so utime (14) and stime (15) are at 11 and 12 here.
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

export interface CpuUse {
  /** This process, ms. */
  selfMs: number;
  /** PostgreSQL backends of the database, ms (NaN for PGlite, whose engine is in `selfMs`, and when unreadable). */
  dbMs: number;
}

/** Watches this process and, with `pgUrl`, the backends of that database. */
export async function watchCpu(pgUrl: string | undefined, intervalMs = 200): Promise<{ stop(): Promise<CpuUse> }> {
  const self = process.cpuUsage();
  if (!pgUrl) {
    return { stop: async () => { const d = process.cpuUsage(self); return { selfMs: (d.user + d.system) / 1000, dbMs: NaN }; } };
  }
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  const { rows: [{ pid: adminPid }] } = await admin.query<{ pid: number }>('select pg_backend_pid() as pid');
  const seen = new Map<number, { first: number; last: number }>();
  let unreadable = false;
  let started = false;
  const sample = async () => {
    const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> $1', [adminPid]);
    for (const { pid } of rows) {
      const ms = processCpuMs(pid);
      if (ms === null) { unreadable ||= !fs.existsSync('/proc/self/stat'); continue; }
      const entry = seen.get(pid);
      if (entry) entry.last = ms;
      else seen.set(pid, { first: started ? 0 : ms, last: ms });
    }
  };
  await sample();
  started = true;
  let busy = Promise.resolve();
  const timer = setInterval(() => { busy = busy.then(sample).catch(() => {}); }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await busy;
      await sample().catch(() => {});
      await admin.end().catch(() => {});
      const d = process.cpuUsage(self);
      let dbMs = 0;
      for (const { first, last } of seen.values()) dbMs += last - first;
      return { selfMs: (d.user + d.system) / 1000, dbMs: unreadable ? NaN : dbMs };
    },
  };
}

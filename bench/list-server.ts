/**
 * The server side of the list benchmark, run as a child process by bench/list.ts (so the load
 * generator and the app do not share one event loop): opens the database it is given, runs
 * the migrations and the first-start seed, bulk-loads BENCH_ROWS employees, builds the real
 * app (buildApp) and listens on 127.0.0.1 on an ephemeral port.
 *
 * The Kysely instance is built as server/db/index.ts builds it (PGlite through
 * db/pglite-dialect.ts, or a pg Pool of 10), plus a `log` hook that, while armed by the parent,
 * records how long each list query took in the database (page query, count query, session
 * lookup) and keeps one example of each for EXPLAIN ANALYZE.
 *
 * The parent owns the database or data folder (creates and removes it); this process only
 * uses it. IPC messages: in {cmd: arm | disarm | explain | sql | stop}; out {type: ready |
 * armed | captured | explained | done | stopped | failed}. `sql` runs statements (the
 * candidate indexes) in the bench database only.
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import { CompiledQuery, type LogEvent } from 'kysely';
import { buildApp } from '../server/app';
import { openPglite, openPostgres, type Db } from '../server/db/index';
import { migrate } from '../server/db/migrate';
import { loadOrCreateKeys } from '../server/security/keys';
import { hashPassword } from '../server/security/passwords';
import { seed } from '../server/seed';
import { readSettings } from '../server/settings';
import { bulkSeed } from './list-seed';
import { BENCH_ADMIN_PASSWORD, BENCH_TENANT, type CapturedMessage, type ChildMessage, type ExplainedMessage, type ParentMessage, type QueryClass } from './list-protocol';

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const send = (msg: ChildMessage) => process.send?.(msg);

function classify(sqlText: string): QueryClass {
  if (sqlText.includes('from "sessions" as "s"')) return 'session';
  if (sqlText.includes('"users" as "u"') && sqlText.includes('count(*)')) return 'count';
  if (sqlText.includes('"users" as "u"') && sqlText.includes(' limit ')) return 'page';
  return 'other';
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

let durations: Map<QueryClass, number[]> | null = null;
let cpuAtArm: { app: NodeJS.CpuUsage; db: Map<number, number> | null } | null = null;
const CLOCK_TICK_MS = 10; // USER_HZ 100 on Linux

/**
 * CPU time (ms) of each PostgreSQL backend serving this database, by pid, from /proc (null when
 * not readable). A backend that ends between two readings takes its time with it (the pool
 * closes idle connections after 10 s: only between runs, when they are idle).
 */
async function dbCpuMs(db: Db): Promise<Map<number, number> | null> {
  if (process.env.BENCH_BACKEND !== 'postgres') return null;
  try {
    const rows = (await db.executeQuery(CompiledQuery.raw('select pid from pg_stat_activity where datname = current_database()', []))).rows as { pid: number }[];
    const out = new Map<number, number>();
    for (const { pid } of rows) {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS); // utime, stime (fields 14 and 15)
    }
    return out;
  } catch {
    return null;
  }
}

function dbCpuSince(before: Map<number, number> | null, now: Map<number, number> | null): number | null {
  if (!before || !now) return null;
  let ms = 0;
  for (const [pid, t] of now) ms += t - (before.get(pid) ?? 0);
  return ms;
}

let examples: CapturedMessage['examples'] = {};

function onLog(event: LogEvent): void {
  if (!durations || event.level !== 'query') return;
  const cls = classify(event.query.sql);
  let list = durations.get(cls);
  if (!list) durations.set(cls, (list = []));
  list.push(event.queryDurationMillis);
  examples[cls] ??= { sql: event.query.sql, parameters: [...event.query.parameters] };
}

async function openDb(): Promise<Db> {
  if (process.env.BENCH_BACKEND === 'postgres') {
    // The app's own PostgreSQL setup (named statements, timestamp reader), with the log hook.
    return openPostgres(process.env.BENCH_PG_URL!, 10, { log: onLog });
  }
  return openPglite(process.env.BENCH_PGLITE_DIR || undefined, { log: onLog });
}

/** A one-line plan: 'Limit > Sort [top-N heapsort] > Hash Join (Seq Scan on users, Seq Scan on roles)'. */
function describePlan(node: Record<string, any>): string {
  let label = String(node['Node Type']);
  if (node['Relation Name']) label += ` on ${node['Relation Name']}`;
  if (node['Index Name']) label += ` using ${node['Index Name']}`;
  if (node['Sort Method']) label += ` [${node['Sort Method']}]`;
  if (node['Presorted Key']) label += ` [presorted ${[].concat(node['Presorted Key']).join(', ')}]`;
  const kids: Record<string, any>[] = node.Plans ?? [];
  if (kids.length === 0) return label;
  if (kids.length === 1) return `${label} > ${describePlan(kids[0])}`;
  return `${label} (${kids.map(describePlan).join(', ')})`;
}

async function explain(db: Db, sqlText: string, parameters: unknown[]): Promise<ExplainedMessage> {
  const runs: { executionMs: number; planningMs: number; plan: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const result = await db.executeQuery(CompiledQuery.raw(`explain (analyze, timing off, format json) ${sqlText}`, parameters));
    const row = result.rows[0] as Record<string, unknown>;
    let doc = row['QUERY PLAN'] ?? Object.values(row)[0];
    if (typeof doc === 'string') doc = JSON.parse(doc);
    const top = (doc as Record<string, any>[])[0];
    runs.push({ executionMs: top['Execution Time'], planningMs: top['Planning Time'], plan: describePlan(top.Plan) });
  }
  runs.sort((a, b) => a.executionMs - b.executionMs);
  return { type: 'explained', ...runs[1] };
}

async function main(): Promise<void> {
  const rows = Number(process.env.BENCH_ROWS ?? 100_000);
  const settings = {
    ...readSettings({}),
    adminInitialPassword: BENCH_ADMIN_PASSWORD,
    staticDir: process.env.BENCH_STATIC_DIR ?? '/nonexistent/oioc-bench-static',
    dataDir: process.env.BENCH_PGLITE_DIR ?? '/nonexistent/oioc-bench-data',
  };
  let t = nowMs();
  const db = await openDb();
  const openMs = nowMs() - t;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await db.destroy();
  };
  try {
    t = nowMs();
    await migrate(db);
    await seed(db, settings);
    const migrateSeedMs = nowMs() - t;
    // One real argon2id hash (~10 ms) shared by every bench user.
    const hash = await hashPassword('Passw0rd1');
    const { rolesMs, usersMs, analyzeMs } = await bulkSeed(db, BENCH_TENANT, rows, hash);

    t = nowMs();
    const keys = await loadOrCreateKeys(db);
    const app = await buildApp({ db, settings, keys });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const appMs = nowMs() - t;
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    // The reference: a Fastify hello-world in this same process (ratios in bench/list.ts).
    const hello = Fastify({ logger: false });
    const ROWS_FLOOR = rows;
    hello.get('/hello', async () => ({ hello: 'world' }));
    // The floor of a database-backed call: one fixed page query (no session, no query building)
    // answered as the database returned it.
    const benchTenant = await db.selectFrom('tenants').select('id').where('code', '=', BENCH_TENANT).executeTakeFirstOrThrow();
    const floorQuery = CompiledQuery.raw(`select u.id, u.account, u.name, u.role_id, r.name as "roleName", u.status, u.email, u.phone_country_code, u.phone,
      u.mima_status, u.created_at, u.updated_at from users u left join roles r on r.id = u.role_id
      where u.type in ($1, $2) and u.tenant_id = $3 order by u.created_at desc, u.id desc limit 10`, [1, 2, benchTenant.id]);
    hello.get('/floor', async () => ({ total: ROWS_FLOOR, items: (await db.executeQuery(floorQuery)).rows }));
    await hello.listen({ port: 0, host: '127.0.0.1' });
    const helloAddress = hello.server.address();
    if (!helloAddress || typeof helloAddress === 'string') throw new Error('no TCP address');

    let stopping = false;
    process.on('message', (msg: ParentMessage) => {
      void (async () => {
        try {
          if (msg.cmd === 'arm') {
            cpuAtArm = { app: process.cpuUsage(), db: await dbCpuMs(db) };
            durations = new Map();
            examples = {};
            send({ type: 'armed' });
          } else if (msg.cmd === 'disarm') {
            const stats: CapturedMessage['stats'] = {};
            for (const [cls, list] of durations ?? []) stats[cls] = { n: list.length, medianMs: pct(list, 50), p99Ms: pct(list, 99) };
            const app = process.cpuUsage(cpuAtArm?.app);
            const cpu = { appMs: (app.user + app.system) / 1000, dbMs: dbCpuSince(cpuAtArm?.db ?? null, await dbCpuMs(db)) };
            send({ type: 'captured', stats, examples, cpu });
            durations = null;
          } else if (msg.cmd === 'explain') {
            send(await explain(db, msg.sql, msg.parameters));
          } else if (msg.cmd === 'sql') {
            const ms: number[] = [];
            for (const statement of msg.statements) {
              const t0 = nowMs();
              await db.executeQuery(CompiledQuery.raw(statement, []));
              ms.push(nowMs() - t0);
            }
            send({ type: 'done', ms });
          } else if (msg.cmd === 'stop') {
            stopping = true;
            await hello.close();
            await app.close();
            await close();
            send({ type: 'stopped' });
            process.disconnect?.();
          }
        } catch (err) {
          send({ type: 'failed', error: err instanceof Error ? err.stack ?? err.message : String(err) });
        }
      })();
    });
    // The parent went away without 'stop': close what is open and leave.
    process.on('disconnect', () => {
      if (stopping) return;
      stopping = true;
      void hello.close().then(() => app.close()).finally(() => close().finally(() => process.exit(0)));
    });
    send({ type: 'ready', port: address.port, helloPort: helloAddress.port, rows, times: { openMs, migrateSeedMs, rolesMs, usersMs, analyzeMs, appMs } });
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}

main().catch((err) => {
  send({ type: 'failed', error: err instanceof Error ? err.stack ?? err.message : String(err) });
  process.exitCode = 1;
  process.disconnect?.();
});

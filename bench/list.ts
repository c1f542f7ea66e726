/**
 * List endpoint throughput: GET /v1/system/employee over BENCH_ROWS (100,000) employees of one
 * tenant, on PGlite (a temporary data folder) and on PostgreSQL (a database of its own,
 * created from DATABASE_URL or postgres://postgres@127.0.0.1:5432/test and dropped at the
 * end; skipped with a note when the server cannot be reached). BENCH_PGLITE=memory runs PGlite
 * in memory instead of a data folder.
 *
 * Per backend: a child process (bench/list-server.ts) seeds and serves the real app; this
 * process signs in as the tenant's admin (password RSA-OAEP encrypted with the config's
 * public key, like the SPA), changes the default password when mimaStatus is 2, then for each
 * endpoint: a short warm-up, BENCH_DURATION seconds of autocannon at BENCH_CONNECTIONS
 * connections, and 20 sequential requests (one request alone). The child times every list
 * query in the database meanwhile; the page and count queries are then run once more under
 * EXPLAIN ANALYZE to show their plans.
 *
 * Nothing is asserted: non-2xx answers are counted and the first one is printed.
 * Run alone: `npx tsx bench/list.ts [pglite|postgres]`.
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { runAlone } from './alone';
import { cleanupAll, onCleanup } from './cleanup';
import { prepareDatabase, type Backend } from './databases';
import { BENCH_ADMIN_PASSWORD, BENCH_TENANT, type CapturedMessage, type QueryExample, type ChildMessage, type ExplainedMessage, type ParentMessage, type ReadyMessage } from './list-protocol';
import { fmtInt, fmtMs, median, nowMs, type Section } from './stats';
import { counterOf, ENDPOINTS, requestsOf } from './list-endpoints';

export { ENDPOINTS };

export { cleanupAll, type Backend };

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Sequential requests after the load: up to 20, at least 3, for about 3 s at most. */
const ALONE_RUNS = 20;
const ALONE_BUDGET_MS = 3000;
export const NEW_PASSWORD = 'Bench2024ok';

function onExitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** The next message of `type` from the child; rejects when it fails or exits first. */
function next<T extends ChildMessage['type']>(child: ChildProcess, type: T, timeoutMs = 300_000): Promise<Extract<ChildMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      reject(new Error(`bench server exited (code ${child.exitCode}) before '${type}'`));
      return;
    }
    const timer = setTimeout(() => finish(new Error(`no '${type}' from the bench server within ${timeoutMs / 1000} s`)), timeoutMs);
    const onMessage = (msg: ChildMessage) => {
      if (msg.type === type) finish(null, msg as Extract<ChildMessage, { type: T }>);
      else if (msg.type === 'failed') finish(new Error(`bench server: ${msg.error}`));
    };
    const onExit = (code: number | null) => finish(new Error(`bench server exited (code ${code}) before '${type}'`));
    function finish(err: Error | null, msg?: Extract<ChildMessage, { type: T }>) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(msg!);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

function ask<T extends ChildMessage['type']>(child: ChildProcess, msg: ParentMessage, type: T): Promise<Extract<ChildMessage, { type: T }>> {
  if (!child.connected) return Promise.reject(new Error(`bench server gone before '${msg.cmd}'`));
  const answer = next(child, type);
  return new Promise((resolve, reject) => {
    // With a callback a closed channel is an error of this call, not an 'error' event.
    child.send(msg, (err) => { if (err) reject(err); });
    answer.then(resolve, reject);
  });
}

async function json(res: Response): Promise<any> {
  const text = await res.text();
  try { return JSON.parse(text); } catch { return text; }
}

/** Sign in as the tenant's admin; change the default password first when mimaStatus is 2. */
export async function signIn(base: string): Promise<string> {
  const config = await json(await fetch(`${base}/v1/Config/tenant/${BENCH_TENANT}`));
  const key: string = config.passwordPublicKey;
  if (!key) throw new Error(`no passwordPublicKey in the tenant config: ${JSON.stringify(config).slice(0, 200)}`);
  const encrypt = (password: string) => crypto.publicEncrypt(
    { key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password, 'utf8'),
  ).toString('base64');
  const post = (password: string) => fetch(`${base}/v1/Identity/token`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenantCode: BENCH_TENANT, account: 'admin', mima: encrypt(password) }),
  });
  const res = await post(BENCH_ADMIN_PASSWORD);
  const session = await json(res);
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${JSON.stringify(session)}`);
  if (session.mimaStatus === 2) {
    const change = await fetch(`${base}/v1/System/mima`, {
      method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ originalMima: encrypt(BENCH_ADMIN_PASSWORD), newMima: encrypt(NEW_PASSWORD) }),
    });
    if (change.status >= 300) throw new Error(`password change: ${change.status} ${JSON.stringify(await json(change))}`);
  }
  return session.token as string;
}

/** Indexes the server does not have, tried in the bench database only (never in migrations). */
interface Candidate {
  label: string;
  backends: Backend[];
  statements: string[];
}

const CANDIDATES: Candidate[] = [
  {
    label: 'users (tenant_id, created_at desc, id desc)',
    backends: ['pglite', 'postgres'],
    statements: ['create index bench_users_tenant_created_idx on users (tenant_id, created_at desc, id desc)'],
  },
  {
    label: 'users (tenant_id, lower(account), id)',
    backends: ['pglite', 'postgres'],
    statements: ['create index bench_users_tenant_account_id_idx on users (tenant_id, lower(account), id)'],
  },
  {
    label: 'pg_trgm GIN on users.account and users.name',
    backends: ['postgres'],
    statements: [
      'create extension if not exists pg_trgm',
      'create index bench_users_account_trgm_idx on users using gin (account gin_trgm_ops)',
      'create index bench_users_name_trgm_idx on users using gin (name gin_trgm_ops)',
    ],
  },
];

/** The COUNT query without the join to roles (role_id is NOT NULL and references roles: same count). */
function countWithoutJoin(sqlText: string): string | null {
  const join = /\s+inner join "roles" as "r" on "r"\."id" = "u"\."role_id"/;
  return join.test(sqlText) ? sqlText.replace(join, '') : null;
}

type Explained = ExplainedMessage | undefined;

export interface WhatIf {
  label: string;
  countNoJoin?: Explained;
  page?: Explained;
  count?: Explained;
  countNoJoinIdx?: Explained;
}

export interface BackendResult {
  backend: Backend;
  where?: string;
  skipped?: string;
  ready?: ReadyMessage;
  endpoints: {
    label: string;
    url: string;
    target?: number;
    total: number | null;
    reqPerSec: number;
    requests: number;
    p50: number;
    p99: number;
    non2xx: number;
    errors: number;
    aloneMs: number;
    db: CapturedMessage['stats'];
    /** CPU per request (µs) of the app's process and of the database backends (null: not measured). */
    appCpuUs: number;
    dbCpuUs: number | null;
    explainPage?: ExplainedMessage;
    explainCount?: ExplainedMessage;
    firstFailure?: string;
  }[];
  whatIf: WhatIf[];
  indexes: { label: string; ms: number }[];
}

export async function runBackend(backend: Backend, log: (line: string) => void = () => {}): Promise<BackendResult> {
  const result: BackendResult = { backend, endpoints: [], whatIf: [], indexes: [] };
  const prepared = await prepareDatabase(backend, { memory: process.env.BENCH_PGLITE === 'memory' });
  if ('skip' in prepared) {
    result.skipped = prepared.skip;
    log(prepared.skip);
    return result;
  }
  result.where = prepared.where;
  log(`${backend}: seeding ${fmtInt(ROWS)} employees and starting the app (${prepared.where})`);
  const child = fork(fileURLToPath(new URL('./list-server.ts', import.meta.url)), [], {
    env: { ...process.env, ...prepared.env, BENCH_ROWS: String(ROWS) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // BENCH_CPU_PROF=<folder>: a V8 CPU profile of the app's process, written there when it stops.
    execArgv: [...process.execArgv, ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
  });
  const stopChild = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = onExitOf(child);
    if (child.connected) {
      try { await Promise.race([ask(child, { cmd: 'stop' }, 'stopped'), new Promise((r) => setTimeout(r, 15_000))]); } catch { /* exited */ }
    }
    const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
    if (child.connected) child.disconnect();
    await exited;
    clearTimeout(forced);
  };
  child.on('error', (err) => log(`${backend}: bench server: ${err.message}`));
  onCleanup(stopChild);
  try {
    const ready = await next(child, 'ready');
    result.ready = ready;
    const base = `http://127.0.0.1:${ready.port}`;
    const token = await signIn(base);
    const headers = { authorization: `Bearer ${token}` };
    const examples: { label: string; page?: QueryExample; count?: QueryExample }[] = [];

    // BENCH_ONLY=<text>: only the endpoints whose label holds it (and the hello-world reference).
    const only = process.env.BENCH_ONLY;
    for (const ep of ENDPOINTS.filter((e) => !only || e.hello || e.label.includes(only))) {
      const url = `${ep.hello ? `http://127.0.0.1:${ready.helloPort}` : base}${ep.path}`;
      const check = await fetch(url, { headers });
      const body = await json(check);
      if (check.status !== 200) log(`${backend} ${ep.label}: ${check.status} ${JSON.stringify(body).slice(0, 300)}`);
      log(`${backend}: ${ep.label} (${WARMUP} s warm-up, ${DURATION} s at ${CONNECTIONS} connections)`);
      if (WARMUP > 0) await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP, ...requestsOf(ep) });
      await ask(child, { cmd: 'arm' }, 'armed');
      const run = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION, timeout: 30, ...requestsOf(ep) });
      const captured = await ask(child, { cmd: 'disarm' }, 'captured');
      const alone: number[] = [];
      const aloneStart = nowMs();
      for (let i = 0; i < ALONE_RUNS && (i < 3 || nowMs() - aloneStart < ALONE_BUDGET_MS); i++) {
        const t = nowMs();
        const res = await fetch(ep.vary ? `${base}${ep.vary(counterOf(ep).i++)}` : url, { headers });
        await res.arrayBuffer();
        alone.push(nowMs() - t);
      }
      let firstFailure: string | undefined;
      if (run.non2xx > 0 || run.errors > 0 || run.timeouts > 0) {
        const res = await fetch(url, { headers });
        firstFailure = `status codes ${JSON.stringify(run.statusCodeStats)}; errors ${run.errors}, timeouts ${run.timeouts}; a request now answers ${res.status} ${(await res.text()).slice(0, 300)}`;
        log(`${backend} ${ep.label}: ${firstFailure}`);
      }
      const explainOf = async (cls: 'page' | 'count') => {
        const example = captured.examples[cls];
        return example ? ask(child, { cmd: 'explain', sql: example.sql, parameters: example.parameters }, 'explained') : undefined;
      };
      examples.push({ label: ep.label, page: captured.examples.page, count: captured.examples.count });
      result.endpoints.push({
        label: ep.label,
        url: ep.path,
        target: ep.target,
        total: typeof body?.total === 'number' ? body.total : null,
        reqPerSec: run.requests.total / run.duration,
        requests: run.requests.total,
        p50: run.latency.p50,
        p99: run.latency.p99,
        non2xx: run.non2xx,
        errors: run.errors + run.timeouts,
        aloneMs: median(alone),
        db: captured.stats,
        appCpuUs: (captured.cpu.appMs * 1000) / Math.max(1, run.requests.total),
        dbCpuUs: captured.cpu.dbMs === null ? null : (captured.cpu.dbMs * 1000) / Math.max(1, run.requests.total),
        explainPage: await explainOf('page'),
        explainCount: await explainOf('count'),
        firstFailure,
      });
    }

    // What-if, database time only: the COUNT without the roles join, then candidate indexes.
    log(`${backend}: EXPLAIN ANALYZE with a COUNT without the roles join and with candidate indexes`);
    const explain = (q: QueryExample | undefined, text: string | null | undefined) =>
      q && text ? ask(child, { cmd: 'explain', sql: text, parameters: q.parameters }, 'explained') : Promise.resolve(undefined);
    const noJoin = (q: QueryExample | undefined) => (q ? countWithoutJoin(q.sql) : null);
    for (const ex of examples) {
      result.whatIf.push({ label: ex.label, countNoJoin: await explain(ex.count, noJoin(ex.count)) });
    }
    for (const candidate of CANDIDATES.filter((c) => c.backends.includes(backend))) {
      const done = await ask(child, { cmd: 'sql', statements: candidate.statements }, 'done');
      result.indexes.push({ label: candidate.label, ms: done.ms.reduce((a, b) => a + b, 0) });
    }
    await ask(child, { cmd: 'sql', statements: ['analyze users'] }, 'done');
    for (const [i, ex] of examples.entries()) {
      const w = result.whatIf[i];
      w.page = await explain(ex.page, ex.page?.sql);
      w.count = await explain(ex.count, ex.count?.sql);
      w.countNoJoinIdx = await explain(ex.count, noJoin(ex.count));
    }
  } finally {
    await cleanupAll(log);
  }
  return result;
}

export function listSection(results: BackendResult[]): Section {
  const rows: string[][] = [[
    'backend', 'endpoint', 'req/s', 'of hello-world', 'target', 'p50', 'p99', 'requests', 'non-2xx', 'errors', 'alone', 'db page', 'db count',
    'app CPU/req', 'db CPU/req',
  ]];
  const fraction = (x: number) => (Number.isFinite(x) && x > 0 ? `1/${(1 / x).toFixed(1)}` : '-');
  const notes: string[] = [];
  for (const r of results) {
    if (r.skipped) {
      notes.push(r.skipped);
      continue;
    }
    const hello = r.endpoints.find((e) => e.url === '/hello')?.reqPerSec ?? NaN;
    for (const e of r.endpoints) {
      const ratio = e.reqPerSec / hello;
      rows.push([
        r.backend, e.label, fmtInt(e.reqPerSec), e.url === '/hello' ? '1' : fraction(ratio),
        e.target ? `${fraction(e.target)} ${ratio >= e.target ? 'met' : 'NOT met'}` : '', `${e.p50} ms`, `${e.p99} ms`, fmtInt(e.requests), String(e.non2xx), String(e.errors),
        fmtMs(e.aloneMs), e.db.page ? fmtMs(e.db.page.medianMs) : '-', e.db.count ? fmtMs(e.db.count.medianMs) : '-',
        `${e.appCpuUs.toFixed(0)} µs`, e.dbCpuUs === null ? '-' : `${e.dbCpuUs.toFixed(0)} µs`,
      ]);
    }
  }
  notes.push(
    `${DURATION} s of autocannon per row at ${CONNECTIONS} connections after a ${WARMUP} s warm-up; p50/p99: autocannon latency (ms, whole milliseconds); ` +
    `alone: median of up to ${ALONE_RUNS} sequential requests (one connection, at most ~3 s); db page / db count: median time of the page query and of the COUNT query as Kysely sees it during the run (Kysely log hook: from sending the query to its rows, so under load it includes the wait for the event loop, not only the database). ` +
    `app CPU/req, db CPU/req: CPU time of the app's process and of the PostgreSQL backends of the bench database (/proc) during the run, per request: the cost of a call, much less sensitive than req/s to what else the machine runs (the hello-world's own process is the app's: its row is the cost of a bare Fastify answer).`,
  );
  for (const r of results) {
    if (r.skipped || !r.ready) continue;
    for (const e of r.endpoints) {
      if (e.total !== null) notes.push(`${r.backend} ${e.label}: ${e.url} -> total ${fmtInt(e.total)}`);
      if (e.explainPage) notes.push(`${r.backend} ${e.label}, page query (EXPLAIN ANALYZE ${fmtMs(e.explainPage.executionMs)}): ${e.explainPage.plan}`);
      if (e.explainCount) notes.push(`${r.backend} ${e.label}, count query (EXPLAIN ANALYZE ${fmtMs(e.explainCount.executionMs)}): ${e.explainCount.plan}`);
      if (e.db.session) notes.push(`${r.backend} ${e.label}: session lookup median ${fmtMs(e.db.session.medianMs)} (${fmtInt(e.db.session.n)} lookups)`);
      if (e.firstFailure) notes.push(`${r.backend} ${e.label}: FAILURES ${e.firstFailure}`);
    }
  }
  notes.unshift('of hello-world: req/s as a fraction of a Fastify hello-world served by the same process in the same run (issue 10 targets: menu 1/3, page 1 1/10, deep page 1/20).');
  return { title: `List endpoint: GET /v1/system/employee, ${fmtInt(ROWS)} employees in one tenant, beside a hello-world`, table: rows, notes };
}

export function whatIfSection(results: BackendResult[]): Section {
  const rows: string[][] = [['backend', 'endpoint', 'page', 'page +idx', 'count', 'count w/o join', 'count +idx', 'count w/o join +idx']];
  const ms = (e: Explained) => (e ? fmtMs(e.executionMs) : '-');
  const notes: string[] = [];
  for (const r of results) {
    if (!r.ready) continue;
    r.whatIf.forEach((w, i) => {
      const now = r.endpoints[i];
      rows.push([r.backend, w.label, ms(now?.explainPage), ms(w.page), ms(now?.explainCount), ms(w.countNoJoin), ms(w.count), ms(w.countNoJoinIdx)]);
    });
    if (r.indexes.length) notes.push(`${r.backend}: candidate indexes built in ${r.indexes.map((x) => `${fmtMs(x.ms)} (${x.label})`).join(', ')}`);
    r.whatIf.forEach((w) => {
      if (w.page) notes.push(`${r.backend} ${w.label}, page query +idx: ${w.page.plan}`);
      if (w.countNoJoinIdx) notes.push(`${r.backend} ${w.label}, count w/o join +idx: ${w.countNoJoinIdx.plan}`);
    });
  }
  notes.unshift(
    'Database time only (EXPLAIN (ANALYZE, TIMING OFF) execution time, median of 3), on the queries the endpoint ran. "w/o join": the same COUNT without ' +
    'the inner join to roles (users.role_id is NOT NULL and references roles, so the count is the same). "+idx": after creating the candidate ' +
    'indexes in the bench database (not in the migrations); pg_trgm on PostgreSQL only (PGlite has it as an extension bundle that must be loaded at PGlite.create).',
  );
  return { title: 'What-if: candidate indexes and a COUNT without the roles join', table: rows, notes };
}

export function seedSection(results: BackendResult[]): Section {
  const rows: string[][] = [['backend', 'open db', 'migrate + seed', `insert ${fmtInt(ROWS)} users`, 'rows/s', 'analyze', 'app listen']];
  const notes: string[] = [];
  for (const r of results) {
    if (!r.ready) continue;
    const t = r.ready.times;
    rows.push([r.backend, fmtMs(t.openMs), fmtMs(t.migrateSeedMs), fmtMs(t.usersMs), fmtInt(r.ready.rows / (t.usersMs / 1000)), fmtMs(t.analyzeMs), fmtMs(t.appMs)]);
    notes.push(`${r.backend}: ${r.where}`);
  }
  notes.push('Users inserted with one INSERT ... SELECT generate_series (one shared argon2id hash), indexes in place (unique (tenant_id, lower(account)), role_id); analyze = ANALYZE users, roles.');
  return { title: 'Seed: bulk insert of the benchmark employees', table: rows, notes };
}

// Run alone.
runAlone(import.meta.url, runBackend, (results) => [seedSection(results), listSection(results), whatIfSection(results)]);

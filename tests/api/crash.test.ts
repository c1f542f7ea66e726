/**
 * Jobs survive a REAL crash: the server process is killed with SIGKILL in the middle of a job
 * and started again (the issue: "a job in flight when the server is killed and restarted still
 * ends (done or Error), never stuck, and a killed generation leaves either all codes or none").
 * jobs.test.ts and codes.test.ts simulate this inside one process (a lease that runs out, a
 * handler that throws); here the worker's process really dies: no finally block, no stop(),
 * no rollback sent by the client, its sockets closed by the kernel.
 *
 * The server is the real one (server/main.ts, through tests/api/crash-child.ts, which only sets
 * the code generation's batch size), on a PostgreSQL database of this file's own (created by
 * the harness, dropped WITH (FORCE) at the end), with JOB_LEASE_SECONDS=2 and JOB_WORKERS=1.
 * This process migrates, seeds and queues the jobs through the API in-process (app.inject, no
 * worker here) and watches the database; only the server processes run jobs.
 *
 *  1. A generation (AddCodes, 100,000 codes in batches of 1,000, ONE transaction) is killed
 *     while its transaction is inserting codes: right after, no code of the package exists and
 *     the package is not Generated. A restarted server takes the job again once the lease ran
 *     out and ends it Completed with exactly `quantity` unique codes (seq 1..quantity), the
 *     package Generated.
 *  2. The csv export of that package (ExportCodes) is killed while it writes its file: no file
 *     is served (the report has none, its file route answers 8001), nothing but the store's
 *     hidden temporary file exists; after a restart the job ends Completed, the report follows
 *     it, and the file served holds every code, in order, matching the database.
 *  3. A generation whose server is killed on EVERY attempt (max_attempts, 3: killed, restarted,
 *     killed...) ends in Error in the next restarted server (the sweep: "never stuck"), with
 *     no code, and the package shows it failed (and may be deleted).
 * The server killed is always the one whose connection holds the open transaction that writes
 * into codes (pg_locks + pg_stat_activity, each server has its own PGAPPNAME).
 * Every wait is bounded (a stuck job fails the test with its row in the message).
 *
 * PostgreSQL only (skipped without DATABASE_URL). PGlite is embedded in the server process
 * (one connection, a data folder no other process may open while it runs): a SIGKILL kills
 * the database engine together with the worker, there is no other process to take the job
 * over meanwhile, and what a restart then relies on is PGlite's own crash recovery of its
 * files. That is a different story, not tested here.
 *
 * CRASH_DEBUG=1 copies the servers' output to stderr.
 */
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodePackageStatus, JobCategory, ReportExportStatus } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { exportReportFileUrl, type ExportReportItem, type JobInfo, type JobQueued } from '../../src/domain/jobs';
import { LOST_MESSAGE } from '../../server/jobs/index';
import { ADMIN_PASSWORD, expectFailure, Harness } from './harness';
import { Child, freePort, ROOT } from '../support/processes';
import { clientTenant, materialOf, ok, operatorUser, type Page } from './productSetup';

const DATABASE_URL = process.env.DATABASE_URL;
const CHILD = path.join(ROOT, 'tests/api/crash-child.ts');

/** Codes per package: about 2.5-5 s of INSERTs on a loaded 2-core machine (a wide window for the kill; 200,000 until stop 42). */
const QUANTITY = 100_000;
/** codeGeneration.batchSize in the servers: 100 INSERT batches inside the one transaction. */
const BATCH_SIZE = 1000;
const LEASE_SECONDS = 2;
/** Longest wait for a job to end after a restart (the server's start, the lease, a full run, on a loaded machine). */
const END_WITHIN_MS = 120_000;
/** Longest wait for a started server to be in the middle of its job (its start included). */
const MID_JOB_WITHIN_MS = 90_000;
const TEST_TIMEOUT_MS = 240_000;
/** The third test starts four servers one after the other (about 10-30 s each on a loaded 2-core machine). */
const LONG_TEST_TIMEOUT_MS = 360_000;

/** The export's columns: every column once (keyword empty: no keyword settings). */
const EXPORT_COLUMNS = [
  'seq', 'code', 'keyword', 'packageId', 'packageType', 'codeType', 'materialNo', 'materialName', 'productName',
  'clientCode', 'clientName', 'createdAt',
];

const T0 = Date.now();
/** CRASH_DEBUG: what happens when, on stderr. */
const note = (what: string) => { if (process.env.CRASH_DEBUG) process.stderr.write(`[crash.test +${((Date.now() - T0) / 1000).toFixed(1)} s] ${what}\n`); };

const statusName = (s: number) => Object.entries(ReportExportStatus).find(([, v]) => v === s)?.[0] ?? String(s);

/** One run of the real server (server/main.ts through crash-child.ts) in a process of its own. */
class ServerProcess extends Child {
  /** Its connections' application_name (PGAPPNAME): pg_stat_activity tells which server a backend serves. */
  readonly appName = `oioc-crash-${crypto.randomBytes(4).toString('hex')}`;

  constructor(label: string, env: NodeJS.ProcessEnv) {
    super(`server '${label}'`, { keep: 20_000, echo: !!process.env.CRASH_DEBUG });
    // node itself (not `npx tsx`, which would run the server in a grandchild): the SIGKILL hits the server.
    this.run(process.execPath, ['--import', 'tsx', CHILD], { ...env, PGAPPNAME: this.appName });
  }

  /** SIGKILL: no handler runs, nothing is cleaned up. */
  async killNow(): Promise<void> {
    expect(this.alive, `the server died before the kill: ${this.describe()}`).toBe(true);
    const { signal } = await this.kill('SIGKILL');
    expect(signal).toBe('SIGKILL');
    note(`killed ${this.label} (SIGKILL)`);
  }

  /** The ordinary shutdown (SIGTERM: main.ts stops its worker and closes its pool), SIGKILL after 30 s. */
  async stop(): Promise<void> {
    await this.kill('SIGTERM');
  }
}

describe.skipIf(!DATABASE_URL)(
  DATABASE_URL
    ? 'A server killed with SIGKILL mid-job, then restarted [postgres]'
    : 'A server killed with SIGKILL mid-job (SKIPPED: needs DATABASE_URL, a PostgreSQL server; PGlite is one process)',
  () => {
    const h = new Harness('postgres');
    const servers: ServerProcess[] = [];
    let tmp = '';
    let filesDir = '';
    let databaseUrl = '';
    let admin: Awaited<ReturnType<typeof operatorUser>>;
    /** An app that serves the servers' files (the harness app's files folder does not exist). */
    let filesApp: FastifyInstance;

    beforeAll(async () => {
      await h.start();
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(h.db);
      const url = new URL(DATABASE_URL!);
      url.pathname = `/${rows[0].name}`;
      databaseUrl = url.toString();
      tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-crash-'));
      filesDir = path.join(tmp, 'files');
      filesApp = await h.appWith({ filesDir });
      admin = await operatorUser(h);
    });

    afterAll(async () => {
      for (const s of servers) if (s.alive) { s.child.kill('SIGKILL'); await s.exited; }
      await h.stop(); // drops the database WITH (FORCE)
      if (tmp) await fsp.rm(tmp, { recursive: true, force: true });
    });

    async function startServer(label: string): Promise<ServerProcess> {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: databaseUrl,
        JOB_WORKERS: '1',
        JOB_LEASE_SECONDS: String(LEASE_SECONDS),
        CRASH_CODE_BATCH_SIZE: String(BATCH_SIZE),
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATA_DIR: path.join(tmp, 'data'),
        FILES_DIR: filesDir,
        FILE_STORE: 'folder',
        STATIC_DIR: '/nonexistent/oioc-static',
        ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD,
        LOG_LEVEL: process.env.CRASH_DEBUG ? 'info' : 'warn',
      };
      const s = new ServerProcess(label, env);
      servers.push(s);
      note(`started server '${label}' (pid ${s.child.pid})`);
      return s;
    }

    /** Polls `probe` until it answers something truthy; fails with `what` (and the server's state) after `timeoutMs`. */
    async function waitFor<T>(what: () => Promise<string> | string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number, server?: ServerProcess): Promise<T> {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const v = await probe();
        if (v) return v;
        if (server && !server.alive) throw new Error(`${await what()}: the server ended first. ${server.describe()}`);
        if (Date.now() > end) throw new Error(`${await what()} (after ${Math.round(timeoutMs / 1000)} s)${server ? `. ${server.describe()}` : ''}`);
        await sleep(50);
      }
    }

    const jobRow = (id: number) => h.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const showJob = (j: Awaited<ReturnType<typeof jobRow>>) =>
      `job ${j.id}: ${statusName(j.status)}, progress ${j.progress}, attempts ${j.attempts}/${j.max_attempts}, locked_until ${j.locked_until?.toISOString() ?? null}, message ${JSON.stringify(j.message)}`;

    /** What every other connection sees of a package's codes (committed rows only). */
    async function codeStats(packageId: number) {
      const { rows } = await sql<{ n: string; codes: string; seqs: string; min: number | null; max: number | null }>`
        select count(*) as n, count(distinct code) as codes, count(distinct seq) as seqs, min(seq) as min, max(seq) as max
        from codes where package_id = ${packageId}`.execute(h.db);
      const r = rows[0];
      return { n: Number(r.n), codes: Number(r.codes), seqs: Number(r.seqs), min: r.min === null ? null : Number(r.min), max: r.max === null ? null : Number(r.max) };
    }

    /**
     * The servers (application_name) whose connection has an open transaction that writes into
     * codes (a RowExclusiveLock on the table, held until commit or rollback).
     */
    async function codeWriters(): Promise<string[]> {
      const { rows } = await sql<{ app: string }>`
        select distinct a.application_name as app from pg_locks l join pg_stat_activity a on a.pid = l.pid
        where l.locktype = 'relation' and l.relation = 'codes'::regclass and l.mode = 'RowExclusiveLock' and l.granted
          and l.database = (select oid from pg_database where datname = current_database())
          and l.pid <> pg_backend_pid()`.execute(h.db);
      return rows.map((r) => r.app);
    }

    /** After a kill PostgreSQL ends the dead client's backend and rolls its transaction back. */
    const writersGone = () => waitFor(async () => `the killed server's transaction is still open in PostgreSQL: ${(await codeWriters()).join(', ')}`, async () => (await codeWriters()).length === 0, 30_000);

    async function jobInfo(id: number): Promise<JobInfo> {
      const [info] = await ok<JobInfo[]>(h, 'GET', `Job?ids=${id}`, admin.token);
      return info;
    }

    const packageOf = (id: number) => ok<{ id: number; status: number; progress: number; failed: boolean; message: string | null; jobId: number }>(h, 'GET', `Code/package/${id}`, admin.token);

    /** Waits until a restarted server has ended the job (Completed or Error). */
    async function endOf(jobId: number, server: ServerProcess) {
      let last: Awaited<ReturnType<typeof jobRow>> | null = null;
      const done = await waitFor(
        () => `STUCK: ${last ? showJob(last) : `job ${jobId}`} has not ended after the restart`,
        async () => {
          last = await jobRow(jobId);
          return last.status === ReportExportStatus.Completed || last.status === ReportExportStatus.Error ? last : null;
        },
        END_WITHIN_MS, server,
      );
      note(`ended: ${showJob(done)}`);
      return done;
    }

    /** A new package of QUANTITY codes (its AddCodes job queued; nothing runs it in this process). */
    async function newPackage() {
      const client = await clientTenant(h);
      const material = await materialOf(h, admin.token, { clientId: client.id, codeFormat: 3, codeLength: 16 });
      const pkg = await ok<{ id: number; status: number; jobId: number }>(h, 'POST', 'Code/package', admin.token, {
        clientId: client.id, packagingMaterialId: material.id, type: 1, quantity: QUANTITY,
      });
      expect(pkg.status).toBe(CodePackageStatus.Init);
      expect(await jobRow(pkg.jobId)).toMatchObject({ status: ReportExportStatus.Preparing, attempts: 0, category: JobCategory.AddCodes });
      return pkg;
    }

    /**
     * Waits until attempt `attempt` of the generation job runs in `server` and is inserting
     * codes (that server's transaction holds a write lock on codes; no other connection sees a
     * code), with at least `minProgress` % of them inserted; then kills the server.
     */
    async function killMidGeneration(pkg: { id: number; jobId: number }, attempt: number, server: ServerProcess, minProgress = 0) {
      let last: Awaited<ReturnType<typeof jobRow>> | null = null;
      await waitFor(
        () => `attempt ${attempt} of the generation never got to inserting codes in ${server.label}: ${last ? showJob(last) : 'no row'}`,
        async () => {
          last = await jobRow(pkg.jobId);
          if (last.status === ReportExportStatus.Completed || last.status === ReportExportStatus.Error) {
            throw new Error(`the generation ended before it could be killed (make QUANTITY larger): ${showJob(last)}`);
          }
          if (last.status !== ReportExportStatus.Processing || last.attempts !== attempt || last.progress < minProgress) return false;
          return (await codeWriters()).includes(server.appName);
        },
        MID_JOB_WITHIN_MS, server,
      );
      note(`attempt ${attempt} is inserting codes in ${server.label}: ${showJob(last!)}`);
      // Mid-way: codes are in the open transaction, none committed.
      expect((await codeStats(pkg.id)).n, 'codes committed while the generation runs: it is not one transaction').toBe(0);
      await server.killNow();

      const after = await jobRow(pkg.jobId);
      expect(after.status, `the generation ended before the kill (make QUANTITY larger): ${showJob(after)}`).toBe(ReportExportStatus.Processing);
      expect(after.attempts).toBe(attempt);
      // None of the codes: the transaction never committed.
      expect(await codeStats(pkg.id), 'codes left by the killed generation').toEqual({ n: 0, codes: 0, seqs: 0, min: null, max: null });
      const row = await h.db.selectFrom('code_packages').select(['status', 'generated_at', 'failed']).where('id', '=', pkg.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: CodePackageStatus.Init, generated_at: null, failed: false });
      await writersGone();
      note('PostgreSQL rolled the killed transaction back');
      expect((await codeStats(pkg.id)).n, 'codes left by the killed generation').toBe(0);
      return after;
    }

    let generatedPackage: { id: number; jobId: number } | null = null;

    it('a generation killed mid-way leaves no code; after a restart the job is taken again and ends Completed with all codes', async () => {
      const pkg = await newPackage();
      // Killed once at least 10 % (10,000 codes) are in its open transaction.
      const killedAt = await killMidGeneration(pkg, 1, await startServer('generate-1 (killed)'), 10);
      expect(killedAt.lock_token).not.toBeNull(); // the dead worker still "holds" it until its lease runs out
      // The package still says it is generating (not failed): the job is not over.
      expect(await packageOf(pkg.id)).toMatchObject({ status: CodePackageStatus.Init, failed: false });

      const restarted = await startServer('generate-2 (restarted)');
      const done = await endOf(pkg.jobId, restarted);
      expect(done.status, showJob(done)).toBe(ReportExportStatus.Completed);
      expect(done).toMatchObject({ attempts: 2, progress: 100, lock_token: null });
      expect(done.result).toMatchObject({ packageId: pkg.id, generated: QUANTITY });
      // All of them: exactly quantity unique codes at positions 1..quantity.
      expect(await codeStats(pkg.id)).toEqual({ n: QUANTITY, codes: QUANTITY, seqs: QUANTITY, min: 1, max: QUANTITY });
      expect(await packageOf(pkg.id)).toMatchObject({ status: CodePackageStatus.Generated, progress: 100, failed: false, message: null });
      expect(await jobInfo(pkg.jobId)).toMatchObject({ status: ReportExportStatus.Completed, progress: 100, message: null });
      await restarted.stop();
      generatedPackage = pkg;
    }, TEST_TIMEOUT_MS);

    it('a code export killed while writing its file serves no file; after a restart it ends Completed with the whole file', async () => {
      expect(generatedPackage, 'needs the package generated by the previous test').not.toBeNull();
      const pkg = generatedPackage!;
      const amountBefore = (await ok<{ amount: number }>(h, 'GET', 'Report/exportReportAmount', admin.token)).amount;
      const queued = await ok<JobQueued>(h, 'POST', `Code/package/${pkg.id}/file`, admin.token, { format: 'csv', columns: EXPORT_COLUMNS });
      expect(queued.reportId).not.toBeNull();
      const reportId = queued.reportId!;
      const report = async () => (await ok<Page<ExportReportItem>>(h, 'GET', `Report/exportReport?functionType=${JobCategory.ExportCodes}&pageSize=100`, admin.token)).items.find((r) => r.id === reportId);
      const fileRoute = () => filesApp.inject({ method: 'GET', url: exportReportFileUrl(reportId), headers: { authorization: `Bearer ${admin.token}` } });

      /** Files in the store: [name, size], hidden temporary files (`.<key>.<random>.part`) included. */
      const storeFiles = async (): Promise<[string, number][]> => {
        const out: [string, number][] = [];
        for (const d of await fsp.readdir(filesDir).catch(() => [] as string[])) {
          for (const f of await fsp.readdir(path.join(filesDir, d))) out.push([f, (await fsp.stat(path.join(filesDir, d, f))).size]);
        }
        return out;
      };

      const server = await startServer('export-1 (killed)');
      let last: Awaited<ReturnType<typeof jobRow>> | null = null;
      await waitFor(
        () => `the export never got to writing its file: ${last ? showJob(last) : 'no row'}`,
        async () => {
          last = await jobRow(queued.id);
          if (last.status === ReportExportStatus.Completed || last.status === ReportExportStatus.Error) {
            throw new Error(`the export ended before it could be killed (make QUANTITY larger): ${showJob(last)}`);
          }
          if (last.status !== ReportExportStatus.Processing) return false;
          // Rows are in the file being written (the folder store's hidden temporary file; csv
          // rows reach it 1,000 at a time, the header with the first ones).
          return (await storeFiles()).some(([, size]) => size > 0);
        },
        MID_JOB_WITHIN_MS, server,
      );
      note(`the export is writing its file: ${showJob(last!)}`);
      await server.killNow();

      const killed = await jobRow(queued.id);
      expect(killed.status, `the export ended before the kill (make QUANTITY larger): ${showJob(killed)}`).toBe(ReportExportStatus.Processing);
      expect(killed.attempts).toBe(1);
      // No half file is served: the report has no file, its file route says "not finished", GET Job has no url.
      const stored = await h.db.selectFrom('export_reports').select(['status', 'file_key', 'file_url']).where('id', '=', reportId).executeTakeFirstOrThrow();
      expect(stored).toEqual({ status: ReportExportStatus.Processing, file_key: null, file_url: null });
      expect(await report()).toMatchObject({ status: ReportExportStatus.Processing, url: null });
      expectFailure(await fileRoute(), 400, ErrorCode.ReportNotFinished);
      expect((await jobInfo(queued.id)).data.Url).toBeNull();
      expect((await ok<{ amount: number }>(h, 'GET', 'Report/exportReportAmount', admin.token)).amount).toBe(amountBefore);
      // The killed write left at most the store's hidden temporary file, never a file under a key.
      expect((await storeFiles()).filter(([name]) => !name.startsWith('.')), 'a file of the killed export under a file key').toEqual([]);

      const restarted = await startServer('export-2 (restarted)');
      const done = await endOf(queued.id, restarted);
      expect(done.status, showJob(done)).toBe(ReportExportStatus.Completed);
      expect(done).toMatchObject({ attempts: 2, progress: 100 });
      // The report follows the job.
      const finished = await h.db.selectFrom('export_reports').selectAll().where('id', '=', reportId).executeTakeFirstOrThrow();
      expect(finished).toMatchObject({ status: ReportExportStatus.Completed, progress: 100, file_url: exportReportFileUrl(reportId) });
      expect(finished.file_key).toMatch(/^[0-9a-f]{32}\.csv$/);
      expect(await report()).toMatchObject({ status: ReportExportStatus.Completed, progress: 100, url: exportReportFileUrl(reportId) });
      expect((await jobInfo(queued.id)).data).toEqual({ Url: exportReportFileUrl(reportId), reportId, fileName: expect.stringMatching(/\.csv$/) });
      expect((await ok<{ amount: number }>(h, 'GET', 'Report/exportReportAmount', admin.token)).amount).toBe(amountBefore + 1);
      // The only file under a key is the finished one.
      expect((await storeFiles()).filter(([name]) => !name.startsWith('.')).map(([name]) => name)).toEqual([finished.file_key]);

      // The whole file: header, then every code in order, the same as the database's.
      const res = await fileRoute();
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines.pop()).toBe(''); // ends with a line break
      expect(lines).toHaveLength(QUANTITY + 1);
      expect(lines[0].split(',')).toHaveLength(EXPORT_COLUMNS.length);
      const codes = crypto.createHash('sha256');
      for (let i = 1; i <= QUANTITY; i++) {
        const cells = lines[i].split(',');
        if (cells.length !== EXPORT_COLUMNS.length || cells[0] !== String(i)) {
          expect.fail(`line ${i + 1} of the file is not row ${i} with ${EXPORT_COLUMNS.length} columns: ${lines[i]}`);
        }
        codes.update(`${cells[1]}\n`);
      }
      const { rows } = await sql<{ all: string }>`select string_agg(code || chr(10), '' order by seq) as all from codes where package_id = ${pkg.id}`.execute(h.db);
      expect(codes.digest('hex')).toBe(crypto.createHash('sha256').update(rows[0].all).digest('hex'));
      await restarted.stop();
    }, TEST_TIMEOUT_MS);

    it('a generation whose server is killed on every attempt ends in Error after a restart (never stuck), with no code', async () => {
      const pkg = await newPackage();
      const { max_attempts: maxAttempts } = await jobRow(pkg.jobId);
      expect(maxAttempts).toBeGreaterThanOrEqual(1);
      // Each restarted server takes the job again once the lease ran out, and is killed too.
      for (let attempt = 1; attempt <= maxAttempts; attempt++) {
        await killMidGeneration(pkg, attempt, await startServer(`lost-${attempt} (killed)`));
      }
      // No attempt left: the next server must end it, not run it and not leave it Processing.
      const restarted = await startServer('lost-last (restarted)');
      const done = await endOf(pkg.jobId, restarted);
      expect(done, showJob(done)).toMatchObject({ status: ReportExportStatus.Error, message: LOST_MESSAGE, attempts: maxAttempts, lock_token: null });
      expect(await codeStats(pkg.id)).toEqual({ n: 0, codes: 0, seqs: 0, min: null, max: null });
      expect(await packageOf(pkg.id)).toMatchObject({ status: CodePackageStatus.Init, failed: true, message: LOST_MESSAGE });
      expect(await jobInfo(pkg.jobId)).toMatchObject({ status: ReportExportStatus.Error, message: LOST_MESSAGE });
      // A failed package can be deleted.
      await ok(h, 'DELETE', `Code/package/${pkg.id}`, admin.token);
      await restarted.stop();
    }, LONG_TEST_TIMEOUT_MS);
  },
);

/**
 * The export-job machinery (server/jobs, modules/common/job.ts, modules/report/report.ts) on both
 * databases: queue -> progress -> Completed with a url; the file only for the tenant (and the
 * requester or menu 42); failures end in Error with a message; a job whose worker died is
 * taken again or ends in Error (never stuck); two workers never run the same job; csv cells
 * are neutralized; exportReportAmount counts a finished report until it is downloaded.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/domain/errors';
import { JobCategory, ReportExportStatus } from '../../src/domain/enums';
import type { ExportReportItem, JobInfo, JobQueued } from '../../src/domain/jobs';
import {
  claimJob, enqueueJob, LOST_MESSAGE, neutralizeCell, registerJobHandler, startJobWorker, writeExport,
  type JobWorker, type JobWorkerOptions,
} from '../../server/jobs/index';
import { completeJob, storeProgress } from '../../server/jobs/queue';
import { TEST_JOB_FAILURE } from '../../server/jobs/test-job';
import { FolderStore } from '../../server/storage/index';
import { describeApi, expectFailure, type Harness } from './harness';

/** Categories of this file's own handlers (not JobCategory values). */
const CAT_COUNTING = 9001;
const CAT_FLAKY = 9002;
const CAT_BLOCKING = 9003;
const CAT_LOST = 9004;

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describeApi('Jobs', (h: Harness) => {
  let dir: string;
  let app: FastifyInstance;
  let store: FolderStore;
  let token: string;
  let userId: number;
  let tenantId: number;
  const workers: JobWorker[] = [];

  const worker = (opts: Partial<JobWorkerOptions> = {}) => {
    const w = startJobWorker({ db: h.db, store, logger: process.env.JOB_DEBUG ? { info: (o, m) => console.log('INFO', m, o), warn: (o, m) => console.log('WARN', m, o), error: (o, m) => console.log('ERROR', m, o) } : undefined, pollMs: 30, leaseMs: 5_000, progressIntervalMs: 0, retryDelayMs: () => 20, ...opts });
    workers.push(w);
    return w;
  };
  const stopWorkers = async () => { await Promise.all(workers.splice(0).map((w) => w.stop())); };

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, t = token, body?: unknown) => h.call(method, url, { app, token: t, body });
  const jobs = async (ids: number[], t = token): Promise<JobInfo[]> => {
    const res = await call('GET', `Job?${ids.map((id) => `ids=${id}`).join('&')}`, t);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as JobInfo[];
  };
  const job = async (id: number) => (await jobs([id]))[0];
  const queueTest = async (query: string): Promise<JobQueued> => {
    const res = await call('POST', `Job?${query}`);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as JobQueued;
  };
  const finished = (id: number) => waitFor(`job ${id} to finish`, async () => {
    const j = await job(id);
    return j.status === ReportExportStatus.Completed || j.status === ReportExportStatus.Error ? j : null;
  });
  const amount = async (t = token) => (await call('GET', 'Report/exportReportAmount', t)).json().amount as number;
  const jobRow = (id: number) => h.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-jobs-'));
    app = await h.appWith({ filesDir: dir });
    store = new FolderStore(dir);
    const u = await h.signedInUser();
    token = u.token;
    userId = u.id;
    tenantId = await h.tenantId('demo');
  });
  afterEach(stopWorkers);
  afterAll(async () => {
    await stopWorkers();
    await fsp.rm(dir, { recursive: true, force: true });
  });

  it('queues a job (Preparing, progress 0), reports progress, then Completed with the file url', async () => {
    const queued = await queueTest('rows=40&delayMs=60');
    expect(queued).toEqual({ id: expect.any(Number), reportId: expect.any(Number) });
    const before = await job(queued.id);
    expect(before).toEqual({
      id: queued.id, category: JobCategory.Test, status: ReportExportStatus.Preparing, progress: 0, message: null,
      data: { Url: null, reportId: queued.reportId, fileName: null },
    });

    worker();
    const midway = await waitFor('progress', async () => {
      const j = await job(queued.id);
      return j.progress > 0 && j.progress < 100 ? j : null;
    });
    expect(midway.status).toBe(ReportExportStatus.Processing);
    expect(midway.data.Url).toBeNull();
    // The report follows the job.
    const report = await h.db.selectFrom('export_reports').selectAll().where('id', '=', queued.reportId!).executeTakeFirstOrThrow();
    expect(report.status).toBe(ReportExportStatus.Processing);
    expect(report.progress).toBeGreaterThan(0);

    const done = await finished(queued.id);
    expect(done).toMatchObject({ status: ReportExportStatus.Completed, progress: 100, message: null, data: { Url: `/v1/Report/exportReport/${queued.reportId}/file` } });
    // The progress card names the file the job wrote.
    expect(done.data.fileName).toMatch(/^test_.*\.csv$/);
    const row = await jobRow(queued.id);
    expect(row.attempts).toBe(1);
    expect(row.lock_token).toBeNull();

    const file = await app.inject({ method: 'GET', url: done.data.Url!, headers: { authorization: `Bearer ${token}` } });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="test_\d{14}\.csv"/);
    expect(file.headers['cache-control']).toBe('private, no-store');
    const lines = file.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('No,Text,Amount');
    expect(lines).toHaveLength(42); // header, 40 rows, the final line end
  });

  it('serves the file only inside the tenant, to the requester or a holder of menu 42; never under /files', async () => {
    worker();
    const queued = await queueTest('rows=3');
    const done = await finished(queued.id);
    const url = done.data.Url!;
    const get = (t?: string) => app.inject({ method: 'GET', url, headers: t ? { authorization: `Bearer ${t}` } : {} });

    expect((await get(token)).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(401);

    const other = await h.createTenant();
    const stranger = await h.signedInUser({ tenant: other.code });
    expectFailure(await get(stranger.token), 404, ErrorCode.NotFound);
    // Another tenant's job ids are left out of GET Job.
    expect(await jobs([queued.id], stranger.token)).toEqual([]);
    expectFailure(await call('PUT', `Report/exportReport/${queued.reportId}`, stranger.token, {}), 404, ErrorCode.NotFound);

    // The same tenant: a user with the download screen may; one without it, who did not ask, may not.
    const withMenu = await h.signedInUser();
    expect((await get(withMenu.token)).statusCode).toBe(200);
    const withoutMenu = await h.signedInUser({ functions: [1, 10] });
    expectFailure(await get(withoutMenu.token), 404, ErrorCode.NotFound);

    const report = await h.db.selectFrom('export_reports').select('file_key').where('id', '=', queued.reportId!).executeTakeFirstOrThrow();
    expect(report.file_key).toMatch(/^[0-9a-f]{32}\.csv$/);
    expect((await app.inject({ method: 'GET', url: `/files/${report.file_key}` })).statusCode).toBe(404);
  });

  it('neutralizes formula cells in csv (numbers stay numbers)', async () => {
    worker();
    const queued = await queueTest('rows=8');
    const done = await finished(queued.id);
    const file = await app.inject({ method: 'GET', url: done.data.Url!, headers: { authorization: `Bearer ${token}` } });
    const lines = file.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(1, 9)).toEqual([
      `1,'=1+1,1`,
      `2,"'+SUM(1,2)",2`,
      `3,'-2+3,3`,
      `4,'@cmd,4`,
      `5,"'=HYPERLINK(""http://example.com"",""x"")",5`,
      '6,row 6,6',
      '7,row 7,-7',
      '8,row 8,8',
    ]);
    expect(neutralizeCell('=cmd')).toBe(`'=cmd`);
    expect(neutralizeCell('\t=1')).toBe(`'\t=1`);
    expect(neutralizeCell('  +1')).toBe(`'  +1`);
    expect(neutralizeCell('\uFF1D1+1')).toBe(`'\uFF1D1+1`);
    expect(neutralizeCell('a=1')).toBe('a=1');
  });

  it('writes txt (tab separated) and xlsx too', async () => {
    worker();
    const txt = await queueTest('rows=3&format=txt');
    const xlsx = await queueTest('rows=3&format=xlsx');
    const [a, b] = [await finished(txt.id), await finished(xlsx.id)];
    const t = await app.inject({ method: 'GET', url: a.data.Url!, headers: { authorization: `Bearer ${token}` } });
    expect(t.headers['content-type']).toMatch(/^text\/plain/);
    expect(t.body.split('\r\n').slice(0, 2)).toEqual(['No\tText\tAmount', `1\t'=1+1\t1`]);
    const x = await app.inject({ method: 'GET', url: b.data.Url!, headers: { authorization: `Bearer ${token}` } });
    expect(x.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('a failing job ends in Error with its message, on the job and on the report, and keeps no file', async () => {
    worker();
    const queued = await queueTest('rows=10&fail=1');
    const done = await finished(queued.id);
    expect(done).toMatchObject({ status: ReportExportStatus.Error, message: TEST_JOB_FAILURE, data: { Url: null } });
    expect(done.progress).toBeLessThan(100);
    expect((await jobRow(queued.id)).attempts).toBe(1); // a JobFailure is not retried
    const list = await call('GET', 'Report/exportReport?status=4');
    const item = (list.json().items as ExportReportItem[]).find((i) => i.id === queued.reportId);
    expect(item).toMatchObject({ status: ReportExportStatus.Error, message: TEST_JOB_FAILURE, url: null, functionType: JobCategory.Test });
    const report = await h.db.selectFrom('export_reports').select(['file_key', 'file_url']).where('id', '=', queued.reportId!).executeTakeFirstOrThrow();
    expect(report).toEqual({ file_key: null, file_url: null });
    expectFailure(await app.inject({ method: 'GET', url: `/v1/Report/exportReport/${queued.reportId}/file`, headers: { authorization: `Bearer ${token}` } }), 400, ErrorCode.ReportNotFinished);
  });

  it('retries an unexpected error with back-off, then ends in Error after max attempts', async () => {
    let calls = 0;
    registerJobHandler(CAT_FLAKY, async (j) => {
      calls++;
      if ((j.payload as { failTimes: number }).failTimes >= j.attempts) throw new Error(`boom ${j.attempts}`);
      return { data: { ok: true } };
    });
    const recovers = await h.db.transaction().execute((trx) => enqueueJob(trx, { tenantId, userId, category: CAT_FLAKY, payload: { failTimes: 1 }, report: true }));
    const never = await h.db.transaction().execute((trx) => enqueueJob(trx, { tenantId, userId, category: CAT_FLAKY, payload: { failTimes: 99 }, maxAttempts: 2 }));
    worker();
    const a = await finished(recovers.jobId);
    expect(a.status).toBe(ReportExportStatus.Completed);
    expect(a.data.Url).toBeNull(); // no file written
    expect((await jobRow(recovers.jobId)).attempts).toBe(2);
    const b = await finished(never.jobId);
    expect(b.status).toBe(ReportExportStatus.Error);
    // Internal errors are logged, not shown.
    expect(b.message).toBe('The job failed after 2 attempt(s).');
    expect((await jobRow(never.jobId)).attempts).toBe(2);
    expect(calls).toBe(4);
  });

  it('a job whose worker died is taken again after its lease, and ends in Error when attempts run out: never stuck', async () => {
    // A worker claims two jobs and dies (never renews, never finishes).
    const retried = await queueTest('rows=5');
    const lastTry = await h.db.transaction().execute((trx) => enqueueJob(trx, { tenantId, userId, category: JobCategory.Test, payload: { rows: 5 }, report: true, maxAttempts: 1 }));
    const c1 = await claimJob(h.db, { leaseMs: 150 });
    const c2 = await claimJob(h.db, { leaseMs: 150 });
    expect([c1?.job.id, c2?.job.id].sort()).toEqual([retried.id, lastTry.jobId].sort());
    expect((await job(retried.id)).status).toBe(ReportExportStatus.Processing);
    // The dead attempt got a third of the way.
    expect(await storeProgress(h.db, c1!.job.id === retried.id ? c1! : c2!, 33)).toBe(true);
    // While the lease holds nobody else takes them.
    expect(await claimJob(h.db, { leaseMs: 150 })).toBeNull();

    await sleep(250);
    // Taken again, the job and its report start from 0 (not the dead attempt's 33).
    const again = await claimJob(h.db, { leaseMs: 60_000 });
    expect(again?.job.id).toBe(retried.id);
    expect((await jobRow(retried.id)).progress).toBe(0);
    const retriedReport = await h.db.selectFrom('export_reports').select('progress').where('id', '=', retried.reportId!).executeTakeFirstOrThrow();
    expect(retriedReport.progress).toBe(0);
    // That claim dies too (its lease is handed back so the worker below finishes the job).
    await h.db.updateTable('jobs').set({ locked_until: new Date(Date.now() - 1000) }).where('id', '=', retried.id).execute();
    worker();
    const a = await finished(retried.id);
    expect(a.status).toBe(ReportExportStatus.Completed);
    expect((await jobRow(retried.id)).attempts).toBe(3);
    const b = await finished(lastTry.jobId);
    expect(b).toMatchObject({ status: ReportExportStatus.Error, message: LOST_MESSAGE });
    const report = await h.db.selectFrom('export_reports').select(['status', 'message']).where('id', '=', lastTry.reportId!).executeTakeFirstOrThrow();
    expect(report).toEqual({ status: ReportExportStatus.Error, message: LOST_MESSAGE });

    // The dead claim's token no longer finishes anything (fencing).
    expect(await completeJob(h.db, c1!, { url: null, file: null })).toBe(false);
  });

  it('a worker that loses its lease stops its handler and records nothing', async () => {
    let sawAbort = false;
    registerJobHandler(CAT_LOST, async (_j, ctx) => {
      // Outlives the lease without heartbeats (heartbeatMs is long below).
      await sleep(300);
      try {
        await ctx.reportProgress(50);
      } catch {
        sawAbort = ctx.signal.aborted;
        throw new Error('aborted');
      }
      return { data: { first: true } };
    });
    const q = await h.db.transaction().execute((trx) => enqueueJob(trx, { tenantId, userId, category: CAT_LOST, payload: {} }));
    const slow = worker({ leaseMs: 100, heartbeatMs: 60_000 });
    await waitFor('the slow worker to start', async () => slow.running() === 1);
    // Its lease runs out; a second claim (another worker) takes the job.
    await sleep(150);
    const other = await claimJob(h.db, { leaseMs: 10_000 });
    expect(other?.job.id).toBe(q.jobId);
    await waitFor('the slow worker to give up', async () => slow.running() === 0);
    expect(sawAbort).toBe(true);
    const row = await jobRow(q.jobId);
    expect(row.status).toBe(ReportExportStatus.Processing);
    expect(row.lock_token).toBe(other!.token);
    expect(await completeJob(h.db, other!, { url: null, file: null })).toBe(true);
  });

  it('two workers never run the same job', async () => {
    const runs: number[] = [];
    registerJobHandler(CAT_COUNTING, async (j, ctx) => {
      runs.push(j.id);
      await sleep(20);
      await writeExport(ctx, { format: 'csv', columns: ['n'], rows: [{ n: j.id }] });
    });
    const ids = await h.db.transaction().execute(async (trx) => {
      const out: number[] = [];
      for (let i = 0; i < 12; i++) out.push((await enqueueJob(trx, { tenantId, userId, category: CAT_COUNTING, payload: {}, report: true })).jobId);
      return out;
    });
    worker({ concurrency: 2, name: 'a' });
    worker({ concurrency: 2, name: 'b' });
    for (const id of ids) expect((await finished(id)).status).toBe(ReportExportStatus.Completed);
    expect([...runs].sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));

    // Racing claims: each queued job is handed to one claimer only.
    await stopWorkers();
    const more = await h.db.transaction().execute(async (trx) => {
      const out: number[] = [];
      for (let i = 0; i < 3; i++) out.push((await enqueueJob(trx, { tenantId, userId, category: CAT_COUNTING, payload: {} })).jobId);
      return out;
    });
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimJob(h.db, { leaseMs: 10_000 })));
    const got = claims.filter((c) => c !== null).map((c) => c!.job.id).sort((x, y) => x - y);
    expect(got).toEqual(more);
    for (const c of claims) if (c) expect(await completeJob(h.db, c, { url: null, file: null })).toBe(true);
  });

  it('stop() hands running jobs back without counting the attempt; a new worker finishes them', async () => {
    let started = 0;
    registerJobHandler(CAT_BLOCKING, async (j, ctx) => {
      started++;
      // The first run blocks until aborted; the attempt is refunded, so the next run is attempt 1 again.
      expect(j.attempts).toBe(1);
      if (started === 1) await new Promise((_r, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
    });
    const q = await h.db.transaction().execute((trx) => enqueueJob(trx, { tenantId, userId, category: CAT_BLOCKING, payload: { block: true } }));
    const w = worker({ stopGraceMs: 50 });
    await waitFor('the job to start', async () => w.running() === 1);
    await w.stop();
    const row = await jobRow(q.jobId);
    expect(row.status).toBe(ReportExportStatus.Preparing);
    expect(row.attempts).toBe(0);
    worker();
    expect((await finished(q.jobId)).status).toBe(ReportExportStatus.Completed);
  });

  it('survives a restart: queued jobs stay in the database until a worker runs them', async () => {
    const queued = await queueTest('rows=2');
    // No worker now (the server is down); the job waits.
    await sleep(100);
    expect((await job(queued.id)).status).toBe(ReportExportStatus.Preparing);
    worker();
    expect((await finished(queued.id)).status).toBe(ReportExportStatus.Completed);
  });

  describe('export reports', () => {
    it('exportReportAmount counts a finished report until it is marked downloaded', async () => {
      worker();
      const start = await amount();
      const queued = await queueTest('rows=2&delayMs=200');
      // Not finished yet: marking it downloaded is 8001.
      expectFailure(await call('PUT', `Report/exportReport/${queued.reportId}`, token, {}), 400, ErrorCode.ReportNotFinished);
      await finished(queued.id);
      expect(await amount()).toBe(start + 1);
      const res = await call('PUT', `Report/exportReport/${queued.reportId}`, token, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: queued.reportId, downloaded: true, progress: 100, status: ReportExportStatus.Completed });
      expect(await amount()).toBe(start);
      // Without a body too; and back to not downloaded.
      expect((await h.call('PUT', `Report/exportReport/${queued.reportId}`, { app, token })).statusCode).toBe(200);
      expect((await call('PUT', `Report/exportReport/${queued.reportId}`, token, { downloaded: false })).json().downloaded).toBe(false);
      expect(await amount()).toBe(start + 1);
      await call('PUT', `Report/exportReport/${queued.reportId}`, token, { downloaded: true });
    });

    it('lists the tenant reports paged, sorted and filtered in the database', async () => {
      worker();
      const a = await queueTest('rows=1');
      const b = await queueTest('rows=1&fail=1');
      await finished(a.id);
      await finished(b.id);
      const res = await call('GET', 'Report/exportReport?pageSize=2');
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { items: ExportReportItem[]; total: number };
      expect(page.items).toHaveLength(2);
      expect(page.total).toBeGreaterThan(2);
      // Newest first by default.
      expect(page.items[0].id).toBe(b.reportId);
      expect(page.items[0]).toEqual({
        id: b.reportId, fileName: null, functionType: JobCategory.Test, status: ReportExportStatus.Error, progress: expect.any(Number),
        downloaded: false, url: null, message: TEST_JOB_FAILURE, createdAt: expect.any(String), expiresAt: expect.any(String),
      });
      expect(page.items[1]).toMatchObject({ id: a.reportId, status: ReportExportStatus.Completed, url: `/v1/Report/exportReport/${a.reportId}/file`, fileName: expect.stringMatching(/^test_\d{14}\.csv$/) });

      const errors = (await call('GET', 'Report/exportReport?status=4&pageSize=100')).json() as { items: ExportReportItem[] };
      expect(errors.items.every((i) => i.status === ReportExportStatus.Error)).toBe(true);
      const undownloaded = (await call('GET', 'Report/exportReport?downloaded=false&pageSize=100')).json() as { items: ExportReportItem[] };
      expect(undownloaded.items.every((i) => !i.downloaded)).toBe(true);
      const sorted = (await call('GET', 'Report/exportReport?sort=status&order=asc&pageSize=100')).json() as { items: ExportReportItem[] };
      const statuses = sorted.items.map((i) => i.status);
      expect(statuses).toEqual([...statuses].sort((x, y) => x - y));
      expectFailure(await call('GET', 'Report/exportReport?sort=progress'), 400, ErrorCode.BadRequest);

      // Another tenant sees none of them; menu 42 is needed for the list.
      const other = await h.createTenant();
      const stranger = await h.signedInUser({ tenant: other.code });
      const theirs = (await call('GET', 'Report/exportReport', stranger.token)).json() as { items: ExportReportItem[]; total: number };
      expect(theirs).toEqual({ items: [], total: 0 });
      const withoutMenu = await h.signedInUser({ functions: [1, 10] });
      expectFailure(await call('GET', 'Report/exportReport', withoutMenu.token), 403, ErrorCode.NotAllowed);
    });

    it('GET Job checks its parameters; POST Job caps rows', async () => {
      expectFailure(await call('GET', 'Job'), 400, ErrorCode.BadRequest);
      expectFailure(await call('GET', 'Job?ids=abc'), 400, ErrorCode.BadRequest);
      expect(await jobs([2_000_000_000])).toEqual([]);
      expectFailure(await call('POST', 'Job?rows=100001'), 400, ErrorCode.BadRequest);
      expect((await h.call('GET', 'Job?ids=1', { app })).statusCode).toBe(401);
    });
  });
});

/**
 * Report area routes over export_reports rows written straight in the database (the job side
 * is tests/api/jobs.test.ts): the list (paged, sorted, filtered, tenant only, menu 42), PUT
 * (downloaded; the requester or menu 42; 8001 while unfinished), the file route and
 * exportReportAmount.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '../../src/domain/errors';
import { JobCategory, ReportExportStatus } from '../../src/domain/enums';
import type { ExportReportItem } from '../../src/domain/jobs';
import { FolderStore, newFileKey } from '../../server/storage/index';
import { describeApi, expectFailure } from './harness';

describeApi('Report export reports', (h) => {
  let dir: string;
  let app: FastifyInstance;
  let tenantId: number;
  let owner: Awaited<ReturnType<typeof h.signedInUser>>;
  let viewer: Awaited<ReturnType<typeof h.signedInUser>>;
  let plain: Awaited<ReturnType<typeof h.signedInUser>>;
  let ids: { done: number; running: number; failed: number; downloaded: number; missingFile: number };

  const call = (method: 'GET' | 'PUT', url: string, token: string, body?: unknown) => h.call(method, url, { app, token, body });

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-report-'));
    app = await h.appWith({ filesDir: dir });
    // A tenant of its own, so the counts and lists hold only these rows.
    const t = await h.createTenant({ type: 2 });
    tenantId = t.id;
    // Owner asked for the exports but does not hold menu 42; viewer holds it; plain holds neither.
    owner = await h.signedInUser({ tenant: t.code, functions: [1, 10] });
    viewer = await h.signedInUser({ tenant: t.code, functions: [8, 42] });
    plain = await h.signedInUser({ tenant: t.code, functions: [1, 10] });
    const key = newFileKey('csv');
    await new FolderStore(dir).put(key, Buffer.from('a,b\r\n'), { type: 'text/csv' });
    const insert = async (v: { status: number; progress: number; downloaded?: boolean; fileKey?: string | null; name?: string; type?: number; message?: string }) => {
      const row = await h.db.insertInto('export_reports').values({
        tenant_id: tenantId, user_id: owner.id, function_type: v.type ?? JobCategory.ExportPackages, progress: v.progress, status: v.status,
        downloaded: v.downloaded ?? false, file_key: v.fileKey ?? null, file_name: v.name ?? null, message: v.message ?? null,
      }).returning('id').executeTakeFirstOrThrow();
      if (v.status === ReportExportStatus.Completed) {
        await h.db.updateTable('export_reports').set({ file_url: `/v1/Report/exportReport/${row.id}/file` }).where('id', '=', row.id).execute();
      }
      return row.id;
    };
    ids = {
      done: await insert({ status: ReportExportStatus.Completed, progress: 100, fileKey: key, name: 'Bravo.csv' }),
      running: await insert({ status: ReportExportStatus.Processing, progress: 40, type: JobCategory.ExportCodes }),
      failed: await insert({ status: ReportExportStatus.Error, progress: 10, message: 'Nothing to export.', name: 'alpha.csv' }),
      downloaded: await insert({ status: ReportExportStatus.Completed, progress: 100, downloaded: true, fileKey: key, name: 'charlie.csv' }),
      missingFile: await insert({ status: ReportExportStatus.Completed, progress: 100, fileKey: newFileKey('csv'), name: 'delta.csv' }),
    };
  });
  afterAll(() => fsp.rm(dir, { recursive: true, force: true }));

  it('lists the tenant reports for menu 42, newest first, sorted and filtered', async () => {
    expectFailure(await call('GET', 'Report/exportReport', owner.token), 403, ErrorCode.NotAllowed);
    const res = await call('GET', 'Report/exportReport', viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: ExportReportItem[]; total: number };
    expect(page.total).toBe(5);
    expect(page.items.map((i) => i.id)).toEqual([ids.missingFile, ids.downloaded, ids.failed, ids.running, ids.done]);
    expect(page.items.find((i) => i.id === ids.done)).toEqual({
      id: ids.done, fileName: 'Bravo.csv', functionType: JobCategory.ExportPackages, status: ReportExportStatus.Completed, progress: 100,
      downloaded: false, url: `/v1/Report/exportReport/${ids.done}/file`, message: null, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(page.items.find((i) => i.id === ids.failed)).toMatchObject({ url: null, message: 'Nothing to export.' });

    const byName = (await call('GET', 'Report/exportReport?sort=fileName&order=asc', viewer.token)).json() as { items: ExportReportItem[] };
    expect(byName.items.map((i) => i.fileName)).toEqual([null, 'alpha.csv', 'Bravo.csv', 'charlie.csv', 'delta.csv']);
    const paged = (await call('GET', 'Report/exportReport?pageSize=2&page=3', viewer.token)).json() as { items: ExportReportItem[]; total: number };
    expect(paged).toMatchObject({ total: 5 });
    expect(paged.items.map((i) => i.id)).toEqual([ids.done]);
    const codes = (await call('GET', `Report/exportReport?functionType=${JobCategory.ExportCodes}`, viewer.token)).json() as { items: ExportReportItem[] };
    expect(codes.items.map((i) => i.id)).toEqual([ids.running]);
    const pending = (await call('GET', 'Report/exportReport?downloaded=false&status=3', viewer.token)).json() as { items: ExportReportItem[] };
    expect(pending.items.map((i) => i.id)).toEqual([ids.missingFile, ids.done]);
    expectFailure(await call('GET', 'Report/exportReport?status=9', viewer.token), 400, ErrorCode.BadRequest);
  });

  it('exportReportAmount counts finished, not downloaded reports until PUT marks them', async () => {
    const amount = async () => (await call('GET', 'Report/exportReportAmount', viewer.token)).json().amount as number;
    expect(await amount()).toBe(2);
    // The requester may mark it (no menu 42 needed); others of the tenant without menu 42 may not.
    expectFailure(await call('PUT', `Report/exportReport/${ids.done}`, plain.token, {}), 404, ErrorCode.NotFound);
    const res = await call('PUT', `Report/exportReport/${ids.done}`, owner.token, { downloaded: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.done, downloaded: true });
    expect(await amount()).toBe(1);
    expect((await call('PUT', `Report/exportReport/${ids.missingFile}`, viewer.token)).statusCode).toBe(200);
    expect(await amount()).toBe(0);
    expectFailure(await call('PUT', `Report/exportReport/${ids.running}`, owner.token, {}), 400, ErrorCode.ReportNotFinished);
    expectFailure(await call('PUT', `Report/exportReport/${ids.done}`, owner.token, { downloaded: 'yes' }), 400, ErrorCode.BadRequest);
    expectFailure(await call('PUT', 'Report/exportReport/0', owner.token, {}), 400, ErrorCode.BadRequest);
    // Another tenant: 404.
    const stranger = await h.signedInUser();
    expectFailure(await call('PUT', `Report/exportReport/${ids.done}`, stranger.token, {}), 404, ErrorCode.NotFound);
  });

  it('serves the file as an attachment, 8001 while unfinished, 404 when its bytes are gone', async () => {
    const file = await call('GET', `Report/exportReport/${ids.done}/file`, owner.token);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toBe('a,b\r\n');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Bravo.csv"; filename*=UTF-8''Bravo.csv`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await call('GET', `Report/exportReport/${ids.done}/file`, viewer.token)).statusCode).toBe(200);
    expectFailure(await call('GET', `Report/exportReport/${ids.done}/file`, plain.token), 404, ErrorCode.NotFound);
    expectFailure(await call('GET', `Report/exportReport/${ids.running}/file`, owner.token), 400, ErrorCode.ReportNotFinished);
    expectFailure(await call('GET', `Report/exportReport/${ids.failed}/file`, owner.token), 400, ErrorCode.ReportNotFinished);
    expectFailure(await call('GET', `Report/exportReport/${ids.missingFile}/file`, owner.token), 404, ErrorCode.NotFound);
  });

  it('ReportSetting answers the export settings for menu 42, in the caller\'s zone', async () => {
    expectFailure(await call('GET', 'Report/ReportSetting', owner.token), 403, ErrorCode.NotAllowed);
    const res = await h.call('GET', 'Report/ReportSetting', { app, token: viewer.token, headers: { 'x-time-zone': 'Europe/Paris' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ formats: ['csv', 'xlsx', 'txt'], defaultFormat: 'csv', timeZone: 'Europe/Paris', jobPollMs: 2000, amountArgument: 500, amountMax: 10000 });
    const fallback = await h.call('GET', 'Report/ReportSetting', { app, token: viewer.token, headers: { 'x-time-zone': 'Mars/Olympus' } });
    expect((fallback.json() as { timeZone: string }).timeZone).toBe('Asia/Taipei');
  });
});

/**
 * Code packages (menu 25) on both databases: keyword settings 4101-4105, the generation job
 * (AddCodes: unique, unguessable codes of the material's format and length, all or nothing,
 * collisions regenerated, progress and status), the code export job (ExportCodes: streamed
 * csv/txt with the chosen columns, at most 30), deletion rules, the role's client scope and
 * tenant isolation.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { CodePackageStatus, JobCategory, ReportExportStatus } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { JobFailure } from '../../server/jobs/index';
import { codeGeneration, randomCodes } from '../../server/services/codes';
import { describeApi, expectFailure, uniqueAccount } from './harness';
import { clientTenant, exportedFile, jobDone, jobWorker, materialOf, ok, operatorUser, type Page } from './productSetup';

interface CodePackage {
  id: number; clientId: number; packagingMaterialId: number; materialNo: string; type: number; codeType: number; quantity: number;
  status: number; progress: number; failed: boolean; keywords?: string[] | null; keywordInterval?: number | null; message?: string | null;
  jobId?: number | null; codeFormat?: number; codeLength?: number; generatedAt?: string | null;
}

const DEFAULTS = { ...codeGeneration };

describeApi('Code packages: Code/package', (h) => {
  let jobs: Awaited<ReturnType<typeof jobWorker>>;
  let admin: Awaited<ReturnType<typeof operatorUser>>;
  beforeAll(async () => {
    jobs = await jobWorker(h);
    admin = await operatorUser(h);
  });
  afterAll(async () => { await jobs?.stop(); });
  afterEach(() => { Object.assign(codeGeneration, DEFAULTS); });

  const codesOf = async (packageId: number) =>
    (await h.db.selectFrom('codes').select(['seq', 'code']).where('package_id', '=', packageId).orderBy('seq').execute());

  /** A package of a new material (format, length) for a new client; waits for its job. */
  async function generated(spec: { quantity: number; codeFormat?: number; codeLength?: number; keywords?: string[]; keywordInterval?: number; clientId?: number }, wait = true) {
    const clientId = spec.clientId ?? (await clientTenant(h)).id;
    const material = await materialOf(h, admin.token, { clientId, codeFormat: spec.codeFormat ?? 3, codeLength: spec.codeLength ?? 16 });
    const body: Record<string, unknown> = { clientId, packagingMaterialId: material.id, type: 1, quantity: spec.quantity };
    if (spec.keywords) body.keywords = spec.keywords;
    if (spec.keywordInterval !== undefined) body.keywordInterval = spec.keywordInterval;
    const pkg = await ok<CodePackage>(h, 'POST', 'Code/package', admin.token, body);
    if (wait) await jobDone(h, pkg.jobId!);
    return { pkg, material, clientId };
  }

  it('generates 1,000 unique codes of the material\'s format and length, then shows the package Generated', async () => {
    codeGeneration.batchSize = 300;
    const { pkg, material } = await generated({ quantity: 1000, codeFormat: 3, codeLength: 16 }, false);
    expect(pkg).toMatchObject({ status: CodePackageStatus.Init, quantity: 1000, codeType: 2, codeFormat: 3, codeLength: 16, failed: false, materialNo: material.no });
    const job = await jobDone(h, pkg.jobId!);
    expect(job).toMatchObject({ status: ReportExportStatus.Completed, category: JobCategory.AddCodes, progress: 100, report_id: null });

    const codes = await codesOf(pkg.id);
    expect(codes).toHaveLength(1000);
    expect(codes.map((c) => c.seq)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(new Set(codes.map((c) => c.code)).size).toBe(1000);
    expect(codes.every((c) => /^[0-9A-Z]{16}$/.test(c.code))).toBe(true);
    // Both character kinds of the format occur (a uniform draw over 36 characters).
    expect(codes.some((c) => /[A-Z]/.test(c.code)) && codes.some((c) => /[0-9]/.test(c.code))).toBe(true);

    const shown = await ok<CodePackage>(h, 'GET', `Code/package/${pkg.id}`, admin.token);
    expect(shown).toMatchObject({ status: CodePackageStatus.Generated, progress: 100, failed: false, message: null });
    expect(Date.parse(shown.generatedAt!)).not.toBeNaN();
    const list = await ok<Page<CodePackage>>(h, 'GET', `Code/package?clientId=${pkg.clientId}`, admin.token);
    expect(list.items).toEqual([expect.objectContaining({ id: pkg.id, status: 2, progress: 100, failed: false })]);
    expect((await ok<Page<CodePackage>>(h, 'GET', `Code/package?clientId=${pkg.clientId}&status=1`, admin.token)).total).toBe(0);

    // Lowercase only, 8 characters.
    const lower = await generated({ quantity: 50, codeFormat: 4, codeLength: 8 });
    expect((await codesOf(lower.pkg.id)).every((c) => /^[a-z]{8}$/.test(c.code))).toBe(true);
  });

  it('shows the progress of a package while it is generating (PGlite too: batches commit, requests get the connection between them)', async () => {
    codeGeneration.batchSize = 200;
    let packageId = 0;
    const seen: { status: number; progress: number; failed: boolean }[] = [];
    codeGeneration.afterBatch = async (batch) => {
      if (batch !== 3 || !packageId) return;
      const end = Date.now() + 10_000;
      for (;;) {
        const p = await ok<CodePackage>(h, 'GET', `Code/package/${packageId}`, admin.token);
        if (p.progress > 0 || Date.now() > end) { seen.push({ status: p.status, progress: p.progress, failed: p.failed }); break; }
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const client = await clientTenant(h);
    const material = await materialOf(h, admin.token, { clientId: client.id });
    const pkg = await ok<CodePackage>(h, 'POST', 'Code/package', admin.token, { clientId: client.id, packagingMaterialId: material.id, type: 1, quantity: 1000 });
    packageId = pkg.id;
    await jobDone(h, pkg.jobId!);
    expect(seen).toHaveLength(1);
    expect(seen[0].status).toBe(CodePackageStatus.Init);
    expect(seen[0].failed).toBe(false);
    expect(seen[0].progress).toBeGreaterThan(0);
    expect(seen[0].progress).toBeLessThan(100);
    expect(await ok(h, 'GET', `Code/package/${pkg.id}`, admin.token)).toMatchObject({ status: 2, progress: 100 });
  });

  it('keeps no code when the generation fails half-way: the package is not Generated and says it failed', async () => {
    codeGeneration.batchSize = 300;
    codeGeneration.afterBatch = (batch) => { if (batch === 2) throw new JobFailure('Forced failure after 600 codes.'); };
    const { pkg } = await generated({ quantity: 1000 }, false);
    const job = await jobDone(h, pkg.jobId!);
    expect(job).toMatchObject({ status: ReportExportStatus.Error, message: 'Forced failure after 600 codes.' });
    expect(await codesOf(pkg.id)).toEqual([]);
    const shown = await ok<CodePackage>(h, 'GET', `Code/package/${pkg.id}`, admin.token);
    expect(shown).toMatchObject({ status: CodePackageStatus.Init, failed: true, message: 'Forced failure after 600 codes.' });
    expect((await ok<Page<CodePackage>>(h, 'GET', `Code/package?clientId=${pkg.clientId}`, admin.token)).items[0]).toMatchObject({ status: 1, failed: true });
    // No export of a package without codes; it can be deleted.
    expectFailure(await h.call('POST', 'Code/package/file', { token: admin.token, body: { id: pkg.id, format: 'csv', columns: ['code'] } }), 400, ErrorCode.NotAllowed);
    await ok(h, 'DELETE', `Code/package/${pkg.id}`, admin.token);
    expectFailure(await h.call('GET', `Code/package/${pkg.id}`, { token: admin.token }), 404, 2);
  });

  it('on PGlite commits batch by batch yet shows the codes all at once: invisible until Generated, a retry resumes, the sweep deletes what a dead worker left', async () => {
    if (h.backend !== 'pglite') return; // PostgreSQL generates in one transaction (crash.test.ts)
    codeGeneration.batchSize = 200;
    let packageId = 0;
    const midway: { stored: number; exportStatus: number; listed: number; status: number }[] = [];
    let failOnce = true;
    codeGeneration.afterBatch = async (batch) => {
      if (batch !== 2 || !packageId || !failOnce) return;
      failOnce = false;
      // 400 codes committed: nobody sees them.
      const stored = (await codesOf(packageId)).length;
      const exportTry = await h.call('POST', `Code/package/${packageId}/file`, { token: admin.token });
      const listed = (await ok<Page<CodePackage>>(h, 'GET', `Code/package?status=${CodePackageStatus.Generated}&pageSize=100`, admin.token)).items.filter((p) => p.id === packageId).length;
      const p = await ok<CodePackage>(h, 'GET', `Code/package/${packageId}`, admin.token);
      midway.push({ stored, exportStatus: exportTry.statusCode, listed, status: p.status });
      throw new Error('a transient failure'); // retried: the next attempt resumes at 401
    };
    const client = await clientTenant(h);
    const material = await materialOf(h, admin.token, { clientId: client.id });
    const pkg = await ok<CodePackage>(h, 'POST', 'Code/package', admin.token, { clientId: client.id, packagingMaterialId: material.id, type: 1, quantity: 1000 });
    packageId = pkg.id;
    const job = await jobDone(h, pkg.jobId!);
    expect(midway).toEqual([{ stored: 400, exportStatus: 400, listed: 0, status: CodePackageStatus.Init }]);
    expect(job).toMatchObject({ status: ReportExportStatus.Completed, attempts: 2 });
    const codes = await codesOf(pkg.id);
    expect(codes.map((c) => c.seq)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(new Set(codes.map((c) => c.code)).size).toBe(1000);

    // A worker that died on the last attempt after committing batches: the sweep ends the job and deletes them.
    codeGeneration.afterBatch = null;
    await h.db.updateTable('code_packages').set({ status: CodePackageStatus.Init, generated_at: null }).where('id', '=', pkg.id).execute();
    await h.db.updateTable('jobs').set({ status: ReportExportStatus.Processing, attempts: 3, max_attempts: 3, lock_token: 'dead', locked_until: new Date(Date.now() - 1000) })
      .where('id', '=', pkg.jobId!).execute();
    jobs.worker.wake();
    const swept = await jobDone(h, pkg.jobId!);
    expect(swept.status).toBe(ReportExportStatus.Error);
    await jobs.worker.idle();
    expect(await codesOf(pkg.id)).toEqual([]);
    expect(await ok(h, 'GET', `Code/package/${pkg.id}`, admin.token)).toMatchObject({ status: CodePackageStatus.Init, failed: true });
  });

  it('regenerates exactly the codes that collide with codes of other packages', async () => {
    const first = await generated({ quantity: 400, codeFormat: 1, codeLength: 10 });
    const taken = (await codesOf(first.pkg.id)).map((c) => c.code);
    let calls = 0;
    // The first draw repeats 150 codes of the first package (and one of its own); later draws are random.
    codeGeneration.source = (n, alphabet, length) => {
      calls++;
      if (calls > 1) return randomCodes(n, alphabet, length);
      const fresh = randomCodes(n - 150, alphabet, length);
      return [...taken.slice(0, 150), ...fresh, fresh[0]];
    };
    const second = await generated({ quantity: 300, codeFormat: 1, codeLength: 10 }, false);
    const job = await jobDone(h, second.pkg.jobId!);
    expect(job.status, String(job.message)).toBe(ReportExportStatus.Completed);
    expect(job.result).toMatchObject({ packageId: second.pkg.id, generated: 300, regenerated: 150 });
    const codes = await codesOf(second.pkg.id);
    expect(codes).toHaveLength(300);
    expect(new Set(codes.map((c) => c.code)).size).toBe(300);
    const takenSet = new Set(taken);
    expect(codes.filter((c) => takenSet.has(c.code))).toEqual([]);
    expect(codes.every((c) => /^[0-9]{10}$/.test(c.code))).toBe(true);
    expect(await codesOf(first.pkg.id)).toHaveLength(400);
  });

  it('checks keyword settings: 4104, 4102, 4105, 4103, 4101, and keeps valid ones', async () => {
    const client = await clientTenant(h);
    const material = await materialOf(h, admin.token, { clientId: client.id });
    const post = (over: Record<string, unknown>) => h.call('POST', 'Code/package', {
      token: admin.token, body: { clientId: client.id, packagingMaterialId: material.id, type: 2, quantity: 100, ...over },
    });
    expectFailure(await post({ keywordInterval: 50 }), 400, ErrorCode.KeywordsMissing);
    expectFailure(await post({ keywords: [], keywordInterval: 50 }), 400, ErrorCode.KeywordsMissing);
    expectFailure(await post({ keywords: ['A', 'B'] }), 400, ErrorCode.KeywordIntervalMissing);
    expectFailure(await post({ keywords: Array.from({ length: 101 }, (_, i) => `K${i}`), keywordInterval: 1, quantity: 101 }), 400, ErrorCode.KeywordsOverLimit);
    expectFailure(await post({ keywords: ['A'], keywordInterval: 0 }), 400, ErrorCode.KeywordIntervalInvalid);
    expectFailure(await post({ keywords: ['A'], keywordInterval: 101 }), 400, ErrorCode.KeywordIntervalInvalid);
    expectFailure(await post({ keywords: ['A', 'B'], keywordInterval: 30 }), 400, ErrorCode.KeywordCountMismatch);
    expect(expectFailure(await post({ keywords: ['A'], keywordInterval: 1.5 }), 400, 1).data).toEqual({ keywordInterval: { key: 'integer' } });
    const count = await h.db.selectFrom('code_packages').select((eb) => eb.fn.countAll().as('n')).where('client_id', '=', client.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);

    const okPkg = await ok<CodePackage>(h, 'POST', 'Code/package', admin.token, {
      clientId: client.id, packagingMaterialId: material.id, type: 2, quantity: 100, keywords: [' Spring ', 'Summer'], keywordInterval: 50,
    });
    expect(okPkg).toMatchObject({ keywords: ['Spring', 'Summer'], keywordInterval: 50, type: 2 });
    expect(await ok(h, 'GET', 'Code/package/columns', admin.token)).toEqual(expect.arrayContaining([
      { value: 'keyword', names: { zh_TW: '關鍵字', zh_CN: '关键字', en: 'Keyword' } },
    ]));
    await jobDone(h, okPkg.jobId!);
  });

  it('checks the body: quantity 1 to 10,000,000 and within the unguessable limit, a managed client and its material', async () => {
    const client = await clientTenant(h);
    const other = await clientTenant(h);
    const digits8 = await materialOf(h, admin.token, { clientId: client.id, codeFormat: 1, codeLength: 8 });
    const foreign = await materialOf(h, admin.token, { clientId: other.id });
    const fields = async (over: Record<string, unknown>) => expectFailure(await h.call('POST', 'Code/package', {
      token: admin.token, body: { clientId: client.id, packagingMaterialId: digits8.id, type: 1, quantity: 10, ...over },
    }), 400, 1).data;
    expect(await fields({ quantity: 0 })).toEqual({ quantity: { key: 'min_value', params: { min: 1 } } });
    expect(await fields({ quantity: 10_000_001 })).toEqual({ quantity: { key: 'max_value', params: { max: 10_000_000 } } });
    expect(await fields({ type: 5 })).toEqual({ type: { key: 'oneOf' } });
    // 10^8 codes of 8 digits: at most 100,000 in a package (a guess hits at most 1 in 1,000).
    expect(await fields({ quantity: 100_001 })).toEqual({ quantity: { key: 'max_value', params: { max: 100_000 } } });
    expect(await fields({ packagingMaterialId: foreign.id })).toEqual({ packagingMaterialId: { key: 'oneOf' } });
    expect(await fields({ clientId: await h.tenantId('platform') })).toEqual({ clientId: { key: 'oneOf' } });
    expectFailure(await h.call('POST', 'Code/package', { token: admin.token, body: { id: 1, clientId: client.id, packagingMaterialId: digits8.id, type: 1, quantity: 1 } }), 403, 3);
  });

  it('exports exactly the package\'s codes with the chosen columns (csv general, txt dynamic), at most 30 columns', async () => {
    const { pkg, material, clientId } = await generated({ quantity: 1000, keywords: ['Spring', 'Summer'], keywordInterval: 500 });
    const codes = await codesOf(pkg.id);
    const client = await h.db.selectFrom('tenants').select('code').where('id', '=', clientId).executeTakeFirstOrThrow();

    const csv = await ok<{ id: number; reportId: number }>(h, 'POST', 'Code/package/file', admin.token, {
      id: pkg.id, format: 'csv', columns: ['seq', 'code', 'keyword', 'materialNo', 'clientCode', 'code'], printType: 'general', lang: 'en',
    });
    expect((await h.db.selectFrom('jobs').select('category').where('id', '=', csv.id).executeTakeFirstOrThrow()).category).toBe(JobCategory.ExportCodes);
    const file = await exportedFile(h, jobs.store, csv.id);
    expect(file.lines[0]).toBe('Serial no.,Code,Keyword,Material number,Client code,Code');
    expect(file.lines).toHaveLength(1001);
    expect(file.lines.slice(1)).toEqual(codes.map((c) => `${c.seq},${c.code},${c.seq <= 500 ? 'Spring' : 'Summer'},${material.no},${client.code},${c.code}`));
    expect(file.name).toMatch(/\.csv$/);

    const txt = await ok<{ id: number }>(h, 'POST', 'Code/package/file', admin.token, { id: pkg.id, format: 'txt', columns: ['code'], printType: 2 });
    const dynamic = await exportedFile(h, jobs.store, txt.id);
    expect(dynamic.lines).toEqual(codes.map((c) => c.code)); // no header for dynamic printing

    // The row action: everything optional (csv, serial number and code, general).
    const row = await ok<{ id: number }>(h, 'POST', `Code/package/${pkg.id}/file`, admin.token);
    const byRow = await exportedFile(h, jobs.store, row.id);
    expect(byRow.lines[0]).toBe('序號,碼');
    expect(byRow.lines[1]).toBe(`1,${codes[0].code}`);

    const bad = async (body: Record<string, unknown>) => expectFailure(await h.call('POST', 'Code/package/file', { token: admin.token, body: { id: pkg.id, format: 'csv', ...body } }), 400, 1).data;
    expect(await bad({ columns: Array.from({ length: 31 }, () => 'code') })).toEqual({ columns: { key: 'maxItems', params: { count: 30 } } });
    await ok(h, 'POST', 'Code/package/file', admin.token, { id: pkg.id, format: 'csv', columns: Array.from({ length: 30 }, () => 'code') });
    expect(await bad({ columns: ['code', 'password'] })).toHaveProperty(['columns.1']);
    expect(await bad({ columns: [] })).toEqual({ columns: { key: 'required' } });
    expect(await bad({ columns: ['code'], format: 'xlsx' })).toEqual({ format: { key: 'oneOf' } });
    expect(await bad({ columns: ['code'], printType: 'fancy' })).toEqual({ printType: { key: 'oneOf' } });
    expectFailure(await h.call('POST', 'Code/package/file', { token: admin.token, body: { id: 999_999, format: 'csv', columns: ['code'] } }), 404, 2);
    await jobs.worker.idle();
  });

  it('refuses to delete a package while it is generating (3), deletes it with its codes otherwise', async () => {
    const { pkg } = await generated({ quantity: 20 });
    expect(await codesOf(pkg.id)).toHaveLength(20);
    await ok(h, 'DELETE', `Code/package/${pkg.id}`, admin.token);
    expect(await codesOf(pkg.id)).toEqual([]);

    // A package whose job is still queued (due in an hour) is generating.
    const client = await clientTenant(h);
    const material = await materialOf(h, admin.token, { clientId: client.id });
    const tenantId = await h.tenantId('platform');
    const job = await h.db.insertInto('jobs').values({ tenant_id: tenantId, category: JobCategory.AddCodes, payload: '{}', run_after: new Date(Date.now() + 3_600_000) })
      .returning('id').executeTakeFirstOrThrow();
    const row = await h.db.insertInto('code_packages').values({
      tenant_id: tenantId, client_id: client.id, packaging_material_id: material.id, type: 1, code_type: 2, code_format: 3, code_length: 16, quantity: 5, job_id: job.id,
    }).returning('id').executeTakeFirstOrThrow();
    expect(await ok(h, 'GET', `Code/package/${row.id}`, admin.token)).toMatchObject({ status: 1, failed: false, progress: 0 });
    expectFailure(await h.call('DELETE', `Code/package/${row.id}`, { token: admin.token }), 400, ErrorCode.NotAllowed);
    expectFailure(await h.call('POST', `Code/package/${row.id}/file`, { token: admin.token }), 400, ErrorCode.NotAllowed);
    await h.db.updateTable('jobs').set({ status: ReportExportStatus.Error, message: 'Worker died' }).where('id', '=', job.id).execute();
    expect(await ok(h, 'GET', `Code/package/${row.id}`, admin.token)).toMatchObject({ status: 1, failed: true, message: 'Worker died' });
    await ok(h, 'DELETE', `Code/package/${row.id}`, admin.token);
  });

  it('counts the generating packages the caller may see (GET Code/package/generating: the list polls while above 0)', async () => {
    const a = await clientTenant(h);
    const b = await clientTenant(h);
    const limited = await operatorUser(h, { customers: [a.id] });
    const count = async (token: string) => (await ok<{ amount: number }>(h, 'GET', 'Code/package/generating', token)).amount;
    expect(await count(limited.token)).toBe(0);
    // Queued jobs (due in an hour): one package of a, one of b (outside the role), one of a that gave up.
    const tenantId = await h.tenantId('platform');
    const queued = async (clientId: number, failed = false) => {
      const material = await materialOf(h, admin.token, { clientId });
      const job = await h.db.insertInto('jobs').values({ tenant_id: tenantId, category: JobCategory.AddCodes, payload: '{}', run_after: new Date(Date.now() + 3_600_000) })
        .returning('id').executeTakeFirstOrThrow();
      await h.db.insertInto('code_packages').values({
        tenant_id: tenantId, client_id: clientId, packaging_material_id: material.id, type: 1, code_type: 2, code_format: 3, code_length: 16, quantity: 5, job_id: job.id, failed,
      }).execute();
      return job.id;
    };
    const jobA = await queued(a.id);
    await queued(b.id);
    await queued(a.id, true);
    expect(await count(limited.token)).toBe(1);
    expect(await count(admin.token)).toBeGreaterThanOrEqual(2);
    const otherOperator = await h.createTenant({ type: 1, code: uniqueAccount('op') });
    expect(await count((await operatorUser(h, { tenant: otherOperator.code })).token)).toBe(0);
    // Its job ended in Error (the worker died each time): no longer generating.
    await h.db.updateTable('jobs').set({ status: ReportExportStatus.Error }).where('id', '=', jobA).execute();
    expect(await count(limited.token)).toBe(0);
    await h.db.deleteFrom('code_packages').where('client_id', 'in', [a.id, b.id]).execute();
  });

  it('limits a General role to the packages of its customers', async () => {
    const a = await clientTenant(h);
    const b = await clientTenant(h);
    const pa = await generated({ quantity: 5, clientId: a.id });
    const pb = await generated({ quantity: 5, clientId: b.id });
    const limited = await operatorUser(h, { customers: [a.id] });
    const seen = await ok<Page<CodePackage>>(h, 'GET', 'Code/package?pageSize=100', limited.token);
    expect(seen.items.map((p) => p.id)).toEqual([pa.pkg.id]);
    expectFailure(await h.call('GET', `Code/package/${pb.pkg.id}`, { token: limited.token }), 404, 2);
    expectFailure(await h.call('DELETE', `Code/package/${pb.pkg.id}`, { token: limited.token }), 404, 2);
    expectFailure(await h.call('POST', 'Code/package/file', { token: limited.token, body: { id: pb.pkg.id, format: 'csv', columns: ['code'] } }), 404, 2);
    expect(expectFailure(await h.call('POST', 'Code/package', {
      token: limited.token, body: { clientId: b.id, packagingMaterialId: pb.material.id, type: 1, quantity: 1 },
    }), 400, 1).data).toEqual({ clientId: { key: 'oneOf' } });
    await ok(h, 'POST', 'Code/package/file', limited.token, { id: pa.pkg.id, format: 'csv', columns: ['code'] });
    expect(await ok(h, 'GET', `Code/package/${pb.pkg.id}`, admin.token)).toMatchObject({ status: 2 });
    await jobs.worker.idle();
  });

  it('keeps packages to their tenant: another tenant gets 404 and changes nothing; clients have no menu 25', async () => {
    const { pkg, material, clientId } = await generated({ quantity: 5 });
    const otherOperator = await h.createTenant({ type: 1, code: uniqueAccount('op') });
    const stranger = await operatorUser(h, { tenant: otherOperator.code });
    expect((await ok<Page<CodePackage>>(h, 'GET', 'Code/package', stranger.token)).total).toBe(0);
    expectFailure(await h.call('GET', `Code/package/${pkg.id}`, { token: stranger.token }), 404, 2);
    expectFailure(await h.call('DELETE', `Code/package/${pkg.id}`, { token: stranger.token }), 404, 2);
    expectFailure(await h.call('POST', 'Code/package/file', { token: stranger.token, body: { id: pkg.id, format: 'csv', columns: ['code'] } }), 404, 2);
    expectFailure(await h.call('POST', `Code/package/${pkg.id}/file`, { token: stranger.token }), 404, 2);
    expect(expectFailure(await h.call('POST', 'Code/package', {
      token: stranger.token, body: { clientId, packagingMaterialId: material.id, type: 1, quantity: 1 },
    }), 400, 1).data).toEqual({ packagingMaterialId: { key: 'oneOf' } });
    expect(await codesOf(pkg.id)).toHaveLength(5);
    const clientUser = await h.signedInUser({ tenant: (await h.db.selectFrom('tenants').select('code').where('id', '=', clientId).executeTakeFirstOrThrow()).code, functions: [4, 25] });
    expectFailure(await h.call('GET', 'Code/package', { token: clientUser.token }), 403, 3);
  });
});

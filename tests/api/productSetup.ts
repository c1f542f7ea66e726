/**
 * Fixtures of the product, packaging, brand and code-package API tests: operator users with
 * an Admin role or a General role limited to some clients, client tenants, the chain client
 * product -> category -> material, a job worker over a folder store, and reading the file an
 * export job wrote.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { ReportExportStatus, RoleType, TenantType } from '../../src/domain/enums';
import { json } from '../../server/db/schema';
import { startJobWorker, type JobWorker } from '../../server/jobs/index';
import { FolderStore } from '../../server/storage/index';
import { uniqueAccount, type Harness } from './harness';

export interface Page<T> { items: T[]; total: number }

/**
 * A signed-in user of the operator tenant. Default: an Admin-type role (manages every client);
 * `customers`: a General role managing only those clients.
 */
export async function operatorUser(h: Harness, opts: { customers?: number[]; functions?: number[]; tenant?: string } = {}) {
  const user = await h.signedInUser({ tenant: opts.tenant ?? 'platform', functions: opts.functions });
  await h.db.updateTable('roles')
    .set({ type: opts.customers ? RoleType.General : RoleType.Admin, customers: json(opts.customers ?? []) })
    .where('id', '=', user.roleId).execute();
  return user;
}

/** A client tenant straight in the database (names { en: code }). */
export async function clientTenant(h: Harness, functionFlags = 7) {
  return h.createTenant({ type: TenantType.Client, functionFlags });
}

export async function ok<T>(h: Harness, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown, status?: number): Promise<T> {
  const res = await h.call(method, url, { token, body });
  const want = status ?? (method === 'POST' ? 201 : method === 'DELETE' ? 204 : 200);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(want);
  return (res.body ? res.json() : undefined) as T;
}

export interface MaterialSpec {
  clientId: number;
  productId?: number;
  categoryId?: number;
  no?: string;
  name?: string;
  codeFormat?: number;
  codeLength?: number;
  relatedMaterialIds?: number[];
  codeType?: number;
}

export const productOf = (h: Harness, token: string, clientId: number, name = uniqueAccount('Product ')) =>
  ok<{ id: number }>(h, 'POST', 'Product/client', token, { clientId, name });

export const categoryOf = (h: Harness, token: string, name = uniqueAccount('Category ')) =>
  ok<{ id: number }>(h, 'POST', 'Product/packagingCategory', token, { name });

export const materialBody = (spec: MaterialSpec & { productId: number; categoryId: number }) => ({
  clientId: spec.clientId,
  productId: spec.productId,
  categoryId: spec.categoryId,
  name: spec.name ?? 'Bottle label',
  no: spec.no ?? uniqueAccount('NO-'),
  codeType: spec.codeType ?? 2,
  bindingSheetType: 1,
  codeFormat: spec.codeFormat ?? 3,
  codeLength: spec.codeLength ?? 16,
  ...(spec.relatedMaterialIds ? { relatedMaterialIds: spec.relatedMaterialIds } : {}),
});

/** A material of the client (with a product and a category of its own unless given). */
export async function materialOf(h: Harness, token: string, spec: MaterialSpec) {
  const productId = spec.productId ?? (await productOf(h, token, spec.clientId)).id;
  const categoryId = spec.categoryId ?? (await categoryOf(h, token)).id;
  const m = await ok<{ id: number; no: string; clientId: number; productId: number; categoryId: number }>(
    h, 'POST', 'Product/packaging', token, materialBody({ ...spec, productId, categoryId }),
  );
  return m;
}

/** A job worker over a fresh folder store; stop() it in afterAll. */
export async function jobWorker(h: Harness) {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-products-'));
  const store = new FolderStore(dir);
  const worker: JobWorker = startJobWorker({ db: h.db, store, pollMs: 25, leaseMs: 10_000, progressIntervalMs: 0, retryDelayMs: () => 20 });
  return {
    store,
    worker,
    async stop() {
      await worker.stop();
      await fsp.rm(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until the job is Completed or Error; answers its row. */
export async function jobDone(h: Harness, jobId: number, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const job = await h.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    if (job.status === ReportExportStatus.Completed || job.status === ReportExportStatus.Error) return job;
    if (Date.now() > end) throw new Error(`job ${jobId} did not finish: status ${job.status}`);
    await sleep(25);
  }
}

/** The text of the file an export job wrote (BOM removed) and its lines. */
export async function exportedFile(h: Harness, store: FolderStore, jobId: number) {
  const job = await jobDone(h, jobId);
  expect(job.status, String(job.message)).toBe(ReportExportStatus.Completed);
  const report = await h.db.selectFrom('export_reports').selectAll().where('id', '=', job.report_id!).executeTakeFirstOrThrow();
  const file = await store.get(report.file_key!);
  expect(file).not.toBeNull();
  const chunks: Buffer[] = [];
  for await (const c of file!.stream) chunks.push(Buffer.from(c as Buffer));
  const text = Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\r\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return { text, lines, name: report.file_name, report };
}

/**
 * Issue 25, nothing grows forever: the retention run removes old finished export reports with
 * their files, old finished job rows, ended sessions and long-expired one-time codes, keeps
 * everything else, runs once while another node holds its lock (PostgreSQL), and the export
 * report list says when each finished file expires.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import type { Page } from '../../src/domain/api';
import type { ExportReportItem } from '../../src/domain/jobs';
import { runRetention } from '../../server/ops/retention';
import { FolderStore } from '../../server/storage/index';
import { describeApi } from './harness';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

describeApi('Operations: retention', (h) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-retention-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const store = new FolderStore(dir);
  const settings = () => ({ exportRetentionDays: 7, jobRetentionDays: 30, otpRetentionHours: 24, sessionIdleMinutes: h.settings.sessionIdleMinutes });

  it('removes what is past its time, with the files, and keeps the rest', async () => {
    const user = await h.signedInUser({ tenant: 'demo' });
    const tenantId = await h.tenantId('demo');
    const put = async (name: string) => { await store.put(name, new TextEncoder().encode(`file ${name}`), { type: 'text/csv' }); return name; };
    const oldKey = await put('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1.csv');
    const newKey = await put('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa2.csv');
    const report = (status: number, created: Date, fileKey: string | null) => h.db.insertInto('export_reports').values({
      tenant_id: tenantId, user_id: user.id, function_type: 1, status, progress: status === 3 ? 100 : 10, file_key: fileKey, file_name: 'x.csv', created_at: created,
    } as never).returning('id').executeTakeFirstOrThrow().then((r) => r.id);
    const oldDone = await report(3, ago(10 * DAY), oldKey);
    const oldFailed = await report(4, ago(8 * DAY), null);
    const recentDone = await report(3, ago(DAY), newKey);
    const oldRunning = await report(2, ago(10 * DAY), null);

    const job = (status: number, finished: Date | null, created: Date) => h.db.insertInto('jobs').values({
      tenant_id: tenantId, user_id: user.id, category: 1, status, finished_at: finished, created_at: created,
    } as never).returning('id').executeTakeFirstOrThrow().then((r) => r.id);
    const oldJob = await job(3, ago(40 * DAY), ago(40 * DAY));
    const recentJob = await job(4, ago(DAY), ago(DAY));
    const oldQueued = await job(1, null, ago(40 * DAY));

    const session = (hash: string, lastSeen: Date, expires: Date) => h.db.insertInto('sessions').values({
      token_hash: hash, user_id: user.id, tenant_id: tenantId, created_at: ago(2 * DAY), last_seen_at: lastSeen, expires_at: expires,
    }).execute();
    await session('ret-expired', ago(60_000), ago(1000));
    await session('ret-idle', ago((h.settings.sessionIdleMinutes + 5) * 60_000), new Date(Date.now() + DAY));

    const otp = (phone: string, expires: Date) => h.db.insertInto('member_otps').values({
      tenant_id: tenantId, phone_country_code: '886', phone, purpose: 'join', code_hash: 'x', expires_at: expires, created_at: ago(2 * DAY),
    } as never).execute();
    await otp('900000001', ago(2 * DAY));
    await otp('900000002', ago(60_000));

    const r = await runRetention(h.db, store, settings());
    expect(r.ran).toBe(true);
    expect(r.exportReports).toBeGreaterThanOrEqual(2);
    expect(r.exportFiles).toBeGreaterThanOrEqual(1);

    const reportIds = (await h.db.selectFrom('export_reports').select('id').where('id', 'in', [oldDone, oldFailed, recentDone, oldRunning]).execute()).map((x) => x.id);
    expect(reportIds.sort()).toEqual([recentDone, oldRunning].sort());
    expect(await store.get(oldKey)).toBeNull();
    const kept = await store.get(newKey);
    expect(kept).not.toBeNull();
    kept!.stream.destroy();

    const jobIds = (await h.db.selectFrom('jobs').select('id').where('id', 'in', [oldJob, recentJob, oldQueued]).execute()).map((x) => x.id);
    expect(jobIds.sort()).toEqual([recentJob, oldQueued].sort());

    const hashes = (await h.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute()).map((x) => x.token_hash);
    expect(hashes).not.toContain('ret-expired');
    expect(hashes).not.toContain('ret-idle');
    expect(hashes.length).toBe(1); // the live session of signedInUser
    const me = await h.call('GET', 'system/menu/nested', { token: user.token });
    expect(me.statusCode).toBe(200);

    const phones = (await h.db.selectFrom('member_otps').select('phone').where('phone', 'in', ['900000001', '900000002']).execute()).map((x) => x.phone);
    expect(phones).toEqual(['900000002']);

    // The list says when the kept finished file goes: created + EXPORT_RETENTION_DAYS (7 in the tests' settings).
    const list = await h.call('GET', 'Report/exportReport?pageSize=100', { token: user.token });
    expect(list.statusCode, list.body).toBe(200);
    const items = (list.json() as Page<ExportReportItem>).items;
    const done = items.find((i) => i.id === recentDone)!;
    expect(new Date(done.expiresAt!).getTime() - new Date(done.createdAt).getTime()).toBe(h.settings.exportRetentionDays * DAY);
    expect(items.find((i) => i.id === oldRunning)!.expiresAt).toBeNull();

    // A second run finds nothing more.
    const again = await runRetention(h.db, store, settings());
    expect(again).toMatchObject({ ran: true, exportReports: 0, exportFiles: 0, jobs: 0, sessions: 0, otps: 0 });
  });

  it('skips the run while another node holds the lock (PostgreSQL: several connections)', async () => {
    if (h.backend !== 'postgres') return;
    const tenantId = await h.tenantId('demo');
    await h.db.insertInto('member_otps').values({
      tenant_id: tenantId, phone_country_code: '886', phone: '900000003', purpose: 'join', code_hash: 'x', expires_at: ago(3 * DAY), created_at: ago(3 * DAY),
    } as never).execute();
    await h.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(25250001)`.execute(trx);
      const r = await runRetention(h.db, store, settings());
      expect(r.ran).toBe(false);
    });
    expect((await runRetention(h.db, store, settings())).otps).toBe(1);
  });
});

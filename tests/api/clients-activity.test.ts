/**
 * SPEC 7 POST Report/ClientsActivity (issue 23): the operator's export of its clients'
 * activity, one row per client the caller manages (the client list's filters), with the codes
 * generated, scans, members and lotteries running in the chosen range; 403 code 3 for a client.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobCategory } from '../../src/domain/enums';
import { json } from '../../server/db/schema';
import { describeApi, expectFailure } from './harness';
import { generatedCodes, inDays } from './marketingSetup';
import { clientTenant, exportedFile, jobWorker, operatorUser } from './productSetup';

describeApi('Report/ClientsActivity', (h) => {
  let dir: string;
  let app: FastifyInstance;
  let worker: Awaited<ReturnType<typeof jobWorker>>;
  const call = (url: string, token: string, body?: unknown) => h.call('POST', url, { app, token, body });

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-clients-activity-'));
    app = await h.appWith({ filesDir: dir });
    worker = await jobWorker(h);
  });
  afterAll(async () => { await worker.stop(); await fsp.rm(dir, { recursive: true, force: true }); });

  describe('the export', () => {
    it('writes one row per client with its codes, scans, members and lotteries in the range', async () => {
      const busy = await clientTenant(h);
      const quiet = await clientTenant(h);
      const codes = await generatedCodes(h, busy.id, 3);
      const key = await h.db.selectFrom('codes').select(['package_id', 'seq']).where('code', '=', codes[0]).executeTakeFirstOrThrow();
      const scan = (at: string) => ({ tenant_id: busy.id, package_id: key.package_id, seq: key.seq, code: codes[0], source: 1, type: 2, scanned_at: at });
      // Two scans in the range, one long before it.
      await h.db.insertInto('scan_logs').values([scan(inDays(-1)), scan(inDays(-2)), scan(inDays(-400))]).execute();
      await h.db.insertInto('members').values([
        { tenant_id: busy.id, phone_country_code: '886', phone: '912345678' },
        { tenant_id: busy.id, phone_country_code: '886', phone: '912345679' },
      ]).execute();
      const lottery = (from: number, to: number, over: Record<string, unknown> = {}) => ({
        tenant_id: busy.id, template_id: null, game_type: 2, released: true, enable: true, qualification: json({}), core: json({}),
        starts_at: inDays(from), ends_at: inDays(to), timezone_id: 103, ...over,
      });
      // Running in the range: the first; the others ended before it, start after it, or are disabled.
      await h.db.insertInto('lotteries').values([lottery(-5, 5), lottery(-60, -40), lottery(30, 40), lottery(-5, 5, { enable: false })]).execute();

      const operator = await operatorUser(h);
      const body = { keyword: busy.code, format: 'csv', lang: 'en', from: inDays(-10), to: inDays(1) };
      const res = await call('Report/ClientsActivity', operator.token, body);
      expect(res.statusCode, res.body).toBe(201);
      const job = res.json() as { id: number };
      expect((await h.db.selectFrom('jobs').select('category').where('id', '=', job.id).executeTakeFirstOrThrow()).category).toBe(JobCategory.ExportClientsActivity);
      const file = await exportedFile(h, worker.store, job.id);
      expect(file.lines[0]).toBe('Client code,Client name,Codes generated,Scans,Members,Lotteries running');
      expect(file.lines.slice(1)).toEqual([`${busy.code},${busy.code},3,2,2,1`]);

      // Two clients, one row each, sorted by id; without a range every scan counts.
      const both = await call('Report/ClientsActivity', operator.token, { format: 'csv', lang: 'en' });
      const all = await exportedFile(h, worker.store, (both.json() as { id: number }).id);
      const rows = all.lines.slice(1);
      expect(rows.find((l) => l.startsWith(`${busy.code},`))).toBe(`${busy.code},${busy.code},3,3,2,2`);
      expect(rows.find((l) => l.startsWith(`${quiet.code},`))).toBe(`${quiet.code},${quiet.code},0,0,0,0`);
      expect(rows.filter((l) => l.startsWith(`${busy.code},`))).toHaveLength(1);

      // A General role managing only the quiet client: only its row.
      const limited = await operatorUser(h, { customers: [quiet.id] });
      const mine = await call('Report/ClientsActivity', limited.token, { format: 'csv', lang: 'en' });
      const only = await exportedFile(h, worker.store, (mine.json() as { id: number }).id);
      expect(only.lines.slice(1)).toEqual([`${quiet.code},${quiet.code},0,0,0,0`]);
    });
  });

  it('refuses a client caller (403 code 3) and bad input (400 code 1)', async () => {
    const client = await clientTenant(h);
    const clientUser = await h.signedInUser({ tenant: client.code });
    expectFailure(await call('Report/ClientsActivity', clientUser.token, { format: 'csv' }), 403, 3);
    const operator = await operatorUser(h);
    expectFailure(await call('Report/ClientsActivity', operator.token, { format: 'pdf' }), 400, 1);
    expectFailure(await call('Report/ClientsActivity', operator.token, { from: 'yesterday' }), 400, 1);
    expectFailure(await call('Report/ClientsActivity', operator.token, { from: inDays(1), to: inDays(-1) }), 400, 1);
    expectFailure(await call('Report/ClientsActivity', operator.token, [1, 2]), 400, 1);
  });
});

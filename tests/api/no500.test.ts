/**
 * Issue 23, no 500: a multipart body cut short in the middle of a file on every multipart
 * route, CSV files with a NUL byte or bytes that are not UTF-8 (member order import, lottery
 * serial import), a time zone Node knows and the database does not. Each is the client's
 * fault: 4xx with the `{ code, message }` envelope, and nothing stored.
 */
import { beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '../../src/domain/errors';
import { png } from '../support/png';
import { describeApi, expectFailure } from './harness';
import { generatedCodes, marketingClient, type Client } from './marketingSetup';
import { logisticsClient, releaseEverything } from './logisticsSetup';
import { importCsv, memberClient, type MemberClient } from './memberOrderSetup';

const BOUNDARY = 'cutcutcut';
const LOTTERY_FUNCTIONS = [2, 19, 6, 31, 32, 33, 34, 35, 36, 48, 49, 51];

/** Text fields, then a file part that stops halfway through its bytes (no closing boundary). */
function cutBody(field: string, name: string, bytes: Buffer, fields: Record<string, string> = {}): Buffer {
  const head = Object.entries(fields).map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('');
  const part = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return Buffer.concat([Buffer.from(head + part), bytes.subarray(0, Math.floor(bytes.length / 2))]);
}

describeApi('No 500 on cut uploads, NUL bytes in CSV files and zones the database lacks', (h) => {
  releaseEverything(h);
  let m: Client;
  let o: MemberClient;
  beforeAll(async () => {
    m = await marketingClient(h, { functions: LOTTERY_FUNCTIONS });
    o = await memberClient(h);
  });

  const post = (url: string, token: string, payload: Buffer) => h.app.inject({
    method: 'POST', url, payload, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${token}` },
  });
  const fileCount = async () => Number((await h.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('answers a multipart body cut short mid-file with 400 on every multipart route, storing nothing', async () => {
    const image = Buffer.from(png(600, 150));
    const csv = Buffer.from('orderNo,status\r\nM0000001,2\r\n'.repeat(50));
    const cases: [url: string, token: string, field: string, bytes: Buffer, code: number, fields?: Record<string, string>][] = [
      ['/v1/Files?kind=image', m.token, 'Files', image, ErrorCode.BadRequest],
      ['/v1/marketing/activity-template/files', m.token, 'Files', image, ErrorCode.BadRequest],
      ['/v1/marketing/banner', m.token, 'images.small', image, ErrorCode.BadRequest, { productId: '1' }],
      ['/v1/marketing/product', m.token, 'image', image, ErrorCode.BadRequest, { 'names.zh_TW': 'x' }],
      ['/v1/member/order/batch', o.token, 'file', csv, ErrorCode.CsvReadError],
      ['/v1/marketing/lottery-activity/serial-number', m.token, 'file', csv, ErrorCode.BadRequest],
    ];
    const before = await fileCount();
    for (const [url, token, field, bytes, code, fields] of cases) {
      expectFailure(await post(url, token, cutBody(field, field === 'file' ? 'a.csv' : 'a.png', bytes, fields)), 400, code);
    }
    expect(await fileCount()).toBe(before);
  });

  it('refuses a CSV holding a NUL byte or bytes that are not UTF-8, naming the line', async () => {
    const nul = Buffer.from('orderNo,status\r\nM0000001,2\r\nM00\u000002,3\r\n');
    expect(expectFailure(await importCsv(h.app, o.token, nul), 400, ErrorCode.CsvReadError).data.errors).toEqual([{ line: 3, code: ErrorCode.CsvReadError }]);
    const latin1 = Buffer.concat([Buffer.from('orderNo,status\nM0000001,2\nM'), Buffer.from([0xe9, 0xff]), Buffer.from('1,2\n')]);
    expect(expectFailure(await importCsv(h.app, o.token, latin1), 400, ErrorCode.CsvReadError).data.errors).toEqual([{ line: 3, code: ErrorCode.CsvReadError }]);

    const serials = async (bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), 'serials.csv');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      return h.app.inject({ method: 'POST', url: '/v1/marketing/lottery-activity/serial-number', payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${m.token}` } });
    };
    expect(expectFailure(await serials(Buffer.from('AB11\nCD\u000022\n')), 400, ErrorCode.NotCsv).data.line).toBe(2);
    // UTF-16 (Excel's "Unicode text"): a BOM that is not UTF-8 and a NUL after every ASCII letter.
    expectFailure(await serials(Buffer.from('\ufeffAB11\nCD22\n', 'utf16le')), 400, ErrorCode.NotCsv);
    expect(await h.db.selectFrom('lottery_serial_imports').select('id').where('tenant_id', '=', m.id).execute()).toEqual([]);
    // The same files without the bad bytes are read.
    expect((await serials(Buffer.from('AB11\nCD22\n'))).statusCode).toBe(201);
  });

  it('answers 400 for a zone Node knows and the database does not, and takes zones in any case', async () => {
    // A user whose dashboard reads scans per day in the zone, and a scan to read.
    const { token, tenant } = await logisticsClient(h);
    const [code] = await generatedCodes(h, tenant.id, 1);
    const key = await h.db.selectFrom('codes').select(['package_id', 'seq']).where('code', '=', code).executeTakeFirstOrThrow();
    await h.db.insertInto('scan_logs').values({ tenant_id: tenant.id, package_id: key.package_id, seq: key.seq, code, source: 1, type: 2, scanned_at: new Date() }).execute();
    const body = expectFailure(await h.call('GET', 'Home/dashboard?tz=US%2FPacific-New', { token }), 400, ErrorCode.BadRequest);
    expect(body.data).toEqual({ tz: { key: 'oneOf' } });
    const d = await h.call('GET', 'Home/dashboard?tz=asia%2Ftaipei', { token });
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json().scans).toHaveLength(1);
    expect((await h.call('GET', 'Home/dashboard?tz=UTC', { token })).statusCode).toBe(200);
  });
});

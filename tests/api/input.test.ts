/**
 * Hostile input answers 4xx with the envelope, never 500 (issue 10 section 2), one test per
 * finding; the fuzz suite (fuzz.test.ts) sends the same kinds of input to every route.
 * Also: an empty JSON body is no body (issue 11 section 4).
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { MimaStatus } from '../../src/domain/enums';
import { buildApp } from '../../server/app';
import { JSON_MAX_DEPTH } from '../../server/input';
import { ADMIN_PASSWORD, describeApi, expectFailure } from './harness';

const deep = (levels: number, inner = '1') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;

describeApi('Hostile input answers 4xx with the envelope', (h) => {
  let token = '';
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: string, headers: Record<string, string> = {}) =>
    h.app.inject({
      method, url: `/v1/${url}`,
      headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  beforeAll(async () => {
    await h.db.updateTable('users').set({ mima_status: MimaStatus.Normal }).where('account', '=', 'admin').execute();
    token = (await h.session('platform', 'admin', ADMIN_PASSWORD)).token;
  });

  describe('JSON nested 50,000 levels deep', () => {
    it('is refused before parsing, as a field or as the whole body, signed in or not', async () => {
      expect(expectFailure(await send('POST', 'system/role', `{"name":${deep(50_000)}}`), 400, 1).data).toEqual({ body: { key: 'invalid' } });
      expect(expectFailure(await send('PUT', 'system/employee', deep(50_000, '{}')), 400, 1).data).toEqual({ body: { key: 'invalid' } });
      expect(expectFailure(await send('POST', 'Identity/token', `{"tenantCode":${deep(50_000)}}`), 400, 1).data).toEqual({ body: { key: 'invalid' } });
      // Brackets inside strings do not count.
      const res = await send('POST', 'system/role', JSON.stringify({ name: '['.repeat(100), type: 2, functions: [1] }));
      expect(Object.keys(expectFailure(res, 400, 1).data)).toEqual(['name']);
    });

    it(`takes ${JSON_MAX_DEPTH} levels to the validator, which names the field`, async () => {
      const res = await send('POST', 'system/role', `{"name":"r","type":2,"functions":${deep(JSON_MAX_DEPTH - 1)}}`);
      expect(Object.keys(expectFailure(res, 400, 1).data)).toEqual(['functions.0']);
    });
  });

  describe('a NUL character', () => {
    it('in a body string, a filter or a path parameter is code 1 on that field', async () => {
      expect(expectFailure(await send('POST', 'system/role', JSON.stringify({ name: 'a\u0000b', type: 2, functions: [1] })), 400, 1).data).toEqual({ name: { key: 'invalid' } });
      expect(expectFailure(await send('POST', 'system/announcement/category', JSON.stringify({ names: { zh_TW: '\u0000' } })), 400, 1).data).toEqual({ 'names.zh_TW': { key: 'invalid' } });
      expect(expectFailure(await send('GET', 'system/role?keyword=a%00b'), 400, 1).data).toEqual({ keyword: { key: 'invalid' } });
      expect(expectFailure(await send('GET', 'Product/client?name=%00'), 400, 1).data).toHaveProperty('name');
      expect(expectFailure(await send('PUT', 'System/initial/adm%00in'), 400, 1).data).toEqual({ account: { key: 'invalid' } });
      // A key of the body, too.
      expect(expectFailure(await send('POST', 'system/role', '{"na\\u0000me":"x"}'), 400, 1).data).toEqual({ 'na\u0000me': { key: 'invalid' } });
    });

    it('without a session: the tenant configuration and sign-in', async () => {
      expect(expectFailure(await h.call('GET', 'Config/tenant/demo%00'), 400, 1).data).toEqual({ code: { key: 'invalid' } });
      const signIn = await h.call('POST', 'Identity/token', { body: { tenantCode: 'demo\u0000', account: 'admin', mima: h.encrypt(ADMIN_PASSWORD) } });
      expect(expectFailure(signIn, 400, 1).data).toEqual({ tenantCode: { key: 'invalid' } });
      // A protected route still answers 401 first.
      expectFailure(await h.call('GET', 'system/role?keyword=%00'), 401, 3);
    });
  });

  it('a lone UTF-16 surrogate in a string stored as JSON is code 1; a real pair is stored', async () => {
    const lone = await send('POST', 'system/announcement/category', '{"names":{"zh_TW":"x\\ud800","en":"\\udc00y"}}');
    expect(expectFailure(lone, 400, 1).data).toEqual({ 'names.zh_TW': { key: 'invalid' }, 'names.en': { key: 'invalid' } });
    const pair = await send('POST', 'system/announcement/category', JSON.stringify({ names: { zh_TW: `cat ${Date.now()} \ud83d\ude00` } }));
    expect(pair.statusCode, pair.body).toBe(201);
    const stored = await send('GET', `system/announcement/category?keyword=${encodeURIComponent('\ud83d\ude00')}`);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(JSON.stringify(stored.json())).toContain('\ud83d\ude00');
  });

  describe('1e309 (Infinity) where an integer is expected', () => {
    it('in ids, page, filters and Job?ids is code 1 on that parameter', async () => {
      expect(expectFailure(await send('GET', 'system/role/1e309'), 400, 1).data).toEqual({ id: { key: 'invalid' } });
      expect(expectFailure(await send('DELETE', 'system/employee/1e309'), 400, 1).data).toEqual({ id: { key: 'invalid' } });
      expect(expectFailure(await send('GET', 'system/role?page=1e309'), 400, 1).data).toEqual({ page: { key: 'invalid' } });
      expect(expectFailure(await send('GET', 'system/announcement?categoryId=-1e309'), 400, 1).data).toEqual({ categoryId: { key: 'invalid' } });
      expect(Object.keys(expectFailure(await send('GET', 'Job?ids=1&ids=1e309'), 400, 1).data)).toEqual(['ids.1']);
      expect(expectFailure(await send('GET', 'Report/exportReport?page=1e309'), 400, 1).data).toEqual({ page: { key: 'invalid' } });
    });

    it('in a JSON body is code 1 on the field', async () => {
      expect(expectFailure(await send('PUT', 'system/role', '{"id":1e309,"name":"r","type":2,"functions":[1]}'), 400, 1).data).toHaveProperty('id');
      expect(expectFailure(await send('POST', 'system/role', '{"name":"r","type":2,"functions":[1e309]}'), 400, 1).data).toEqual({ 'functions.0': { key: 'invalid' } });
    });
  });

  it('an integer past the database range is code 1 on the filter or id', async () => {
    const res = await send('GET', 'system/announcement?categoryId=99999999999');
    expect(expectFailure(res, 400, 1).data).toEqual({ categoryId: { key: 'max_value', params: { max: 2147483647 } } });
    expect(expectFailure(await send('GET', 'system/employee?roleId=-99999999999'), 400, 1).data).toEqual({ roleId: { key: 'min_value', params: { min: -2147483648 } } });
    expect(expectFailure(await send('GET', 'Product/client?clientId=2147483648'), 400, 1).data).toHaveProperty('clientId');
    expect(expectFailure(await send('GET', 'system/role/99999999999'), 400, 1).data).toHaveProperty('id');
  });

  describe("Fastify's own errors", () => {
    it('a path parameter of 101 characters is 414 and a bad URL escape 400, both with the envelope', async () => {
      expectFailure(await send('GET', `system/role/${'1'.repeat(101)}`), 414, 1);
      expectFailure(await h.call('GET', `Config/tenant/${'x'.repeat(101)}`), 414, 1);
      expectFailure(await send('GET', 'system/role/%E0%A4%A'), 400, 1);
      expectFailure(await h.call('GET', 'Config/tenant/%E0%A4%A'), 400, 1);
    });

    it('content-type, size, malformed and prototype-polluting bodies are code 1 on the body', async () => {
      const xml = await send('POST', 'system/role', '<role/>', { 'content-type': 'application/xml' });
      expect(expectFailure(xml, 415, 1).data).toEqual({ body: { key: 'invalid' } });
      const big = await send('POST', 'system/role', JSON.stringify({ name: 'x'.repeat(1024 * 1024) }));
      expect(expectFailure(big, 413, 1).data).toEqual({ body: { key: 'invalid' } });
      expect(expectFailure(await send('POST', 'system/role', '{"name":'), 400, 1).data).toEqual({ body: { key: 'invalid' } });
      expect(expectFailure(await send('POST', 'system/role', '{"__proto__":{"admin":true}}'), 400, 1).data).toEqual({ body: { key: 'invalid' } });
      expect(expectFailure(await send('POST', 'system/role', '{"constructor":{"prototype":{"admin":true}}}'), 400, 1).data).toEqual({ body: { key: 'invalid' } });
      expectFailure(await send('PATCH' as 'GET', 'system/role'), 404, 2);
    });

    it('a request Node cannot parse gets the envelope on the socket', async () => {
      const app = await h.appWith({});
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as net.AddressInfo;
      const answer = await new Promise<string>((resolve, reject) => {
        let text = '';
        const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /v1/Config/tenant/demo HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n'));
        socket.on('data', (d) => { text += d.toString(); });
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 1 });
    });
  });

  it('an unexpected error is 500 code 9999 and is logged', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    const app = await buildApp({ db: h.db, settings: h.settings, keys: h.keys, logger: { level: 'error', stream } });
    app.get('/boom', async () => { throw new Error('kaboom'); });
    try {
      expectFailure(await app.inject({ method: 'GET', url: '/boom' }), 500, 9999);
      expect(lines.join('')).toContain('kaboom');
      expect(lines.join('')).toContain('unexpected error');
    } finally {
      await app.close();
    }
  });

  describe('an empty body with the JSON content type is no body', () => {
    it('DELETE answers as without a body', async () => {
      const created = await send('POST', 'system/role', JSON.stringify({ name: `empty ${Date.now()}`, type: 2, functions: [1] }));
      expect(created.statusCode, created.body).toBe(201);
      const res = await send('DELETE', `system/role/${created.json().id}`, '');
      expect(res.statusCode, res.body).toBe(204);
    });

    it('POST answers as without a body: a call that needs none succeeds, one that needs one is code 1', async () => {
      const job = await send('POST', 'Job?rows=1', '');
      expect(job.statusCode, job.body).toBe(201);
      expectFailure(await send('POST', 'system/role', ''), 400, 1);
      expectFailure(await h.call('POST', 'Identity/token', { body: '', headers: { 'content-type': 'application/json' } }), 400, 1);
    });
  });
});

/**
 * One-time codes through Twilio's Messages API (issue 29, server/services/sms): a local HTTP
 * server started here plays Twilio and checks each request as Twilio documents it (POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic with the SID and auth token, a
 * form-encoded body with To in E.164, From and Body). The code the shopper uses is the one the
 * provider received. Transient answers (5xx, 429, no answer) are tried again, others not; the
 * per-phone limits stay; the code never appears in the server log.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/domain/errors';
import { buildApp } from '../../server/app';
import { readSmsSettings, type TwilioSettings } from '../../server/services/sms/settings';
import { backoffMs, maskPhone } from '../../server/services/sms/twilio';
import { describeApi, expectFailure } from './harness';
import type { Client } from './marketingSetup';
import { mapi, memberClient, newPhone, SETTINGS } from './memberSetup';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'test-auth-token-0001';
const FROM = '+15005550006';

interface Seen { method: string; path: string; auth: string; contentType: string; fields: Record<string, string> }
type Script = { status: number; body?: object; headers?: Record<string, string> } | 'hang';

/** A stand-in for api.twilio.com: records every request, answers from `script` (then 201). */
class FakeTwilio {
  seen: Seen[] = [];
  script: Script[] = [];
  private server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { raw += c; });
    req.on('end', () => {
      this.seen.push({
        method: req.method ?? '', path: req.url ?? '', auth: req.headers.authorization ?? '',
        contentType: req.headers['content-type'] ?? '', fields: Object.fromEntries(new URLSearchParams(raw)),
      });
      const next = this.script.shift() ?? { status: 201, body: { sid: `SM${'a'.repeat(32)}`, status: 'queued' } };
      if (next === 'hang') return; // no answer: the client's timeout decides
      res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
      res.end(JSON.stringify(next.body ?? { code: 20500, message: 'Internal Server Error', status: next.status }));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The six digits of the Body of the nth request. */
  codeOf(i: number): string {
    return /\b(\d{6})\b/.exec(this.seen[i].fields.Body)![1];
  }
}

describe('SMS settings (checked at start)', () => {
  it('outbox by default; twilio needs a well-formed SID, a token and a sender', () => {
    expect(readSmsSettings({})).toEqual({ provider: 'outbox' });
    expect(() => readSmsSettings({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => readSmsSettings({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: FROM })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => readSmsSettings({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_FROM: FROM })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() => readSmsSettings({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 't' })).toThrow(/TWILIO_FROM/);
    expect(() => readSmsSettings({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '0912345678' })).toThrow(/E.164/);
    expect(() => readSmsSettings({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: FROM, SMS_MAX_ATTEMPTS: '9' })).toThrow(/SMS_MAX_ATTEMPTS/);
    expect(readSmsSettings({ SMS_PROVIDER: 'Twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: 't', TWILIO_MESSAGING_SERVICE_SID: `MG${'f'.repeat(32)}` }))
      .toMatchObject({ provider: 'twilio', from: null, apiBase: 'https://api.twilio.com', maxAttempts: 3, timeoutMs: 5000 });
  });

  it('backs off exponentially within 2 s, honouring Retry-After up to that bound; masks phones', () => {
    expect([1, 2, 3, 4, 5].map((a) => backoffMs(a, null))).toEqual([250, 500, 1000, 2000, 2000]);
    expect(backoffMs(1, '1')).toBe(1000);
    expect(backoffMs(1, '3600')).toBe(2000);
    expect(maskPhone('+886912345678')).toBe('+886912***678');
  });
});

describeApi('One-time codes through Twilio', (h) => {
  const twilio = new FakeTwilio();
  let app: FastifyInstance;
  let a: Client;
  let log = '';

  beforeAll(async () => {
    const base = await twilio.start();
    const sms: TwilioSettings = { provider: 'twilio', accountSid: SID, authToken: TOKEN, from: FROM, messagingServiceSid: null, apiBase: base, timeoutMs: 300, maxAttempts: 3 };
    const stream = new Writable({ write(chunk, _enc, done) { log += String(chunk); done(); } });
    app = await buildApp({ db: h.db, settings: { ...h.settings, sms }, keys: h.keys, logger: { level: 'info', stream } });
    a = await memberClient(h);
    const res = await h.app.inject({ method: 'POST', url: '/v1/member', headers: { authorization: `Bearer ${a.token}` }, payload: SETTINGS });
    expect(res.statusCode, res.body).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
    await twilio.stop();
  });
  beforeEach(() => {
    twilio.seen = [];
    twilio.script = [];
  });

  it('sends the code as Twilio documents the request, and that code joins the shopper; the code is in no log line', async () => {
    const phone = newPhone();
    const sent = await app.inject({ method: 'POST', url: `/mapi/v1/member/${a.code}/otp`, headers: { 'accept-language': 'en-US,en;q=0.8' }, payload: { phoneCountryCode: '+886', phone, purpose: 'join' } });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(twilio.seen).toHaveLength(1);
    const r = twilio.seen[0];
    expect(r.method).toBe('POST');
    expect(r.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(r.auth).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(r.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.keys(r.fields).sort()).toEqual(['Body', 'From', 'To']);
    expect(r.fields.To).toBe(`+886${phone.slice(1)}`);
    expect(r.fields.To).toMatch(/^\+[1-9]\d{6,14}$/);
    expect(r.fields.From).toBe(FROM);
    expect(r.fields.Body).toMatch(/verification code is \d{6}/);
    const code = twilio.codeOf(0);
    const res = await mapi(app, 'POST', `${a.code}/join`, { phoneCountryCode: '886', phone, code });
    expect(res.statusCode, res.body).toBe(201);
    expect(log).toContain('otp sms accepted');
    expect(log).not.toContain(code);
  });

  it('texts in the shopper\'s language (zh_TW by default)', async () => {
    const phone = newPhone();
    expect((await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone, purpose: 'join' })).statusCode).toBe(201);
    expect(twilio.seen[0].fields.Body).toMatch(/驗證碼為 \d{6}/);
  });

  it('tries again on 503 and 429 (Retry-After) and succeeds on the third request', async () => {
    twilio.script = [{ status: 503 }, { status: 429, headers: { 'retry-after': '0' }, body: { code: 20429, message: 'Too Many Requests', status: 429 } }];
    const phone = newPhone();
    const sent = await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone, purpose: 'join' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(twilio.seen).toHaveLength(3);
    expect(new Set(twilio.seen.map((s) => s.fields.Body)).size).toBe(1);
  });

  it('a request without an answer times out and is tried again', async () => {
    twilio.script = ['hang'];
    const sent = await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone: newPhone(), purpose: 'join' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(twilio.seen).toHaveLength(2);
  });

  it('gives up after the attempts on transient errors: 503 code 9999, the code dropped so the shopper may ask again at once', async () => {
    twilio.script = [{ status: 500 }, { status: 502 }, { status: 503 }];
    const phone = newPhone();
    expectFailure(await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone, purpose: 'join' }), 503, ErrorCode.SystemError);
    expect(twilio.seen).toHaveLength(3);
    const left = await h.db.selectFrom('member_otps').select('id').where('tenant_id', '=', a.id).where('phone', '=', phone.slice(1)).execute();
    expect(left).toHaveLength(0);
    expect((await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone, purpose: 'join' })).statusCode).toBe(201);
  });

  it('a final refusal (400, invalid To 21211) is not tried again', async () => {
    twilio.script = [{ status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 } }];
    const failed = expectFailure(await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone: newPhone(), purpose: 'join' }), 503, ErrorCode.SystemError);
    expect(failed.data).toEqual({ provider: 21211 });
    expect(twilio.seen).toHaveLength(1);
  });

  it('keeps the per-phone limit: a second code within a minute is 8142 and reaches no provider', async () => {
    const phone = newPhone();
    expect((await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone, purpose: 'join' })).statusCode).toBe(201);
    expectFailure(await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone, purpose: 'join' }), 400, ErrorCode.PreviousSendNotExpired);
    expect(twilio.seen).toHaveLength(1);
  });
});

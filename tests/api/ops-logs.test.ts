/**
 * Issue 25: JSON log lines carry the request id, and no line holds a password, a session
 * token or a one-time code (captured at level trace with the request lines on).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loggerOptions } from '../../server/ops/logging';
import { lastOtp } from '../../server/services/otpSender';
import { ADMIN_PASSWORD, describeApi } from './harness';
import { memberClient, mapi, newPhone, SETTINGS } from './memberSetup';
import { ok } from './marketingSetup';

describeApi('Operations: logs', (h) => {
  const lines: string[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    const stream = new Writable({ write(chunk, _enc, done) { lines.push(...String(chunk).split('\n').filter(Boolean)); done(); } });
    app = await buildApp({ db: h.db, settings: h.settings, keys: h.keys, logger: { ...loggerOptions('trace'), stream }, logRequests: true });
  });
  afterAll(async () => { await app.close(); });

  it('writes JSON lines with the request id and without passwords, tokens or one-time codes', async () => {
    const password = 'Secret9x!';
    const user = await h.createUser({ tenant: 'demo', password });
    const signin = await h.signIn('demo', user.account, password, app);
    expect(signin.statusCode, signin.body).toBe(200);
    const token = (signin.json() as { token: string }).token;
    const wrong = await h.signIn('demo', user.account, 'Wrong1234x', app);
    expect(wrong.statusCode).toBe(400);
    const me = await app.inject({ method: 'GET', url: '/v1/system/menu/nested', headers: { authorization: `Bearer ${token}`, 'x-request-id': 'trace-me-42', cookie: 'oioc.session=abc' } });
    expect(me.headers['x-request-id']).toBe('trace-me-42');

    // A shopper's one-time code (the default sender's outbox).
    const client = await memberClient(h);
    await ok(h, h.app, 'POST', 'member', client.token, SETTINGS, 201);
    const phone = newPhone();
    const sent = await mapi(app, 'POST', `${client.code}/otp`, { phoneCountryCode: '886', phone, purpose: 'join' });
    expect(sent.statusCode, sent.body).toBe(201);
    const code = lastOtp('886', phone.replace(/^0/, ''))!;
    expect(code).toMatch(/^\d{6}$/);

    expect(lines.length).toBeGreaterThan(4);
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.some((l) => l.reqId === 'trace-me-42')).toBe(true);
    expect(parsed.some((l) => l.msg === 'otp sent')).toBe(true);
    const all = lines.join('\n');
    for (const secret of [password, ADMIN_PASSWORD, token, 'oioc.session=abc', `"${code}"`, `:${code}`]) {
      expect(all, `a log line holds ${secret}`).not.toContain(secret);
    }
    // The encrypted password (mima) never appears either.
    expect(all).not.toMatch(/"mima"\s*:\s*"[A-Za-z0-9+/]{40,}/);
  });

  it('redacts secret fields and headers whatever logs them', async () => {
    app.log.info({ headers: { authorization: 'Bearer tok-123', cookie: 'c=1' }, body: { mima: 'x' }, mima: 'enc-1', token: 'tok-456', user: { password: 'pw-789' } }, 'probe');
    const probe = lines.map((l) => JSON.parse(l) as Record<string, any>).find((l) => l.msg === 'probe')!;
    expect(probe.headers.authorization).toBe('[redacted]');
    expect(probe.headers.cookie).toBe('[redacted]');
    expect(probe.body).toBe('[redacted]');
    expect(probe.mima).toBe('[redacted]');
    expect(probe.token).toBe('[redacted]');
    expect(probe.user.password).toBe('[redacted]');
  });
});

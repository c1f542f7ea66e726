/**
 * A one-time code by text message (issue 29) end to end: a second server process of this run
 * (same database) is started with SMS_PROVIDER=twilio and TWILIO_API_BASE pointing at a stand-in
 * for api.twilio.com that this spec runs and that checks each request as Twilio documents it
 * (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, Basic auth, form-encoded To in E.164,
 * From, Body). A shopper on a 390 px phone joins with the code the provider received. The
 * provider's first answer is a 503: the server tries again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './test';
import { query } from './db';
import { ADMIN_INITIAL_PASSWORD, databaseUrl } from './env';
import { clientTenant } from './fixtures';
import { screenshot } from './helpers';

const PHONE = { width: 390, height: 844 };
const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'e2e-twilio-token';
const FROM = '+15005550006';

interface Seen { method: string; url: string; auth: string; type: string; fields: Record<string, string> }

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

test('a shopper joins with the code that reached the text-message provider (Twilio\'s API, a 503 tried again)', async ({ browser }) => {
  test.setTimeout(300_000);
  const seen: Seen[] = [];
  let failFirst = true;
  const twilio = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { raw += c; });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization ?? '', type: req.headers['content-type'] ?? '', fields: Object.fromEntries(new URLSearchParams(raw)) });
      res.setHeader('content-type', 'application/json');
      if (failFirst) {
        failFirst = false;
        res.writeHead(503).end(JSON.stringify({ code: 20503, message: 'Service Unavailable', status: 503 }));
        return;
      }
      res.writeHead(201).end(JSON.stringify({ sid: `SM${'b'.repeat(32)}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
  const twilioBase = `http://127.0.0.1:${(twilio.address() as net.AddressInfo).port}`;

  const port = await freePort();
  const root = path.resolve(import.meta.dirname, '../..');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-e2e-sms-'));
  let server: ChildProcess | null = null;
  try {
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(), ADMIN_INITIAL_PASSWORD, PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: path.join(root, 'dist'), DATA_DIR: dataDir,
        SIGNIN_RATE_LIMIT: '1000', LOG_LEVEL: 'warn', OTP_OUTBOX_FILE: '',
        SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM, TWILIO_API_BASE: twilioBase,
      },
    });
    const base = `http://127.0.0.1:${port}`;
    await expect.poll(async () => {
      try { return (await fetch(`${base}/v1/Config/tenant/platform`)).status; } catch { return 0; }
    }, { timeout: 180_000 }).toBe(200);

    const { tenant, clientId } = await clientTenant({ prefix: 'sms', names: { zh_TW: '簡訊測試', zh_CN: '短信测试', en: 'SMS test' }, functions: [7, 38], memberSettings: true });
    const phone = `0914${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
    const shopper = await context.newPage();
    await shopper.goto(`${base}/m/${tenant}?lang=en`);
    const section = shopper.getByTestId('member-section');
    await section.getByTestId('member-phone').fill(phone);
    await section.getByTestId('member-send').click();
    await expect(section.getByTestId('member-code')).toBeVisible();

    // Two requests (the 503, then the one accepted), the same message, as Twilio documents them.
    await expect.poll(() => seen.length).toBe(2);
    for (const r of seen) {
      expect(r.method).toBe('POST');
      expect(r.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
      expect(r.auth).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
      expect(r.type).toMatch(/^application\/x-www-form-urlencoded/);
      expect(r.fields).toEqual({ To: `+886${phone.slice(1)}`, From: FROM, Body: seen[0].fields.Body });
    }
    const code = /\b(\d{6})\b/.exec(seen[1].fields.Body)![1];
    await section.getByTestId('member-code').fill(code);
    await section.getByTestId('member-verify').click();
    await expect(section.getByTestId('member-balance')).toBeVisible();
    await screenshot(shopper, 'member-sms-joined-390-en');
    const members = await query<{ phone: string }>(`select phone from members where tenant_id = $1`, [clientId]);
    expect(members).toEqual([{ phone: phone.slice(1) }]);
    await context.close();
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    twilio.closeAllConnections();
    await new Promise((resolve) => twilio.close(resolve));
  }
});

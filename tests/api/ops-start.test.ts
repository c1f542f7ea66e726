/**
 * Issue 25, `npm start` and `npm run migrate` as an operator runs them (real child processes,
 * the embedded PGlite in a fresh DATA_DIR):
 *
 * - `npm run migrate` applies the migrations alone, and says so again when nothing is left;
 * - a bad setting stops `npm start` with a message that names it (JOB_WORKERS=abc);
 * - a first start prints each seeded tenant its own password, and it signs in;
 * - SIGTERM to `npm start` reaches the server: a request in flight completes, a running job
 *   is handed back to the queue, the process exits with 0 within 10 s, and nothing listens on
 *   the port afterwards.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../server/settings';
import { Child, freePort } from '../support/processes';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** `npm <args>` with its whole output kept. */
class Run extends Child {
  constructor(args: string[], env: NodeJS.ProcessEnv) {
    super(`npm ${args.join(' ')}`);
    this.run(NPM, args, env);
  }
}

function baseEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, SKIP_BUILD: '1',
    STATIC_DIR: '/nonexistent/oioc-static', LOG_LEVEL: 'info', LOG_REQUESTS: '1', JOB_WORKERS: '1',
  };
  delete env.DATABASE_URL; // the embedded PGlite of DATA_DIR
  delete env.ADMIN_INITIAL_PASSWORD;
  delete env.VITEST; delete env.NODE_ENV;
  return env;
}

describe('npm start and npm run migrate (child processes)', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-start-'));
  const dataDir = path.join(tmp, 'data');
  const runs: Run[] = [];
  afterAll(async () => {
    for (const r of runs) {
      if (r.alive) r.child.kill('SIGKILL');
      // A server orphaned behind npm (what this test catches) is ended by the pid its log lines carry.
      for (const pid of new Set([...r.out.matchAll(/"pid":(\d+)/g)].map((m) => Number(m[1])))) {
        try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ }
      }
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('readSettings names a bad value and what it must be', () => {
    expect(() => readSettings({ JOB_WORKERS: 'abc' })).toThrow("JOB_WORKERS must be a whole number (0 or more), got 'abc'");
    expect(() => readSettings({ JOB_LEASE_SECONDS: '0' })).toThrow("JOB_LEASE_SECONDS must be a positive integer, got '0'");
    expect(() => readSettings({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'loud'/);
    expect(() => readSettings({ RETENTION_SCHEDULE: 'every hour' })).toThrow(/RETENTION_SCHEDULE must be a cron pattern/);
    expect(() => readSettings({ LOG_REQUESTS: 'yes' })).toThrow(/LOG_REQUESTS must be 1 or 0/);
    expect(readSettings({ JOB_WORKERS: '0' }).jobWorkers).toBe(0);
  });

  it('npm start stops at a bad setting with its message', async () => {
    const r = new Run(['start'], { ...baseEnv(dataDir, await freePort()), JOB_WORKERS: 'abc' });
    runs.push(r);
    const { code } = await r.exited;
    expect(code).not.toBe(0);
    expect(r.err).toContain("Invalid setting: JOB_WORKERS must be a whole number (0 or more), got 'abc'");
    expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false); // stopped before opening the database
  }, 120_000);

  it('npm run migrate runs the migrations alone', async () => {
    const first = new Run(['run', 'migrate'], baseEnv(dataDir, 1));
    runs.push(first);
    expect((await first.exited).code, first.err).toBe(0);
    expect(first.out).toMatch(/Migrations applied: 0001_foundation, .*0025_retention/);
    const again = new Run(['run', 'migrate'], baseEnv(dataDir, 1));
    runs.push(again);
    expect((await again.exited).code, again.err).toBe(0);
    expect(again.out).toContain('The database is up to date');
  }, 300_000);

  it('first start: a password per tenant; SIGTERM drains an in-flight request and exits within 10 s', async () => {
    const port = await freePort();
    const r = new Run(['start'], { ...baseEnv(dataDir, port), SHUTDOWN_GRACE_SECONDS: '2' });
    runs.push(r);
    await r.until('the server listening', () => r.out.includes('Back office: http://localhost:'), 240_000);

    const passwords = Object.fromEntries([...r.out.matchAll(/login\?code=(\w+)\s+account: admin\s+password: (\S+)/g)].map((m) => [m[1], m[2]]));
    expect(Object.keys(passwords).sort()).toEqual(['demo', 'platform']);
    expect(passwords.demo).not.toBe(passwords.platform);

    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const config = await (await fetch(`${base}/v1/Config/tenant/demo`)).json() as { passwordPublicKey: string };
    const mima = (p: string) => crypto.publicEncrypt({ key: config.passwordPublicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(p)).toString('base64');
    const signIn = await fetch(`${base}/v1/Identity/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tenantCode: 'demo', account: 'admin', mima: mima(passwords.demo) }) });
    expect(signIn.status).toBe(200);
    // The operator's password is not the demo client's.
    const cross = await fetch(`${base}/v1/Identity/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tenantCode: 'demo', account: 'admin', mima: mima(passwords.platform) }) });
    expect(cross.status).toBe(400);

    // A job running when SIGTERM comes (the test job: 100 rows, 5 s pauses): handed back to the queue.
    const auth = { authorization: `Bearer ${(await signIn.json() as { token: string }).token}` };
    const change = await fetch(`${base}/v1/System/mima`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ originalMima: mima(passwords.demo), newMima: mima('Changed1234') }) });
    expect(change.status, await change.text()).toBe(204);
    const queued = await fetch(`${base}/v1/Job?rows=100&delayMs=5000`, { method: 'POST', headers: auth });
    expect(queued.status, await queued.clone().text()).toBe(201);
    const jobId = (await queued.json() as { id: number }).id;
    let running = false;
    await r.until('the job running', () => {
      void fetch(`${base}/v1/Job?ids=${jobId}`, { headers: auth }).then((res) => res.json()).then((jobs: { status: number }[]) => { running ||= jobs[0]?.status === 2; }, () => {});
      return running;
    }, 60_000);

    // A request in flight: its headers and half its body sent, the rest after SIGTERM.
    const body = JSON.stringify({ tenantCode: 'demo', account: 'admin', mima: mima('Changed1234') });
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => { answer += String(d); });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`POST /v1/Identity/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: inflight-1\r\n\r\n`);
    socket.write(body.slice(0, 20));
    await r.until('the in-flight request seen by the server', () => r.out.includes('"reqId":"inflight-1"'), 30_000);

    const sentAt = Date.now();
    r.child.kill('SIGTERM');
    await r.until('the server draining', () => r.out.includes('shutting down'), 10_000);
    socket.write(body.slice(20));
    await Promise.race([closed, r.until('the answer', () => answer.includes('"token"'), 10_000)]);
    expect(answer, `${r.out}\n${r.err}`).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"token"');

    socket.destroy();
    const { code, at } = await r.exited;
    expect(code).toBe(0);
    expect(at - sentAt).toBeLessThan(10_000);
    expect(r.out).toContain('"msg":"stopped"');
    expect(r.out).toContain('job handed back to the queue (worker stopping)');
    // Nothing is left listening (no orphaned server behind npm).
    const refused = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => { s.destroy(); resolve(false); });
      s.once('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  }, 400_000);
});

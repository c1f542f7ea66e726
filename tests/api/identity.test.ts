import { noteWrite } from '../../server/db/shortCache';
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import type { SessionUser } from '../../src/domain/api';
import { UserStatus } from '../../src/domain/enums';
import { SIGNIN_MAX_FAILURES } from '../../src/domain/limits';
import { ADMIN_PASSWORD, describeApi, expectFailure, uniqueAccount } from './harness';

describeApi('Sign-in and sessions', (h) => {
  it('signs in the seeded admin with the encrypted password; mimaStatus 2 first', async () => {
    const res = await h.signIn('platform', 'admin', ADMIN_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json() as SessionUser;
    expect(user).toMatchObject({ account: 'admin', tenantCode: 'platform', tenantType: 1, userType: 1, mimaStatus: 2 });
    expect(user.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(typeof user.roleId).toBe('number');
    expect(typeof user.tenantId).toBe('number');
    expect(Number.isNaN(Date.parse(user.mimaChangedAt))).toBe(false);
  });

  it('signs in the demo client admin too', async () => {
    const user = await h.session('demo', 'admin', ADMIN_PASSWORD);
    expect(user).toMatchObject({ tenantCode: 'demo', tenantType: 2, mimaStatus: 2 });
  });

  it('gives a new token on every sign-in and keeps only its hash', async () => {
    const u = await h.createUser();
    const a = await h.session(u.tenant, u.account, u.password);
    const b = await h.session(u.tenant, u.account, u.password);
    expect(a.token).not.toBe(b.token);
    const rows = await h.db.selectFrom('sessions').select('token_hash').where('user_id', '=', u.id).execute();
    const hashes = rows.map((r) => r.token_hash);
    expect(hashes).not.toContain(a.token);
    expect(hashes).toContain(crypto.createHash('sha256').update(a.token).digest('hex'));
  });

  it('matches the account case-insensitively', async () => {
    const u = await h.createUser({ account: uniqueAccount('Mixed') });
    const res = await h.signIn(u.tenant, u.account.toUpperCase(), u.password);
    expect(res.statusCode).toBe(200);
  });

  it('answers code 14 for a wrong password, an unknown account and an unknown tenant alike', async () => {
    const u = await h.createUser();
    const wrong = expectFailure(await h.signIn(u.tenant, u.account, 'Wrong1234'), 400, 14);
    const noUser = expectFailure(await h.signIn(u.tenant, 'nobody-here', u.password), 400, 14);
    const noTenant = expectFailure(await h.signIn('no-such-tenant', u.account, u.password), 400, 14);
    expect(noUser).toEqual(wrong);
    expect(noTenant).toEqual(wrong);
    // The account lives in demo: the same credentials under the operator fail.
    expectFailure(await h.signIn('platform', u.account, u.password), 400, 14);
  });

  it('answers code 1 when the password is not encrypted with the key', async () => {
    const u = await h.createUser();
    const plain = await h.call('POST', 'Identity/token', { body: { tenantCode: u.tenant, account: u.account, mima: u.password } });
    expect(expectFailure(plain, 400, 1).data).toHaveProperty('mima');
    const otherKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const foreign = crypto.publicEncrypt({ key: otherKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(u.password)).toString('base64');
    expectFailure(await h.call('POST', 'Identity/token', { body: { tenantCode: u.tenant, account: u.account, mima: foreign } }), 400, 1);
  });

  it(`locks the account after ${SIGNIN_MAX_FAILURES} consecutive failures; then even the right password gets 13`, async () => {
    const u = await h.createUser();
    for (let i = 1; i < SIGNIN_MAX_FAILURES; i++) expectFailure(await h.signIn(u.tenant, u.account, `Wrong${i}abcD`), 400, 14);
    expectFailure(await h.signIn(u.tenant, u.account, 'Wrong5abcD'), 400, 13);
    expectFailure(await h.signIn(u.tenant, u.account, u.password), 400, 13);
    const row = await h.db.selectFrom('users').select('status').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.status).toBe(UserStatus.Locked);
  });

  it('counts consecutive failures only: a success resets the count', async () => {
    const u = await h.createUser();
    for (let i = 1; i < SIGNIN_MAX_FAILURES; i++) expectFailure(await h.signIn(u.tenant, u.account, 'Wrong1234'), 400, 14);
    await h.session(u.tenant, u.account, u.password);
    for (let i = 1; i < SIGNIN_MAX_FAILURES; i++) expectFailure(await h.signIn(u.tenant, u.account, 'Wrong1234'), 400, 14);
    await h.session(u.tenant, u.account, u.password);
  });

  it('answers 13 for a disabled account with the right password, 14 with a wrong one', async () => {
    const u = await h.createUser({ status: UserStatus.Disabled });
    expectFailure(await h.signIn(u.tenant, u.account, u.password), 400, 13);
    expectFailure(await h.signIn(u.tenant, u.account, 'Wrong1234'), 400, 14);
  });

  it('ends the session of a user who is disabled meanwhile', async () => {
    const u = await h.signedInUser();
    expect((await h.call('GET', 'System/user', { token: u.token })).statusCode).toBe(200);
    await h.db.updateTable('users').set({ status: UserStatus.Disabled }).where('id', '=', u.id).execute();
    // Written straight to the database, as another API node would: this process hears of it as
    // it hears of its own writes (a disabling through the API drops its short caches).
    noteWrite();
    expectFailure(await h.call('GET', 'System/user', { token: u.token }), 401, 3);
  });

  it('logout (DELETE Identity) answers 204 and the token stops working at once', async () => {
    const u = await h.signedInUser();
    const other = await h.session(u.tenant, u.account, u.password);
    const out = await h.call('DELETE', 'Identity', { token: u.token });
    expect(out.statusCode).toBe(204);
    expectFailure(await h.call('GET', 'system/menu/nested', { token: u.token }), 401, 3);
    expectFailure(await h.call('DELETE', 'Identity', { token: u.token }), 401, 3);
    // Another session of the same user is not affected.
    expect((await h.call('GET', 'system/menu/nested', { token: other.token })).statusCode).toBe(200);
  });

  it('answers 401 without a token, with a malformed header and with an unknown token', async () => {
    expectFailure(await h.call('GET', 'system/menu/nested'), 401, 3);
    expectFailure(await h.call('GET', 'System/user', { headers: { authorization: 'Basic abc' } }), 401, 3);
    expectFailure(await h.call('GET', 'System/user', { token: crypto.randomBytes(32).toString('base64url') }), 401, 3);
  });

  it('ends a session after the idle time and after the absolute time', async () => {
    const idle = await h.signedInUser();
    const old = new Date(Date.now() - (h.settings.sessionIdleMinutes + 1) * 60_000);
    await h.db.updateTable('sessions').set({ last_seen_at: old }).where('user_id', '=', idle.id).execute();
    expectFailure(await h.call('GET', 'System/user', { token: idle.token }), 401, 3);

    const absolute = await h.signedInUser();
    await h.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', absolute.id).execute();
    expectFailure(await h.call('GET', 'System/user', { token: absolute.token }), 401, 3);
  });

  it('keeps a session alive while it is used (last_seen_at refreshed)', async () => {
    const u = await h.signedInUser();
    const nearlyIdle = new Date(Date.now() - (h.settings.sessionIdleMinutes - 1) * 60_000);
    await h.db.updateTable('sessions').set({ last_seen_at: nearlyIdle }).where('user_id', '=', u.id).execute();
    expect((await h.call('GET', 'System/user', { token: u.token })).statusCode).toBe(200);
    const row = await h.db.selectFrom('sessions').select('last_seen_at').where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(Date.now() - row.last_seen_at.getTime()).toBeLessThan(60_000);
  });

  it('rate limits sign-in per IP: 429 with the envelope after the limit', async () => {
    const app = await h.appWith({ signinRateLimit: 3 });
    const u = await h.createUser();
    for (let i = 0; i < 3; i++) expect((await h.signIn(u.tenant, u.account, u.password, app)).statusCode).toBe(200);
    const limited = await h.signIn(u.tenant, u.account, u.password, app);
    expect(expectFailure(limited, 429, 3).message).toBe('Too many attempts');
    expect(limited.headers['retry-after']).toBeDefined();
    // Other routes are not limited.
    expect((await h.call('GET', 'Config/tenant/demo', { app })).statusCode).toBe(200);
  });
});

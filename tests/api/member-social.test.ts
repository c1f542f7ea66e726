/**
 * Members' social sign-in (issue 29) against a real OpenID provider started here
 * (tests/support/oidcProvider.ts) standing in for LINE, Facebook and Google
 * (settings.socialIssuers): the settings keep secrets write-only; a shopper joins and signs in;
 * a phone member links a platform; the state is used once, PKCE binds the code to its start, a
 * replayed answer fails; disabled platforms, 8122 and 8121.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '../../src/domain/errors';
import { startTestProvider, TEST_CLIENTS, type TestProvider } from '../support/oidcProvider';
import { describeApi, expectFailure } from './harness';
import type { Client } from './marketingSetup';
import { joined, mapi, memberClient, SETTINGS } from './memberSetup';

const LINE = 1;
const WECHAT = 2;
const FACEBOOK = 3;
const GOOGLE = 4;
const KEYS = { [LINE]: 'line', [FACEBOOK]: 'facebook', [GOOGLE]: 'google' } as const;
const clientOf = (p: 1 | 3 | 4) => ({ platform: p, clientId: TEST_CLIENTS[KEYS[p]].clientId, clientSecret: TEST_CLIENTS[KEYS[p]].clientSecret });

let provider: TestProvider;
beforeAll(async () => { provider = await startTestProvider(); });
afterAll(async () => { await provider.close(); });

describeApi('Member social sign-in', (h) => {
  let app: FastifyInstance;
  let a: Client;
  let seq = 0;
  const settingsOf = async (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/v1/member', headers: { authorization: `Bearer ${a.token}` }, payload: body });
  const readSettings = async () => (await app.inject({ method: 'GET', url: '/v1/member', headers: { authorization: `Bearer ${a.token}` } }));
  const sub = (name: string) => `${name}-${h.backend}-${process.pid}-${(seq += 1)}`;

  /** Start, sign `who` in at the provider, answer the query it sends the browser back with. */
  async function providerAnswer(platform: number, who: string, token?: string): Promise<{ url: URL; params: string }> {
    const start = await mapi(app, 'POST', `${a.code}/social/${platform}/start`, token ? { link: true } : {}, token);
    expect(start.statusCode, start.body).toBe(201);
    const back = await provider.authorize((start.json() as { url: string }).url, who);
    return { url: new URL((start.json() as { url: string }).url), params: back.search };
  }
  const callback = (params: string, token?: string): Promise<LightMyRequestResponse> => mapi(app, 'POST', `${a.code}/social/callback`, { params }, token);
  const identities = (subject: string) => h.db.selectFrom('member_identities').selectAll().where('tenant_id', '=', a.id).where('subject', '=', subject).execute();

  beforeAll(async () => {
    app = await h.appWith({ socialIssuers: { line: provider.issuer, facebook: provider.issuer, google: provider.issuer } });
    a = await memberClient(h);
    const res = await settingsOf({ ...SETTINGS, loginPlatforms: [LINE, WECHAT, FACEBOOK, GOOGLE], loginClients: [clientOf(LINE), clientOf(FACEBOOK), clientOf(GOOGLE)] });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('settings: secrets are never sent back ("set" instead) and kept when saved without a new one; a new client needs one', async () => {
    const got = await readSettings();
    expect(got.statusCode).toBe(200);
    for (const c of Object.values(TEST_CLIENTS)) expect(got.body).not.toContain(c.clientSecret);
    const body = got.json() as Record<string, unknown> & { loginClients: Record<string, unknown>[] };
    expect(body.loginClients).toEqual([
      { platform: LINE, clientId: TEST_CLIENTS.line.clientId, secretSet: true },
      { platform: FACEBOOK, clientId: TEST_CLIENTS.facebook.clientId, secretSet: true },
      { platform: GOOGLE, clientId: TEST_CLIENTS.google.clientId, secretSet: true },
    ]);
    // The form saved as read (no secrets): the stored secrets stay.
    const saved = await settingsOf(body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(TEST_CLIENTS.line.clientSecret);
    const rows = await h.db.selectFrom('member_login_clients').select(['platform', 'client_secret']).where('tenant_id', '=', a.id).orderBy('platform').execute();
    expect(rows).toEqual([
      { platform: LINE, client_secret: TEST_CLIENTS.line.clientSecret },
      { platform: FACEBOOK, client_secret: TEST_CLIENTS.facebook.clientSecret },
      { platform: GOOGLE, client_secret: TEST_CLIENTS.google.clientSecret },
    ]);
    // Nor in the change log of the settings.
    const changes = await h.db.selectFrom('change_logs').selectAll().where('tenant_id', '=', a.id).execute();
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes) expect(JSON.stringify(c)).not.toContain(TEST_CLIENTS.google.clientSecret);
    // A platform listed twice, or a new one without a secret: code 1 on the field.
    const twice = expectFailure(await settingsOf({ ...body, loginClients: [...body.loginClients, { platform: LINE, clientId: 'x', clientSecret: 'y' }] }), 400, ErrorCode.BadRequest);
    expect(Object.keys(twice.data)).toEqual(['loginClients.3.platform']);
    await h.db.deleteFrom('member_login_clients').where('tenant_id', '=', a.id).where('platform', '=', GOOGLE).execute();
    const noSecret = expectFailure(await settingsOf(body), 400, ErrorCode.BadRequest);
    expect(Object.keys(noSecret.data)).toEqual(['loginClients.2.clientSecret']);
    expect((await settingsOf({ ...body, loginClients: [body.loginClients[0], body.loginClients[1], clientOf(GOOGLE)] })).statusCode).toBe(200);
  });

  it('the shopper sees the usable platforms: enabled, with a client, not WeChat', async () => {
    const res = await mapi(app, 'GET', `${a.code}/setting`);
    expect((res.json() as { loginPlatforms: number[] }).loginPlatforms).toEqual([LINE, FACEBOOK, GOOGLE]);
  });

  it('joins through the provider (PKCE S256, state, nonce), then signs in as the same member', async () => {
    const who = sub('alice');
    const { url, params } = await providerAnswer(GOOGLE, who);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(TEST_CLIENTS.google.clientId);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`http://localhost/m/${a.code}`);
    // Kept as a hash only, with the verifier and the nonce.
    const kept = await h.db.selectFrom('member_social_states').selectAll().where('tenant_id', '=', a.id).where('platform', '=', GOOGLE).execute();
    expect(kept.some((s) => s.state_hash === url.searchParams.get('state'))).toBe(false);
    const res = await callback(params);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { outcome: string; token: string; account: { member: { id: number; phone: string | null }; linked: number[] } };
    expect(body.outcome).toBe('joined');
    expect(body.account.member.phone).toBeNull();
    expect(body.account.linked).toEqual([GOOGLE]);
    const [identity] = await identities(who);
    expect(identity).toMatchObject({ member_id: body.account.member.id, platform: GOOGLE, email: `${who}@example.test` });
    expect((await mapi(app, 'GET', `${a.code}/me`, undefined, body.token)).statusCode).toBe(200);
    expect(await h.db.selectFrom('member_social_states').select('state_hash').where('tenant_id', '=', a.id).where('member_id', 'is', null).execute()).toEqual([]);

    const again = await callback((await providerAnswer(GOOGLE, who)).params);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'signedIn', account: { member: { id: body.account.member.id } } });
    expect(await identities(who)).toHaveLength(1);
  });

  it('a replayed answer, an unknown state and a provider error are 8140', async () => {
    const { params } = await providerAnswer(LINE, sub('replay'));
    expect((await callback(params)).statusCode).toBe(201);
    expect(expectFailure(await callback(params), 400, ErrorCode.ThirdPartyAuthFailed).data).toEqual({ reason: 'state' });
    const forged = new URLSearchParams(params);
    forged.set('state', 'A'.repeat(43));
    expect(expectFailure(await callback(forged.toString()), 400, ErrorCode.ThirdPartyAuthFailed).data).toEqual({ reason: 'state' });
    expectFailure(await callback('code=abc'), 400, ErrorCode.ThirdPartyAuthFailed);
    const start = await mapi(app, 'POST', `${a.code}/social/${LINE}/start`, {});
    const state = new URL((start.json() as { url: string }).url).searchParams.get('state')!;
    const denied = await callback(new URLSearchParams({ error: 'access_denied', state, iss: provider.issuer }).toString());
    expect(expectFailure(denied, 400, ErrorCode.ThirdPartyAuthFailed).data).toEqual({ reason: 'access_denied' });
  });

  it('PKCE: a code redeemed under another start (its verifier) is refused by the provider: 8140, nobody joins', async () => {
    const who = sub('pkce');
    const first = await providerAnswer(LINE, who);
    const second = await mapi(app, 'POST', `${a.code}/social/${LINE}/start`, {});
    const otherState = new URL((second.json() as { url: string }).url).searchParams.get('state')!;
    const swapped = new URLSearchParams(first.params);
    swapped.set('state', otherState);
    const res = expectFailure(await callback(swapped.toString()), 400, ErrorCode.ThirdPartyAuthFailed);
    expect(res.data).toEqual({ reason: 'invalid_grant' });
    expect(await identities(who)).toEqual([]);
  });

  it('a platform not enabled, without a client, or WeChat cannot start (8140 disabled)', async () => {
    expect(expectFailure(await mapi(app, 'POST', `${a.code}/social/${WECHAT}/start`, {}), 400, ErrorCode.ThirdPartyAuthFailed).data).toEqual({ reason: 'disabled' });
    const started = await mapi(app, 'POST', `${a.code}/social/${FACEBOOK}/start`, {});
    expect(started.statusCode).toBe(201);
    await h.db.updateTable('member_settings').set({ login_platforms: JSON.stringify([LINE, GOOGLE]) as never }).where('tenant_id', '=', a.id).execute();
    try {
      expect(expectFailure(await mapi(app, 'POST', `${a.code}/social/${FACEBOOK}/start`, {}), 400, ErrorCode.ThirdPartyAuthFailed).data).toEqual({ reason: 'disabled' });
      expect((await mapi(app, 'GET', `${a.code}/setting`)).json()).toMatchObject({ loginPlatforms: [LINE, GOOGLE] });
    } finally {
      await h.db.updateTable('member_settings').set({ login_platforms: JSON.stringify([LINE, WECHAT, FACEBOOK, GOOGLE]) as never }).where('tenant_id', '=', a.id).execute();
    }
    expectFailure(await mapi(app, 'POST', `${a.code}/social/5/start`, {}), 400, ErrorCode.BadRequest);
  });

  it('links a platform to a phone member; 8122 when another member holds the account; 8121 for a second account of a platform', async () => {
    const phoneMember = await joined(app, a.code);
    expect((await mapi(app, 'POST', `${a.code}/social/${LINE}/start`, { link: true })).statusCode).toBe(401);
    const who = sub('bob');
    const { params } = await providerAnswer(LINE, who, phoneMember.token);
    // The link's answer belongs to the member who started it.
    expect((await callback(params)).statusCode).toBe(401);
    const { params: again } = await providerAnswer(LINE, who, phoneMember.token);
    const linked = await callback(again, phoneMember.token);
    expect(linked.statusCode, linked.body).toBe(201);
    const body = linked.json() as { outcome: string; token?: string; account: { member: { id: number; phone: string }; linked: number[] } };
    expect(body).toMatchObject({ outcome: 'linked', account: { linked: [LINE] } });
    expect(body.token).toBeUndefined();
    expect(body.account.member.phone).toBe(phoneMember.phone.replace(/^0/, ''));
    expect((await identities(who))[0]).toMatchObject({ member_id: body.account.member.id, platform: LINE });
    // Signing in with LINE now opens the phone member.
    const signin = await callback((await providerAnswer(LINE, who)).params);
    expect(signin.json()).toMatchObject({ outcome: 'signedIn', account: { member: { id: body.account.member.id } } });

    const otherMember = await joined(app, a.code);
    expectFailure(await callback((await providerAnswer(LINE, who, otherMember.token)).params, otherMember.token), 400, ErrorCode.ThirdPartyIdRegistered);
    expectFailure(await callback((await providerAnswer(LINE, sub('carol'), phoneMember.token)).params, phoneMember.token), 400, ErrorCode.AccountRegistered);
    const rows = await h.db.selectFrom('member_identities').select(['member_id']).where('tenant_id', '=', a.id).where('member_id', 'in', [body.account.member.id]).execute();
    expect(rows).toHaveLength(1);
  });

  it('every platform through the same code path with its own client: LINE (secret posted), Facebook (profile call), Google (Basic)', async () => {
    for (const platform of [LINE, FACEBOOK, GOOGLE]) {
      const who = sub(`each${platform}`);
      const { url, params } = await providerAnswer(platform, who);
      expect(url.searchParams.get('client_id')).toBe(clientOf(platform as 1 | 3 | 4).clientId);
      // OpenID Connect sends a nonce; Facebook's OAuth 2.0 does not.
      expect(url.searchParams.has('nonce')).toBe(platform !== FACEBOOK);
      const res = await callback(params);
      expect(res.statusCode, res.body).toBe(201);
      expect((await identities(who))[0]).toMatchObject({ platform, subject: who, email: `${who}@example.test` });
    }
  });
});

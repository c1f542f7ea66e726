/**
 * The member side of the consumer page (issue 14; public /mapi/v1/member/{tenantCode}/...):
 * one-time codes (never in the answer; 8141, 8142, 8102, 8150), joining (8101, 8102), signing
 * in by code or password (8101, 8150, 8151), the profile with the settings' required fields,
 * earning by scanning a generated code (once per code: 8103; expires_at by the calculation
 * type; the rule naming the code's product), the balance as the ledger's sum after expiry,
 * the bearer session (401 without, another tenant's token refused), and the ledger service.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { PointChangeLogType } from '../../src/domain/enums';
import { json } from '../../server/db/schema';
import type { MemberAccount, MemberScanResult } from '../../src/domain/member/public';
import { lastOtp, sentOtps } from '../../server/services/otpSender';
import { appendPoints, pointBalance, refundPoints, spendPoints } from '../../server/services/memberPoints';
import { describeApi, expectFailure } from './harness';
import { brandProduct, generatedCodes, ok, type Client } from './marketingSetup';
import { joined, mapi, memberClient, newPhone, SETTINGS } from './memberSetup';

describeApi('Member side (public)', (h) => {
  let app: FastifyInstance;
  let a: Client;
  let b: Client;
  let tea: { id: number };

  beforeAll(async () => {
    app = h.app;
    a = await memberClient(h);
    b = await memberClient(h);
    tea = await brandProduct(h, a.id, 'Tea');
    await ok(h, app, 'POST', 'member', a.token, {
      ...SETTINGS,
      requiredInfo: 1 | 2 | 16,
      rewardRules: [
        { name: 'Any scan', earnType: 1, points: 10, memoType: 2 },
        { name: 'Tea scan', earnType: 1, points: 25, memoType: 1, memo: 'Tea bonus', brandProductIds: [tea.id] },
      ],
    }, 201);
    await ok(h, app, 'POST', 'member', b.token, { ...SETTINGS, pointCalculationType: 1 }, 201);
  });

  it('answers the settings a shopper sees; "no members" (200, not an error) for a page without the Member function or settings', async () => {
    const res = await mapi(app, 'GET', `${a.code}/setting`);
    expect(res.statusCode, res.body).toBe(200);
    // Issue 29: only the platforms the shopper can use (enabled with a client; none has one here).
    expect(res.json()).toEqual({ members: true, requiredInfo: 19, requiredFields: ['name', 'email'], loginPlatforms: [], tiers: SETTINGS.tiers, pointCalculationType: 2 });
    // Issue 26: a normal visit of such a page logs no failed request.
    const none = { members: false, requiredInfo: 0, requiredFields: [], loginPlatforms: [], tiers: [], pointCalculationType: 0 };
    const noMember = await memberClient(h, { functionFlags: 2 });
    const r1 = await mapi(app, 'GET', `${noMember.code}/setting`);
    expect([r1.statusCode, r1.json()]).toEqual([200, none]);
    const noSettings = await memberClient(h);
    const r2 = await mapi(app, 'GET', `${noSettings.code}/setting`);
    expect([r2.statusCode, r2.json()]).toEqual([200, none]);
    expectFailure(await mapi(app, 'GET', 'nosuchtenant/setting'), 404, 2);
    expectFailure(await mapi(app, 'POST', `${noSettings.code}/otp`, { phoneCountryCode: '886', phone: newPhone(), purpose: 'join' }), 404, 2);
  });

  it('sends a code only to the sender (never in the answer), refuses a resend within 60 s (8142) and over 5 an hour (8141)', async () => {
    const phone = newPhone();
    const before = sentOtps().length;
    const res = await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone, purpose: 'join' });
    expect(res.statusCode, res.body).toBe(201);
    const code = lastOtp('886', phone.slice(1))!;
    expect(code).toMatch(/^\d{6}$/);
    expect(sentOtps().length).toBe(before + 1);
    expect(res.body).not.toContain(code);
    expect(Object.keys(res.json() as object).sort()).toEqual(['expiresAt', 'resendAfter']);
    const stored = await h.db.selectFrom('member_otps').select('code_hash').where('phone', '=', phone.slice(1)).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expectFailure(await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone, purpose: 'join' }), 400, 8142);
    // Four earlier sends in the last hour, none in the last minute: the fifth is refused.
    await h.db.updateTable('member_otps').set({ created_at: new Date(Date.now() - 10 * 60_000) }).where('phone', '=', phone.slice(1)).execute();
    await h.db.insertInto('member_otps').values(Array.from({ length: 4 }, () => ({
      tenant_id: a.id, phone_country_code: '886', phone: phone.slice(1), purpose: 'join', code_hash: 'x', expires_at: new Date(), created_at: new Date(Date.now() - 20 * 60_000),
    }))).execute();
    expectFailure(await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone, purpose: 'join' }), 400, 8141);
    const bad = expectFailure(await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone: '12345', purpose: 'join' }), 400, 1);
    expect(bad.data).toHaveProperty('phone');
  });

  it('joins with the code (201, a session), refuses a wrong, reused or over-tried code (8101) and a registered phone (8102)', async () => {
    const phone = newPhone();
    await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone, purpose: 'join' });
    const code = lastOtp('886', phone.slice(1))!;
    const wrong = code === '000000' ? '111111' : '000000';
    expectFailure(await mapi(app, 'POST', `${a.code}/join`, { phoneCountryCode: '886', phone, code: wrong }), 400, 8101);
    const attempts = await h.db.selectFrom('member_otps').select('attempts').where('phone', '=', phone.slice(1)).executeTakeFirstOrThrow();
    expect(attempts.attempts).toBe(1);
    // The code of another tenant's page does not join here.
    expectFailure(await mapi(app, 'POST', `${b.code}/join`, { phoneCountryCode: '886', phone, code }), 400, 8101);
    const res = await mapi(app, 'POST', `${a.code}/join`, { phoneCountryCode: '+886', phone, code });
    expect(res.statusCode, res.body).toBe(201);
    const { token, account } = res.json() as { token: string; account: MemberAccount };
    expect(token.length).toBeGreaterThan(20);
    expect(account).toMatchObject({ balance: 0, tier: { index: 0, name: 'Silver' }, nextTier: { name: 'Gold', points: 100 }, missingFields: ['name', 'email'], history: [] });
    expect(account.member).toMatchObject({ phoneCountryCode: '886', phone: phone.slice(1) });
    const session = await h.db.selectFrom('member_sessions').select('token_hash').where('member_id', '=', account.member.id).executeTakeFirstOrThrow();
    expect(session.token_hash).not.toBe(token);
    expectFailure(await mapi(app, 'POST', `${a.code}/join`, { phoneCountryCode: '886', phone, code }), 400, 8102);
    expectFailure(await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone, purpose: 'join' }), 400, 8102);
    // Over-tried: five wrong tries kill the code.
    const p2 = newPhone();
    await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone: p2, purpose: 'join' });
    const c2 = lastOtp('886', p2.slice(1))!;
    const w2 = c2 === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expectFailure(await mapi(app, 'POST', `${a.code}/join`, { phoneCountryCode: '886', phone: p2, code: w2 }), 400, 8101);
    expectFailure(await mapi(app, 'POST', `${a.code}/join`, { phoneCountryCode: '886', phone: p2, code: c2 }), 400, 8101);
  });

  it('signs in by code or password (8150 unknown, 8101 bad code, 8151 wrong password) and out', async () => {
    const m = await joined(app, a.code);
    expectFailure(await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone: newPhone(), purpose: 'signin' }), 404, 8150);
    expectFailure(await mapi(app, 'POST', `${a.code}/signin`, { phoneCountryCode: '886', phone: newPhone(), password: 'Secret123' }), 404, 8150);
    expectFailure(await mapi(app, 'POST', `${a.code}/signin`, { phoneCountryCode: '886', phone: m.phone, password: 'Secret123' }), 400, 8151);
    const saved = await mapi(app, 'PUT', `${a.code}/me`, { name: 'Mei', email: 'mei@example.com', password: 'Secret123' }, m.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expectFailure(await mapi(app, 'POST', `${a.code}/signin`, { phoneCountryCode: '886', phone: m.phone, password: 'Wrong1234' }), 400, 8151);
    const byPassword = await mapi(app, 'POST', `${a.code}/signin`, { phoneCountryCode: '886', phone: m.phone, password: 'Secret123' });
    expect(byPassword.statusCode, byPassword.body).toBe(200);
    expectFailure(await mapi(app, 'POST', `${a.code}/signin`, { phoneCountryCode: '886', phone: m.phone, code: '123456' }), 400, 8101);
    // The join's code was sent moments ago: a new one only 60 s later (any purpose).
    expectFailure(await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone: m.phone, purpose: 'signin' }), 400, 8142);
    await h.db.updateTable('member_otps').set({ created_at: new Date(Date.now() - 2 * 60_000) }).where('phone', '=', m.phone.slice(1)).execute();
    const sent = await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone: m.phone, purpose: 'signin' });
    expect(sent.statusCode, sent.body).toBe(201);
    const byCode = await mapi(app, 'POST', `${a.code}/signin`, { phoneCountryCode: '886', phone: m.phone, code: lastOtp('886', m.phone.slice(1)) });
    expect(byCode.statusCode, byCode.body).toBe(200);
    const token = (byCode.json() as { token: string }).token;
    expect((await mapi(app, 'GET', `${a.code}/me`, undefined, token)).statusCode).toBe(200);
    expect((await mapi(app, 'POST', `${a.code}/signout`, undefined, token)).statusCode).toBe(204);
    expectFailure(await mapi(app, 'GET', `${a.code}/me`, undefined, token), 401, 3);
  });

  it('changes a password the member has only with the current one (8131 wrong or missing, 8132 the same)', async () => {
    const m = await joined(app, a.code);
    const profile = { name: 'Mei', email: 'mei@example.com' };
    // The first password needs none.
    expect((await mapi(app, 'PUT', `${a.code}/me`, { ...profile, password: 'Secret123' }, m.token)).statusCode).toBe(200);
    // A session alone (a borrowed phone) cannot replace it.
    expectFailure(await mapi(app, 'PUT', `${a.code}/me`, { ...profile, password: 'Taken9999' }, m.token), 400, 8131);
    expectFailure(await mapi(app, 'PUT', `${a.code}/me`, { ...profile, password: 'Taken9999', originalPassword: 'Wrong1234' }, m.token), 400, 8131);
    expectFailure(await mapi(app, 'PUT', `${a.code}/me`, { ...profile, password: 'Secret123', originalPassword: 'Secret123' }, m.token), 400, 8132);
    expectFailure(await mapi(app, 'POST', `${a.code}/signin`, { phoneCountryCode: '886', phone: m.phone, password: 'Taken9999' }), 400, 8151);
    expect((await mapi(app, 'PUT', `${a.code}/me`, { ...profile, password: 'Fresh2024', originalPassword: 'Secret123' }, m.token)).statusCode).toBe(200);
    expect((await mapi(app, 'POST', `${a.code}/signin`, { phoneCountryCode: '886', phone: m.phone, password: 'Fresh2024' })).statusCode).toBe(200);
    // The profile without a password keeps it.
    expect((await mapi(app, 'PUT', `${a.code}/me`, profile, m.token)).statusCode).toBe(200);
  });

  it('keeps the profile: the settings\' required fields must be given', async () => {
    const m = await joined(app, a.code);
    const missing = expectFailure(await mapi(app, 'PUT', `${a.code}/me`, { name: 'Lin' }, m.token), 400, 1);
    expect(missing.data).toEqual({ email: { key: 'required' } });
    expectFailure(await mapi(app, 'PUT', `${a.code}/me`, { name: 'Lin', email: 'not-mail' }, m.token), 400, 1);
    const res = await mapi(app, 'PUT', `${a.code}/me`, { name: 'Lin', email: 'lin@example.com', gender: 1, birth: '1990-05-01' }, m.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ missingFields: [], member: { name: 'Lin', email: 'lin@example.com', gender: 1, birth: '1990-05-01', hasPassword: false } });
    expectFailure(await mapi(app, 'GET', `${a.code}/me`), 401, 3);
    // A token of tenant a does not open tenant b's page.
    expectFailure(await mapi(app, 'GET', `${b.code}/me`, undefined, m.token), 401, 3);
  });

  it('earns by scanning a generated code once (8103), by the best rule, with expiry by the calculation type', async () => {
    const m = await joined(app, a.code);
    const [plain] = await generatedCodes(h, a.id, 1);
    const [teaCode, teaCode2] = await generatedCodes(h, a.id, 2, tea.id);
    const [foreign] = await generatedCodes(h, b.id, 1);
    const first = await mapi(app, 'POST', `${a.code}/scan`, { code: plain }, m.token);
    expect(first.statusCode, first.body).toBe(201);
    const r1 = first.json() as MemberScanResult;
    expect(r1).toMatchObject({ code: plain, points: 10, memo: 'Any scan', balance: 10 });
    // LastOneYear: a year from now.
    expect(Math.abs(new Date(r1.expiresAt!).getTime() - (Date.now() + 365 * 86_400_000))).toBeLessThan(2 * 86_400_000);
    const teaScan = await mapi(app, 'POST', `${a.code}/scan`, { code: teaCode }, m.token);
    expect(teaScan.json()).toMatchObject({ points: 25, memo: 'Tea bonus', balance: 35 });
    expectFailure(await mapi(app, 'POST', `${a.code}/scan`, { code: plain }, m.token), 400, 8103);
    // Another shopper cannot earn by the same code either.
    const other = await joined(app, a.code);
    expectFailure(await mapi(app, 'POST', `${a.code}/scan`, { code: teaCode }, other.token), 400, 8103);
    expectFailure(await mapi(app, 'POST', `${a.code}/scan`, { code: foreign }, m.token), 404, 2);
    expectFailure(await mapi(app, 'POST', `${a.code}/scan`, { code: 'NOPE' }, m.token), 404, 2);
    expectFailure(await mapi(app, 'POST', `${a.code}/scan`, { code: teaCode2 }), 401, 3);
    const member = await h.db.selectFrom('members').select('id').where('tenant_id', '=', a.id).where('phone', '=', m.phone.slice(1)).executeTakeFirstOrThrow();
    const rows = await h.db.selectFrom('member_points').select(['type', 'points', 'code', 'memo', 'expires_at']).where('member_id', '=', member.id).orderBy('id').execute();
    expect(rows.map((r) => [r.type, r.points, r.code, r.memo])).toEqual([[1, 10, plain, 'Any scan'], [1, 25, teaCode, 'Tea bonus']]);
    expect(rows.every((r) => r.expires_at !== null)).toBe(true);
    const me = (await mapi(app, 'GET', `${a.code}/me`, undefined, m.token)).json() as MemberAccount;
    expect(me.balance).toBe(35);
    expect(me.history.map((r) => r.points)).toEqual([25, 10]);
    // Permanent points (tenant b) never expire.
    const mb = await joined(app, b.code);
    const [bCode] = await generatedCodes(h, b.id, 1);
    const bScan = await mapi(app, 'POST', `${b.code}/scan`, { code: bCode }, mb.token);
    expect(bScan.json()).toMatchObject({ points: 10, expiresAt: null });
  });

  it('writes off due points as one Expiry row; spends with 14504 when short; refunds', async () => {
    const m = await joined(app, a.code);
    const member = await h.db.selectFrom('members').select('id').where('tenant_id', '=', a.id).where('phone', '=', m.phone.slice(1)).executeTakeFirstOrThrow();
    const now = new Date();
    await h.db.transaction().execute(async (trx) => {
      await appendPoints(trx, { tenantId: a.id, memberId: member.id, type: PointChangeLogType.ScanCode, points: 40, code: `OLD${member.id}`, expiresAt: new Date(now.getTime() - 86_400_000) });
      await appendPoints(trx, { tenantId: a.id, memberId: member.id, type: PointChangeLogType.ScanCode, points: 30, code: `NEW${member.id}`, expiresAt: new Date(now.getTime() + 86_400_000) });
      expect(await pointBalance(trx, member.id, now)).toBe(30);
    });
    const me = (await mapi(app, 'GET', `${a.code}/me`, undefined, m.token)).json() as MemberAccount;
    expect(me.balance).toBe(30);
    const sum = async () => Number((await h.db.selectFrom('member_points').select((eb) => eb.fn.sum<number>('points').as('s')).where('member_id', '=', member.id).executeTakeFirstOrThrow()).s);
    expect(await sum()).toBe(30);
    const expiry = await h.db.selectFrom('member_points').select('points').where('member_id', '=', member.id).where('type', '=', PointChangeLogType.Expiry).execute();
    expect(expiry).toEqual([{ points: -40 }]);
    // Reading again writes nothing more.
    await mapi(app, 'GET', `${a.code}/me`, undefined, m.token);
    expect((await h.db.selectFrom('member_points').select('id').where('member_id', '=', member.id).execute()).length).toBe(3);
    const order = await h.db.insertInto('member_orders').values({ tenant_id: a.id, member_id: member.id, order_no: `O${member.id}`, points: 20, recipient: json({}) }).returning('id').executeTakeFirstOrThrow();
    await expect(h.db.transaction().execute((trx) => spendPoints(trx, { tenantId: a.id, memberId: member.id, points: 31, orderId: order.id }))).rejects.toMatchObject({ statusCode: 400, code: 14504 });
    expect(await h.db.transaction().execute((trx) => spendPoints(trx, { tenantId: a.id, memberId: member.id, points: 20, orderId: order.id }))).toBe(10);
    await h.db.transaction().execute((trx) => refundPoints(trx, { tenantId: a.id, memberId: member.id, points: 20, orderId: order.id }));
    expect(await sum()).toBe(30);
    await expect(h.db.transaction().execute((trx) => spendPoints(trx, { tenantId: b.id, memberId: member.id, points: 1, orderId: order.id }))).rejects.toMatchObject({ statusCode: 404, code: 8150 });
  });
});

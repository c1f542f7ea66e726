/**
 * The member side's limits on guessing (issue 23), however the guesses arrive: a one-time code
 * takes at most OTP_MAX_ATTEMPTS tries, counted before the comparison, so a parallel burst of
 * wrong codes cannot all be judged (join and sign-in); a member's password sign-in locks the
 * member for MEMBER_LOCK_MINUTES after MEMBER_SIGNIN_MAX_FAILURES wrong passwords in a row
 * (8152), in a burst too; a code sign-in still works and lifts the lock.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '../../src/domain/errors';
import { MEMBER_SIGNIN_MAX_FAILURES, OTP_MAX_ATTEMPTS } from '../../src/domain/member/public';
import { lastOtp } from '../../server/services/otpSender';
import { describeApi, expectFailure } from './harness';
import type { Client } from './marketingSetup';
import { joined, mapi, memberClient, newPhone, SETTINGS } from './memberSetup';

const BURST = 25;
/** BURST distinct six-digit codes, none of them `right`. */
const wrongCodes = (right: string) => Array.from({ length: BURST + 1 }, (_, i) => String(100000 + i * 37)).filter((c) => c !== right).slice(0, BURST);
const codesOf = (answers: LightMyRequestResponse[]) => answers.map((r) => (r.json() as { code?: number }).code);

describeApi('Member sign-in limits under concurrency', (h) => {
  let app: FastifyInstance;
  let a: Client;

  beforeAll(async () => {
    app = h.app;
    a = await memberClient(h);
    const res = await app.inject({ method: 'POST', url: '/v1/member', headers: { authorization: `Bearer ${a.token}` }, payload: SETTINGS });
    expect(res.statusCode, res.body).toBe(201);
  });

  /** A code sent now for the phone (the previous one of the phone made older than the resend wait). */
  async function sendCode(phone: string, purpose: 'join' | 'signin'): Promise<string> {
    await h.db.updateTable('member_otps').set({ created_at: new Date(Date.now() - 2 * 60_000) }).where('phone', '=', phone.slice(1)).execute();
    const sent = await mapi(app, 'POST', `${a.code}/otp`, { phoneCountryCode: '886', phone, purpose });
    expect(sent.statusCode, sent.body).toBe(201);
    return lastOtp('886', phone.slice(1))!;
  }

  it(`joins: ${BURST} wrong codes and the right one last, all at once: the code takes ${OTP_MAX_ATTEMPTS} tries, the right one is refused (8101)`, async () => {
    const phone = newPhone();
    const code = await sendCode(phone, 'join');
    const answers = await Promise.all([...wrongCodes(code), code].map((c) => mapi(app, 'POST', `${a.code}/join`, { phoneCountryCode: '886', phone, code: c })));
    expect(codesOf(answers)).toEqual(Array(BURST + 1).fill(ErrorCode.VerificationFailed));
    const otp = await h.db.selectFrom('member_otps').select(['attempts', 'used_at']).where('phone', '=', phone.slice(1)).executeTakeFirstOrThrow();
    expect(otp).toEqual({ attempts: OTP_MAX_ATTEMPTS, used_at: null });
    expectFailure(await mapi(app, 'POST', `${a.code}/join`, { phoneCountryCode: '886', phone, code }), 400, ErrorCode.VerificationFailed);
    const member = await h.db.selectFrom('members').select('id').where('tenant_id', '=', a.id).where('phone', '=', phone.slice(1)).executeTakeFirst();
    expect(member).toBeUndefined();
  });

  it(`joins with the right code after ${OTP_MAX_ATTEMPTS - 1} wrong ones; a code joins once, however many try it at once`, async () => {
    const phone = newPhone();
    const code = await sendCode(phone, 'join');
    for (const c of wrongCodes(code).slice(0, OTP_MAX_ATTEMPTS - 1)) {
      expectFailure(await mapi(app, 'POST', `${a.code}/join`, { phoneCountryCode: '886', phone, code: c }), 400, ErrorCode.VerificationFailed);
    }
    const answers = await Promise.all(Array.from({ length: 3 }, () => mapi(app, 'POST', `${a.code}/join`, { phoneCountryCode: '886', phone, code })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 201)) expect([ErrorCode.VerificationFailed, ErrorCode.PhoneRegistered]).toContain(r.json().code);
  });

  it(`signs in by code: ${BURST} wrong codes and the right one last, all at once: the right one is refused (8101)`, async () => {
    const m = await joined(app, a.code);
    const code = await sendCode(m.phone, 'signin');
    const answers = await Promise.all([...wrongCodes(code), code].map((c) => mapi(app, 'POST', `${a.code}/signin`, { phoneCountryCode: '886', phone: m.phone, code: c })));
    expect(codesOf(answers)).toEqual(Array(BURST + 1).fill(ErrorCode.VerificationFailed));
    const otp = await h.db.selectFrom('member_otps').select('attempts').where('phone', '=', m.phone.slice(1)).where('purpose', '=', 'signin').executeTakeFirstOrThrow();
    expect(otp.attempts).toBe(OTP_MAX_ATTEMPTS);
    expectFailure(await mapi(app, 'POST', `${a.code}/signin`, { phoneCountryCode: '886', phone: m.phone, code }), 400, ErrorCode.VerificationFailed);
  });

  async function withPassword(): Promise<{ phone: string }> {
    const m = await joined(app, a.code);
    const saved = await mapi(app, 'PUT', `${a.code}/me`, { name: 'Mei', email: 'mei@example.com', password: 'Secret123' }, m.token);
    expect(saved.statusCode, saved.body).toBe(200);
    return m;
  }
  const signIn = (phone: string, password: string) => mapi(app, 'POST', `${a.code}/signin`, { phoneCountryCode: '886', phone, password });

  it(`locks the password sign-in after ${MEMBER_SIGNIN_MAX_FAILURES} wrong passwords in a row (8152), for a time`, async () => {
    const m = await withPassword();
    for (let i = 1; i < MEMBER_SIGNIN_MAX_FAILURES; i++) expectFailure(await signIn(m.phone, `Wrong${i}234`), 400, ErrorCode.WrongMemberPassword);
    // The attempt that locks already says so; then even the right password is refused.
    const locked = expectFailure(await signIn(m.phone, 'Wrong9999'), 400, ErrorCode.MemberLocked);
    expect(Date.parse(locked.data.lockedUntil)).toBeGreaterThan(Date.now());
    expectFailure(await signIn(m.phone, 'Secret123'), 400, ErrorCode.MemberLocked);
    // Once the time is over, the right password signs in, and the count starts again.
    await h.db.updateTable('members').set({ locked_until: new Date(Date.now() - 1000) }).where('phone', '=', m.phone.slice(1)).execute();
    expect((await signIn(m.phone, 'Secret123')).statusCode).toBe(200);
    expectFailure(await signIn(m.phone, 'Wrong1234'), 400, ErrorCode.WrongMemberPassword);
    expect((await signIn(m.phone, 'Secret123')).statusCode).toBe(200);
    const row = await h.db.selectFrom('members').select(['failed_signins', 'locked_until']).where('phone', '=', m.phone.slice(1)).executeTakeFirstOrThrow();
    expect(row).toEqual({ failed_signins: 0, locked_until: null });
  });

  it(`locks the password sign-in after ${BURST} wrong passwords at once; a code sign-in still works and lifts the lock`, async () => {
    const m = await withPassword();
    const answers = await Promise.all(Array.from({ length: BURST }, (_, i) => signIn(m.phone, `Wrong${i}234`)));
    const codes = codesOf(answers);
    expect(codes.filter((c) => c === ErrorCode.WrongMemberPassword).length).toBeLessThan(MEMBER_SIGNIN_MAX_FAILURES);
    expect(codes.filter((c) => c !== ErrorCode.WrongMemberPassword).every((c) => c === ErrorCode.MemberLocked)).toBe(true);
    expectFailure(await signIn(m.phone, 'Secret123'), 400, ErrorCode.MemberLocked);
    const code = await sendCode(m.phone, 'signin');
    expect((await mapi(app, 'POST', `${a.code}/signin`, { phoneCountryCode: '886', phone: m.phone, code })).statusCode).toBe(200);
    expect((await signIn(m.phone, 'Secret123')).statusCode).toBe(200);
  });
});

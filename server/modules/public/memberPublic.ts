/**
 * The member side of the consumer page (issue 14), public at /mapi/v1 beside the page data
 * (marketingPublic.ts). A tenant here is a live client tenant with the Member function and
 * saved member settings; anything else is 404 code 2 (but the settings below).
 *
 *   GET  member/{tenantCode}/setting   MemberPageSetting: required fields, login platforms
 *                                      (usable ones: memberSocial.ts), tiers; a page's tenant without
 *                                      members answers 200 `members: false` (issue 26)
 *   POST member/{tenantCode}/otp       { phoneCountryCode, phone, purpose: join|signin } -> 201
 *                                      { expiresAt, resendAfter }. The code goes to the sender
 *                                      (services/sms: Twilio when SMS_PROVIDER=twilio, else the
 *                                      outbox of services/otpSender.ts), never to the answer; a
 *                                      provider that refuses after its retries: 503 code 9999
 *                                      and the code is dropped (no 8142 on the next ask). join on a
 *                                      registered phone 8102, signin on an unknown one 8150; a
 *                                      new code within 60 s of the previous 8142; more than 5
 *                                      an hour per phone 8141; per IP a third of SIGNIN_RATE_LIMIT
 *                                      a minute (code 3; join and signin: SIGNIN_RATE_LIMIT).
 *   POST member/{tenantCode}/join      { phoneCountryCode, phone, code } -> 201 { token, account }:
 *                                      a wrong, used, expired or over-tried code 8101; 8102.
 *                                      A try is counted before the code is compared, so at most
 *                                      OTP_MAX_ATTEMPTS of a code are judged, even all at once
 *                                      (services/memberSignin.ts)
 *   POST member/{tenantCode}/signin    { ..., code } or { ..., password } -> 200 { token, account }:
 *                                      8150 unknown phone, 8101 bad code, 8151 wrong password,
 *                                      8152 password sign-in locked (MEMBER_SIGNIN_MAX_FAILURES
 *                                      wrong in a row: MEMBER_LOCK_MINUTES; a code still signs in)
 *   POST member/{tenantCode}/signout   the bearer token stops working (204)
 *   GET  member/{tenantCode}/me        MemberAccount: profile, missing required fields, balance
 *                                      (due points written off first), tier, next tier, history
 *   PUT  member/{tenantCode}/me        the profile; the settings' required fields must be given
 *                                      (code 1 `required` on them); a password may be set,
 *                                      and changed with `originalPassword` (8131 wrong or
 *                                      missing, 8132 the same as before)
 *   POST member/{tenantCode}/scan      { code } -> 201 MemberScanResult: one of the tenant's
 *                                      generated codes earns by the reward rules, once per code
 *                                      (8103), as a ScanCode ledger row with expires_at from the
 *                                      calculation type; a code of nobody here 404 code 2; no
 *                                      rule applying: 200 with points 0 and no row. Point
 *                                      activities (services/pointActivity.ts) draw in the same
 *                                      transaction: `activities` of the answer; 8103 only when
 *                                      neither the settings nor an activity could earn
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { ClientFunction, CodePackageStatus, PointChangeLogType } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import {
  memberPhoneKey, OTP_REQUEST_FORM, OTP_RESEND_MS, OTP_SENDS_PER_HOUR, OTP_TTL_MS, OTP_VERIFY_FORM, PASSWORD_SIGNIN_FORM, PROFILE_FORM, SCAN_FORM,
  type MemberAccount, type MemberPageSetting, type MemberScanResult, type OtpPurpose,
} from '../../../src/domain/member/public';
import { missingProfileFields, pointsExpireAt, requiredProfileFields, rewardMemo, scanRewardRule, type ProfileField } from '../../../src/domain/member/settings';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../errors';
import { hashPassword, verifyNothing, verifyPassword } from '../../security/passwords';
import { endMemberSession, memberBearer, requireMember, startMemberSession } from '../../services/memberAuth';
import { appendPoints, expireDue, lockMember } from '../../services/memberPoints';
import { earnPointActivities } from '../../services/pointActivity';
import type { PointActivityEarning } from '../../../src/domain/activity/pointActivity';
import { isUniqueViolation, objectBody, validated } from '../../services/resource';
import { smsSenderOf } from '../../services/sms/index';
import { langOfAcceptLanguage } from '../../services/sms/lang';
import { SmsSendError, type SmsOtpMessage } from '../../services/sms/twilio';
import { findPublicTenant } from '../../services/publicTenant';
import { claimOtp, claimPasswordTry, clearSigninLock, otpHash, useOtp, wrongPassword } from '../../services/memberSignin';
import type { Transaction } from 'kysely';
import crypto from 'node:crypto';
import { loadMemberSettings } from '../../services/memberSettings';
import { accountOf } from '../../services/memberAccount';
import { platformsWithClient } from '../../services/social/clients';
import { usablePlatforms } from '../../../src/domain/member/social';
import { memberTenant } from '../../services/publicTenant';

type Db = AppDeps['db'];
type Trx = Transaction<Database>;

const TENANT_PARAMS = { type: 'object', required: ['tenantCode'], properties: { tenantCode: { type: 'string', minLength: 1, maxLength: 50 } } } as const;

const fail = (code: number, status = 400) => new ApiError(status, code);

/** A member who has a password changes it only with the current one: 8131 wrong or missing, 8132 unchanged. */
async function checkPasswordChange(trx: Trx, tenantId: number, memberId: number, next: string, original: string | undefined): Promise<void> {
  const row = await trx.selectFrom('members').select('password_hash').where('id', '=', memberId).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!row?.password_hash) return;
  if (!original || !(await verifyPassword(row.password_hash, original))) throw fail(ErrorCode.MemberWrongOriginalPassword);
  if (original === next) throw fail(ErrorCode.SameAsOldPassword);
}
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

interface ScanHit { brand_product_id: number | null }

/** The code's brand product when it is one of the tenant's generated codes (undefined: not the tenant's). */
async function codeOfTenant(db: Db | Trx, tenantId: number, code: string): Promise<ScanHit | undefined> {
  const r = await sql<ScanHit>`
    select (
      select l.brand_product_id from brand_product_materials l
      join brand_products x on x.id = l.brand_product_id and x.tenant_id = ${tenantId}
      where l.material_id = p.packaging_material_id order by x.id limit 1
    ) as brand_product_id
    from codes c join code_packages p on p.id = c.package_id
    where c.code = ${code} and p.client_id = ${tenantId} and p.status = ${CodePackageStatus.Generated}
    limit 1`.execute(db);
  return r.rows[0];
}

export default async function memberPublicRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, settings } = deps;
  const config = (summary: string, errors: number[] = [], max = settings.marketingRateLimit) => ({
    public: true,
    rateLimit: { max, timeWindow: '1 minute' },
    docs: { summary, errors: [ErrorCode.NotFound, ErrorCode.NotAllowed, ...errors] },
  });
  type P = { Params: { tenantCode: string } };
  const otpSender = smsSenderOf(settings.sms);

  app.get<P>('/member/:tenantCode/setting', { schema: { params: TENANT_PARAMS }, config: config('The member settings a shopper sees (MemberPageSetting)') },
    async (req): Promise<MemberPageSetting> => {
      // A tenant whose page exists but has no members (no Member function or no settings): 200
      // "no members", so a normal visit logs no failed request (issue 26); unknown: 404 code 2.
      const t = await memberTenant(db, req.params.tenantCode).catch(async (err: unknown) => {
        await findPublicTenant(db, req.params.tenantCode, ClientFunction.Marketing | ClientFunction.Member);
        if (err instanceof ApiError && err.code === ErrorCode.NotFound) return null;
        throw err;
      });
      if (!t) return { members: false, requiredInfo: 0, requiredFields: [], loginPlatforms: [], tiers: [], pointCalculationType: 0 };
      const [s, clients] = await Promise.all([loadMemberSettings(db, t.id), platformsWithClient(db, t.id)]);
      return { members: true, requiredInfo: s.requiredInfo, requiredFields: requiredProfileFields(s.requiredInfo), loginPlatforms: usablePlatforms(s.loginPlatforms, clients), tiers: s.tiers, pointCalculationType: s.pointCalculationType };
    });

  app.post<P>('/member/:tenantCode/otp', {
    schema: { params: TENANT_PARAMS },
    config: config('Send a one-time code to a phone (join or sign in)', [ErrorCode.PhoneRegistered, ErrorCode.MemberNotFound, ErrorCode.SendLimitReached, ErrorCode.PreviousSendNotExpired], Math.max(1, Math.floor(settings.signinRateLimit / 3))),
  }, async (req, reply) => {
    const t = await memberTenant(db, req.params.tenantCode);
    const body = validated<{ phoneCountryCode: string; phone: string; purpose: OtpPurpose }>(OTP_REQUEST_FORM, objectBody(req.body));
    const key = memberPhoneKey(body.phoneCountryCode, body.phone);
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
    const otpId = await db.transaction().execute(async (trx) => {
      // One sender at a time per phone: the tenant's member settings row is the lock.
      await trx.selectFrom('member_settings').select('tenant_id').where('tenant_id', '=', t.id).forUpdate().execute();
      const member = await trx.selectFrom('members').select('id').where('tenant_id', '=', t.id)
        .where('phone_country_code', '=', key.phoneCountryCode).where('phone', '=', key.phone).executeTakeFirst();
      if (body.purpose === 'join' && member) throw fail(ErrorCode.PhoneRegistered);
      if (body.purpose === 'signin' && !member) throw fail(ErrorCode.MemberNotFound, 404);
      const recent = await trx.selectFrom('member_otps').select(['created_at'])
        .where('tenant_id', '=', t.id).where('phone_country_code', '=', key.phoneCountryCode).where('phone', '=', key.phone)
        .where('created_at', '>', new Date(now.getTime() - 3_600_000)).orderBy('created_at', 'desc').execute();
      if (recent.length > 0 && now.getTime() - new Date(recent[0].created_at).getTime() < OTP_RESEND_MS) throw fail(ErrorCode.PreviousSendNotExpired);
      if (recent.length >= OTP_SENDS_PER_HOUR) throw fail(ErrorCode.SendLimitReached);
      const row = await trx.insertInto('member_otps').values({
        tenant_id: t.id, phone_country_code: key.phoneCountryCode, phone: key.phone, purpose: body.purpose,
        code_hash: otpHash(t.id, key, code), expires_at: expiresAt, created_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    });
    try {
      const message: SmsOtpMessage = { tenantId: t.id, tenantCode: t.code, ...key, purpose: body.purpose, code, lang: langOfAcceptLanguage(req.headers['accept-language']) };
      await otpSender()(message, req.log);
    } catch (err) {
      // Nothing reached the phone: the code goes, so the shopper may ask again at once (no 8142).
      await db.deleteFrom('member_otps').where('id', '=', otpId).execute();
      if (err instanceof SmsSendError) throw new ApiError(503, ErrorCode.SystemError, { provider: err.providerCode });
      throw err;
    }
    return reply.code(201).send({ expiresAt: expiresAt.toISOString(), resendAfter: new Date(now.getTime() + OTP_RESEND_MS).toISOString() });
  });

  app.post<P>('/member/:tenantCode/join', {
    schema: { params: TENANT_PARAMS },
    config: config('Join with a phone and its one-time code: { token, account }', [ErrorCode.VerificationFailed, ErrorCode.PhoneRegistered], settings.signinRateLimit),
  }, async (req, reply) => {
    const t = await memberTenant(db, req.params.tenantCode);
    const body = validated<{ phoneCountryCode: string; phone: string; code: string }>(OTP_VERIFY_FORM, objectBody(req.body));
    const key = memberPhoneKey(body.phoneCountryCode, body.phone);
    const exists = await db.selectFrom('members').select('id').where('tenant_id', '=', t.id)
      .where('phone_country_code', '=', key.phoneCountryCode).where('phone', '=', key.phone).executeTakeFirst();
    if (exists) throw fail(ErrorCode.PhoneRegistered);
    const otpId = await claimOtp(db, t.id, key, 'join', body.code);
    let joined: { token: string; memberId: number };
    try {
      joined = await db.transaction().execute(async (trx) => {
        await useOtp(trx, otpId);
        const m = await trx.insertInto('members').values({ tenant_id: t.id, ...{ phone_country_code: key.phoneCountryCode, phone: key.phone } })
          .returning('id').executeTakeFirstOrThrow();
        return { token: await startMemberSession(trx, t.id, m.id), memberId: m.id };
      });
    } catch (err) {
      if (isUniqueViolation(err, 'members_phone_uq')) throw fail(ErrorCode.PhoneRegistered);
      throw err;
    }
    return reply.code(201).send({ token: joined.token, account: await accountOf(db, t.id, joined.memberId) });
  });

  app.post<P>('/member/:tenantCode/signin', {
    schema: { params: TENANT_PARAMS },
    config: config('Sign in with a one-time code or a password: { token, account }', [ErrorCode.MemberNotFound, ErrorCode.VerificationFailed, ErrorCode.WrongMemberPassword, ErrorCode.MemberLocked], settings.signinRateLimit),
  }, async (req) => {
    const t = await memberTenant(db, req.params.tenantCode);
    const raw = objectBody(req.body);
    const withPassword = raw.password !== undefined;
    const body = validated<{ phoneCountryCode: string; phone: string; code?: string; password?: string }>(withPassword ? PASSWORD_SIGNIN_FORM : OTP_VERIFY_FORM, raw);
    const key = memberPhoneKey(body.phoneCountryCode, body.phone);
    const member = await db.selectFrom('members').select(['id', 'password_hash', 'enabled']).where('tenant_id', '=', t.id)
      .where('phone_country_code', '=', key.phoneCountryCode).where('phone', '=', key.phone).executeTakeFirst();
    if (!member?.enabled) {
      if (withPassword) await verifyNothing(body.password!);
      throw fail(ErrorCode.MemberNotFound, 404);
    }
    let otpId: number | null = null;
    if (withPassword) {
      // The try counts as wrong before the comparison (8152 once locked); a right one gives it back below.
      const claim = await claimPasswordTry(db, member.id);
      if (!member.password_hash || !(await verifyPassword(member.password_hash, body.password!))) throw wrongPassword(claim, () => fail(ErrorCode.WrongMemberPassword));
    } else {
      otpId = await claimOtp(db, t.id, key, 'signin', body.code!);
    }
    const token = await db.transaction().execute(async (trx) => {
      if (otpId !== null) await useOtp(trx, otpId);
      await clearSigninLock(trx, member.id);
      return startMemberSession(trx, t.id, member.id);
    });
    return { token, account: await accountOf(db, t.id, member.id) };
  });

  app.post<P>('/member/:tenantCode/signout', { schema: { params: TENANT_PARAMS }, config: { ...config('Sign out: the token stops working'), member: 'optional', docs: { summary: 'Sign out', status: 204, errors: [] } } }, async (req, reply) => {
    const token = memberBearer(req);
    if (token) await endMemberSession(deps, token);
    return reply.code(204).send();
  });

  const signedIn = async (req: FastifyRequest<P>) => {
    const t = await memberTenant(db, req.params.tenantCode);
    const who = await requireMember(req, deps, t.id);
    return { t, who };
  };

  app.get<P>('/member/:tenantCode/me', { schema: { params: TENANT_PARAMS }, config: { ...config('The signed-in shopper: profile, balance, tier, history (MemberAccount)'), member: 'required' } }, async (req): Promise<MemberAccount> => {
    const { t, who } = await signedIn(req);
    return accountOf(db, t.id, who.memberId);
  });

  app.put<P>('/member/:tenantCode/me', { schema: { params: TENANT_PARAMS }, config: { ...config('Save the signed-in shopper\'s profile (the required fields of the settings; a password change with originalPassword)', [ErrorCode.MemberWrongOriginalPassword, ErrorCode.SameAsOldPassword]), member: 'required' } }, async (req): Promise<MemberAccount> => {
    const { t, who } = await signedIn(req);
    const body = validated<Partial<Record<ProfileField, string | number>> & { password?: string; originalPassword?: string }>(PROFILE_FORM, objectBody(req.body));
    const s = await loadMemberSettings(db, t.id);
    const missing = missingProfileFields(s.requiredInfo, body);
    if (missing.length) throw badRequest(Object.fromEntries(missing.map((f) => [f, { key: 'required' }])));
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    await db.transaction().execute(async (trx) => {
      await lockMember(trx, t.id, who.memberId);
      if (passwordHash) await checkPasswordChange(trx, t.id, who.memberId, body.password!, body.originalPassword);
      await trx.updateTable('members').set({
        name: (body.name as string | undefined)?.trim() ?? null,
        gender: (body.gender as number | undefined) ?? null,
        birth: (body.birth as string | undefined) ?? null,
        email: (body.email as string | undefined)?.trim() ?? null,
        address: (body.address as string | undefined)?.trim() ?? null,
        line_id: (body.lineId as string | undefined)?.trim() ?? null,
        discount_code: (body.discountCode as string | undefined)?.trim() ?? null,
        ...(passwordHash ? { password_hash: passwordHash } : {}),
        updated_at: new Date(),
      }).where('id', '=', who.memberId).where('tenant_id', '=', t.id).execute();
    });
    return accountOf(db, t.id, who.memberId);
  });

  app.post<P>('/member/:tenantCode/scan', {
    schema: { params: TENANT_PARAMS },
    config: { ...config('Earn points for a scanned code by the reward rules, once per code (MemberScanResult)', [ErrorCode.CodeReused]), member: 'required' },
  }, async (req, reply): Promise<MemberScanResult & { activities: PointActivityEarning[] }> => {
    const { t, who } = await signedIn(req);
    const { code } = validated<{ code: string }>(SCAN_FORM, objectBody(req.body));
    const trimmed = code.trim();
    const hit = await codeOfTenant(db, t.id, trimmed);
    if (!hit) throw notFound();
    const s = await loadMemberSettings(db, t.id);
    try {
      const result = await db.transaction().execute(async (trx): Promise<MemberScanResult & { earned: boolean; activities: PointActivityEarning[] }> => {
        await lockMember(trx, t.id, who.memberId);
        const earlier = await trx.selectFrom('member_points').select('member_id').where('tenant_id', '=', t.id)
          .where('type', '=', PointChangeLogType.ScanCode).where('code', '=', trimmed).where('point_activity_id', 'is', null).executeTakeFirst();
        const now = new Date();
        // Point activities (issue 15): a draw per running activity the code qualifies for, once per code.
        const { earnings: activities, used } = await earnPointActivities(trx, { tenantId: t.id, memberId: who.memberId, code: trimmed, now });
        const drew = activities.some((a) => a.nextAt === null);
        const rule = earlier ? null : scanRewardRule(s.rewardRules, hit.brand_product_id);
        if ((earlier || used) && !drew && !rule) throw fail(ErrorCode.CodeReused);
        if (!rule) return { code: trimmed, points: 0, memo: null, balance: await expireDue(trx, t.id, who.memberId, now), expiresAt: null, earned: drew, activities };
        const expiresAt = pointsExpireAt(s.pointCalculationType, now);
        const memo = rewardMemo(rule);
        await appendPoints(trx, { tenantId: t.id, memberId: who.memberId, type: PointChangeLogType.ScanCode, points: rule.points, code: trimmed, memo, expiresAt });
        const balance = await expireDue(trx, t.id, who.memberId, now);
        return { code: trimmed, points: rule.points, memo, balance, expiresAt: iso(expiresAt), earned: true, activities };
      });
      const { earned, ...answer } = result;
      return reply.code(earned ? 201 : 200).send(answer);
    } catch (err) {
      // Two shoppers scanning one code at once: the partial unique index decides.
      if (isUniqueViolation(err, 'member_points_code_uq')) throw fail(ErrorCode.CodeReused);
      throw err;
    }
  });
}

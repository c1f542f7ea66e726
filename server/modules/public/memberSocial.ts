/**
 * Members' social sign-in on the consumer page (issue 29), public at /mapi/v1 beside the phone
 * sign-in (memberPublic.ts). The platforms a shopper may use are those the tenant's member
 * settings enable, with the tenant's client id and secret, and supported (LINE, Facebook, Google;
 * WeChat decided out: docs/decisions.md). One code path for all: services/social/oauth.ts.
 *
 *   POST member/{tenantCode}/social/{platform}/start     { link?, returnPath? } -> 201 { url }:
 *        the provider's authorization URL (PKCE S256, state, nonce for OpenID Connect); the
 *        state's hash, the verifier and the nonce stay here, 10 minutes, used once. `link`
 *        (with the member's token, else 401) links the platform to the signed-in member.
 *        A platform not enabled, without a client, or WeChat: 8140 (data.reason 'disabled').
 *   POST member/{tenantCode}/social/callback             { params } (the query the provider
 *        sent the shopper back with) -> SocialCallbackResult & { account }:
 *        sign in (200 signedIn), join (201 joined: a new member without a phone) or link (201
 *        linked; the linking member's token required). 8140 for an unknown, used or expired
 *        state, a provider's error, a code refused (replayed, PKCE) or claims that do not check
 *        out (502 when the provider cannot be reached); 8122 the platform account is another
 *        member's; 8121 the linking member already has another account of the platform; 8150
 *        the platform account's member is disabled. Everything written in one transaction.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../src/domain/errors';
import { SOCIAL_CALLBACK_FORM, SOCIAL_START_FORM, SOCIAL_STATE_TTL_MS, type SocialCallbackResult } from '../../../src/domain/member/social';
import type { AppDeps } from '../../context';
import { ApiError } from '../../errors';
import { hashToken } from '../../security/tokens';
import { accountOf } from '../../services/memberAccount';
import { requireMember, startMemberSession } from '../../services/memberAuth';
import { lockMember } from '../../services/memberPoints';
import { memberTenant } from '../../services/publicTenant';
import { isUniqueViolation, objectBody, validated } from '../../services/resource';
import { usableClient } from '../../services/social/clients';
import { authFailed, beginSocial, finishSocial } from '../../services/social/oauth';

const TENANT = { type: 'string', minLength: 1, maxLength: 50 } as const;
const START_PARAMS = { type: 'object', required: ['tenantCode', 'platform'], properties: { tenantCode: TENANT, platform: { type: 'integer', minimum: 1, maximum: 4 } } } as const;
const TENANT_PARAMS = { type: 'object', required: ['tenantCode'], properties: { tenantCode: TENANT } } as const;

/** The page the provider sends the shopper back to: the tenant's consumer page on this host. */
function redirectUriOf(req: FastifyRequest, tenantCode: string): string {
  return new URL(`/m/${encodeURIComponent(tenantCode)}`, `${req.protocol}://${req.host}`).href;
}

/** A path of the tenant's page to go back to (anything else: the page itself). */
function returnPathOf(tenantCode: string, asked: string | undefined): string {
  const home = `/m/${encodeURIComponent(tenantCode)}`;
  if (!asked || asked.includes('//') || asked.includes('\\')) return home;
  return asked === home || asked.startsWith(`${home}/`) || asked.startsWith(`${home}?`) ? asked : home;
}

const fail = (status: number, code: number) => new ApiError(status, code);

export default async function memberSocialRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, settings } = deps;
  const docs = (summary: string, errors: number[], status?: number) => ({
    public: true,
    rateLimit: { max: settings.signinRateLimit, timeWindow: '1 minute' },
    docs: { summary, errors: [ErrorCode.NotFound, ErrorCode.NotAllowed, ErrorCode.ThirdPartyAuthFailed, ...errors], ...(status ? { status } : {}) },
  });

  app.post<{ Params: { tenantCode: string; platform: number } }>('/member/:tenantCode/social/:platform/start', {
    schema: { params: START_PARAMS },
    config: { ...docs('Start signing in, joining or linking with a login platform: { url } of the provider', [], 201), member: 'optional' },
  }, async (req, reply) => {
    const t = await memberTenant(db, req.params.tenantCode);
    const body = validated<{ link?: boolean; returnPath?: string }>(SOCIAL_START_FORM, req.body === undefined || req.body === null ? {} : objectBody(req.body));
    const who = body.link ? await requireMember(req, deps, t.id) : null;
    const { platform, creds } = await usableClient(db, t.id, req.params.platform);
    const redirectUri = redirectUriOf(req, t.code);
    const begun = await beginSocial(platform, creds, settings.socialIssuers, redirectUri);
    const now = new Date();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('member_social_states').where('expires_at', '<', now).execute();
      await trx.insertInto('member_social_states').values({
        state_hash: hashToken(begun.state), tenant_id: t.id, platform, member_id: who?.memberId ?? null,
        code_verifier: begun.codeVerifier, nonce: begun.nonce, redirect_uri: redirectUri, return_path: returnPathOf(t.code, body.returnPath),
        expires_at: new Date(now.getTime() + SOCIAL_STATE_TTL_MS), created_at: now,
      }).execute();
    });
    return reply.code(201).send({ url: begun.url });
  });

  app.post<{ Params: { tenantCode: string } }>('/member/:tenantCode/social/callback', {
    schema: { params: TENANT_PARAMS },
    config: {
      ...docs('Finish a social sign-in: sign in, join or link (SocialCallbackResult and the account)', [ErrorCode.ThirdPartyIdRegistered, ErrorCode.AccountRegistered, ErrorCode.MemberNotFound]),
      member: 'optional',
    },
  }, async (req, reply) => {
    const t = await memberTenant(db, req.params.tenantCode);
    const { params } = validated<{ params: string }>(SOCIAL_CALLBACK_FORM, objectBody(req.body));
    const query = new URLSearchParams(params.startsWith('?') ? params.slice(1) : params);
    const state = query.get('state');
    if (!state) throw authFailed('state');
    // Used once: the state goes now, whatever follows (a replayed answer finds nothing).
    const begun = await db.deleteFrom('member_social_states').where('state_hash', '=', hashToken(state)).where('tenant_id', '=', t.id)
      .returningAll().executeTakeFirst();
    if (!begun || new Date(begun.expires_at).getTime() <= Date.now()) throw authFailed('state');
    if (begun.member_id !== null) {
      const who = await requireMember(req, deps, t.id);
      if (who.memberId !== begun.member_id) throw authFailed('state');
    }
    const { platform, creds } = await usableClient(db, t.id, begun.platform);
    const identity = await finishSocial(platform, creds, settings.socialIssuers, begun.redirect_uri, query,
      { state, codeVerifier: begun.code_verifier, nonce: begun.nonce });

    let done: { outcome: SocialCallbackResult['outcome']; memberId: number; token?: string };
    try {
      done = await db.transaction().execute(async (trx) => {
        const held = await trx.selectFrom('member_identities as i').innerJoin('members as m', (j) => j.onRef('m.id', '=', 'i.member_id').onRef('m.tenant_id', '=', 'i.tenant_id'))
          .select(['i.member_id', 'm.enabled']).where('i.tenant_id', '=', t.id).where('i.platform', '=', platform).where('i.subject', '=', identity.subject)
          .executeTakeFirst();
        if (begun.member_id !== null) {
          const member = await lockMember(trx, t.id, begun.member_id);
          if (!member.enabled) throw fail(404, ErrorCode.MemberNotFound);
          if (held && held.member_id !== begun.member_id) throw fail(400, ErrorCode.ThirdPartyIdRegistered);
          if (!held) {
            const other = await trx.selectFrom('member_identities').select('id').where('member_id', '=', begun.member_id).where('platform', '=', platform).executeTakeFirst();
            if (other) throw fail(400, ErrorCode.AccountRegistered);
            await trx.insertInto('member_identities').values({ tenant_id: t.id, member_id: begun.member_id, platform, subject: identity.subject, email: identity.email }).execute();
          }
          return { outcome: 'linked' as const, memberId: begun.member_id };
        }
        if (held) {
          if (!held.enabled) throw fail(404, ErrorCode.MemberNotFound);
          return { outcome: 'signedIn' as const, memberId: held.member_id, token: await startMemberSession(trx, t.id, held.member_id) };
        }
        const m = await trx.insertInto('members').values({ tenant_id: t.id, phone_country_code: null, phone: null, email: identity.email })
          .returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('member_identities').values({ tenant_id: t.id, member_id: m.id, platform, subject: identity.subject, email: identity.email }).execute();
        return { outcome: 'joined' as const, memberId: m.id, token: await startMemberSession(trx, t.id, m.id) };
      });
    } catch (err) {
      // Two answers for one platform account at once: the unique indexes decide.
      if (isUniqueViolation(err, 'member_identities_subject_uq')) throw fail(400, ErrorCode.ThirdPartyIdRegistered);
      if (isUniqueViolation(err, 'member_identities_member_uq')) throw fail(400, ErrorCode.AccountRegistered);
      throw err;
    }
    const answer: SocialCallbackResult = { outcome: done.outcome, platform, returnPath: begun.return_path, ...(done.token ? { token: done.token } : {}) };
    return reply.code(done.outcome === 'signedIn' ? 200 : 201).send({ ...answer, account: await accountOf(db, t.id, done.memberId) });
  });
}

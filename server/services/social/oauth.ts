/**
 * The one code path of members' social sign-in (issue 29), over openid-client: a start builds
 * the platform's authorization URL with PKCE (S256), a state and, for OpenID Connect, a nonce;
 * the provider's answer is checked (state, issuer, PKCE by the token endpoint, nonce and the
 * id_token's claims) and turned into the platform's subject. Every failure is 8140: 400 when the
 * provider refused (its `error`, a bad state or code), 502 when it could not be reached.
 */
import * as oidc from 'openid-client';
import { ErrorCode } from '../../../src/domain/errors';
import { ApiError } from '../../errors';
import type { SocialIssuers } from '../../settings';
import { PLATFORMS, STAND_IN_SCOPE, type PlatformDescription } from './platforms';
import type { SocialPlatform } from '../../../src/domain/member/social';

export interface ClientCredentials { clientId: string; clientSecret: string }
export interface SocialIdentity { subject: string; email: string | null }
/** What a start keeps (server side) for the provider's answer. */
export interface SocialBegun { url: string; state: string; codeVerifier: string; nonce: string | null }

interface Resolved { config: oidc.Configuration; scope: string; desc: PlatformDescription; profile: PlatformDescription['profile'] }

/** Discovered metadata of stand-in issuers, once per process (a failed discovery is tried again). */
const discovered = new Map<string, Promise<oidc.ServerMetadata>>();

export const authFailed = (reason: string, status = 400) => new ApiError(status, ErrorCode.ThirdPartyAuthFailed, { reason });

async function standInMetadata(issuer: string): Promise<oidc.ServerMetadata> {
  let pending = discovered.get(issuer);
  if (!pending) {
    const url = new URL(issuer);
    pending = oidc.discovery(url, 'discovery', undefined, oidc.None(), url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined)
      .then((c) => c.serverMetadata());
    discovered.set(issuer, pending);
    pending.catch(() => discovered.delete(issuer));
  }
  return pending;
}

async function resolve(platform: SocialPlatform, creds: ClientCredentials, issuers: SocialIssuers): Promise<Resolved> {
  const desc = PLATFORMS[platform];
  const auth = desc.clientAuth === 'basic' ? oidc.ClientSecretBasic(creds.clientSecret) : oidc.ClientSecretPost(creds.clientSecret);
  const standIn = issuers[desc.key];
  if (!standIn) return { config: new oidc.Configuration(desc.metadata, creds.clientId, undefined, auth), scope: desc.scope, desc, profile: desc.profile };
  let metadata: oidc.ServerMetadata;
  try {
    metadata = await standInMetadata(standIn);
  } catch {
    throw authFailed('unreachable', 502);
  }
  const config = new oidc.Configuration(metadata, creds.clientId, undefined, auth);
  // Only a stand-in named by the deployment's settings may be plain http (a local test provider).
  if (new URL(standIn).protocol === 'http:') oidc.allowInsecureRequests(config);
  const profile = desc.oidc ? undefined : { url: metadata.userinfo_endpoint ?? '', subject: 'sub', email: 'email' };
  return { config, scope: STAND_IN_SCOPE, desc, profile };
}

/** The authorization URL the shopper's browser goes to, and what to keep for the answer. */
export async function beginSocial(platform: SocialPlatform, creds: ClientCredentials, issuers: SocialIssuers, redirectUri: string): Promise<SocialBegun> {
  const { config, scope, desc } = await resolve(platform, creds, issuers);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = desc.oidc ? oidc.randomNonce() : null;
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri, scope, response_type: 'code', state,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier), code_challenge_method: 'S256',
    ...(nonce ? { nonce } : {}),
  });
  return { url: url.href, state, codeVerifier, nonce };
}

/** Why a provider's answer failed, without its tokens: the OAuth `error`, or openid-client's code. */
function reasonOf(err: unknown): { reason: string; status: number } {
  if (err instanceof oidc.AuthorizationResponseError || err instanceof oidc.ResponseBodyError) return { reason: err.error, status: 400 };
  if (err instanceof oidc.ClientError) {
    const cause = (err as { cause?: unknown }).cause;
    if (err.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || cause instanceof TypeError) return { reason: 'unreachable', status: 502 };
    return { reason: err.code ?? 'invalid', status: 400 };
  }
  return { reason: 'unreachable', status: 502 };
}

/**
 * The platform account of the provider's answer (`params`: the query it sent the shopper back
 * with) for the start kept as `begun`; 8140 when anything does not check out.
 */
export async function finishSocial(
  platform: SocialPlatform, creds: ClientCredentials, issuers: SocialIssuers, redirectUri: string, params: URLSearchParams,
  begun: { state: string; codeVerifier: string; nonce: string | null },
): Promise<SocialIdentity> {
  const { config, desc, profile } = await resolve(platform, creds, issuers);
  const current = new URL(redirectUri);
  current.search = params.toString();
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: begun.codeVerifier, expectedState: begun.state, idTokenExpected: desc.oidc,
      ...(begun.nonce ? { expectedNonce: begun.nonce } : {}),
    });
    if (desc.oidc) {
      const claims = tokens.claims();
      if (!claims?.sub) throw authFailed('subject');
      return { subject: claims.sub, email: typeof claims.email === 'string' ? claims.email : null };
    }
    if (!profile?.url) throw authFailed('profile');
    const res = await oidc.fetchProtectedResource(config, tokens.access_token, new URL(profile.url), 'GET');
    if (!res.ok) throw authFailed('profile');
    const body = (await res.json()) as Record<string, unknown>;
    const subject = body[profile.subject];
    if ((typeof subject !== 'string' && typeof subject !== 'number') || String(subject) === '') throw authFailed('subject');
    const email = profile.email ? body[profile.email] : null;
    return { subject: String(subject), email: typeof email === 'string' ? email : null };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const { reason, status } = reasonOf(err);
    throw authFailed(reason, status);
  }
}

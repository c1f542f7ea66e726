/**
 * The login platforms as OAuth 2.0 / OpenID Connect servers (issue 29): one description per
 * platform, read by the one code path of services/social/oauth.ts.
 *  - LINE Login v2.1 and Google: OpenID Connect (id_token with a nonce; the subject is `sub`);
 *  - Facebook Login: OAuth 2.0 with PKCE (no id_token on the web flow): the subject is `id` of
 *    the Graph API's /me read with the access token.
 * Endpoints are written here (documented by each platform), so a start needs no discovery call;
 * SOCIAL_ISSUER_<PLATFORM> (settings.socialIssuers) puts an OpenID provider in a platform's place
 * (tests, staging): its metadata then comes from discovery and the standard scopes apply, the
 * platform's kind (id_token or profile call) stays.
 */
import type { ServerMetadata } from 'openid-client';
import { AccountLinkType } from '../../../src/domain/enums';
import type { SocialPlatform } from '../../../src/domain/member/social';

export interface PlatformDescription {
  platform: SocialPlatform;
  /** settings.socialIssuers key (SOCIAL_ISSUER_<KEY>). */
  key: 'line' | 'facebook' | 'google';
  metadata: ServerMetadata;
  scope: string;
  /** OpenID Connect: the identity is the id_token's `sub` (a nonce is sent). */
  oidc: boolean;
  /** OAuth 2.0 only: where the identity is read with the access token, and its subject field. */
  profile?: { url: string; subject: string; email?: string };
  /** How the client authenticates at the token endpoint. */
  clientAuth: 'post' | 'basic';
}

export const PLATFORMS: Record<SocialPlatform, PlatformDescription> = {
  [AccountLinkType.Line]: {
    platform: AccountLinkType.Line,
    key: 'line',
    // https://developers.line.biz/en/docs/line-login/integrate-line-login/
    metadata: {
      issuer: 'https://access.line.me',
      authorization_endpoint: 'https://access.line.me/oauth2/v2.1/authorize',
      token_endpoint: 'https://api.line.me/oauth2/v2.1/token',
      jwks_uri: 'https://api.line.me/oauth2/v2.1/certs',
    },
    scope: 'openid profile',
    oidc: true,
    clientAuth: 'post',
  },
  [AccountLinkType.Facebook]: {
    platform: AccountLinkType.Facebook,
    key: 'facebook',
    // https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow
    metadata: {
      issuer: 'https://www.facebook.com',
      authorization_endpoint: 'https://www.facebook.com/v21.0/dialog/oauth',
      token_endpoint: 'https://graph.facebook.com/v21.0/oauth/access_token',
    },
    scope: 'public_profile email',
    oidc: false,
    profile: { url: 'https://graph.facebook.com/v21.0/me?fields=id,email', subject: 'id', email: 'email' },
    clientAuth: 'post',
  },
  [AccountLinkType.Google]: {
    platform: AccountLinkType.Google,
    key: 'google',
    // https://developers.google.com/identity/openid-connect/openid-connect
    metadata: {
      issuer: 'https://accounts.google.com',
      authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
      token_endpoint: 'https://oauth2.googleapis.com/token',
      userinfo_endpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
      jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
    },
    scope: 'openid email profile',
    oidc: true,
    clientAuth: 'basic',
  },
};

/** The scopes asked of an OpenID provider standing in for a platform. */
export const STAND_IN_SCOPE = 'openid email profile';

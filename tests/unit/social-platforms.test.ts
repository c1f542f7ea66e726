/**
 * Each login platform's own settings on the one code path (issue 29), without a network: the
 * authorization URL of LINE, Facebook and Google carries the platform's endpoint, the tenant's
 * client id, its scopes, PKCE S256, a state, and a nonce for the OpenID Connect platforms.
 */
import { describe, expect, it } from 'vitest';
import { calculatePKCECodeChallenge } from 'openid-client';
import { AccountLinkType } from '../../src/domain/enums';
import { SOCIAL_PLATFORMS, usablePlatforms } from '../../src/domain/member/social';
import { beginSocial } from '../../server/services/social/oauth';

const EXPECTED = {
  [AccountLinkType.Line]: { endpoint: 'https://access.line.me/oauth2/v2.1/authorize', scope: 'openid profile', nonce: true },
  [AccountLinkType.Facebook]: { endpoint: 'https://www.facebook.com/v21.0/dialog/oauth', scope: 'public_profile email', nonce: false },
  [AccountLinkType.Google]: { endpoint: 'https://accounts.google.com/o/oauth2/v2/auth', scope: 'openid email profile', nonce: true },
};

describe('login platforms', () => {
  for (const platform of SOCIAL_PLATFORMS) {
    it(`platform ${platform}: its endpoint, client, scopes, PKCE S256, state${EXPECTED[platform].nonce ? ', nonce' : ' (no nonce: OAuth 2.0)'}`, async () => {
      const redirect = 'https://shop.example/m/acme';
      const begun = await beginSocial(platform, { clientId: `client-${platform}`, clientSecret: 's' }, {}, redirect);
      const url = new URL(begun.url);
      expect(`${url.origin}${url.pathname}`).toBe(EXPECTED[platform].endpoint);
      const q = url.searchParams;
      expect(q.get('client_id')).toBe(`client-${platform}`);
      expect(q.get('response_type')).toBe('code');
      expect(q.get('redirect_uri')).toBe(redirect);
      expect(q.get('scope')).toBe(EXPECTED[platform].scope);
      expect(q.get('state')).toBe(begun.state);
      expect(q.get('code_challenge_method')).toBe('S256');
      expect(q.get('code_challenge')).toBe(await calculatePKCECodeChallenge(begun.codeVerifier));
      expect(q.has('client_secret')).toBe(false);
      expect(q.get('nonce')).toBe(EXPECTED[platform].nonce ? begun.nonce : null);
      // Every start is new.
      const other = await beginSocial(platform, { clientId: `client-${platform}`, clientSecret: 's' }, {}, redirect);
      expect(other.state).not.toBe(begun.state);
      expect(other.codeVerifier).not.toBe(begun.codeVerifier);
    });
  }

  it('a shopper sees the enabled platforms with a client, never WeChat', () => {
    expect(usablePlatforms([1, 2, 3, 4], [{ platform: 1 }, { platform: 2 }, { platform: 4 }])).toEqual([1, 4]);
    expect(usablePlatforms([4], [{ platform: 1 }, { platform: 4 }])).toEqual([4]);
    expect(usablePlatforms([], [{ platform: 1 }])).toEqual([]);
  });
});

/**
 * Members' social sign-in (issue 29): which login platforms (SPEC AccountLinkType: Line 1,
 * Wechat 2, Facebook 3, Google 4) sign in through OAuth 2.0 / OpenID Connect, the member
 * settings' client list, and the bodies of the public routes (POST member/{tenantCode}/social/...).
 * WeChat stays a platform of the settings but signs nobody in (docs/decisions.md, issue 29).
 */
import { AccountLinkType } from '../enums';
import type { FormDeclaration } from '../validation/index';

/** Platforms this product signs in with (WeChat decided out). */
export const SOCIAL_PLATFORMS = [AccountLinkType.Line, AccountLinkType.Facebook, AccountLinkType.Google] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
export const isSocialPlatform = (n: number): n is SocialPlatform => (SOCIAL_PLATFORMS as readonly number[]).includes(n);

/** A sign-in under way lives this long between the start and the provider's answer. */
export const SOCIAL_STATE_TTL_MS = 10 * 60_000;

/** A tenant's OAuth client of a platform as the settings screen reads it: the secret is never sent, only whether it is set. */
export interface LoginClientDto { platform: number; clientId: string; secretSet: boolean }
/** As the settings screen saves it: no secret keeps the stored one. */
export interface LoginClientBody { platform: number; clientId: string; clientSecret?: string; secretSet?: boolean }

/** The platforms a shopper sees: enabled in the settings, supported, with a client. */
export function usablePlatforms(enabled: number[], clients: { platform: number }[]): SocialPlatform[] {
  const withClient = new Set(clients.map((c) => c.platform));
  return enabled.filter((p): p is SocialPlatform => isSocialPlatform(p) && withClient.has(p));
}

/** POST member/{tenantCode}/social/{platform}/start: `link` (with the member's token) links to the signed-in member. */
export const SOCIAL_START_FORM: FormDeclaration = {
  schema: {
    type: 'object',
    properties: {
      link: { type: 'boolean' },
      /** Where the page goes back to after the provider (a path of the tenant's page). */
      returnPath: { type: 'string', maxLength: 500, pattern: '^/m/' },
    },
  },
};

/** POST member/{tenantCode}/social/callback: the query string the provider sent the shopper back with. */
export const SOCIAL_CALLBACK_FORM: FormDeclaration = {
  schema: { type: 'object', required: ['params'], properties: { params: { type: 'string', minLength: 1, maxLength: 8000 } } },
};

/** The answer of the callback: a session (sign in or join) or the member's new link. */
export interface SocialCallbackResult {
  outcome: 'signedIn' | 'joined' | 'linked';
  platform: SocialPlatform;
  /** A new session (not for `linked`: the page keeps its token). */
  token?: string;
  returnPath: string;
}

/**
 * The member side of the consumer page (public /mapi/v1/member/{tenantCode}/...): bodies as
 * form declarations checked by the shared validator on the server, the answers' shapes, and
 * the phone key of a member.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import type { FormDeclaration } from '../validation/index';
import { normalizeCallingCode } from '../phone';
import type { PointActivityEarning } from '../activity/pointActivity';

/** A code lives 5 minutes; a new one may be asked 60 s after the previous; at most 5 an hour per phone. */
export const OTP_TTL_MS = 5 * 60_000;
export const OTP_RESEND_MS = 60_000;
export const OTP_SENDS_PER_HOUR = 5;
/** Wrong tries a code survives. */
export const OTP_MAX_ATTEMPTS = 5;
/** Wrong passwords in a row that lock a member's password sign-in, and for how long (decided; 8152). */
export const MEMBER_SIGNIN_MAX_FAILURES = 5;
export const MEMBER_LOCK_MINUTES = 15;
export const OTP_PURPOSES = ['join', 'signin'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

const phoneFields = {
  phoneCountryCode: { type: 'string', minLength: 1, maxLength: 6, format: 'phoneCountryCode' },
  phone: { type: 'string', minLength: 1, maxLength: 15, 'x-phone': { countryField: 'phoneCountryCode' } },
} as const;

export const OTP_REQUEST_FORM: FormDeclaration = {
  schema: { type: 'object', required: ['phoneCountryCode', 'phone', 'purpose'], properties: { ...phoneFields, purpose: { type: 'string', enum: [...OTP_PURPOSES] } } },
};

export const OTP_VERIFY_FORM: FormDeclaration = {
  schema: { type: 'object', required: ['phoneCountryCode', 'phone', 'code'], properties: { ...phoneFields, code: { type: 'string', pattern: '^\\d{6}$' } } },
};

export const PASSWORD_SIGNIN_FORM: FormDeclaration = {
  schema: { type: 'object', required: ['phoneCountryCode', 'phone', 'password'], properties: { ...phoneFields, password: { type: 'string', minLength: 1, maxLength: 20 } } },
};

export const PROFILE_FORM: FormDeclaration = {
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string', maxLength: 50 },
      gender: { type: 'integer', 'x-enum': 'Gender', enum: [1, 2, 3] },
      birth: { type: 'string', format: 'date' },
      email: { type: 'string', maxLength: 100, format: 'email' },
      address: { type: 'string', maxLength: 200 },
      lineId: { type: 'string', maxLength: 50 },
      discountCode: { type: 'string', maxLength: 50 },
      password: { type: 'string', minLength: 8, maxLength: 20, pattern: '^[\\x21-\\x7e]+$' },
      /** Changing a password the member already has: the current one (8131 when wrong). */
      originalPassword: { type: 'string', minLength: 1, maxLength: 20 },
    },
  },
};

export const SCAN_FORM: FormDeclaration = {
  schema: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1, maxLength: 100 } } },
};

/** The key of a member: calling code digits and the national number (Taiwan's leading 0 dropped). */
export function memberPhoneKey(phoneCountryCode: string, phone: string): { phoneCountryCode: string; phone: string } {
  const cc = normalizeCallingCode(phoneCountryCode);
  const digits = phone.replace(/\D/g, '');
  const parsed = parsePhoneNumberFromString(digits, { defaultCallingCode: cc });
  return { phoneCountryCode: cc, phone: parsed?.nationalNumber ? String(parsed.nationalNumber) : digits.replace(/^0+/, '') };
}

/**
 * What the member side of a tenant's page needs to know (GET member/{tenantCode}/setting).
 * `members: false` (issue 26): a tenant of the page without members (no Member function or no
 * saved settings) answers 200 with no members and empty settings, not an error.
 */
export interface MemberPageSetting {
  members: boolean;
  requiredInfo: number;
  /** Profile fields the tenant requires (src/domain/member/settings.ts PROFILE_FIELDS). */
  requiredFields: string[];
  /**
   * AccountLinkType values a shopper can sign in, join and link with (issue 29): enabled in the
   * settings, with the tenant's client id and secret, and supported (src/domain/member/social.ts).
   */
  loginPlatforms: number[];
  tiers: { name: string; points: number }[];
  pointCalculationType: number;
}

export interface MemberProfile {
  id: number;
  /** Null for a shopper who joined through a platform (issue 29). */
  phoneCountryCode: string | null;
  phone: string | null;
  name: string | null;
  gender: number | null;
  birth: string | null;
  email: string | null;
  address: string | null;
  lineId: string | null;
  discountCode: string | null;
  hasPassword: boolean;
}

export interface MemberPointRow { id: number; createdAt: string; type: number; points: number; code: string | null; memo: string | null; expiresAt: string | null }

/** GET member/{tenantCode}/me */
export interface MemberAccount {
  member: MemberProfile;
  missingFields: string[];
  balance: number;
  tier: { index: number; name: string } | null;
  nextTier: { name: string; points: number } | null;
  history: MemberPointRow[];
  /** Issue 26: point activities' boxes drawn but not opened yet (their points not in the balance). */
  boxes?: (PointActivityEarning & { code: string })[];
  /** Issue 29: the login platforms (AccountLinkType) linked to the member. */
  linked?: number[];
}

/** POST member/{tenantCode}/scan */
export interface MemberScanResult { code: string; points: number; memo: string | null; balance: number; expiresAt: string | null }

/**
 * Member settings (issue 14, menu 38; SPEC 3 "Member entities", 5 pointLarger, 8 codes 7101-7104,
 * 9 limits): the rules written once, used by the settings form (src/schemas/member/setting.json
 * carries the same limits as schema keywords) and by the server (server/modules/member/member.ts),
 * which answers the catalogue codes before the schema's field errors:
 *
 *  - tiers: 2 to 10 (7102), thresholds strictly increasing (pointLarger, code 1 on the field);
 *    once the tenant has tiers, an edit without tiers turns the tier setting off: 7104;
 *  - login platforms (AccountLinkType): at most 4, no repeats (7103);
 *  - reward rules: at most 10 (code 1 on the field, SPEC 9 "reward or point rules at most 10").
 *
 * A reward rule: `{ name, earnType, brandProductIds, points, memoType, memo }`. Only
 * earnType ScanCode (1) earns today: a signed-in shopper who scans one of the tenant's codes
 * earns `points` when the rule names the code's brand product, or names none (every product).
 * Of the rules that apply the one with the most points wins (the first on a tie); the ledger
 * row's memo is the rule's memo text when memoType is Txt, else the rule's name.
 */
import { AccountLinkType, MemberRequiredInfo, MemberRewardPointMemoType, PointCalculationType, RewardPointEarnType } from '../enums';
import { ErrorCode } from '../errors';

export const TIER_MIN = 2;
export const TIER_MAX = 10;
export const LOGIN_PLATFORM_MAX = 4;
export const REWARD_RULE_MAX = 10;
export const REWARD_POINTS_MAX = 100_000;

import type { LoginClientBody, LoginClientDto } from './social';

export interface MemberTierSetting { name: string; points: number }

export interface RewardRule {
  name: string;
  earnType: number;
  /** Brand products the rule applies to; empty or absent: every product. */
  brandProductIds?: number[];
  points: number;
  memoType: number;
  memo?: string;
}

export interface MemberSettingBody {
  id?: number;
  /** MemberRequiredInfo bits; Phone (1) is always on: a member is a phone number. */
  requiredInfo: number;
  pointCalculationType: number;
  loginPlatforms?: number[];
  tiers?: MemberTierSetting[];
  rewardRules?: RewardRule[];
  /** Issue 29: the tenant's OAuth client per login platform (a secret only when it changes). */
  loginClients?: LoginClientBody[];
}

export interface MemberSettingDto extends Required<Omit<MemberSettingBody, 'id' | 'loginClients'>> {
  /** The clients without their secrets (GET member and the save's answer only). */
  loginClients?: LoginClientDto[];
  /** The tenant id once saved; null while the tenant has no settings (the form adds). */
  id: number | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export const ALL_REQUIRED_INFO = Object.values(MemberRequiredInfo).reduce((a, b) => a | b, 0);

/**
 * The catalogue code a settings body breaks, before any field check (null: none). `stored` is
 * what the tenant has (null on add).
 */
export function memberSettingFault(body: Partial<MemberSettingBody>, stored: { tiers: unknown[] } | null): number | null {
  const platforms = Array.isArray(body.loginPlatforms) ? body.loginPlatforms : [];
  if (platforms.length > LOGIN_PLATFORM_MAX || new Set(platforms).size !== platforms.length) return ErrorCode.LoginPlatformLimit;
  const tiers = Array.isArray(body.tiers) ? body.tiers : [];
  if (tiers.length === 0 && stored && stored.tiers.length > 0) return ErrorCode.TierCannotBeDisabled;
  if (tiers.length < TIER_MIN || tiers.length > TIER_MAX) return ErrorCode.MemberTierCount;
  return null;
}

/** The tier a balance reaches: the last tier whose threshold it meets (null below the first). */
export function tierOf(tiers: readonly MemberTierSetting[], balance: number): { index: number; name: string } | null {
  let found: { index: number; name: string } | null = null;
  tiers.forEach((t, index) => { if (balance >= t.points) found = { index, name: t.name }; });
  return found;
}

/** The reward rule a scan of a code of `brandProductId` earns by (null: none applies). */
export function scanRewardRule(rules: readonly RewardRule[], brandProductId: number | null): RewardRule | null {
  let best: RewardRule | null = null;
  for (const r of rules) {
    if (r.earnType !== RewardPointEarnType.ScanCode || !(r.points > 0)) continue;
    const ids = r.brandProductIds ?? [];
    if (ids.length > 0 && (brandProductId === null || !ids.includes(brandProductId))) continue;
    if (!best || r.points > best.points) best = r;
  }
  return best;
}

export function rewardMemo(rule: RewardRule): string {
  return rule.memoType === MemberRewardPointMemoType.Txt && rule.memo?.trim() ? rule.memo.trim() : rule.name;
}

/** When points earned at `at` expire under a calculation type (null: never). */
export function pointsExpireAt(calculationType: number, at: Date): Date | null {
  const years = calculationType === PointCalculationType.LastOneYear ? 1 : calculationType === PointCalculationType.LastTwoYears ? 2 : 0;
  if (!years) return null;
  const d = new Date(at.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

/** The required-info fields of a member profile, by flag (Phone is the member's key, always given). */
export const PROFILE_FIELDS = [
  { flag: MemberRequiredInfo.Name, field: 'name' },
  { flag: MemberRequiredInfo.Gender, field: 'gender' },
  { flag: MemberRequiredInfo.Birth, field: 'birth' },
  { flag: MemberRequiredInfo.Email, field: 'email' },
  { flag: MemberRequiredInfo.Address, field: 'address' },
  { flag: MemberRequiredInfo.LINEID, field: 'lineId' },
  { flag: MemberRequiredInfo.DiscountCode, field: 'discountCode' },
] as const;

export type ProfileField = (typeof PROFILE_FIELDS)[number]['field'];

/** The profile fields a tenant's settings require. */
export function requiredProfileFields(requiredInfo: number): ProfileField[] {
  return PROFILE_FIELDS.filter((f) => (requiredInfo & f.flag) !== 0).map((f) => f.field);
}

/** Which required fields a profile still lacks. */
export function missingProfileFields(requiredInfo: number, profile: Partial<Record<ProfileField, unknown>>): ProfileField[] {
  return requiredProfileFields(requiredInfo).filter((f) => profile[f] === null || profile[f] === undefined || profile[f] === '');
}

export const ACCOUNT_LINK_TYPES = Object.values(AccountLinkType);

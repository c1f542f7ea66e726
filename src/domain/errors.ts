/**
 * The error catalogue of SPEC.md section 8 and how a failed call becomes a message.
 * The texts live in src/locales/<lang>/errors.ts, keyed by the code ('errors.11').
 * Codes 20000 to 29999 are placeholder texts and are not listed.
 *
 * Where SPEC.md gives a range with fewer meanings than codes (203-216, 9001-9004), the
 * split chosen here is the project's decision; the locale texts follow it.
 */
export const ErrorCode = {
  BadRequest: 1,
  NotFound: 2,
  NotAllowed: 3,

  WrongOriginalPassword: 10,
  /** The role still has users; data carries their accounts. */
  RoleInUse: 11,
  DuplicateAccount: 12,
  /** Locked or disabled account. */
  UserLocked: 13,
  LoginFailed: 14,
  PasswordFormat: 15,

  DuplicateClientCode: 50,
  ClientHasBoundPackaging: 51,

  ImageResolution: 101,
  ImageSize: 102,
  ImageCount: 103,
  NoImage: 104,

  FileFormat: 201,
  NoFile: 202,

  NoActivityInfo: 203,
  NoActivityResult: 204,
  NoPrizeResult: 205,
  AlreadyRedeemed: 206,
  NoMarketingCode: 207,
  RedeemTypeMismatch: 208,
  RedeemStatusMismatch: 209,
  NoQualifiedOrderPackage: 210,
  NoQualifiedProduct: 211,
  NoQualifiedShipmentPackage: 212,
  NoActivityRecord: 213,
  NoRedemptionRecord: 214,
  RedemptionCodeUnavailable: 215,
  RedemptionCodesExhausted: 216,

  PhoneOrLandlineRequired: 1501,
  DuplicateSupplierAccount: 1502,
  SupplierHasFactoryOrWarehouse: 1503,

  AnnouncementCategoryInUse: 1601,
  DistributorCategoryRequired: 1602,

  TenantHasOtherSetting: 1801,

  PackagingCategoryHasMaterials: 2201,
  DuplicateCategoryName: 2202,
  LinkedToCodePackage: 2203,

  BrandHasProducts: 2301,

  FactoryHasLinesOrShifts: 3101,
  LineHasShifts: 3201,
  FactoryNotEnabled: 3202,
  LineNotEnabled: 3301,

  LinkedBrandProducts: 3501,

  KeywordCountMismatch: 4101,
  KeywordIntervalMissing: 4102,
  KeywordIntervalInvalid: 4103,
  KeywordsMissing: 4104,
  KeywordsOverLimit: 4105,

  EffectiveDatePassed: 6101,

  ProductLanguageData: 6401,
  ProductsCannotBeDisabled: 6402,
  DefaultLanguageMissing: 6403,
  CategoryHasProducts: 6404,

  AlreadyPopularProduct: 6501,

  LotteryAddFailed: 6701,
  LotteryDraftNotFound: 6702,
  PrizeProbabilityOver100: 6703,
  WrongPrizeCount: 6704,
  LotteryNotFound: 6705,
  NotCsv: 6706,
  NoCsv: 6707,
  PrizeSerialTooShort: 6708,
  DuplicatePrizeSerials: 6709,
  PrizeMissingPicture: 6710,
  DuplicateTemplateName: 6711,
  WinProbabilityNot100: 6712,

  MemberSettingExists: 7101,
  MemberTierCount: 7102,
  LoginPlatformLimit: 7103,
  TierCannotBeDisabled: 7104,

  OrderStatusCannotChange: 7301,
  OrderPointsInsufficient: 7302,
  OrderNumberNotFound: 7303,
  CsvHeaderWrong: 7304,
  CsvReadError: 7305,
  TimezoneNotFound: 7306,
  CsvNoData: 7307,
  BatchUpdateFailed: 7308,
  PointsExpired: 7309,
  DuplicatePackageMaterialNo: 7310,
  CsvInvalidOrderStatus: 7311,

  PointActivityConfigured: 7401,
  TooManyRules: 7402,
  RuleProbabilityOver100: 7403,
  ExpiryDateMissing: 7404,
  ExpiryDaysMissing: 7405,
  ProductOrPackageMissing: 7406,

  ReportNotFinished: 8001,
  ReportLanguageWrong: 8002,

  VerificationFailed: 8101,
  PhoneRegistered: 8102,
  CodeReused: 8103,
  AccountRegistered: 8121,
  ThirdPartyIdRegistered: 8122,
  MemberWrongOriginalPassword: 8131,
  SameAsOldPassword: 8132,
  ThirdPartyAuthFailed: 8140,
  SendLimitReached: 8141,
  PreviousSendNotExpired: 8142,
  MarketingCodeBound: 8143,
  ProductDisabled: 8144,
  MemberNotFound: 8150,
  WrongMemberPassword: 8151,
  /** Decided (issue 23): too many wrong passwords in a row; data.lockedUntil. */
  MemberLocked: 8152,

  AlreadyPlayed: 9001,
  AlreadyPlayedToday: 9002,
  CodeAlreadyPlayed: 9003,
  PlayLimitReached: 9004,
  ScanTimeNotEligible: 9011,
  ActivityClosed: 9012,
  GameNotForCode: 9021,

  ShortCodeExists: 9920,
  SystemError: 9999,

  PhoneVerificationNeeded: 14501,
  ImproperGoodsInOrder: 14502,
  OrderPointsMismatch: 14503,
  MemberPointsInsufficient: 14504,

  AppConfigMissing: 31301,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Every catalogue code, ascending. */
export const ERROR_CODES: number[] = Object.values(ErrorCode).sort((a, b) => a - b);

export function isErrorCode(code: unknown): code is ErrorCodeValue {
  return typeof code === 'number' && (ERROR_CODES as number[]).includes(code);
}

/** The accounts of a code-11 answer: data is string[] or { accounts: string[] }. */
export function offendingAccounts(data: unknown): string[] {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { accounts?: unknown }).accounts)
      ? (data as { accounts: unknown[] }).accounts
      : [];
  return list.filter((a): a is string | number => typeof a === 'string' || typeof a === 'number').map(String);
}

/**
 * The message of a failed call (SPEC.md section 8 "Handling"); 401 is the caller's business.
 * With a code: its text (or errors.unknown) then ' (code)'; for code 11 the offending accounts
 * follow the text. Without a code: errors.http with {{status}}, else 'Error: {status}'.
 * `text` may be i18next's t: a result equal to the key counts as missing.
 */
export function formatErrorMessage(
  text: (key: string) => string | undefined,
  err: { status: number; code?: number; data?: unknown },
): string {
  const lookup = (key: string): string | undefined => {
    const value = text(key);
    return value && value !== key ? value : undefined;
  };
  if (typeof err.code === 'number') {
    let message = lookup(`errors.${err.code}`) ?? lookup('errors.unknown') ?? 'Error';
    if (err.code === ErrorCode.RoleInUse) {
      const accounts = offendingAccounts(err.data);
      // A full-width colon (zh texts) needs no space after it.
      if (accounts.length > 0) message += (message.endsWith('：') ? '' : ' ') + accounts.join(', ');
    }
    return `${message} (${err.code})`;
  }
  const http = lookup('errors.http');
  return http ? http.replace(/\{\{\s*status\s*\}\}/g, String(err.status)) : `Error: ${err.status}`;
}

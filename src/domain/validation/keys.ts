/**
 * Every message key (under `validation.` in src/locales/<lang>/validation.ts) that the
 * validator can answer by itself: schema keywords, formats, custom `x-` keywords and the
 * built-in rule shapes. Rules may name any other key of the locales in `message`.
 */
export const VALIDATION_KEYS = [
  // JSON Schema keywords
  'required',
  'between',
  'max',
  'min',
  'min_value',
  'max_value',
  'greaterThan',
  'lessThan',
  'regex',
  'integer',
  'numeric',
  'isEqual',
  'crossEqual',
  'oneOf',
  'notMarketingCode',
  'minItems',
  'maxItems',
  'uniqueItems',
  'unknownField',
  'invalid',
  // formats
  'alpha',
  'alpha_dash',
  'alpha_num',
  'alpha_spaces',
  'alphaUpperCase',
  'email',
  'url',
  'domain',
  'characterChineseSpace',
  'passwordRule',
  'phoneCountryCode',
  // custom keywords
  'length',
  'digits',
  'integerDecimal',
  'phoneNumber',
  'phoneDigits',
  'confirmed',
  'checkRepeatName',
  'pointLarger',
  'ext',
  'mimes',
  'image',
  'size',
  'dimensions',
  'maxFiles',
  // messages of the rule shapes SPEC.md section 5 names
  'required_if',
  'fromToDatetime',
  'isAfterNow',
  'numberOfPrizes',
  'probabilityTotal',
  // server rules
  'notGrantable',
  // server rules with their own code, also in the form (rules with "code"): keywords 4101-4105
  // (src/domain/codeKeywords.ts), telephone or mobile 1501 (src/domain/partners.ts)
  'keywordsMissing',
  'keywordIntervalMissing',
  'keywordsOverLimit',
  'keywordIntervalInvalid',
  'keywordCountMismatch',
  'phoneOrLandline',
  // marketing names in the tenant's default language, 6403 (category, product, brand product)
  'defaultLanguageMissing',
  // activity rules (src/domain/activity: check-in days and entries, game template styles)
  'checkInDaysOverTotal',
  'checkInEntriesCount',
  'hexColor',
  'count',
  // lottery rules (src/domain/activity/lottery.ts)
  'prizeCount',
  'exchangeLocked',
  'prizeHasRecords',
  // point activity rules (src/schemas/activity/point-activity.json: the probabilities' total, 7403)
  'probabilityOver100',
] as const;

export type ValidationKey = (typeof VALIDATION_KEYS)[number];

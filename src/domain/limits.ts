/** Business constants and limits of SPEC.md sections 2, 5 and 9. */

// --- Accounts -------------------------------------------------------------------------
/** Home suggests a password change once the password is older than this many calendar months. */
export const PASSWORD_SUGGEST_CHANGE_MONTHS = 6;
/** Consecutive failed sign-ins before an account is locked (decided). */
export const SIGNIN_MAX_FAILURES = 5;
export const PHONE_MAX_DIGITS = 15;

// --- Lists and forms ------------------------------------------------------------------
export const PAGE_SIZE = 10;
/** Pager: a window of this many page numbers in the middle... */
export const PAGER_WINDOW = 5;
/** ...with ellipsis arrows once there are more than this many pages. */
export const PAGER_ELLIPSIS_ABOVE = 7;
export const DATE_TIME_FORMAT = 'YYYY/MM/DD HH:mm';
export const DATE_TIME_SECONDS_FORMAT = 'YYYY/MM/DD HH:mm:ss';
export const DATE_FORMAT = 'YYYY/MM/DD';

// --- Uploads --------------------------------------------------------------------------
export const IMAGE_MAX_MB = 2;
/**
 * Most pixels of any stored image, whatever the upload asks (decided: 40 megapixels, far above
 * SPEC.md's largest image, 1280x768, and a phone photo; a header claiming more is refused
 * with 101 before anything decodes it).
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const MULTI_UPLOAD_MAX_IMAGES = 10;
export const DEFAULT_FILE_TYPES = ['.pdf'] as const;
export const DEFAULT_IMAGE_TYPES = ['.jpg', '.jpeg', '.png'] as const;

export interface ImageSize {
  width: number;
  height: number;
}
export const LOGIN_BACKGROUND_SIZE: ImageSize = { width: 1280, height: 768 };
export const LOGO_SIZE: ImageSize = { width: 162, height: 38 };
export const MARKETING_IMAGE_SMALL_SIZE: ImageSize = { width: 600, height: 150 };
export const MARKETING_IMAGE_LARGE_SIZE: ImageSize = { width: 660, height: 352 };
/** Prize picture and lose-prize picture. */
export const PRIZE_PICTURE_SIZE: ImageSize = { width: 220, height: 220 };

// --- Business rules -------------------------------------------------------------------
export const KEYWORDS_MAX = 100;
/** Reward or point rules. */
export const RULES_MAX = 10;
export const MEMBER_LEVELS_MIN = 2;
export const MEMBER_LEVELS_MAX = 10;
export const LOGIN_PLATFORMS_MAX = 4;
export const CONTACT_MORE_INFO_MAX = 4;
export const CODE_EXPORT_COLUMNS_MAX = 30;
/** Check-in entries in days (SPEC.md also reads it as 2 to 59; we take 1 to 60 inclusive). */
export const CHECK_IN_DAYS_MIN = 1;
export const CHECK_IN_DAYS_MAX = 60;
export const PRIZE_SERIAL_MIN_LENGTH = 2;
/** Percent. */
export const PRIZE_PROBABILITY_TOTAL = 100;
export const POINT_ACTIVITY_DEFAULT_EXPIRY_DAYS = 180;
export const RING_TOSS_DOLLS = 9;
export const GUESS_CARD_ICONS = 8;
export const BASEBALL_GRIDS = 9;
export const GAME_TYPE_CODE_LENGTH = 32;

// --- Timers and polling ---------------------------------------------------------------
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Export report list while undownloaded reports exist... */
export const EXPORT_REPORT_POLL_MS = 30_000;
/** ...and otherwise. */
export const EXPORT_REPORT_IDLE_POLL_MS = 300_000;
export const EXPORT_AMOUNT_POLL_MS = 30_000;
/** The argument of the side menu's exportReportAmount call: it counts up to this many reports. */
export const EXPORT_AMOUNT_ARGUMENT = 500;
/** The largest count exportReportAmount's argument may ask for. */
export const EXPORT_AMOUNT_MAX = 10_000;
/** The side menu's call (relative to /v1) with its argument; the download list's count reads the same. */
export const EXPORT_AMOUNT_PATH = `Report/exportReportAmount?max=${EXPORT_AMOUNT_ARGUMENT}`;
export const REFRESH_AFTER_UPDATE_MS = 500;
/** Code package list while any package is generating. */
export const CODE_PACKAGE_POLL_MS = 30_000;
export const JOB_POLL_MS = 2_000;
export const PREVIEW_POST_TIMES = 4;
export const PREVIEW_POST_INTERVAL_MS = 2_000;

/** Demo fallbacks of the marketing preview (SPEC.md section 2). */
export const PREVIEW_DEFAULTS = {
  layout: 1,
  colorCode: 'b83a24',
  navigatorFunctions: [1, 2, 4],
  queryPageFunctions: [1, 2, 4, 8],
  timezoneId: 103,
  demoPrice: { currency: 'TWD', amount: 100 },
  safeScanCount: 10,
} as const;

/**
 * True when the password was changed more than PASSWORD_SUGGEST_CHANGE_MONTHS calendar
 * months before `now` (a change on Aug 31 is due after Feb 28/29). Calendar arithmetic in UTC.
 * An unparsable date gives false: no suggestion without a known change date.
 */
export function shouldSuggestPasswordChange(changedAtIso: string, now: Date): boolean {
  const changed = new Date(changedAtIso);
  if (Number.isNaN(changed.getTime()) || Number.isNaN(now.getTime())) return false;
  return now.getTime() > addCalendarMonthsUtc(changed, PASSWORD_SUGGEST_CHANGE_MONTHS).getTime();
}

/** `date` plus `months` calendar months in UTC, the day clamped to the target month's end. */
export function addCalendarMonthsUtc(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return new Date(Date.UTC(y, m, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()));
}

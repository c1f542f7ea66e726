/**
 * The contract of the public lottery calls (server/modules/public/lotteryPlay.ts, /mapi/v1/lottery) and
 * the consumer page's play (src/consumer/lottery). Types only.
 */

/** A prize as the shopper sees it (no probabilities, no amounts). */
export interface PlayPrize { id: number; name: string; shortName: string; picture: string | null; type: number }

/** A redemption form field as the shopper fills it. */
export interface PlayFormField { id: number; name: string; type: number; options: string[]; required: boolean; condition: number | null }

/** One draw of a code (or a member): what it won and where its redemption stands. */
export interface PlayRecord {
  id: number;
  activityId: number;
  code: string;
  /** The prize landed on (the no-win prize included); null: nothing. */
  prize: PlayPrize | null;
  /** Index of `prize` in the activity's prize list (the wheel's segment); -1 when none. */
  prizeIndex: number;
  won: boolean;
  /** Exchange 3/4: given at the draw; exchange 2: given at the redemption; exchange 1: none. */
  serial: string | null;
  /** Whether the form can (still) be sent: won, a form exists, not redeemed, not expired. */
  redeemable: boolean;
  /** Whether the form must be sent to receive the prize (exchange 1 and 2). */
  formRequired: boolean;
  answers: Record<string, unknown> | null;
  redeemedAt: string | null;
  expiresAt: string | null;
  createdAt: string;
}

/** A running activity a code may play (or played). */
export interface PlayActivity {
  id: number;
  name: string;
  gameType: number;
  from: string;
  to: string;
  timezoneId: number | null;
  memberOnly: boolean;
  exchangeType: number;
  picture: string | null;
  /** The game template's style keys (src/domain/activity/templates.ts). */
  core: Record<string, unknown>;
  prizes: PlayPrize[];
  form: PlayFormField[];
  /** This code's draw of the activity, when it played already. */
  record: PlayRecord | null;
}

/** GET lottery/{tenantCode}?c=: the activities a scanned code is offered. */
export interface PlayOffer { code: string; activities: PlayActivity[] }

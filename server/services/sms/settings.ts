/**
 * Which text-message provider sends members' one-time codes (issue 29), read from the
 * environment and checked at start-up (a wrong setting stops the server with its name):
 *
 *   SMS_PROVIDER                  outbox (default: no message leaves the machine, see
 *                                 services/otpSender.ts) | twilio
 *   TWILIO_ACCOUNT_SID            AC + 32 hex (twilio)
 *   TWILIO_AUTH_TOKEN             the account's auth token (twilio)
 *   TWILIO_FROM                   the sending number, E.164 (+15005550006) or an alphanumeric
 *                                 sender id (1-11 letters/digits), or instead
 *   TWILIO_MESSAGING_SERVICE_SID  MG + 32 hex
 *   TWILIO_API_BASE               default https://api.twilio.com (tests point it at a local server)
 *   SMS_TIMEOUT_MS                one request's time limit, default 5000
 *   SMS_MAX_ATTEMPTS              tries on transient errors (5xx, 429, timeouts), 1..5, default 3
 */
export interface TwilioSettings {
  provider: 'twilio';
  accountSid: string;
  authToken: string;
  from: string | null;
  messagingServiceSid: string | null;
  apiBase: string;
  timeoutMs: number;
  maxAttempts: number;
}

export type SmsSettings = { provider: 'outbox' } | TwilioSettings;

type Env = Record<string, string | undefined>;

const SID = (prefix: string) => new RegExp(`^${prefix}[0-9a-fA-F]{32}$`);
const E164 = /^\+[1-9]\d{6,14}$/;
const ALPHA_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;

function value(env: Env, name: string): string | null {
  const v = env[name]?.trim();
  return v ? v : null;
}

function intIn(env: Env, name: string, min: number, max: number, fallback: number): number {
  const raw = value(env, name);
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got '${raw}'`);
  return n;
}

export function readSmsSettings(env: Env): SmsSettings {
  const provider = (value(env, 'SMS_PROVIDER') ?? 'outbox').toLowerCase();
  if (provider === 'outbox') return { provider: 'outbox' };
  if (provider !== 'twilio') throw new Error(`SMS_PROVIDER must be outbox or twilio, got '${provider}'`);
  const accountSid = value(env, 'TWILIO_ACCOUNT_SID');
  if (!accountSid || !SID('AC').test(accountSid)) throw new Error('TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal digits');
  const authToken = value(env, 'TWILIO_AUTH_TOKEN');
  if (!authToken) throw new Error('TWILIO_AUTH_TOKEN is required with SMS_PROVIDER=twilio');
  const from = value(env, 'TWILIO_FROM');
  const messagingServiceSid = value(env, 'TWILIO_MESSAGING_SERVICE_SID');
  if (!from && !messagingServiceSid) throw new Error('TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID is required with SMS_PROVIDER=twilio');
  if (from && !E164.test(from) && !ALPHA_SENDER.test(from)) throw new Error('TWILIO_FROM must be an E.164 number (+15005550006) or an alphanumeric sender id');
  if (messagingServiceSid && !SID('MG').test(messagingServiceSid)) throw new Error('TWILIO_MESSAGING_SERVICE_SID must be MG followed by 32 hexadecimal digits');
  const apiBase = value(env, 'TWILIO_API_BASE') ?? 'https://api.twilio.com';
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch {
    throw new Error(`TWILIO_API_BASE is not a URL: '${apiBase}'`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('TWILIO_API_BASE must be an http(s) URL');
  return {
    provider: 'twilio', accountSid, authToken, from, messagingServiceSid,
    apiBase: apiBase.replace(/\/+$/, ''),
    timeoutMs: intIn(env, 'SMS_TIMEOUT_MS', 100, 60_000, 5000),
    maxAttempts: intIn(env, 'SMS_MAX_ATTEMPTS', 1, 5, 3),
  };
}

/**
 * Twilio's Programmable Messaging API as the one-time code sender (issue 29), exactly as Twilio
 * documents "Create a Message resource":
 *
 *   POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json
 *   Authorization: Basic base64(AccountSid:AuthToken)
 *   Content-Type: application/x-www-form-urlencoded
 *   To=<E.164>&From=<E.164 or sender id> (or MessagingServiceSid=MG...)&Body=<text>
 *
 * 201 with the Message resource (`sid`, `status` queued/accepted) is sent. Transient answers
 * (5xx, 429 "Too Many Requests", a network error or no answer within `timeoutMs`) are tried
 * again up to `maxAttempts` in all, after a bounded exponential backoff (250 ms, 500 ms, ...,
 * at most 2 s; a Retry-After of the 429 is honoured up to that bound). Any other 4xx (a wrong
 * number 21211, an unverified trial number 21608, bad credentials 20003) is final at once.
 *
 * The code is never logged: the log lines name the tenant, the masked phone, the attempt,
 * Twilio's status and error code (never its message, never the body sent).
 */
import { exportPhone } from '../../../src/domain/phone';
import { otpSmsText } from '../../../src/domain/member/smsText';
import type { OtpMessage, OtpSender } from '../otpSender';
import type { TwilioSettings } from './settings';

/** What the sender needs besides the message: the shopper's language for the text. */
export type SmsOtpMessage = OtpMessage & { lang?: string };

/** The sender could not get the message accepted: final (4xx) or transient tries used up. */
export class SmsSendError extends Error {
  constructor(message: string, readonly status: number | null, readonly providerCode: number | null, readonly transient: boolean) {
    super(message);
  }
}

const BACKOFF_BASE_MS = 250;
const BACKOFF_MAX_MS = 2000;

export function backoffMs(attempt: number, retryAfter: string | null): number {
  const exponential = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
  const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) * 1000 : null;
  return seconds === null ? exponential : Math.min(BACKOFF_MAX_MS, Math.max(exponential, seconds));
}

/** `+886912***678`: enough to tell numbers apart in a log, not to text them. */
export function maskPhone(e164: string): string {
  return e164.length > 7 ? `${e164.slice(0, e164.length - 6)}***${e164.slice(-3)}` : '***';
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Attempt { ok: boolean; transient: boolean; status: number | null; providerCode: number | null; sid?: string; retryAfter: string | null }

async function postOnce(s: TwilioSettings, form: URLSearchParams): Promise<Attempt> {
  const url = `${s.apiBase}/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/Messages.json`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${s.accountSid}:${s.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
      signal: AbortSignal.timeout(s.timeoutMs),
    });
  } catch {
    // Refused, reset or timed out: nothing known to have been sent.
    return { ok: false, transient: true, status: null, providerCode: null, retryAfter: null };
  }
  let body: { sid?: unknown; code?: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    // A proxy's HTML error page: the status decides.
  }
  const providerCode = typeof body.code === 'number' ? body.code : null;
  if (res.status >= 200 && res.status < 300) return { ok: true, transient: false, status: res.status, providerCode, sid: typeof body.sid === 'string' ? body.sid : undefined, retryAfter: null };
  return { ok: false, transient: res.status === 429 || res.status >= 500, status: res.status, providerCode, retryAfter: res.headers.get('retry-after') };
}

export function twilioSender(s: TwilioSettings): OtpSender {
  return async (message, log) => {
    const m = message as SmsOtpMessage;
    const to = exportPhone(m.phoneCountryCode, m.phone);
    const form = new URLSearchParams();
    form.set('To', to);
    if (s.messagingServiceSid) form.set('MessagingServiceSid', s.messagingServiceSid);
    else if (s.from) form.set('From', s.from);
    form.set('Body', otpSmsText(m.tenantCode, m.code, m.lang));
    const where = { tenantCode: m.tenantCode, phone: maskPhone(to), purpose: m.purpose, provider: 'twilio' };
    let last: Attempt | null = null;
    for (let attempt = 1; attempt <= s.maxAttempts; attempt++) {
      last = await postOnce(s, form);
      if (last.ok) {
        log.info({ ...where, attempt, sid: last.sid }, 'otp sms accepted');
        return;
      }
      log.info({ ...where, attempt, status: last.status, providerCode: last.providerCode, transient: last.transient }, 'otp sms refused');
      if (!last.transient || attempt === s.maxAttempts) break;
      await wait(backoffMs(attempt, last.retryAfter));
    }
    throw new SmsSendError('text message not sent', last?.status ?? null, last?.providerCode ?? null, last?.transient ?? true);
  };
}

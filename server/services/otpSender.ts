/**
 * The one-time code sender of the member side (joining and signing in with a phone number).
 * Pluggable: `setOtpSender` installs a real SMS gateway; until one exists the default sender
 * only makes the code reachable to the people running this machine, NEVER to the page:
 *
 *  - one line in the server log (`otp sent` with tenant, phone and purpose; never the code:
 *    a one-time code is a secret, and logs travel further than this machine);
 *  - one JSON line `{ at, tenantCode, phoneCountryCode, phone, purpose, code }` appended to the
 *    file named by env OTP_OUTBOX_FILE, by default `<DATA_DIR>/otp-outbox.jsonl` (the e2e
 *    reads it; a developer reads the code there);
 *  - the last 200 messages kept in this process (`sentOtps`, `lastOtp`) for the API tests.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface OtpMessage {
  tenantId: number;
  tenantCode: string;
  phoneCountryCode: string;
  phone: string;
  /** 'join' | 'signin' */
  purpose: string;
  code: string;
}

export type OtpSender = (message: OtpMessage, log: { info: (obj: object, msg: string) => void }) => Promise<void>;

const SENT: OtpMessage[] = [];
const KEEP = 200;

export const outboxSender: OtpSender = async (m, log) => {
  log.info({ tenantCode: m.tenantCode, phone: `${m.phoneCountryCode} ${m.phone}`, purpose: m.purpose }, 'otp sent');
  SENT.push(m);
  if (SENT.length > KEEP) SENT.splice(0, SENT.length - KEEP);
  const file = process.env.OTP_OUTBOX_FILE || path.join(path.resolve(process.env.DATA_DIR || './data'), 'otp-outbox.jsonl');
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const line = JSON.stringify({ at: new Date().toISOString(), tenantCode: m.tenantCode, phoneCountryCode: m.phoneCountryCode, phone: m.phone, purpose: m.purpose, code: m.code });
  await fs.promises.appendFile(file, `${line}\n`, 'utf8');
};

let current: OtpSender = outboxSender;

export function otpSender(): OtpSender {
  return current;
}

/** Install another sender (an SMS gateway); answers the previous one. */
export function setOtpSender(sender: OtpSender): OtpSender {
  const previous = current;
  current = sender;
  return previous;
}

/** What the default sender sent in this process, oldest first (tests). */
export function sentOtps(): readonly OtpMessage[] {
  return SENT;
}

/** The newest code sent in this process to a phone (tests). */
export function lastOtp(phoneCountryCode: string, phone: string): string | null {
  for (let i = SENT.length - 1; i >= 0; i--) if (SENT[i].phoneCountryCode === phoneCountryCode && SENT[i].phone === phone) return SENT[i].code;
  return null;
}

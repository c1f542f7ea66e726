/**
 * The one-time code sender of this install (issue 29): the provider of the SMS settings, else
 * the development outbox of services/otpSender.ts (also whatever a test installed there with
 * setOtpSender).
 */
import { otpSender, type OtpSender } from '../otpSender';
import type { SmsSettings } from './settings';
import { twilioSender } from './twilio';

export function smsSenderOf(sms: SmsSettings | undefined): () => OtpSender {
  if (sms?.provider === 'twilio') {
    const sender = twilioSender(sms);
    return () => sender;
  }
  return otpSender;
}

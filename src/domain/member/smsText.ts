/**
 * The text message that carries a member's one-time code (issue 29), in the shopper's language
 * (the page's, sent as `lang` with the request; zh_TW by default). Short enough for one GSM or
 * UCS-2 segment with a tenant code of up to 20 characters.
 */
import { DEFAULT_LANG, isLang, type Lang } from '../lang';
import { OTP_TTL_MS } from './public';

const MINUTES = Math.round(OTP_TTL_MS / 60_000);

const TEXTS: Record<Lang, (tenant: string, code: string) => string> = {
  zh_TW: (t, c) => `【${t}】您的驗證碼為 ${c}，${MINUTES} 分鐘內有效，請勿告訴他人。`,
  zh_CN: (t, c) => `【${t}】您的验证码为 ${c}，${MINUTES} 分钟内有效，请勿告诉他人。`,
  en: (t, c) => `${t}: your verification code is ${c}. It expires in ${MINUTES} minutes. Do not share it.`,
};

export function otpSmsText(tenantCode: string, code: string, lang: unknown): string {
  return TEXTS[isLang(lang) ? lang : DEFAULT_LANG](tenantCode.slice(0, 20), code);
}

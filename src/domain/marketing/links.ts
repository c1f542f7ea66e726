/**
 * The links of the consumer page's contact info (issue 23), written once for the form, the
 * server and the consumer page: a platform's address is an http(s) address, or one in the
 * scheme of the platform's own app (docs/decisions.md "Issue 23: Links"):
 *  - LINE `line:` (line://ti/p/...), WeChat `weixin:` (weixin://dl/chat?...), Email `mailto:`
 *    (a bare e-mail address too, which becomes `mailto:<address>`);
 *  - an address without any scheme ("example.com/x", "//example.com") is an https address;
 *  - every other scheme (javascript:, data:, vbscript:, file:, tel: ...) is refused: code 1
 *    { key: 'url' } on the field, and the consumer page renders no link for it.
 */
import { MarketingPlatform } from '../enums';
import { isEmail } from '../validation/formats';

const WEB = ['http:', 'https:'];

/** The schemes a platform's own app opens, besides http(s). */
export const PLATFORM_SCHEMES: Readonly<Record<number, readonly string[]>> = {
  [MarketingPlatform.Line]: ['line:'],
  [MarketingPlatform.Wechat]: ['weixin:'],
  [MarketingPlatform.Email]: ['mailto:'],
};

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * The href of a link of the platform `type` (null: a web link, no platform), or null when it
 * may not be rendered as a link.
 */
export function safeLink(url: unknown, type: number | null = null): string | null {
  if (typeof url !== 'string') return null;
  const u = url.trim();
  if (!u || /[\u0000-\u001f\u007f\s]/.test(u)) return null;
  if (type === MarketingPlatform.Email && isEmail(u)) return `mailto:${u}`;
  const own = (type !== null && PLATFORM_SCHEMES[type]) || [];
  const href = SCHEME.test(u) ? u : `https://${u.replace(/^\/\//, '')}`;
  let parsed: URL;
  try {
    parsed = new URL(href);
  } catch {
    return null;
  }
  const scheme = parsed.protocol.toLowerCase();
  if (WEB.includes(scheme)) return parsed.hostname ? href : null;
  return own.includes(scheme) ? href : null;
}

/** May this address be saved for a platform of `type`? */
export const isPlatformUrl = (type: number | null, url: unknown): boolean => safeLink(url, type) !== null;

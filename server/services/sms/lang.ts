/** The shopper's language for a text message from the request's Accept-Language (zh_TW when none fits). */
import { DEFAULT_LANG, type Lang } from '../../../src/domain/lang';

export function langOfAcceptLanguage(header: string | string[] | undefined): Lang {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of raw.split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (!tag) continue;
    if (tag === 'zh-cn' || tag === 'zh-sg' || tag.startsWith('zh-hans')) return 'zh_CN';
    if (tag.startsWith('zh')) return 'zh_TW';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LANG;
}

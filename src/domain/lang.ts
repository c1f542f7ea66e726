/** Interface languages. zh_TW is the default; names fall back zh_TW, zh_CN, en. */
export const LANGS = ['zh_TW', 'zh_CN', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh_TW';

/** BCP 47 tag for <html lang> per interface language. */
export const HTML_LANG: Record<Lang, string> = { zh_TW: 'zh-Hant-TW', zh_CN: 'zh-Hans-CN', en: 'en' };

/** A multilingual name keyed by language code; any language may be missing. */
export type Names = Partial<Record<Lang, string>>;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** The name in `lang`, else the first present in the fallback order zh_TW, zh_CN, en; '' when none. */
export function pickName(names: Names | null | undefined, lang: Lang): string {
  if (!names) return '';
  const wanted = names[lang];
  if (wanted) return wanted;
  for (const l of LANGS) {
    const n = names[l];
    if (n) return n;
  }
  return '';
}

/**
 * The interface language outside i18next (the light sign-in page uses it too): the remembered
 * choice in localStorage, `?lang=` of the URL (remembered), and <html lang>.
 */
import { DEFAULT_LANG, HTML_LANG, isLang, type Lang } from '../../domain/lang';

export const LANG_STORAGE_KEY = 'oioc.lang';

export function storedLang(): Lang | null {
  try {
    const v = localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(v) ? v : null;
  } catch {
    return null;
  }
}

export function rememberLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    /* private mode: the language still applies for this page */
  }
  // The server reads it too: /login?code= comes prerendered in this language (server/signinPage.ts).
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser served
  if (typeof document !== 'undefined') document.cookie = `${LANG_STORAGE_KEY}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

/** The language a `?lang=` query asks for, if it names one of LANGS. */
export function langFromSearch(search: string): Lang | null {
  const v = new URLSearchParams(search).get('lang');
  return isLang(v) ? v : null;
}

/** `?lang=` of `search`, else the remembered one, else zh_TW (nothing remembered). */
export function langOf(search: string): Lang {
  return langFromSearch(search) ?? storedLang() ?? DEFAULT_LANG;
}

/** `?lang=` of `search` (remembered), else the remembered one, else zh_TW. */
export function initialLang(search: string): Lang {
  const fromUrl = langFromSearch(search);
  if (fromUrl) rememberLang(fromUrl);
  return langOf(search);
}

export function applyDocumentLang(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}

/**
 * The interface language: i18next over `resources` of src/locales. zh_TW is the default; the
 * chosen language is remembered in localStorage; `?lang=en|zh_TW|zh_CN` on any URL switches
 * it and keeps it (DESIGN.md "Testing hooks that stay stable"). <html lang> and the page
 * title follow the language (see routes/TitleSync).
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from '../../locales';
import { DEFAULT_LANG, isLang, LANGS, type Lang } from '../../domain/lang';

export const LANG_STORAGE_KEY = 'oioc.lang';

/** BCP 47 tag for <html lang> per interface language. */
export const HTML_LANG: Record<Lang, string> = { zh_TW: 'zh-Hant-TW', zh_CN: 'zh-Hans-CN', en: 'en' };

function storedLang(): Lang | null {
  try {
    const v = localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(v) ? v : null;
  } catch {
    return null;
  }
}

function rememberLang(lang: Lang): void {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    /* private mode: the language still applies for this page */
  }
}

/** The language a `?lang=` query asks for, if it names one of LANGS. */
export function langFromSearch(search: string): Lang | null {
  const v = new URLSearchParams(search).get('lang');
  return isLang(v) ? v : null;
}

function applyDocumentLang(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}

/**
 * Creates and initialises an i18next instance synchronously (resources are bundled). The
 * initial language: `?lang=` of `search`, else the remembered one, else zh_TW.
 */
export function createI18n(search = typeof window !== 'undefined' ? window.location.search : ''): I18n {
  const fromUrl = langFromSearch(search);
  const lng: Lang = fromUrl ?? storedLang() ?? DEFAULT_LANG;
  if (fromUrl) rememberLang(fromUrl);
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: [...LANGS],
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  applyDocumentLang(lng);
  instance.on('languageChanged', (l) => {
    if (isLang(l)) applyDocumentLang(l);
  });
  return instance;
}

/** Switches the language and remembers it. */
export function setLang(instance: I18n, lang: Lang): void {
  rememberLang(lang);
  if (instance.language !== lang) void instance.changeLanguage(lang);
}

/** Applies `?lang=` of a URL search, if any. */
export function applyLangFromSearch(instance: I18n, search: string): void {
  const lang = langFromSearch(search);
  if (lang) setLang(instance, lang);
}

/** The current interface language as a Lang. */
export function currentLang(instance: I18n): Lang {
  const l = instance.resolvedLanguage ?? instance.language;
  return isLang(l) ? l : DEFAULT_LANG;
}

/**
 * The interface language: i18next over `resources` of src/locales. zh_TW is the default; the
 * chosen language is remembered in localStorage; `?lang=en|zh_TW|zh_CN` on any URL switches
 * it and keeps it (DESIGN.md "Testing hooks that stay stable"). <html lang> and the page
 * title follow the language (see routes/TitleSync).
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from '../../locales';
import { DEFAULT_LANG, HTML_LANG, isLang, LANGS, type Lang } from '../../domain/lang';
import { applyDocumentLang, initialLang, langFromSearch, rememberLang } from './langStore';

export { HTML_LANG };
export { LANG_STORAGE_KEY } from './langStore';
export { langFromSearch };

/**
 * Creates and initialises an i18next instance synchronously (resources are bundled). The
 * initial language: `?lang=` of `search`, else the remembered one, else zh_TW.
 */
export function createI18n(search = typeof window !== 'undefined' ? window.location.search : ''): I18n {
  const lng: Lang = initialLang(search);
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
  // `{{value, secret}}`: a value a result dialog shows once, in its own box with a copy button,
  // and not again in the sentence that introduces it (ResultDialog).
  instance.services.formatter?.add('secret', () => '');
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

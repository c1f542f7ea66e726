import { useTranslation } from 'react-i18next';
import type { Lang } from '../../domain/lang';
import { currentLang, setLang } from './i18n';

/** The current language and a setter that remembers the choice. */
export function useLang(): [Lang, (lang: Lang) => void] {
  const { i18n } = useTranslation();
  return [currentLang(i18n), (lang: Lang) => setLang(i18n, lang)];
}

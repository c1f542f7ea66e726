/**
 * The root shell of every route: keeps the page title ('<function> - <system name>') and the
 * language of a `?lang=` query in step with the location.
 */
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { menuTrail } from '../../domain/menu';
import { pickName } from '../../domain/lang';
import { applyLangFromSearch, currentLang } from '../i18n/i18n';
import { isRouteHandle } from './meta';

export function useRouteTitle(): string {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const lang = currentLang(i18n);
  const appTitle = t('app.title');
  let name = '';
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle;
    if (!isRouteHandle(handle)) continue;
    if (handle.titleKey) name = t(handle.titleKey);
    else if (handle.menuPath) name = pickName(menuTrail(handle.menuPath).at(-1)?.names, lang);
    break;
  }
  return name ? `${name} - ${appTitle}` : appTitle;
}

export function RootLayout() {
  const { i18n } = useTranslation();
  const location = useLocation();
  const title = useRouteTitle();

  useEffect(() => {
    applyLangFromSearch(i18n, location.search);
  }, [i18n, location.search]);

  useEffect(() => {
    document.title = title;
  }, [title]);

  return <Outlet />;
}

/**
 * The application: theme, i18n, swr, feedback (Fail modal, toasts), loading mask, router.
 * `router` is injectable so tests can run the same tree in a memory router.
 */
import { useMemo } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ThemeProvider } from '@mui/material/styles';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { setApiEnv } from '../api/env';
import { swrDefaults } from '../api/swr';
import { sessionStore } from '../session/store';
import { FeedbackProvider } from '../feedback/FeedbackProvider';
import { LoadingMask } from '../feedback/LoadingMask';
import { buildRoutes } from '../routes/routes';
import { createAppTheme } from '../theme/theme';

// The token source is wired before anything renders: the first reads start in child effects.
setApiEnv({ getToken: () => sessionStore.token() });

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(buildRoutes());
}

/**
 * The theme, rebuilt when the language changes (it carries the texts MUI components show) or the
 * system's motion preference does.
 */
function LocalizedTheme({ children }: { children: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(
    () => createAppTheme({
      noOptions: t('common.noMatch'), loading: t('screens.crud.loading'), open: t('common.open'), close: t('common.close'), clear: t('common.clear'),
    }, reduced ? 'reduced' : 'full'),
    [t, lang, reduced],
  );
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}

export function AppProviders({ i18n, swr, children }: { i18n: I18n; swr?: SWRConfiguration; children: React.ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedTheme>
        <CssBaseline />
        <SWRConfig value={{ ...swrDefaults, ...swr }}>
          <FeedbackProvider>
            {children}
            <LoadingMask />
          </FeedbackProvider>
        </SWRConfig>
      </LocalizedTheme>
    </I18nextProvider>
  );
}

export function App({ i18n, router, swr }: { i18n: I18n; router: AppRouter; swr?: SWRConfiguration }) {
  return (
    <AppProviders i18n={i18n} swr={swr}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

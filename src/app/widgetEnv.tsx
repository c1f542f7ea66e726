/**
 * The widgets' environment (src/widgets/env.tsx) built from the engine: the composition root
 * wires the leaves to the engine, so neither imports the other (issue 24). boot.tsx provides it
 * above the whole app; tests/ui/harness.tsx does the same.
 */
import type { ReactNode } from 'react';
import type { SWRConfiguration, SWRResponse } from 'swr';
import { isApiError, type ApiError } from '../engine/api/ApiError';
import { request } from '../engine/api/client';
import { apiEnv } from '../engine/api/env';
import { useApi } from '../engine/api/swr';
import { LengthCounter } from '../engine/crud/LengthCounter';
import { useOptionSource } from '../engine/crud/useOptionSource';
import { useFeedback } from '../engine/feedback/FeedbackProvider';
import { useLang } from '../engine/i18n/useLang';
import { assetUrl } from '../engine/session/assets';
import { useSessionConfig } from '../engine/session/config';
import { useUserMenu } from '../engine/session/menu';
import { useReferenceLists } from '../engine/session/reference';
import { useSession } from '../engine/session/store';
import { WidgetEnvProvider, type WidgetApiError, type WidgetApiKey, type WidgetEnv } from '../widgets/env';

export const WIDGET_ENV: WidgetEnv = {
  useLang: () => useLang()[0],
  useApi: <T,>(key: WidgetApiKey | null, config?: SWRConfiguration<T, WidgetApiError>) =>
    useApi<T>(key as Parameters<typeof useApi>[0], config as SWRConfiguration<T, ApiError>) as SWRResponse<T, WidgetApiError>,
  useTenantConfig: useSessionConfig,
  useReferenceLists,
  useSessionUser: () => useSession()?.user,
  useMenuPaths: () => useUserMenu().paths,
  useAlert: () => {
    const feedback = useFeedback();
    return (message, options) => void feedback.alert(message, options);
  },
  request: (method, path, options) => request(method, path, options as Parameters<typeof request>[2]),
  isApiError: (e): e is ApiError => isApiError(e),
  onFailure: (e) => apiEnv().onFailure(e as ApiError),
  assetUrl,
  useOptionSource,
  LengthCounter,
};

/** Provides the widgets' environment to everything below. */
export function WidgetEnvRoot({ children }: { children: ReactNode }) {
  return <WidgetEnvProvider env={WIDGET_ENV}>{children}</WidgetEnvProvider>;
}

/**
 * What the widgets need from the app, and nothing more (issue 24: widgets are leaves). The
 * widgets import neither the engine nor the app: the app (src/app/widgetEnv.ts) builds this
 * environment from the engine and provides it above every form, and a test can provide a fake.
 * Its members are hooks (called unconditionally, in the same order, like any hook) and plain
 * functions; the object is a constant.
 *
 *   const env = useWidgetEnv();
 *   const lang = env.useLang();
 */
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { SWRConfiguration, SWRResponse } from 'swr';
import type { ReferenceLists, SessionUser, TenantConfig } from '../domain/api';
import type { Lang } from '../domain/lang';
import type { SelectOption } from '../domain/options';

/** A read: a path under /v1, or a path with its query and quiet flags. */
export type WidgetApiKey = string | readonly [string, { query?: Record<string, unknown>; silent?: boolean; noMask?: boolean }];

/** A failed call as the widgets see it (the app's ApiError). */
export interface WidgetApiError extends Error {
  status: number;
  code?: number;
  data?: unknown;
}

/** What RJSF's form context holds for the widgets (the engine's FormContext has more). */
export interface WidgetFormContext {
  /** The whole form's data, for widgets that read another field (dateTime's timezoneField). */
  formData?: Record<string, unknown>;
}

export interface WidgetEnv {
  /** The session's interface language. */
  useLang(): Lang;
  /** A cached read (swr) through the app's api client. */
  useApi<T>(key: WidgetApiKey | null, config?: SWRConfiguration<T, WidgetApiError>): SWRResponse<T, WidgetApiError>;
  /** The signed-in tenant's public config (its staticHost for asset urls). */
  useTenantConfig(): SWRResponse<TenantConfig, WidgetApiError>;
  /** The reference lists (countries, dial codes, currencies, timezones). */
  useReferenceLists(): SWRResponse<ReferenceLists, WidgetApiError>;
  /** The signed-in user, or undefined. */
  useSessionUser(): SessionUser | undefined;
  /** The menu paths the signed-in user holds. */
  useMenuPaths(): Set<string>;
  /** A message with only a confirm button (the app's shared modal). */
  useAlert(): (message: string, options?: { title?: string }) => void;
  /** A write through the app's api client (multipart bodies too); rejects with a WidgetApiError. */
  request<T>(method: 'POST' | 'PUT', path: string, options: { body?: unknown; query?: Record<string, unknown>; noMask?: boolean; silent?: boolean; signal?: AbortSignal }): Promise<T>;
  isApiError(e: unknown): e is WidgetApiError;
  /** The app's usual handling of a failure the widget does not explain itself (Fail modal, sign-out). */
  onFailure(e: WidgetApiError): void;
  /** The url of a tenant asset (absolute, rooted, or under the config's staticHost). */
  assetUrl(config: Pick<TenantConfig, 'staticHost'> | undefined, path: string | null | undefined): string | null;
  /** The options of a source declaration ('GET system/role/options'), in the session's language. */
  useOptionSource(source: unknown, itemsPath?: string, children?: string): { options: SelectOption[]; items: unknown[]; loading: boolean; failed: boolean };
  /** The length counter under a text input with a maxLength (the form's own field template has it too). */
  LengthCounter: ComponentType<{ value: unknown; max: number | undefined; field?: string }>;
}

const WidgetEnvContext = createContext<WidgetEnv | null>(null);

export function WidgetEnvProvider({ env, children }: { env: WidgetEnv; children: ReactNode }) {
  return <WidgetEnvContext.Provider value={env}>{children}</WidgetEnvContext.Provider>;
}

/** The environment the app provided; a widget outside one is a wiring bug. */
export function useWidgetEnv(): WidgetEnv {
  const env = useContext(WidgetEnvContext);
  if (!env) throw new Error('a widget rendered outside WidgetEnvProvider (src/app/widgetEnv.ts)');
  return env;
}

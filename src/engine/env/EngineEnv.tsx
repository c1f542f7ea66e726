/**
 * The engine's one injected environment (in the style of amis-core's `env`): every side effect
 * a declared screen has (reading and writing the api, short notices, alerts, yes/no questions)
 * goes through it. The default uses the real api client and the shared modal/toasts of
 * FeedbackProvider; a test or the playground passes its own `fetch` (sample rows, no server)
 * and keeps or fakes the rest:
 *
 *   <EngineEnvProvider env={{ fetch: sampleFetch }}><CrudView decl={decl} /></EngineEnvProvider>
 *
 * A provider given its own `fetch` also gets its own swr cache, so what it answers never mixes
 * with the app's reads. The API is stable: add optional members, never change these.
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { request, type Method, type RequestOptions } from '../api/client';
import { useOptionalFeedback, type ToastSeverity } from '../feedback/FeedbackProvider';

export interface ConfirmOptions {
  title: string;
  message: string;
  /** 'warning' for destructive questions (remove, reset). */
  tone?: 'warning' | 'default';
}

export interface EngineEnv {
  /**
   * Every call of the engine: method, path relative to /v1 ('system/role', 'system/role/3')
   * and options (query, body, silent, noMask). Resolves with the answer's body; a failure
   * rejects with an ApiError (and, unless `silent`, has shown the Fail modal).
   */
  fetch<T = unknown>(method: Method, path: string, options?: RequestOptions): Promise<T>;
  /** A short notice (success toasts). */
  notify(message: string, severity?: ToastSeverity): void;
  /** A message with only a confirm button; resolves when closed. */
  alert(message: string, options?: { title?: string }): Promise<void>;
  /** A yes/no question in the shared modal; resolves true when confirmed. */
  confirm(options: ConfirmOptions): Promise<boolean>;
}

const EnvContext = createContext<Partial<EngineEnv> | null>(null);

/**
 * Overrides part of the environment for everything below it (unset members keep the default).
 * Pass a stable object (a constant or useMemo): a new `fetch` reads everything again.
 */
export function EngineEnvProvider({ env, children }: { env: Partial<EngineEnv>; children: ReactNode }) {
  const outer = useContext(EnvContext);
  const merged = useMemo(() => ({ ...outer, ...env }), [outer, env]);
  const isolated = env.fetch !== undefined && env.fetch !== outer?.fetch;
  const [cache] = useState(() => new Map());
  const provided = <EnvContext.Provider value={merged}>{children}</EnvContext.Provider>;
  return isolated ? <SWRConfig value={{ provider: () => cache }}>{provided}</SWRConfig> : provided;
}

const defaultFetch: EngineEnv['fetch'] = (method, path, options) => request(method, path, options);

/** The environment in effect: the provider's members over the defaults. */
export function useEngineEnv(): EngineEnv {
  const given = useContext(EnvContext);
  const feedback = useOptionalFeedback();
  return useMemo<EngineEnv>(
    () => ({
      fetch: given?.fetch ?? defaultFetch,
      notify: given?.notify ?? ((message, severity) => feedback?.toast(message, severity)),
      alert:
        given?.alert ??
        ((message, options) => new Promise<void>((resolve) => (feedback ? feedback.alert(message, { title: options?.title, onClose: resolve }) : resolve()))),
      confirm: given?.confirm ?? ((options) => (feedback ? feedback.confirm(options) : Promise.resolve(false))),
    }),
    [given, feedback],
  );
}

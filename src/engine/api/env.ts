/**
 * The one injected environment of the API client: where the session token comes from and
 * who is told about failures. The app wires it (app/ApiBridge); tests may fake it.
 */
import type { ApiError } from './ApiError';

export interface ApiEnv {
  /** The stored session token, if any. */
  getToken(): string | null;
  /** Called for every failed call that is not silent (the Fail modal, 401 logout). */
  onFailure(error: ApiError): void;
}

let env: ApiEnv = { getToken: () => null, onFailure: () => {} };

export function setApiEnv(next: Partial<ApiEnv>): () => void {
  const previous = env;
  env = { ...env, ...next };
  return () => {
    env = previous;
  };
}

export function apiEnv(): ApiEnv {
  return env;
}

/**
 * Logout (SPEC.md section 4): DELETE Identity, clear the session user, go to /login with the
 * tenant code, reload the config.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { request } from '../api/client';
import { configKey } from './config';
import { loginPath, sessionStore } from './store';

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { cache, mutate } = useSWRConfig();
  return useCallback(async () => {
    const code = sessionStore.get()?.user.tenantCode ?? null;
    try {
      // The session ends locally whatever the answer (an expired token answers 401).
      await request('DELETE', 'Identity', { silent: true });
    } catch {
      /* ignore */
    }
    sessionStore.clear();
    for (const key of [...cache.keys()]) cache.delete(key);
    navigate(loginPath(code), { replace: true });
    if (code) void mutate(configKey(code));
  }, [cache, mutate, navigate]);
}

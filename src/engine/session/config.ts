/** The tenant's public config (GET Config/tenant/{code}), loaded per tenant code. */
import type { TenantConfig } from '../../domain/api';
import { useApi } from '../api/swr';
import { useSession } from './store';

export function configKey(code: string): string {
  return `Config/tenant/${encodeURIComponent(code)}`;
}

export function useTenantConfig(code: string | null | undefined) {
  return useApi<TenantConfig>(code ? configKey(code) : null);
}

/** The config of the signed-in user's tenant. */
export function useSessionConfig() {
  const session = useSession();
  return useTenantConfig(session?.user.tenantCode ?? null);
}

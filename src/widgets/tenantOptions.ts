/**
 * `ui:options.operatorOnlyValues`: enum values offered only to the operator tenant's users
 * (e.g. announcement targets beyond internal staff, SPEC.md section 6); a value already chosen
 * stays visible.
 */
import { TenantType } from '../domain/enums';
import { useWidgetEnv } from './env';

export function allowedForTenant<T extends { value: unknown }>(options: readonly T[], uiOptions: Record<string, unknown>, tenantType: number | undefined, chosen: readonly unknown[]): T[] {
  const only = Array.isArray(uiOptions.operatorOnlyValues) ? uiOptions.operatorOnlyValues : [];
  if (only.length === 0 || tenantType === TenantType.Operator) return [...options];
  return options.filter((o) => !only.includes(o.value) || chosen.includes(o.value));
}

export function useTenantType(): number | undefined {
  return useWidgetEnv().useSessionUser()?.tenantType;
}

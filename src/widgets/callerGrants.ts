/**
 * `ui:options.grant` ("type", "manageClients", "manageBrands", "appStock"): a field of the role
 * form that offers only what the caller's own role may grant (src/domain/grants.ts, the rule
 * the server enforces with code 1 notGrantable). The caller's role is read once through the
 * api cache (GET system/role/{roleId}); until it arrives nothing is taken away.
 */
import { grantAllows, type RoleGrants } from '../domain/grants';
import { useWidgetEnv } from './env';

export function useCallerRole(uiOptions: Record<string, unknown>): RoleGrants | undefined {
  const roleId = useWidgetEnv().useSessionUser()?.roleId;
  const wanted = typeof uiOptions.grant === 'string' && roleId !== undefined;
  return useWidgetEnv().useApi<RoleGrants>(wanted ? `system/role/${roleId}` : null, { revalidateOnFocus: false }).data;
}

/** The options a caller may give (a value already chosen stays, so nothing is lost). */
export function grantableOptions<T extends { value: unknown }>(options: readonly T[], uiOptions: Record<string, unknown>, role: RoleGrants | undefined, chosen: readonly unknown[]): T[] {
  const grant = uiOptions.grant;
  if (typeof grant !== 'string' || !role) return [...options];
  return options.filter((o) => chosen.includes(o.value) || grantAllows(role, grant, o.value));
}

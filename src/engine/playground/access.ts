/**
 * Who may open the screen playground (/playground): an Admin user (SPEC.md user type 1) of the
 * operator tenant. The playground sends nothing but reads, so the server needs no rule of its
 * own: this decides the top-bar link and the route guard (others go to /home).
 */
import type { SessionUser } from '../../domain/api';
import { TenantType, UserType } from '../../domain/enums';

export const PLAYGROUND_PATH = '/playground';

export function canUsePlayground(user: Pick<SessionUser, 'tenantType' | 'userType'> | null | undefined): boolean {
  return !!user && user.tenantType === TenantType.Operator && user.userType === UserType.Admin;
}

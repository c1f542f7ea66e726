/**
 * The app functions of an account (SupplierFunction flags): what the mobile app's sign-in
 * answers (modules/session/identity.ts) and what its scans require (modules/logistics/scan.ts),
 * read with the session (auth.ts, Caller.appFunctions).
 */
import { RoleType, SupplierFunction } from '../../src/domain/enums';
import { isPartnerType, partnerAppFunctions } from '../../src/domain/partners';

/** Staff: Admin role or the role's app switch gives A and B; suppliers and distributors: their own flags (src/domain/partners.ts). */
export function appFunctions(row: { type: number; app_functions: number; roleType: number | null; app_stock: boolean | null }): number {
  if (isPartnerType(row.type)) return partnerAppFunctions(row.type, row.app_functions);
  return row.roleType === RoleType.Admin || row.app_stock ? SupplierFunction.A | SupplierFunction.B : 0;
}

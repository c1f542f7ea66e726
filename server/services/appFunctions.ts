/**
 * The app functions of an account (SupplierFunction flags): what the mobile app's sign-in
 * answers (modules/session/identity.ts) and what its scans require (modules/logistics/scan.ts).
 */
import { RoleType, SupplierFunction } from '../../src/domain/enums';
import { isPartnerType, partnerAppFunctions } from '../../src/domain/partners';
import type { Caller } from '../auth';
import type { Db } from '../resource/define';

/** The app functions an account holds (SupplierFunction flags). */
export async function appFunctionsOf(db: Db, who: Pick<Caller, 'userId' | 'tenantId'>): Promise<number> {
  const row = await db.selectFrom('users as u').leftJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.type', 'u.app_functions', 'r.type as roleType', 'r.app_stock'])
    .where('u.id', '=', who.userId).where('u.tenant_id', '=', who.tenantId).executeTakeFirst();
  if (!row) return 0;
  return appFunctions(row);
}

/** Staff: Admin role or the role's app switch gives A and B; suppliers and distributors: their own flags (src/domain/partners.ts). */
export function appFunctions(row: { type: number; app_functions: number; roleType: number | null; app_stock: boolean | null }): number {
  if (isPartnerType(row.type)) return partnerAppFunctions(row.type, row.app_functions);
  return row.roleType === RoleType.Admin || row.app_stock ? SupplierFunction.A | SupplierFunction.B : 0;
}

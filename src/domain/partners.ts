/**
 * Suppliers (menu 13) and distributors (menu 12), issue 16: accounts of a client tenant (users
 * of type Supplier 3 / Distributor 4) that hold no role. What they may do follows from their
 * SupplierFunction flags, written once here for the server (sign-in, session menu, app routes)
 * and the screens:
 *  - A (1) production scan: POST App/binding (suppliers only);
 *  - B (2) stock and shipment scan: POST App/stock and App/ship, into / out of their
 *    authorized warehouses only;
 *  - C (4) logistics management: the back office's logistics queries (stock, ship, barcode
 *    query, exception log).
 */
import { SupplierFunction, UserType } from './enums';

export const PARTNER_TYPES: readonly number[] = [UserType.Supplier, UserType.Distributor];
export const isPartnerType = (type: number) => PARTNER_TYPES.includes(type);

/** The flags a partner of `type` may hold: a distributor does no production scan. */
export function partnerFlagsAllowed(type: number): number {
  return type === UserType.Distributor ? SupplierFunction.B | SupplierFunction.C : SupplierFunction.A | SupplierFunction.B | SupplierFunction.C;
}

/** The menu ids C (logistics management) gives: stock 26, ship 27, barcode query 28, exception log 29. */
export const LOGISTICS_MANAGEMENT_MENU_IDS: readonly number[] = [5, 26, 27, 28, 29];

/** A partner's functions in the back office (in place of a role's): C gives the logistics queries, else only home. */
export function partnerMenuFunctions(type: number, flags: number): number[] {
  return (flags & partnerFlagsAllowed(type) & SupplierFunction.C) !== 0 ? [...LOGISTICS_MANAGEMENT_MENU_IDS] : [];
}

/** The app functions (A, B) a partner holds. */
export function partnerAppFunctions(type: number, flags: number): number {
  return flags & partnerFlagsAllowed(type) & (SupplierFunction.A | SupplierFunction.B);
}

const given = (v: unknown) => typeof v === 'string' && v.trim() !== '' && v.trim() !== 'null';

/** SPEC 5: a supplier (and a distributor) has at least one of telephone or mobile; false answers 1501. */
export function hasTelephoneOrMobile(body: { telephone?: string | null; phone?: string | null }): boolean {
  return given(body.telephone) || given(body.phone);
}

/** Authorized warehouses of one partner at most. */
export const PARTNER_MAX_WAREHOUSES = 100;

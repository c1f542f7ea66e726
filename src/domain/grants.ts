/**
 * "No one grants more than they hold" (issue 10), written once for the browser and the server.
 *
 * What a role holds, in its tenant:
 *  - functions: the menu ids its holder sees (userMenu of the tenant and the role's stored
 *    functions: children the role names, and the groups of those children). Ids the tenant
 *    cannot use now (a client's lost function flag, an unreleased screen) grant nothing and
 *    are left out on both sides. This holds for Admin roles too: their stored functions are
 *    authoritative (docs/decisions.md).
 *  - clients (the operator's roles): an Admin role every client; a General role its
 *    `customers` (empty: none);
 *  - brands (client roles): an Admin role every brand; a General role its `brands`, an empty
 *    list meaning every brand (services/scope.ts);
 *  - switches (manage clients, manage brands, app stock): an Admin role all of them; a General
 *    role those switched on.
 * A role covers another when it holds everything the other holds; the Admin type itself is
 * held only by an Admin role (it stands for every client, brand and switch).
 *
 * Partner accounts (suppliers, distributors) hold no role but SupplierFunction flags, each
 * opening functions (src/domain/partners.ts). A flag is given, and a partner holding it is
 * edited, reset or deleted, only by a role that holds what the flag opens (issue 23):
 *  - A (production binding in the app) and B (stock-in and ship-out in the app): the app
 *    switch (appStock), which opens both to a staff account (server/modules/logistics/scan.ts);
 *  - C (logistics management): every logistics query it opens (stock, ship, barcode query,
 *    exception log).
 */
import { RoleType, SupplierFunction } from './enums';
import { menuIds, userMenu, type MenuVisibilityInput } from './menu';
import { LOGISTICS_MANAGEMENT_MENU_IDS } from './partners';

export const GRANT_SWITCHES = ['manageClients', 'manageBrands', 'appStock'] as const;
export type GrantSwitch = (typeof GRANT_SWITCHES)[number];

/** A role as the grant rule reads it (the role form's fields). */
export interface RoleGrants {
  type: number;
  functions: readonly number[];
  customers?: readonly number[];
  brands?: readonly number[];
  manageClients?: boolean;
  manageBrands?: boolean;
  appStock?: boolean;
}

/** A field of the role form that grants more than the caller holds. */
export type GrantField = 'type' | 'functions' | 'customers' | 'brands' | GrantSwitch;

const isAdmin = (role: RoleGrants) => role.type === RoleType.Admin;

/** The menu ids a role's holder sees in this tenant (groups included). */
export function heldFunctions(role: RoleGrants, tenant: MenuVisibilityInput): number[] {
  return menuIds(userMenu(tenant, role.functions));
}

/** The client ids a role manages; null: every client. */
export function heldClients(role: RoleGrants): readonly number[] | null {
  return isAdmin(role) ? null : (role.customers ?? []);
}

/** The brand ids a role manages; null: every brand of the tenant. */
export function heldBrands(role: RoleGrants): readonly number[] | null {
  if (isAdmin(role)) return null;
  const brands = role.brands ?? [];
  return brands.length ? brands : null;
}

export const holdsSwitch = (role: RoleGrants, key: GrantSwitch): boolean => isAdmin(role) || role[key] === true;

/** The role types a caller of this role may give: the Admin type only by an Admin role. */
export const grantableRoleTypes = (role: RoleGrants): number[] => (isAdmin(role) ? [RoleType.Admin, RoleType.General] : [RoleType.General]);

/**
 * What a form field limited by `ui:options.grant` may offer a caller of this role: for
 * 'type', the grantable role types; for a switch, whether it may be switched on.
 */
export function grantAllows(role: RoleGrants, grant: string, value: unknown): boolean {
  if (grant === 'type') return grantableRoleTypes(role).includes(Number(value));
  if ((GRANT_SWITCHES as readonly string[]).includes(grant)) return value !== true || holdsSwitch(role, grant as GrantSwitch);
  return true;
}

const within = (list: readonly number[] | null, of: readonly number[] | null): boolean =>
  of === null || (list?.every((id) => of.includes(id)) ?? false);

/**
 * The fields in which `target` grants more than `caller` holds, in form order; [] when the
 * caller covers the target. Both roles are of the same tenant (`tenant`).
 */
export function excessGrants(caller: RoleGrants, target: RoleGrants, tenant: MenuVisibilityInput): GrantField[] {
  const out: GrantField[] = [];
  if (isAdmin(target) && !isAdmin(caller)) out.push('type');
  const held = new Set(heldFunctions(caller, tenant));
  if (!heldFunctions(target, tenant).every((id) => held.has(id))) out.push('functions');
  // An Admin target is already refused by its type; its lists are not looked at.
  if (!isAdmin(target)) {
    if (!within(heldClients(target), heldClients(caller))) out.push('customers');
    if (!within(heldBrands(target), heldBrands(caller))) out.push('brands');
    for (const key of GRANT_SWITCHES) if (target[key] === true && !holdsSwitch(caller, key)) out.push(key);
  }
  return out;
}

/** Does `caller` hold everything `target` grants? */
export function covers(caller: RoleGrants, target: RoleGrants, tenant: MenuVisibilityInput): boolean {
  return excessGrants(caller, target, tenant).length === 0;
}

/** The menu ids a caller may put in a role: their own (the role form's function tree). */
export const grantableFunctions = heldFunctions;

/** Of `ids` (clients or brands of the tenant), those a caller may grant. */
export function grantableIds(held: readonly number[] | null, ids: readonly number[]): number[] {
  return held === null ? [...ids] : ids.filter((id) => held.includes(id));
}

/** The SupplierFunction flags a caller of this role may give a partner account (a bit mask). */
export function grantablePartnerFlags(role: RoleGrants, tenant: MenuVisibilityInput): number {
  const held = new Set(heldFunctions(role, tenant));
  const app = holdsSwitch(role, 'appStock') ? SupplierFunction.A | SupplierFunction.B : 0;
  const logistics = LOGISTICS_MANAGEMENT_MENU_IDS.every((id) => held.has(id)) ? SupplierFunction.C : 0;
  return app | logistics;
}

/** The flags of `flags` that a caller of this role may not give (0: the caller covers them). */
export const excessPartnerFlags = (role: RoleGrants, flags: number, tenant: MenuVisibilityInput): number =>
  flags & ~grantablePartnerFlags(role, tenant);

import { describe, expect, it } from 'vitest';
import { ClientFunction, RoleType, TenantType } from '../../src/domain/enums';
import { covers, excessGrants, grantableFunctions, grantableIds, heldBrands, heldClients, type RoleGrants } from '../../src/domain/grants';

const operator = { tenantType: TenantType.Operator, functionFlags: 0, excludedMenuIds: [], unreleasedMenuIds: [] };
const client = { tenantType: TenantType.Client, functionFlags: ClientFunction.Logistics, excludedMenuIds: [], unreleasedMenuIds: [] };
const general = (over: Partial<RoleGrants> = {}): RoleGrants => ({ type: RoleType.General, functions: [1, 9, 10], ...over });
const admin = (over: Partial<RoleGrants> = {}): RoleGrants => ({ type: RoleType.Admin, functions: [1, 9, 10], ...over });

describe('the grant rule', () => {
  it('a General role never covers the Admin type, whatever the Admin role holds', () => {
    expect(excessGrants(general(), admin({ functions: [9] }), operator)).toEqual(['type']);
    expect(covers(admin(), general({ customers: [5], brands: [7], appStock: true, manageClients: true }), operator)).toBe(true);
  });

  it('functions: what the holder sees; groups follow their children; ids the tenant lacks grant nothing', () => {
    expect(grantableFunctions(general({ functions: [10] }), operator)).toEqual([1, 10]);
    expect(excessGrants(general({ functions: [1, 9] }), general({ functions: [1, 9, 10] }), operator)).toEqual(['functions']);
    expect(covers(general({ functions: [9] }), general({ functions: [1, 9] }), operator)).toBe(true);
    // 31 (marketing) is hidden for a logistics-only client: holding it grants nothing there.
    expect(covers(general({ functions: [9] }), general({ functions: [9, 6, 31] }), client)).toBe(true);
    expect(covers(general({ functions: [9] }), general({ functions: [9, 6, 31] }), { ...client, functionFlags: ClientFunction.Marketing })).toBe(false);
  });

  it('clients: a General role\'s customers, empty meaning none', () => {
    expect(heldClients(general())).toEqual([]);
    expect(heldClients(admin())).toBeNull();
    expect(covers(general({ customers: [5] }), general({ customers: [] }), operator)).toBe(true);
    expect(excessGrants(general({ customers: [5] }), general({ customers: [5, 6] }), operator)).toEqual(['customers']);
    expect(grantableIds(heldClients(general({ customers: [5] })), [4, 5, 6])).toEqual([5]);
  });

  it('brands: a General role\'s brands, empty meaning every brand', () => {
    expect(heldBrands(general())).toBeNull();
    expect(heldBrands(general({ brands: [7] }))).toEqual([7]);
    expect(excessGrants(general({ brands: [7] }), general({ brands: [] }), client)).toEqual(['brands']);
    expect(excessGrants(general({ brands: [7] }), general({ brands: [7, 8] }), client)).toEqual(['brands']);
    expect(covers(general({ brands: [7, 8] }), general({ brands: [8] }), client)).toBe(true);
    expect(covers(general({ brands: [] }), general({ brands: [8] }), client)).toBe(true);
  });

  it('switches: held by an Admin role, or when switched on', () => {
    expect(excessGrants(general(), general({ appStock: true, manageBrands: true }), client)).toEqual(['manageBrands', 'appStock']);
    expect(covers(general({ appStock: true }), general({ appStock: true }), client)).toBe(true);
    expect(covers(admin(), general({ appStock: true, manageBrands: true, manageClients: true }), client)).toBe(true);
  });
});

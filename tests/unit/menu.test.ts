import { describe, it, expect } from 'vitest';
import {
  MENU_TREE, DEFAULT_UNRELEASED_MENU_IDS, hiddenMenuIds, tenantMenu, userMenu, menuIds,
  flattenMenuPaths, menuTrail, pathForMenuId, defaultChildPath, type MenuVisibilityInput,
} from '../../src/domain/menu';
import { ClientFunction, TenantType } from '../../src/domain/enums';

const ALL_IDS = menuIds(MENU_TREE);
/** The visible tree as { groupId: [childIds] }. */
const shape = (input: MenuVisibilityInput) =>
  Object.fromEntries(tenantMenu(input).map((g) => [g.id, (g.children ?? []).map((c) => c.id)]));
const client = (functionFlags: number, extra: Partial<MenuVisibilityInput> = {}): MenuVisibilityInput => ({
  tenantType: TenantType.Client, functionFlags, ...extra,
});
const { Logistics: L, Marketing: M, Member: B } = ClientFunction;

// What every client keeps from system, product and report under the default unreleased list.
const CLIENT_BASE = { 1: [9, 10, 14, 16], 2: [19], 8: [42] };

describe('menu tree', () => {
  it('holds the ids and paths of SPEC.md section 2', () => {
    expect(ALL_IDS.sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
      28, 29, 30, 31, 32, 33, 34, 35, 36, 38, 39, 40, 42, 43, 48, 49, 50, 51,
    ]);
    expect(pathForMenuId(24)).toBe('/binding/package');
    expect(pathForMenuId(30)).toBe('/logistics/anti-counterfeiting');
    expect(pathForMenuId(51)).toBe('/activity/check-in-activity');
  });

  it('default child is the first child of each section', () => {
    expect(defaultChildPath('/system')).toBe('/system/role');
    expect(defaultChildPath('/activity')).toBe('/activity/lottery-activity');
    expect(defaultChildPath('/report')).toBe('/report/download');
    expect(defaultChildPath('/nope')).toBeUndefined();
  });
});

describe('hidden menu ids by tenant (SPEC.md section 6)', () => {
  it('no tenant: 1 to 8 and 48 hidden, nothing shows', () => {
    const hidden = hiddenMenuIds({ tenantType: null, functionFlags: 7 });
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 48]) expect(hidden.has(id)).toBe(true);
    expect(tenantMenu({ tenantType: null, functionFlags: 7 })).toEqual([]);
  });

  it('operator: 12, 13, 19, 3, 26, 27, 29, 30, 6, 7, 48 hidden; flags ignored', () => {
    const expected = { 1: [9, 10, 11, 14, 15, 16], 2: [17, 18], 4: [25], 5: [28], 8: [42, 43] };
    expect(shape({ tenantType: TenantType.Operator, functionFlags: 0 })).toEqual(expected);
    expect(shape({ tenantType: TenantType.Operator, functionFlags: 7 })).toEqual(expected);
  });

  it('client: 11, 15, 17, 18, 4, 43 always hidden', () => {
    for (const flags of [0, L, M, B, L | M | B]) {
      const hidden = hiddenMenuIds(client(flags, { unreleasedMenuIds: [] }));
      for (const id of [11, 15, 17, 18, 4, 43]) expect(hidden.has(id)).toBe(true);
    }
  });

  it('client with every function', () => {
    expect(shape(client(L | M | B))).toEqual({
      ...CLIENT_BASE, 5: [28], 6: [31, 32, 33, 34, 35, 36], 7: [38, 39, 40], 48: [49, 50],
    });
  });

  it('client with logistics only: marketing, member and activity hidden', () => {
    expect(shape(client(L))).toEqual({ ...CLIENT_BASE, 5: [28] });
  });

  it('client with marketing only: member ids and logistics ids hidden, barcode query stays', () => {
    expect(shape(client(M))).toEqual({ ...CLIENT_BASE, 5: [28], 6: [31, 32, 33, 34, 35, 36], 48: [49] });
  });

  it('client with member only: marketing ids hidden, point activity stays', () => {
    expect(shape(client(B))).toEqual({ ...CLIENT_BASE, 5: [28], 7: [38, 39, 40], 48: [50] });
  });

  it('client with marketing and member', () => {
    expect(shape(client(M | B))).toEqual({
      ...CLIENT_BASE, 5: [28], 6: [31, 32, 33, 34, 35, 36], 7: [38, 39, 40], 48: [49, 50],
    });
  });

  it('client with logistics and marketing', () => {
    expect(shape(client(L | M))).toEqual({ ...CLIENT_BASE, 5: [28], 6: [31, 32, 33, 34, 35, 36], 48: [49] });
  });

  it('client with logistics and member', () => {
    expect(shape(client(L | B))).toEqual({ ...CLIENT_BASE, 5: [28], 7: [38, 39, 40], 48: [50] });
  });

  it('client with no function: logistics, marketing, member and activity all hidden', () => {
    const hidden = hiddenMenuIds(client(0));
    for (const id of [5, 6, 7, 48, 3, 26, 27, 29, 30, 49, 50, 51]) expect(hidden.has(id)).toBe(true);
    expect(shape(client(0))).toEqual(CLIENT_BASE);
  });

  it('client: 48 hidden only when neither marketing nor member is granted', () => {
    expect(hiddenMenuIds(client(L, { unreleasedMenuIds: [] })).has(48)).toBe(true);
    expect(hiddenMenuIds(client(M, { unreleasedMenuIds: [] })).has(48)).toBe(false);
    expect(hiddenMenuIds(client(B, { unreleasedMenuIds: [] })).has(48)).toBe(false);
  });

  it('default unreleased list is the "additionally hidden" list of SPEC.md', () => {
    expect([...DEFAULT_UNRELEASED_MENU_IDS].sort((a, b) => a - b)).toEqual([3, 12, 13, 26, 27, 29, 30, 37, 41, 43, 51]);
    const hidden = hiddenMenuIds(client(L | M | B));
    for (const id of DEFAULT_UNRELEASED_MENU_IDS) expect(hidden.has(id)).toBe(true);
  });

  it('client with a custom (empty) unreleased list: released functions show per flags', () => {
    expect(shape(client(L | M | B, { unreleasedMenuIds: [] }))).toEqual({
      1: [9, 10, 12, 13, 14, 16], 2: [19], 3: [20, 21, 22, 23, 24], 5: [26, 27, 28, 29, 30],
      6: [31, 32, 33, 34, 35, 36], 7: [38, 39, 40], 48: [49, 50, 51], 8: [42],
    });
    // Logistics ids still follow the flag when released.
    expect(shape(client(M, { unreleasedMenuIds: [] }))).toEqual({
      1: [9, 10, 12, 13, 14, 16], 2: [19], 5: [28], 6: [31, 32, 33, 34, 35, 36], 48: [49, 51], 8: [42],
    });
  });

  it('client with a custom unreleased list replaces the default', () => {
    const hidden = hiddenMenuIds(client(L | M | B, { unreleasedMenuIds: [16] }));
    expect(hidden.has(16)).toBe(true);
    expect(hidden.has(12)).toBe(false);
    expect(hidden.has(26)).toBe(false);
  });

  it('per-tenant exclusion list hides more, for clients and the operator', () => {
    expect(shape(client(L | M | B, { excludedMenuIds: [14, 33, 7] }))).toEqual({
      1: [9, 10, 16], 2: [19], 5: [28], 6: [31, 32, 34, 35, 36], 48: [49, 50], 8: [42],
    });
    const op = hiddenMenuIds({ tenantType: TenantType.Operator, functionFlags: 0, excludedMenuIds: [25] });
    expect(op.has(25)).toBe(true);
    expect(shape({ tenantType: TenantType.Operator, functionFlags: 0, excludedMenuIds: [25] })[4]).toBeUndefined();
  });
});

describe('userMenu', () => {
  const full = client(L | M | B);

  it('keeps only the children the role holds, within the tenant menu', () => {
    const menu = userMenu(full, [9, 31, 11, 26, 999]);
    expect(menu.map((g) => [g.id, g.children!.map((c) => c.id)])).toEqual([[1, [9]], [6, [31]]]);
  });

  it('drops groups with no children left (a group id alone grants nothing)', () => {
    expect(userMenu(full, [1, 6, 48])).toEqual([]);
    expect(userMenu(full, [])).toEqual([]);
  });

  it('shows nothing without a tenant whatever the role holds', () => {
    expect(userMenu({ tenantType: null, functionFlags: 7 }, ALL_IDS)).toEqual([]);
  });

  it('does not mutate the full tree', () => {
    userMenu(full, [9]);
    expect(MENU_TREE.find((g) => g.id === 1)!.children!.length).toBe(8);
  });
});

describe('paths and trails', () => {
  const menu = userMenu(client(L | M | B), [9, 10, 49]);

  it('flattenMenuPaths lists groups and children of a pruned tree', () => {
    expect(flattenMenuPaths(menu)).toEqual([
      '/system', '/system/role', '/system/employee', '/activity', '/activity/lottery-activity',
    ]);
  });

  it('menuTrail finds group and child, deep paths included', () => {
    expect(menuTrail('/system/role').map((m) => m.id)).toEqual([1, 9]);
    expect(menuTrail('/activity/lottery-activity/create').map((m) => m.id)).toEqual([48, 49]);
    expect(menuTrail('/system').map((m) => m.id)).toEqual([1]);
  });

  it('menuTrail answers [] for non-menu paths and for paths outside the given tree', () => {
    expect(menuTrail('/home')).toEqual([]);
    expect(menuTrail('/system/role-extra')).toEqual([]);
    expect(menuTrail('/marketing/layout', menu)).toEqual([]);
    expect(menuTrail('/system/employee', menu).map((m) => m.id)).toEqual([1, 10]);
  });

  it('pathForMenuId maps ids and falls back to /home', () => {
    expect(pathForMenuId(9)).toBe('/system/role');
    expect(pathForMenuId(48)).toBe('/activity');
    expect(pathForMenuId(42)).toBe('/report/download');
    expect(pathForMenuId(999)).toBe('/home');
    expect(pathForMenuId(37)).toBe('/home');
  });
});

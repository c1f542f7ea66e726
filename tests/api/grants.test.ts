/**
 * Issue 10 section 1: no one grants more than they hold. Each path a hostile staff user
 * would try: accounts of a wider role (create, edit, delete, reset), widening their own role,
 * roles with functions, a type, clients, brands or switches they lack, and the client screen
 * outside the clients they manage; then the paths that stay allowed.
 */
import { expect, it } from 'vitest';
import { RoleType, TenantType, UserStatus } from '../../src/domain/enums';
import { countryLocationId } from '../../src/domain/reference/dialCodes';
import { describeApi, expectFailure, uniqueAccount, type Harness } from './harness';

interface Role { id: number; name: string; type: number; functions: number[]; customers: number[]; brands: number[]; manageClients: boolean; manageBrands: boolean; appStock: boolean }
interface MenuGroup { id: number; children: { id: number }[] }
type Fields = Record<string, { key: string }>;

const notGrantable = (...fields: string[]) => Object.fromEntries(fields.map((f) => [f, { key: 'notGrantable' }]));

/** A client tenant of its own whose `admin` holds an Admin-type role with every function. */
async function tenantWithAdmin(h: Harness) {
  const tenant = await h.createTenant({ type: TenantType.Client, functionFlags: 7 });
  const admin = await h.signedInUser({ tenant: tenant.code, roleType: RoleType.Admin });
  return { tenant, admin };
}

describeApi('Grants: nobody grants more than their own role holds', (h) => {
  const roleBody = (over: Record<string, unknown> = {}) => ({ name: uniqueAccount('Role '), type: RoleType.General, functions: [1, 9], ...over });
  const employeeBody = (roleId: number) => ({ account: uniqueAccount('emp'), name: 'New Person', roleId, status: UserStatus.Enabled });
  const roleRow = (id: number) => h.db.selectFrom('roles').select(['name', 'type', 'functions', 'brands', 'app_stock']).where('id', '=', id).executeTakeFirstOrThrow();

  it('staff settings only (menu 10): no Admin-role account created, edited, deleted or reset, no password handed out', async () => {
    const { tenant, admin } = await tenantWithAdmin(h);
    const staff = await h.signedInUser({ tenant: tenant.code, functions: [1, 10] });

    const created = await h.call('POST', 'system/employee', { token: staff.token, body: employeeBody(admin.roleId) });
    expect(expectFailure(created, 400, 1).data).toEqual(notGrantable('roleId'));
    expect(created.json()).not.toHaveProperty('defaultPassword');
    expect(await h.db.selectFrom('users').select('id').where('tenant_id', '=', tenant.id).execute()).toHaveLength(2);

    const reset = await h.call('PUT', `System/initial/${admin.account}`, { token: staff.token });
    expectFailure(reset, 403, 3);
    expect(reset.json()).not.toHaveProperty('defaultPassword');
    // The admin keeps password and session.
    expect((await h.call('GET', 'System/user', { token: admin.token })).statusCode).toBe(200);
    await h.session(tenant.code, admin.account, admin.password);

    const me = (await h.call('GET', `system/employee/${admin.id}`, { token: staff.token })).json() as Record<string, unknown>;
    expectFailure(await h.call('PUT', 'system/employee', { token: staff.token, body: { ...me, name: 'Taken over', status: UserStatus.Disabled } }), 403, 3);
    expectFailure(await h.call('DELETE', `system/employee/${admin.id}`, { token: staff.token }), 403, 3);
    const row = await h.db.selectFrom('users').select(['name', 'status']).where('id', '=', admin.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: `Name ${admin.account}`, status: UserStatus.Enabled });

    // The role select offers only what may be assigned: the Admin role is listed, not offered.
    const options = (await h.call('GET', 'system/role/options', { token: staff.token })).json() as { value: number; enable?: boolean }[];
    expect(options.find((o) => o.value === admin.roleId)).toMatchObject({ enable: false });
    expect(options.find((o) => o.value === staff.roleId)).not.toHaveProperty('enable');
  });

  it('staff settings only (menu 10): accounts of their own or a narrower role stay theirs to create, edit and reset; their own role stays', async () => {
    const { tenant, admin } = await tenantWithAdmin(h);
    const staff = await h.signedInUser({ tenant: tenant.code, functions: [1, 10] });
    const narrower = (await h.call('POST', 'system/role', { token: admin.token, body: roleBody({ functions: [1, 10], name: 'Clerks' }) })).json() as Role;

    for (const roleId of [staff.roleId, narrower.id]) {
      const res = await h.call('POST', 'system/employee', { token: staff.token, body: employeeBody(roleId) });
      expect(res.statusCode, res.body).toBe(201);
      const { id, account, defaultPassword } = res.json() as { id: number; account: string; defaultPassword: string };
      expect(defaultPassword.length).toBeGreaterThan(7);
      const loaded = (await h.call('GET', `system/employee/${id}`, { token: staff.token })).json() as Record<string, unknown>;
      expect((await h.call('PUT', 'system/employee', { token: staff.token, body: { ...loaded, name: 'Renamed' } })).statusCode).toBe(200);
      // ...but not moved up to the Admin role.
      const up = await h.call('PUT', 'system/employee', { token: staff.token, body: { ...loaded, roleId: admin.roleId } });
      expect(expectFailure(up, 400, 1).data).toEqual(notGrantable('roleId'));
      const reset = await h.call('PUT', `System/initial/${account}`, { token: staff.token });
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.json()).toMatchObject({ account, defaultPassword: expect.any(String) });
    }

    // Not even to a narrower role: nobody moves their own account.
    const self = (await h.call('GET', `system/employee/${staff.id}`, { token: staff.token })).json() as Record<string, unknown>;
    expectFailure(await h.call('PUT', 'system/employee', { token: staff.token, body: { ...self, roleId: narrower.id } }), 403, 3);
    expect((await h.db.selectFrom('users').select('role_id').where('id', '=', staff.id).executeTakeFirstOrThrow()).role_id).toBe(staff.roleId);
  });

  it('role settings only (menu 9): cannot widen their own role, nor create a role with a type, function or switch they lack', async () => {
    const { tenant } = await tenantWithAdmin(h);
    const editor = await h.signedInUser({ tenant: tenant.code, functions: [1, 9] });
    const before = await roleRow(editor.roleId);

    const widen = { id: editor.roleId, name: 'Mine', type: RoleType.Admin, functions: [1, 2, 9, 10, 16, 19], appStock: true };
    expectFailure(await h.call('PUT', 'system/role', { token: editor.token, body: widen }), 403, 3);
    expectFailure(await h.call('PUT', 'system/role', { token: editor.token, body: { ...widen, type: RoleType.General, functions: [1, 9] } }), 403, 3);
    expect(await roleRow(editor.roleId)).toEqual(before);
    expectFailure(await h.call('GET', 'system/employee', { token: editor.token }), 403, 3);

    const fields = async (over: Record<string, unknown>) =>
      expectFailure(await h.call('POST', 'system/role', { token: editor.token, body: roleBody(over) }), 400, 1).data as Fields;
    expect(await fields({ functions: [1, 9, 10] })).toEqual(notGrantable('functions'));
    expect(await fields({ type: RoleType.Admin })).toEqual(notGrantable('type'));
    expect(await fields({ type: RoleType.Admin, functions: [1, 2, 9, 10, 16, 19], appStock: true, manageBrands: true }))
      .toEqual(notGrantable('type', 'functions'));
    expect(await fields({ appStock: true, manageBrands: true, manageClients: true })).toEqual(notGrantable('manageClients', 'manageBrands', 'appStock'));

    // The form's function tree is the editor's own.
    const menu = (await h.call('GET', 'system/menu', { token: editor.token })).json() as { Backend: MenuGroup[] };
    expect(menu.Backend.map((g) => [g.id, g.children.map((c) => c.id)])).toEqual([[1, [9]]]);
  });

  it('role settings only (menu 9): roles within their own stay theirs to create, edit and delete; wider ones are out of reach', async () => {
    const { tenant, admin } = await tenantWithAdmin(h);
    const editor = await h.signedInUser({ tenant: tenant.code, functions: [1, 9] });
    const created = await h.call('POST', 'system/role', { token: editor.token, body: roleBody({ functions: [9] }) });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json() as Role;
    expect(role).toMatchObject({ type: RoleType.General, functions: [9] });
    const edited = await h.call('PUT', 'system/role', { token: editor.token, body: { ...role, name: 'Role editors', functions: [1, 9] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(expectFailure(await h.call('PUT', 'system/role', { token: editor.token, body: { ...role, functions: [1, 9, 10] } }), 400, 1).data)
      .toEqual(notGrantable('functions'));
    expect((await h.call('DELETE', `system/role/${role.id}`, { token: editor.token })).statusCode).toBe(204);

    // A wider role, even one nobody holds, is neither edited nor deleted.
    const wide = (await h.call('POST', 'system/role', { token: admin.token, body: roleBody({ functions: [1, 9, 10] }) })).json() as Role;
    expectFailure(await h.call('PUT', 'system/role', { token: editor.token, body: { ...wide, functions: [1, 9] } }), 403, 3);
    expectFailure(await h.call('DELETE', `system/role/${wide.id}`, { token: editor.token }), 403, 3);
    expectFailure(await h.call('PUT', 'system/role', { token: editor.token, body: { id: admin.roleId, name: 'Demoted', type: RoleType.General, functions: [9] } }), 403, 3);
    expect(await roleRow(wide.id)).toMatchObject({ functions: [1, 9, 10] });
    expect(await roleRow(admin.roleId)).toMatchObject({ type: RoleType.Admin });
  });

  it('nobody changes their own role, the Admin either', async () => {
    const { admin } = await tenantWithAdmin(h);
    const mine = (await h.call('GET', `system/role/${admin.roleId}`, { token: admin.token })).json() as Role;
    expectFailure(await h.call('PUT', 'system/role', { token: admin.token, body: { ...mine, name: 'Renamed' } }), 403, 3);
    const other = (await h.call('POST', 'system/role', { token: admin.token, body: roleBody({ type: RoleType.Admin }) })).json() as Role;
    const self = (await h.call('GET', `system/employee/${admin.id}`, { token: admin.token })).json() as Record<string, unknown>;
    expectFailure(await h.call('PUT', 'system/employee', { token: admin.token, body: { ...self, roleId: other.id } }), 403, 3);
  });

  it('a client\'s role limited to some brands grants only those, never every brand', async () => {
    const { tenant, admin } = await tenantWithAdmin(h);
    const brand = async (name: string) => {
      const res = await h.call('POST', 'Product/brand', { token: admin.token, body: { name } });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const [b1, b2] = [await brand('Dawn'), await brand('Dusk')];
    const editor = await h.signedInUser({ tenant: tenant.code, functions: [1, 9, 2, 19], brands: [b1] });

    const options = (await h.call('GET', 'Product/brand/options', { token: editor.token })).json() as { value: number }[];
    expect(options.map((o) => o.value)).toEqual([b1]);
    const fields = async (brands: number[]) =>
      expectFailure(await h.call('POST', 'system/role', { token: editor.token, body: roleBody({ functions: [2, 19], brands }) }), 400, 1).data as Fields;
    expect(await fields([b2])).toEqual(notGrantable('brands'));
    expect(await fields([b1, b2])).toEqual(notGrantable('brands'));
    // No brand chosen means every brand.
    expect(await fields([])).toEqual(notGrantable('brands'));
    const ok = await h.call('POST', 'system/role', { token: editor.token, body: roleBody({ functions: [2, 19], brands: [b1] }) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ brands: [b1] });

    // A role holding every brand may grant any of them, or all.
    const all = await h.signedInUser({ tenant: tenant.code, functions: [1, 9, 2, 19] });
    for (const brands of [[b2], []]) {
      const res = await h.call('POST', 'system/role', { token: all.token, body: roleBody({ functions: [2, 19], brands }) });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('an operator role grants and manages only its own clients', async () => {
    const mine = await h.createTenant({ type: TenantType.Client });
    const other = await h.createTenant({ type: TenantType.Client });
    const editor = await h.signedInUser({ tenant: 'platform', functions: [1, 9, 11], customers: [mine.id] });

    const clients = (await h.call('GET', 'system/client/GetActiveClient', { token: editor.token })).json() as { value: number }[];
    expect(clients.map((c) => c.value)).toEqual([mine.id]);
    const refused = await h.call('POST', 'system/role', { token: editor.token, body: roleBody({ functions: [11], customers: [mine.id, other.id] }) });
    expect(expectFailure(refused, 400, 1).data).toEqual(notGrantable('customers'));
    const ok = await h.call('POST', 'system/role', { token: editor.token, body: roleBody({ functions: [11], customers: [mine.id] }) });
    expect(ok.statusCode, ok.body).toBe(201);

    // The client screen: a new client (its admin password) or a client it does not manage: 403.
    const body = {
      names: { zh_TW: 'Taken' }, code: uniqueAccount('cl'), status: 1, proxyType: 1, functions: 1, layouts: 1, domainType: 1, defaultLanguage: 'en',
      contacts: { primary: { name: 'Amy', phoneCountryCode: '+886', phone: '912345678', email: 'amy@example.com' } }, country: countryLocationId('TW'),
    };
    expectFailure(await h.call('POST', 'system/client', { token: editor.token, body }), 403, 3);
    expectFailure(await h.call('PUT', 'system/client', { token: editor.token, body: { ...body, id: other.id, code: other.code } }), 403, 3);
    expectFailure(await h.call('POST', `system/client/${other.id}`, { token: editor.token, body: { reason: 'gone' } }), 403, 3);
    const row = await h.db.selectFrom('tenants').select(['names', 'deleted_at']).where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ names: { en: other.code }, deleted_at: null });
    // Its own client it may delete.
    expect((await h.call('POST', `system/client/${mine.id}`, { token: editor.token, body: { reason: 'closed' } })).statusCode).toBe(204);
  });
});

import { expect, it } from 'vitest';
import { RoleType, TenantType } from '../../src/domain/enums';
import { json } from '../../server/db/schema';
import { describeApi, expectFailure, uniqueAccount, type Harness } from './harness';

interface RoleItem { id: number; name: string; type: number; userCount: number; createdAt: string; updatedAt: string }
interface Role extends RoleItem { functions: number[]; customers: number[]; brands: number[]; manageClients: boolean; manageBrands: boolean; appStock: boolean }
interface Page<T> { items: T[]; total: number }

/** A client tenant of its own with an admin (Admin-type role) holding role and employee settings. */
async function freshTenant(h: Harness, functions = [1, 9, 10]) {
  const tenant = await h.createTenant({ type: TenantType.Client, functionFlags: 7 });
  const admin = await h.signedInUser({ tenant: tenant.code, functions, roleType: RoleType.Admin });
  return { tenant, admin };
}

/** n roles 'Bulk 01'.. straight in the database, created a minute apart, types alternating. */
async function bulkRoles(h: Harness, tenantId: number, n: number, prefix = 'Bulk') {
  const base = Date.UTC(2025, 0, 1);
  await h.db.insertInto('roles').values(Array.from({ length: n }, (_, i) => ({
    tenant_id: tenantId, name: `${prefix} ${String(i + 1).padStart(2, '0')}`, type: i % 2 === 0 ? RoleType.Admin : RoleType.General,
    functions: json([9]), customers: json([]), brands: json([]),
    created_at: new Date(base + i * 60_000), updated_at: new Date(base + (n - i) * 60_000),
  }))).execute();
}

const body = (over: Record<string, unknown> = {}) => ({ name: uniqueAccount('Role '), type: RoleType.General, functions: [1, 9], ...over });

describeApi('Roles: system/role', (h) => {
  const list = async (token: string, query = '') => {
    const res = await h.call('GET', `system/role${query ? `?${query}` : ''}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page<RoleItem>;
  };

  it('pages 25 roles in the database: 10, 10, 5, newest first by default', async () => {
    const { tenant, admin } = await freshTenant(h);
    await bulkRoles(h, tenant.id, 25);
    const p1 = await list(admin.token, 'keyword=bulk');
    expect(p1.total).toBe(25);
    expect(p1.items).toHaveLength(10);
    expect(p1.items[0].name).toBe('Bulk 25');
    expect(Object.keys(p1.items[0]).sort()).toEqual(['createdAt', 'id', 'name', 'type', 'updatedAt', 'userCount']);
    const p3 = await list(admin.token, 'keyword=bulk&page=3');
    expect(p3).toMatchObject({ total: 25 });
    expect(p3.items.map((r) => r.name)).toEqual(['Bulk 05', 'Bulk 04', 'Bulk 03', 'Bulk 02', 'Bulk 01']);
    const p4 = await list(admin.token, 'keyword=bulk&page=4');
    expect(p4).toEqual({ items: [], total: 25 });
    const big = await list(admin.token, 'keyword=BULK&pageSize=100');
    expect(big.items).toHaveLength(25);
    // The admin's own role is the 26th of the tenant.
    expect((await list(admin.token)).total).toBe(26);
  });

  it('sorts by every sortable column, both ways, ties broken by id', async () => {
    const { tenant, admin } = await freshTenant(h);
    await bulkRoles(h, tenant.id, 25);
    const names = async (q: string) => (await list(admin.token, `keyword=bulk&pageSize=25&${q}`)).items.map((r) => r.name);
    const ascending = Array.from({ length: 25 }, (_, i) => `Bulk ${String(i + 1).padStart(2, '0')}`);
    expect(await names('sort=name&order=asc')).toEqual(ascending);
    expect(await names('sort=name&order=desc')).toEqual([...ascending].reverse());
    expect(await names('sort=name')).toEqual(ascending); // a column click sorts ascending first
    expect(await names('sort=createdAt&order=asc')).toEqual(ascending);
    expect(await names('sort=updatedAt&order=asc')).toEqual([...ascending].reverse());
    const byType = (await list(admin.token, 'keyword=bulk&pageSize=25&sort=type&order=asc')).items;
    expect(byType.slice(0, 13).every((r) => r.type === 1)).toBe(true);
    expect(byType.slice(13).every((r) => r.type === 2)).toBe(true);
    const ids = byType.slice(0, 13).map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const page2 = (await list(admin.token, 'keyword=bulk&sort=type&order=desc&page=2')).items.map((r) => r.id);
    const page1 = (await list(admin.token, 'keyword=bulk&sort=type&order=desc&page=1')).items.map((r) => r.id);
    expect(page1.filter((id) => page2.includes(id))).toEqual([]);
  });

  it('refuses a bad sort key, page, page size, order or filter with code 1 naming it', async () => {
    const { admin } = await freshTenant(h);
    const bad = async (q: string) => Object.keys(expectFailure(await h.call('GET', `system/role?${q}`, { token: admin.token }), 400, 1).data ?? {});
    expect(await bad('sort=functions')).toEqual(['sort']);
    expect(await bad('sort=userCount')).toEqual(['sort']);
    expect(await bad(`sort=${encodeURIComponent('name; drop table roles')}`)).toEqual(['sort']);
    expect(await bad('page=0')).toEqual(['page']);
    expect(await bad('page=x')).toEqual(['page']);
    expect(await bad('pageSize=101')).toEqual(['pageSize']);
    expect(await bad('order=up')).toEqual(['order']);
    expect(await bad('type=3')).toEqual(['type']);
    expect(await bad(`keyword=${'k'.repeat(51)}`)).toEqual(['keyword']);
    // Empty parameters mean "not given".
    expect((await list(admin.token, 'keyword=&type=&sort=&page=')).total).toBe(1);
  });

  it('filters by keyword (name contains, case-insensitive, wildcards literal) and type', async () => {
    const { tenant, admin } = await freshTenant(h);
    await bulkRoles(h, tenant.id, 6);
    await bulkRoles(h, tenant.id, 2, '100% Sales_Team');
    expect((await list(admin.token, 'keyword=ULK 0')).total).toBe(6);
    expect((await list(admin.token, 'keyword=%25')).items.map((r) => r.name).sort()).toEqual(['100% Sales_Team 01', '100% Sales_Team 02']);
    expect((await list(admin.token, 'keyword=s_t')).total).toBe(2);
    expect((await list(admin.token, 'keyword=s%25t')).total).toBe(0);
    const admins = await list(admin.token, 'keyword=bulk&type=1');
    expect(admins.total).toBe(3);
    expect(admins.items.every((r) => r.type === 1)).toBe(true);
  });

  it('creates, shows, edits and deletes a role', async () => {
    const { admin } = await freshTenant(h);
    const created = await h.call('POST', 'system/role', { token: admin.token, body: body({ name: 'Warehouse staff', functions: [10, 1, 9], appStock: true }) });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json() as Role;
    expect(role).toMatchObject({ name: 'Warehouse staff', type: 2, functions: [1, 9, 10], customers: [], manageClients: false, manageBrands: false, appStock: true, userCount: 0 });
    expect(Date.parse(role.createdAt)).not.toBeNaN();

    const got = await h.call('GET', `system/role/${role.id}`, { token: admin.token });
    expect(got.json()).toEqual(role);
    expect((await list(admin.token, 'keyword=warehouse')).items.map((r) => r.id)).toEqual([role.id]);

    // The edit form sends the loaded record back: read-only fields are ignored.
    const edited = await h.call('PUT', 'system/role', { token: admin.token, body: { ...role, name: 'Warehouse leads', type: 1, functions: [9], appStock: false } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: role.id, name: 'Warehouse leads', type: 1, functions: [9], appStock: false, createdAt: role.createdAt });
    expect((await h.call('GET', `system/role/${role.id}`, { token: admin.token })).json()).toMatchObject({ name: 'Warehouse leads' });

    const removed = await h.call('DELETE', `system/role/${role.id}`, { token: admin.token });
    expect(removed.statusCode, removed.body).toBe(204);
    expectFailure(await h.call('GET', `system/role/${role.id}`, { token: admin.token }), 404, 2);
    expectFailure(await h.call('DELETE', `system/role/${role.id}`, { token: admin.token }), 404, 2);
    expectFailure(await h.call('PUT', 'system/role', { token: admin.token, body: { ...body(), id: role.id } }), 404, 2);
  });

  it('answers code 1 listing the fields for a body that breaks the declaration', async () => {
    const { admin } = await freshTenant(h);
    const fields = async (b: unknown, method: 'POST' | 'PUT' = 'POST') =>
      expectFailure(await h.call(method, 'system/role', { token: admin.token, body: b }), 400, 1).data as Record<string, { key: string; params?: unknown }>;
    expect(await fields(body({ name: 'x'.repeat(51) }))).toEqual({ name: { key: 'between', params: { min: 1, max: 50 } } });
    expect(await fields({ name: '  ', type: 3, functions: [] })).toEqual({ name: { key: 'required' }, type: { key: 'oneOf' }, functions: { key: 'required' } });
    expect(await fields(body({ type: '2' }))).toEqual({ type: { key: 'integer' } });
    expect(await fields(body({ isAdmin: true }))).toEqual({ isAdmin: { key: 'unknownField' } });
    expect(await fields(body({ functions: [9, 'x'] }))).toHaveProperty(['functions.1']);
    expect(await fields([1, 2])).toHaveProperty('body');
    // PUT: the id is required, an integer.
    expect(await fields(body(), 'PUT')).toEqual({ id: { key: 'required' } });
    expect(await fields({ ...body(), id: 'abc' }, 'PUT')).toEqual({ id: { key: 'integer' } });
    expect(await fields({ ...body(), id: 99_999_999_999 }, 'PUT')).toEqual({ id: { key: 'integer' } });
    expectFailure(await h.call('GET', 'system/role/abc', { token: admin.token }), 400, 1);
    expectFailure(await h.call('GET', 'system/role/99999999999', { token: admin.token }), 400, 1);
  });

  it('keeps functions within the tenant grantable menu and customers to the operator', async () => {
    const { admin } = await freshTenant(h, [1, 9, 10, 6, 31, 48, 49]);
    const fields = async (b: unknown) => expectFailure(await h.call('POST', 'system/role', { token: admin.token, body: b }), 400, 1).data;
    // 11 (client accounts) and 43 are never grantable to a client; 999 is no menu at all.
    expect(await fields(body({ functions: [9, 11] }))).toEqual({ functions: { key: 'oneOf' } });
    expect(await fields(body({ functions: [999] }))).toEqual({ functions: { key: 'oneOf' } });
    const demoId = await h.tenantId('demo');
    expect(await fields(body({ customers: [demoId] }))).toEqual({ customers: { key: 'oneOf' } });
    const ok = await h.call('POST', 'system/role', { token: admin.token, body: body({ functions: [1, 9, 10, 6, 31, 48, 49] }) });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('lets the operator authorize active client tenants only', async () => {
    const op = await h.signedInUser({ tenant: 'platform', functions: [1, 9, 10, 11], roleType: RoleType.Admin });
    const demoId = await h.tenantId('demo');
    const platformId = await h.tenantId('platform');
    const gone = await h.createTenant({ type: TenantType.Client });
    await h.db.updateTable('tenants').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();

    const ok = await h.call('POST', 'system/role', { token: op.token, body: body({ functions: [11, 9], customers: [demoId], manageClients: true }) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ customers: [demoId], manageClients: true, functions: [9, 11] });
    for (const customers of [[platformId], [gone.id], [demoId, 2_000_000_000], [99_999_999_999]]) {
      const res = await h.call('POST', 'system/role', { token: op.token, body: body({ customers }) });
      expect(expectFailure(res, 400, 1).data).toEqual({ customers: { key: 'oneOf' } });
    }
  });

  it('lets a client limit a General role to its own brands; the operator has none to give', async () => {
    const { tenant, admin } = await freshTenant(h, [1, 9, 10, 2, 19]);
    const brand = async (token: string, name: string) => {
      const res = await h.call('POST', 'Product/brand', { token, body: { name } });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const b1 = await brand(admin.token, 'Dawn');
    const b2 = await brand(admin.token, 'Dusk');
    const other = await freshTenant(h, [1, 9, 10, 2, 19]);
    const foreign = await brand(other.admin.token, 'Not yours');

    // The role form's brand options (menu 9 may read them).
    const roleOnly = await h.signedInUser({ tenant: tenant.code, functions: [1, 9] });
    const options = await h.call('GET', 'Product/brand/options', { token: roleOnly.token });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toEqual([{ value: b1, label: 'Dawn' }, { value: b2, label: 'Dusk' }]);

    const created = await h.call('POST', 'system/role', { token: admin.token, body: body({ functions: [1, 2, 19], brands: [b2, b1] }) });
    expect(created.statusCode, created.body).toBe(201);
    const role = created.json() as Role;
    expect(role.brands).toEqual([b1, b2].sort((x, y) => x - y));
    expect((await h.db.selectFrom('roles').select('brands').where('id', '=', role.id).executeTakeFirstOrThrow()).brands).toEqual(role.brands);

    const fields = async (token: string, b: unknown) => expectFailure(await h.call('POST', 'system/role', { token, body: b }), 400, 1).data;
    expect(await fields(admin.token, body({ brands: [foreign] }))).toEqual({ brands: { key: 'oneOf' } });
    expect(await fields(admin.token, body({ brands: [2_000_000_000] }))).toEqual({ brands: { key: 'oneOf' } });
    const op = await h.signedInUser({ tenant: 'platform', functions: [1, 9] });
    expect(await fields(op.token, body({ brands: [b1] }))).toEqual({ brands: { key: 'oneOf' } });

    // A holder of the role sees only its brand.
    const limited = await h.signedInUser({ tenant: tenant.code, functions: [2, 19] });
    await h.db.updateTable('users').set({ role_id: role.id }).where('id', '=', limited.id).execute();
    const seen = await h.call('GET', 'Product/brand', { token: limited.token });
    expect((seen.json() as Page<{ id: number }>).items.map((b) => b.id).sort()).toEqual([b1, b2].sort());
    const narrowed = await h.call('PUT', 'system/role', { token: admin.token, body: { ...body({ functions: [1, 2, 19], brands: [b1] }), id: role.id, name: role.name } });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    const after = await h.call('GET', 'Product/brand', { token: limited.token });
    expect((after.json() as Page<{ id: number }>).items.map((b) => b.id)).toEqual([b1]);
  });

  it('refuses a second role with the same name in the tenant (case-insensitive), not across tenants', async () => {
    const { admin } = await freshTenant(h);
    const other = await freshTenant(h);
    const first = await h.call('POST', 'system/role', { token: admin.token, body: body({ name: 'Auditors' }) });
    expect(first.statusCode).toBe(201);
    const dup = await h.call('POST', 'system/role', { token: admin.token, body: body({ name: ' auditors ' }) });
    expect(expectFailure(dup, 400, 1).data).toEqual({ name: { key: 'checkRepeatName' } });
    expect((await h.call('POST', 'system/role', { token: other.admin.token, body: body({ name: 'Auditors' }) })).statusCode).toBe(201);
    // Saving a role under its own name is fine.
    const role = first.json() as Role;
    expect((await h.call('PUT', 'system/role', { token: admin.token, body: { id: role.id, name: 'AUDITORS', type: 2, functions: [9] } })).statusCode).toBe(200);
  });

  it('answers code 11 with the accounts holding a role, and keeps the role', async () => {
    const { tenant, admin } = await freshTenant(h);
    const role = (await h.call('POST', 'system/role', { token: admin.token, body: body() })).json() as Role;
    const holders = ['zeta', 'Alpha', 'mike'].map((a) => uniqueAccount(a));
    for (const account of holders) {
      const u = await h.createUser({ tenant: tenant.code, account });
      await h.db.updateTable('users').set({ role_id: role.id }).where('id', '=', u.id).execute();
    }
    expect(((await h.call('GET', `system/role/${role.id}`, { token: admin.token })).json() as Role).userCount).toBe(3);
    expect((await list(admin.token, `keyword=${encodeURIComponent(role.name)}`)).items[0].userCount).toBe(3);
    const res = await h.call('DELETE', `system/role/${role.id}`, { token: admin.token });
    const failure = expectFailure(res, 400, 11);
    expect(failure.data).toEqual([...holders].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await h.call('GET', `system/role/${role.id}`, { token: admin.token })).statusCode).toBe(200);
    // The caller's own role is held by the caller.
    expect(expectFailure(await h.call('DELETE', `system/role/${admin.roleId}`, { token: admin.token }), 400, 11).data).toEqual([admin.account]);
  });

  it('does not let a caller edit their own role; an edit of another role applies at its holders\' next call', async () => {
    const { tenant, admin } = await freshTenant(h);
    const mine = (await h.call('GET', `system/role/${admin.roleId}`, { token: admin.token })).json() as Role;
    for (const change of [{ functions: [10] }, { functions: [9] }, { name: 'Renamed' }, {}]) {
      expectFailure(await h.call('PUT', 'system/role', { token: admin.token, body: { ...mine, ...change } }), 403, 3);
    }
    expect((await h.call('GET', `system/role/${admin.roleId}`, { token: admin.token })).json()).toEqual(mine);
    // Functions take effect at once: employee settings are gone from the holder's menu.
    const staff = await h.signedInUser({ tenant: tenant.code, functions: [1, 9, 10] });
    const edited = await h.call('PUT', 'system/role', { token: admin.token, body: { id: staff.roleId, name: 'Roles only', type: 2, functions: [9] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expectFailure(await h.call('GET', 'system/employee', { token: staff.token }), 403, 3);
  });

  it('isolates tenants: the demo admin neither sees nor changes the operator roles', async () => {
    const op = await h.signedInUser({ tenant: 'platform', functions: [1, 9, 10] });
    const opRole = (await h.call('POST', 'system/role', { token: op.token, body: body({ name: uniqueAccount('Operator only ') }) })).json() as Role;
    const demo = await h.signedInUser({ tenant: 'demo', functions: [1, 9, 10] });

    const seen = await list(demo.token, 'pageSize=100');
    expect(seen.items.map((r) => r.id)).not.toContain(opRole.id);
    expect((await list(demo.token, `keyword=${encodeURIComponent(opRole.name)}`)).total).toBe(0);
    expectFailure(await h.call('GET', `system/role/${opRole.id}`, { token: demo.token }), 404, 2);
    expectFailure(await h.call('PUT', 'system/role', { token: demo.token, body: { id: opRole.id, name: 'Hijacked', type: 1, functions: [9] } }), 404, 2);
    expectFailure(await h.call('DELETE', `system/role/${opRole.id}`, { token: demo.token }), 404, 2);
    const options = (await h.call('GET', 'system/role/options', { token: demo.token })).json() as { value: number }[];
    expect(options.map((o) => o.value)).not.toContain(opRole.id);

    const row = await h.db.selectFrom('roles').select(['name', 'type', 'tenant_id']).where('id', '=', opRole.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: opRole.name, type: opRole.type, tenant_id: await h.tenantId('platform') });
  });

  it('GET system/role/options answers the tenant roles by name, for role or employee settings', async () => {
    const { tenant, admin } = await freshTenant(h);
    await bulkRoles(h, tenant.id, 3, 'opt');
    const res = await h.call('GET', 'system/role/options', { token: admin.token });
    expect(res.statusCode).toBe(200);
    const options = res.json() as { value: number; label: string; type: number }[];
    expect(options.map((o) => o.label)).toEqual(['opt 01', 'opt 02', 'opt 03', `role of ${admin.account}`]);
    expect(options[0]).toEqual({ value: expect.any(Number), label: 'opt 01', type: 1 });

    const employeeOnly = await h.signedInUser({ tenant: tenant.code, functions: [10] });
    expect((await h.call('GET', 'system/role/options', { token: employeeOnly.token })).statusCode).toBe(200);
    expectFailure(await h.call('GET', 'system/role', { token: employeeOnly.token }), 403, 3);
    const reportsOnly = await h.signedInUser({ tenant: tenant.code, functions: [42] });
    expectFailure(await h.call('GET', 'system/role/options', { token: reportsOnly.token }), 403, 3);
    expectFailure(await h.call('POST', 'system/role', { token: reportsOnly.token, body: body() }), 403, 3);
    expectFailure(await h.call('GET', 'system/role/options'), 401, 3);
  });

  it('GET system/client/GetActiveClient lists active clients for the operator, none for a client', async () => {
    const named = await h.createTenant({ type: TenantType.Client, code: uniqueAccount('acme') });
    await h.db.updateTable('tenants').set({ names: json({ zh_CN: '艾克米', en: 'Acme' }) }).where('id', '=', named.id).execute();
    const gone = await h.createTenant({ type: TenantType.Client });
    await h.db.updateTable('tenants').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();

    const op = await h.signedInUser({ tenant: 'platform', functions: [1, 9], roleType: RoleType.Admin });
    const res = await h.call('GET', 'system/client/GetActiveClient', { token: op.token });
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json() as { value: number; label: string; code: string; names: Record<string, string> }[];
    const ids = options.map((o) => o.value);
    expect(ids).toContain(await h.tenantId('demo'));
    expect(ids).toContain(named.id);
    expect(ids).not.toContain(gone.id);
    expect(ids).not.toContain(await h.tenantId('platform'));
    expect(options.find((o) => o.value === named.id)).toEqual({ value: named.id, label: '艾克米', code: named.code, names: { zh_CN: '艾克米', en: 'Acme' } });
    const en = (await h.call('GET', 'system/client/GetActiveClient?lang=en', { token: op.token })).json() as { value: number; label: string }[];
    expect(en.find((o) => o.value === named.id)?.label).toBe('Acme');
    expect(en).toHaveLength(options.length);

    const clientsOnly = await h.signedInUser({ tenant: 'platform', functions: [11] });
    expect((await h.call('GET', 'system/client/GetActiveClient', { token: clientsOnly.token })).statusCode).toBe(200);
    const demo = await h.signedInUser({ tenant: 'demo', functions: [1, 9] });
    expect((await h.call('GET', 'system/client/GetActiveClient', { token: demo.token })).json()).toEqual([]);
    const noMenu = await h.signedInUser({ tenant: 'platform', functions: [42] });
    expectFailure(await h.call('GET', 'system/client/GetActiveClient', { token: noMenu.token }), 403, 3);
  });
});

import { expect, it } from 'vitest';
import type { SessionUser } from '../../src/domain/api';
import { MimaStatus, RoleType, TenantType, UserStatus, UserType } from '../../src/domain/enums';
import { PASSWORD_PATTERN } from '../../src/domain/password';
import { json } from '../../server/db/schema';
import { describeApi, expectFailure, uniqueAccount, type Harness } from './harness';

interface Employee {
  id: number; account: string; name: string; roleId: number; roleName: string; status: number;
  email: string | null; phoneCountryCode: string | null; phone: string | null; mimaStatus: number; createdAt: string; updatedAt: string;
}
interface Page<T> { items: T[]; total: number }

/** A client tenant of its own with an admin: an Admin-type role holding every function by default. */
async function freshTenant(h: Harness, functions?: number[]) {
  const tenant = await h.createTenant({ type: TenantType.Client, functionFlags: 7 });
  const admin = await h.signedInUser({ tenant: tenant.code, functions, roleType: RoleType.Admin });
  return { tenant, admin };
}

/** n employees 'bulk01'.. straight in the database, a minute apart; statuses cycle 1, 2, 3. */
async function bulkEmployees(h: Harness, tenantId: number, roleId: number, n: number) {
  const base = Date.UTC(2025, 0, 1);
  await h.db.insertInto('users').values(Array.from({ length: n }, (_, i) => ({
    tenant_id: tenantId, account: `bulk${String(i + 1).padStart(2, '0')}`, name: `Person ${String(n - i).padStart(2, '0')}`,
    type: UserType.Staff, status: (i % 3) + 1, role_id: roleId, mima_hash: 'not-a-hash', mima_status: MimaStatus.Normal,
    created_at: new Date(base + i * 60_000), updated_at: new Date(base + i * 60_000),
  }))).execute();
}

const body = (roleId: number, over: Record<string, unknown> = {}) => ({
  account: uniqueAccount('emp'), name: 'New Person', roleId, status: UserStatus.Enabled, ...over,
});

describeApi('Employees: system/employee and System/initial', (h) => {
  const list = async (token: string, query = '') => {
    const res = await h.call('GET', `system/employee${query ? `?${query}` : ''}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page<Employee>;
  };
  const create = async (token: string, b: unknown) => {
    const res = await h.call('POST', 'system/employee', { token, body: b });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; account: string; defaultPassword: string };
  };

  it('pages 25 employees in the database: 10, 10, 5, newest first; sorts every sortable column', async () => {
    const { tenant, admin } = await freshTenant(h);
    await bulkEmployees(h, tenant.id, admin.roleId, 25);
    const p1 = await list(admin.token, 'keyword=bulk');
    expect(p1.total).toBe(25);
    expect(p1.items.map((e) => e.account).slice(0, 2)).toEqual(['bulk25', 'bulk24']);
    expect(Object.keys(p1.items[0]).sort()).toEqual(
      ['account', 'createdAt', 'email', 'id', 'name', 'phone', 'phoneCountryCode', 'roleId', 'roleName', 'status'],
    );
    expect(p1.items[0].roleName).toBe(`role of ${admin.account}`);
    const p3 = await list(admin.token, 'keyword=bulk&page=3');
    expect(p3.total).toBe(25);
    expect(p3.items.map((e) => e.account)).toEqual(['bulk05', 'bulk04', 'bulk03', 'bulk02', 'bulk01']);
    expect((await list(admin.token)).total).toBe(26);

    const accounts = async (q: string) => (await list(admin.token, `keyword=bulk&pageSize=25&${q}`)).items.map((e) => e.account);
    const asc = Array.from({ length: 25 }, (_, i) => `bulk${String(i + 1).padStart(2, '0')}`);
    expect(await accounts('sort=account&order=asc')).toEqual(asc);
    expect(await accounts('sort=account&order=desc')).toEqual([...asc].reverse());
    expect(await accounts('sort=name&order=asc')).toEqual([...asc].reverse());
    expect(await accounts('sort=createdAt&order=asc')).toEqual(asc);
    const byStatus = (await list(admin.token, 'keyword=bulk&pageSize=25&sort=status&order=desc')).items;
    expect(byStatus.map((e) => e.status)).toEqual([...byStatus.map((e) => e.status)].sort().reverse());
    const bad = async (q: string) => Object.keys(expectFailure(await h.call('GET', `system/employee?${q}`, { token: admin.token }), 400, 1).data);
    expect(await bad('sort=roleName')).toEqual(['sort']);
    expect(await bad('sort=mima_hash')).toEqual(['sort']);
    expect(await bad('pageSize=0')).toEqual(['pageSize']);
    expect(await bad('status=9')).toEqual(['status']);
    expect(await bad('roleId=x')).toEqual(['roleId']);
  });

  it('filters by keyword (account or name), role and status', async () => {
    const { tenant, admin } = await freshTenant(h);
    await bulkEmployees(h, tenant.id, admin.roleId, 9);
    const role = await h.call('POST', 'system/role', { token: admin.token, body: { name: 'Other', type: 2, functions: [9] } });
    const roleId = (role.json() as { id: number }).id;
    const other = await create(admin.token, body(roleId, { account: 'zed', name: 'Zoe Zhang' }));
    expect((await list(admin.token, 'keyword=BULK0')).total).toBe(9);
    expect((await list(admin.token, 'keyword=person 0')).total).toBe(9);
    expect((await list(admin.token, 'keyword=zhang')).items.map((e) => e.id)).toEqual([other.id]);
    expect((await list(admin.token, `roleId=${roleId}`)).items.map((e) => e.id)).toEqual([other.id]);
    const disabled = await list(admin.token, 'keyword=bulk&status=2');
    expect(disabled.total).toBe(3);
    expect(disabled.items.every((e) => e.status === 2)).toBe(true);
    expect((await list(admin.token, `keyword=bulk&status=3&roleId=${roleId}`)).total).toBe(0);
  });

  it('lists employees only: no suppliers or distributors', async () => {
    const { tenant, admin } = await freshTenant(h);
    const supplier = await h.createUser({ tenant: tenant.code });
    await h.db.updateTable('users').set({ type: UserType.Supplier }).where('id', '=', supplier.id).execute();
    expect((await list(admin.token)).items.map((e) => e.id)).toEqual([admin.id]);
    expectFailure(await h.call('GET', `system/employee/${supplier.id}`, { token: admin.token }), 404, 2);
  });

  it('creates a Staff user with a default password that must be changed at first sign-in', async () => {
    const { tenant, admin } = await freshTenant(h);
    const account = uniqueAccount('New_Emp-');
    const created = await create(admin.token, body(admin.roleId, {
      account, name: ' Lin Mei ', email: 'lin.mei@example.com', phoneCountryCode: '+886', phone: '0912345678',
    }));
    expect(created).toEqual({ id: expect.any(Number), account, defaultPassword: expect.any(String) });
    expect(created.defaultPassword).toMatch(PASSWORD_PATTERN);

    const got = (await h.call('GET', `system/employee/${created.id}`, { token: admin.token })).json() as Employee;
    expect(got).toMatchObject({
      id: created.id, account, name: 'Lin Mei', roleId: admin.roleId, roleName: `role of ${admin.account}`, status: 1,
      email: 'lin.mei@example.com', phoneCountryCode: '886', phone: '0912345678', mimaStatus: 2,
    });
    const row = await h.db.selectFrom('users').select(['type', 'mima_status', 'tenant_id', 'mima_hash']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: UserType.Staff, mima_status: 2, tenant_id: tenant.id });
    // The server hashes with argon2id at the OWASP minimum (the harness's own users are cheaper).
    expect(row.mima_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);

    const session = await h.session(tenant.code, account.toUpperCase(), created.defaultPassword);
    expect(session.mimaStatus).toBe(MimaStatus.MustChange);
    // A second create answers another password.
    const again = await create(admin.token, body(admin.roleId));
    expect(again.defaultPassword).not.toBe(created.defaultPassword);
  });

  it('answers code 12 for an account already in the tenant, whatever its case', async () => {
    const { tenant, admin } = await freshTenant(h);
    const account = uniqueAccount('Dup');
    await create(admin.token, body(admin.roleId, { account }));
    expectFailure(await h.call('POST', 'system/employee', { token: admin.token, body: body(admin.roleId, { account: account.toUpperCase() }) }), 400, 12);
    expectFailure(await h.call('POST', 'system/employee', { token: admin.token, body: body(admin.roleId, { account: admin.account.toLowerCase() }) }), 400, 12);
    const count = await h.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
    // Another tenant may use the same account.
    const other = await freshTenant(h);
    await create(other.admin.token, body(other.admin.roleId, { account }));
  });

  it('answers code 1 listing the field for a body that breaks a declared rule', async () => {
    const { admin } = await freshTenant(h);
    const fields = async (b: unknown, method: 'POST' | 'PUT' = 'POST') =>
      expectFailure(await h.call(method, 'system/employee', { token: admin.token, body: b }), 400, 1).data as Record<string, { key: string }>;
    expect(await fields(body(admin.roleId, { name: 'n'.repeat(51) }))).toEqual({ name: { key: 'between', params: { min: 1, max: 50 } } });
    expect(await fields(body(admin.roleId, { email: 'not-an-email' }))).toEqual({ email: { key: 'email' } });
    expect(await fields(body(admin.roleId, { phoneCountryCode: '886', phone: '12345' }))).toEqual({ phone: { key: 'phoneNumber' } });
    expect(await fields(body(admin.roleId, { phoneCountryCode: '886', phone: '09-123' }))).toEqual({ phone: { key: 'phoneDigits' } });
    expect(await fields(body(admin.roleId, { phone: '0912345678' }))).toEqual({ phoneCountryCode: { key: 'required' } });
    expect(await fields(body(admin.roleId, { phoneCountryCode: '999', phone: '0912345678' }))).toEqual({ phoneCountryCode: { key: 'phoneCountryCode' } });
    expect(await fields(body(admin.roleId, { status: UserStatus.Locked }))).toEqual({ status: { key: 'oneOf' } });
    expect(await fields(body(admin.roleId, { account: 'a b' }))).toEqual({ account: { key: 'alpha_dash' } });
    expect(await fields(body(admin.roleId, { account: 'ab' }))).toEqual({ account: { key: 'between', params: { min: 3, max: 30 } } });
    expect(await fields({ name: 'x' })).toEqual({ account: { key: 'required' }, roleId: { key: 'required' }, status: { key: 'required' } });
    expect(await fields(body(admin.roleId, { type: 1 }))).toEqual({ type: { key: 'unknownField' } });
    expect(await fields(body(admin.roleId, { mima: 'Secret123' }))).toEqual({ mima: { key: 'unknownField' } });
    // The role must be one of the tenant's.
    const demoRole = await h.db.selectFrom('roles').select('id').where('tenant_id', '=', await h.tenantId('demo')).executeTakeFirstOrThrow();
    expect(await fields(body(demoRole.id))).toEqual({ roleId: { key: 'oneOf' } });
    // Past the database's integer range: the shared validator's bound (src/domain/validation/input.ts).
    expect(await fields(body(99_999_999_999))).toEqual({ roleId: { key: 'max_value', params: { max: 2_147_483_647 } } });
    expect(await fields({ ...body(admin.roleId, { status: 3 }), id: admin.id }, 'PUT')).toEqual({ status: { key: 'oneOf' } });
  });

  it('edits an employee; the account cannot change; disabling signs the user out', async () => {
    const { tenant, admin } = await freshTenant(h);
    const created = await create(admin.token, body(admin.roleId, { email: 'a@example.com' }));
    const loaded = (await h.call('GET', `system/employee/${created.id}`, { token: admin.token })).json() as Employee;
    const other = (await h.call('POST', 'system/role', { token: admin.token, body: { name: 'Viewers', type: 2, functions: [9] } })).json() as { id: number };

    // The edit form sends the loaded record back, read-only fields included.
    const res = await h.call('PUT', 'system/employee', {
      token: admin.token, body: { ...loaded, name: 'Renamed', roleId: other.id, email: null, phoneCountryCode: '86', phone: '13812345678' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, account: created.account, name: 'Renamed', roleId: other.id, roleName: 'Viewers', email: null, phoneCountryCode: '86', phone: '13812345678' });
    // Without the account is fine too.
    const { account: _a, ...noAccount } = loaded;
    expect((await h.call('PUT', 'system/employee', { token: admin.token, body: { ...noAccount, roleId: other.id } })).statusCode).toBe(200);
    const renamed = await h.call('PUT', 'system/employee', { token: admin.token, body: { ...loaded, account: 'someoneelse' } });
    expect(expectFailure(renamed, 400, 1).data).toEqual({ account: { key: 'invalid' } });

    // Disabling ends the user's sessions at once; enabling does not bring them back.
    const user = await h.session(tenant.code, created.account, created.defaultPassword);
    expect((await h.call('GET', 'System/user', { token: user.token })).statusCode).toBe(200);
    expect((await h.call('PUT', 'system/employee', { token: admin.token, body: { ...loaded, status: UserStatus.Disabled } })).statusCode).toBe(200);
    expectFailure(await h.call('GET', 'System/user', { token: user.token }), 401, 3);
    expect((await h.call('PUT', 'system/employee', { token: admin.token, body: { ...loaded, status: UserStatus.Enabled } })).statusCode).toBe(200);
    expectFailure(await h.call('GET', 'System/user', { token: user.token }), 401, 3);
    expect((await h.session(tenant.code, created.account, created.defaultPassword)).mimaStatus).toBe(2);
  });

  it('enabling a locked employee unlocks it', async () => {
    const { tenant, admin } = await freshTenant(h);
    const locked = await h.createUser({ tenant: tenant.code, status: UserStatus.Locked });
    await h.db.updateTable('users').set({ failed_signins: 5 }).where('id', '=', locked.id).execute();
    const loaded = (await h.call('GET', `system/employee/${locked.id}`, { token: admin.token })).json() as Employee;
    expect(loaded.status).toBe(UserStatus.Locked);
    expect((await h.call('PUT', 'system/employee', { token: admin.token, body: { ...loaded, status: UserStatus.Enabled } })).statusCode).toBe(200);
    const row = await h.db.selectFrom('users').select(['status', 'failed_signins']).where('id', '=', locked.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 1, failed_signins: 0 });
    await h.session(tenant.code, locked.account, locked.password);
  });

  it('does not let an admin disable or delete themself or change their own role (code 3)', async () => {
    const { admin } = await freshTenant(h);
    const me = (await h.call('GET', `system/employee/${admin.id}`, { token: admin.token })).json() as Employee;
    expectFailure(await h.call('PUT', 'system/employee', { token: admin.token, body: { ...me, status: UserStatus.Disabled } }), 403, 3);
    const rolesOnly = (await h.call('POST', 'system/role', { token: admin.token, body: { name: 'Roles only', type: 2, functions: [9] } })).json() as { id: number };
    expectFailure(await h.call('PUT', 'system/employee', { token: admin.token, body: { ...me, roleId: rolesOnly.id } }), 403, 3);
    const everything = (await h.call('POST', 'system/role', { token: admin.token, body: { name: 'Everything', type: 1, functions: [1, 9, 10, 14, 16] } })).json() as { id: number };
    expectFailure(await h.call('PUT', 'system/employee', { token: admin.token, body: { ...me, roleId: everything.id } }), 403, 3);
    expect((await h.db.selectFrom('users').select('role_id').where('id', '=', admin.id).executeTakeFirstOrThrow()).role_id).toBe(admin.roleId);
    expectFailure(await h.call('DELETE', `system/employee/${admin.id}`, { token: admin.token }), 403, 3);
    expect((await h.call('PUT', 'system/employee', { token: admin.token, body: { ...me, name: 'Still me' } })).statusCode).toBe(200);
    expect((await h.call('GET', 'system/employee', { token: admin.token })).statusCode).toBe(200);
  });

  it('deletes an employee and the sessions', async () => {
    const { tenant, admin } = await freshTenant(h);
    const victim = await h.signedInUser({ tenant: tenant.code });
    await h.db.insertInto('export_reports').values({ tenant_id: tenant.id, user_id: victim.id, function_type: 1, progress: 100, status: 3 }).execute();
    const res = await h.call('DELETE', `system/employee/${victim.id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(204);
    expectFailure(await h.call('GET', 'System/user', { token: victim.token }), 401, 3);
    expect(await h.db.selectFrom('sessions').select('id').where('user_id', '=', victim.id).execute()).toEqual([]);
    expectFailure(await h.call('GET', `system/employee/${victim.id}`, { token: admin.token }), 404, 2);
    expectFailure(await h.call('DELETE', `system/employee/${victim.id}`, { token: admin.token }), 404, 2);
    // The tenant keeps its export reports.
    const reports = await h.db.selectFrom('export_reports').select('user_id').where('tenant_id', '=', tenant.id).execute();
    expect(reports).toEqual([{ user_id: null }]);
    // The account is free again.
    await create(admin.token, body(admin.roleId, { account: victim.account }));
  });

  it('resets a password: new default password with mimaStatus 2, old sessions revoked, locked account unlocked', async () => {
    const { tenant, admin } = await freshTenant(h);
    const u = await h.signedInUser({ tenant: tenant.code });
    await h.db.updateTable('users').set({ status: UserStatus.Locked, failed_signins: 5 }).where('id', '=', u.id).execute();
    const res = await h.call('PUT', `System/initial/${u.account.toUpperCase()}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const { account, defaultPassword } = res.json() as { account: string; defaultPassword: string };
    expect(account).toBe(u.account);
    expect(defaultPassword).toMatch(PASSWORD_PATTERN);
    expectFailure(await h.call('GET', 'System/user', { token: u.token }), 401, 3);
    expectFailure(await h.signIn(tenant.code, u.account, u.password), 400, 14);
    const signedIn = await h.signIn(tenant.code, u.account, defaultPassword);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((signedIn.json() as SessionUser).mimaStatus).toBe(MimaStatus.MustChange);
    const row = await h.db.selectFrom('users').select(['status', 'failed_signins', 'mima_status']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: UserStatus.Enabled, failed_signins: 0, mima_status: 2 });

    // A disabled account gets a new password but stays disabled.
    const d = await h.createUser({ tenant: tenant.code, status: UserStatus.Disabled });
    const reset = (await h.call('PUT', `System/initial/${d.account}`, { token: admin.token })).json() as { defaultPassword: string };
    expectFailure(await h.signIn(tenant.code, d.account, reset.defaultPassword), 400, 13);

    // tenantId: the caller's own tenant only, for now.
    expect((await h.call('PUT', `System/initial/${d.account}?tenantId=${tenant.id}`, { token: admin.token })).statusCode).toBe(200);
    expectFailure(await h.call('PUT', `System/initial/admin?tenantId=${await h.tenantId('demo')}`, { token: admin.token }), 404, 2);
    expectFailure(await h.call('PUT', 'System/initial/nobody-here', { token: admin.token }), 404, 2);
    const reportsOnly = await h.signedInUser({ tenant: tenant.code, functions: [42] });
    expectFailure(await h.call('PUT', `System/initial/${d.account}`, { token: reportsOnly.token }), 403, 3);
  });

  it('isolates tenants: the demo admin neither sees nor changes the operator employees', async () => {
    const op = await h.signedInUser({ tenant: 'platform', functions: [1, 9, 10] });
    const opEmployee = await create(op.token, body(op.roleId, { account: uniqueAccount('opstaff') }));
    const demo = await h.signedInUser({ tenant: 'demo', functions: [1, 9, 10] });
    const demoRole = demo.roleId;

    const seen = await list(demo.token, 'pageSize=100');
    expect(seen.items.map((e) => e.id)).not.toContain(opEmployee.id);
    expect(seen.items.map((e) => e.id)).not.toContain(op.id);
    expect((await list(demo.token, `keyword=${opEmployee.account}`)).total).toBe(0);
    expectFailure(await h.call('GET', `system/employee/${opEmployee.id}`, { token: demo.token }), 404, 2);
    expectFailure(await h.call('PUT', 'system/employee', { token: demo.token, body: { ...body(demoRole), id: opEmployee.id, status: 2 } }), 404, 2);
    expectFailure(await h.call('DELETE', `system/employee/${opEmployee.id}`, { token: demo.token }), 404, 2);
    expectFailure(await h.call('PUT', `System/initial/${opEmployee.account}`, { token: demo.token }), 404, 2);
    expectFailure(await h.call('PUT', `System/initial/${opEmployee.account}?tenantId=${await h.tenantId('platform')}`, { token: demo.token }), 404, 2);

    const row = await h.db.selectFrom('users').select(['name', 'status', 'mima_status', 'role_id']).where('id', '=', opEmployee.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'New Person', status: 1, mima_status: 2, role_id: op.roleId });
    await h.session('platform', opEmployee.account, opEmployee.defaultPassword);
  });

  it('needs employee settings (menu 10)', async () => {
    const { tenant, admin } = await freshTenant(h, [1, 9]);
    expectFailure(await h.call('GET', 'system/employee', { token: admin.token }), 403, 3);
    expectFailure(await h.call('POST', 'system/employee', { token: admin.token, body: body(admin.roleId) }), 403, 3);
    expectFailure(await h.call('DELETE', `system/employee/${admin.id}`, { token: admin.token }), 403, 3);
    expectFailure(await h.call('GET', 'system/employee'), 401, 3);
    // A user who must change the default password first cannot either.
    const fresh = await h.signedInUser({ tenant: tenant.code, functions: [1, 10], mimaStatus: MimaStatus.MustChange });
    expectFailure(await h.call('GET', 'system/employee', { token: fresh.token }), 403, 3);
    await h.db.updateTable('tenants').set({ excluded_menu_ids: json([10]) }).where('id', '=', tenant.id).execute();
    const excluded = await h.signedInUser({ tenant: tenant.code, functions: [1, 10] });
    expectFailure(await h.call('GET', 'system/employee', { token: excluded.token }), 403, 3);
  });
});

import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { RoleType, TenantType, UserStatus } from '../../src/domain/enums';
import { recordChange, redact } from '../../server/services/changelog';
import { describeApi, expectFailure, uniqueAccount, type Harness } from './harness';

async function freshTenant(h: Harness) {
  const tenant = await h.createTenant({ type: TenantType.Client, functionFlags: 7 });
  const admin = await h.signedInUser({ tenant: tenant.code, functions: [1, 9, 10], roleType: RoleType.Admin });
  return { tenant, admin };
}

describeApi('Change log of every write', (h) => {
  const logs = (tenantId: number) => h.db.selectFrom('change_logs').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();

  it('logs a role create, update and delete with the caller and before/after', async () => {
    const { tenant, admin } = await freshTenant(h);
    const created = await h.call('POST', 'system/role', { token: admin.token, body: { name: 'Logged', type: 2, functions: [9] } });
    const role = created.json() as { id: number; createdAt: string };
    await h.call('PUT', 'system/role', { token: admin.token, body: { id: role.id, name: 'Logged 2', type: 1, functions: [1, 9] } });
    expect((await h.call('DELETE', `system/role/${role.id}`, { token: admin.token })).statusCode).toBe(204);

    const rows = await logs(tenant.id);
    expect(rows.map((r) => [r.resource, r.resource_id, r.action, r.user_id, r.account])).toEqual([
      ['role', String(role.id), 'create', admin.id, admin.account],
      ['role', String(role.id), 'update', admin.id, admin.account],
      ['role', String(role.id), 'delete', admin.id, admin.account],
    ]);
    const [c, u, d] = rows;
    expect(c.before).toBeNull();
    expect(c.after).toMatchObject({ id: role.id, name: 'Logged', type: 2, functions: [9], userCount: 0, createdAt: role.createdAt });
    expect(u.before).toMatchObject({ name: 'Logged', type: 2, functions: [9] });
    expect(u.after).toMatchObject({ name: 'Logged 2', type: 1, functions: [1, 9] });
    expect(d.before).toMatchObject({ name: 'Logged 2' });
    expect(d.after).toBeNull();
    expect(rows.every((r) => r.created_at instanceof Date)).toBe(true);
  });

  it('logs employee writes and never a password, its hash or a token', async () => {
    const { tenant, admin } = await freshTenant(h);
    const res = await h.call('POST', 'system/employee', {
      token: admin.token, body: { account: uniqueAccount('logged'), name: 'Logged Person', roleId: admin.roleId, status: 1 },
    });
    const created = res.json() as { id: number; account: string; defaultPassword: string };
    const loaded = (await h.call('GET', `system/employee/${created.id}`, { token: admin.token })).json() as Record<string, unknown>;
    await h.call('PUT', 'system/employee', { token: admin.token, body: { ...loaded, name: 'Renamed Person', status: UserStatus.Disabled } });
    const reset = (await h.call('PUT', `System/initial/${created.account}`, { token: admin.token })).json() as { defaultPassword: string };
    expect((await h.call('DELETE', `system/employee/${created.id}`, { token: admin.token })).statusCode).toBe(204);

    const rows = (await logs(tenant.id)).filter((r) => r.resource === 'employee');
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(rows.every((r) => r.resource_id === String(created.id))).toBe(true);
    expect(rows[0].after).toMatchObject({ account: created.account, name: 'Logged Person', status: 1, mimaStatus: 2, roleId: admin.roleId });
    expect(rows[1].before).toMatchObject({ name: 'Logged Person', status: 1 });
    expect(rows[1].after).toMatchObject({ name: 'Renamed Person', status: 2 });
    expect(rows[3].before).toMatchObject({ account: created.account });
    // The employee's user row is gone; its log rows stay (user_id is the caller's).
    expect(rows.every((r) => r.user_id === admin.id)).toBe(true);

    const hash = (await h.db.selectFrom('users').select('mima_hash').where('id', '=', admin.id).executeTakeFirstOrThrow()).mima_hash;
    const text = JSON.stringify(await logs(tenant.id));
    for (const secret of [created.defaultPassword, reset.defaultPassword, '$argon2', hash, admin.token]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/mima_?hash|password/i);
  });

  it('writes nothing when the write fails', async () => {
    const { tenant, admin } = await freshTenant(h);
    const before = (await logs(tenant.id)).length;
    // Validation, duplicate account, role in use, not found, not allowed.
    expectFailure(await h.call('POST', 'system/role', { token: admin.token, body: { name: '', type: 2, functions: [9] } }), 400, 1);
    expectFailure(await h.call('POST', 'system/employee', { token: admin.token, body: { account: admin.account, name: 'X', roleId: admin.roleId, status: 1 } }), 400, 12);
    expectFailure(await h.call('DELETE', `system/role/${admin.roleId}`, { token: admin.token }), 400, 11);
    expectFailure(await h.call('DELETE', 'system/role/2000000000', { token: admin.token }), 404, 2);
    expectFailure(await h.call('DELETE', `system/employee/${admin.id}`, { token: admin.token }), 403, 3);
    expectFailure(await h.call('POST', 'system/employee', { token: admin.token, body: { account: 'badrole', name: 'X', roleId: 2000000000, status: 1 } }), 400, 1);
    expect((await logs(tenant.id)).length).toBe(before);
  });

  it('rolls the write back when its log row cannot be written', async () => {
    const { tenant, admin } = await freshTenant(h);
    const staff = await h.createUser({ tenant: tenant.code, functions: [9] });
    await sql.raw(`alter table change_logs add constraint change_logs_test_no_role check (resource <> 'role' or tenant_id <> ${tenant.id})`).execute(h.db);
    try {
      const res = await h.call('POST', 'system/role', { token: admin.token, body: { name: 'Never saved', type: 2, functions: [9] } });
      expectFailure(res, 500, 9999);
      const roles = await h.db.selectFrom('roles').select('id').where('tenant_id', '=', tenant.id).where('name', '=', 'Never saved').execute();
      expect(roles).toEqual([]);
      const update = await h.call('PUT', 'system/role', { token: admin.token, body: { id: staff.roleId, name: 'Renamed', type: 2, functions: [9, 10] } });
      expectFailure(update, 500, 9999);
      const kept = await h.db.selectFrom('roles').select('name').where('id', '=', staff.roleId).executeTakeFirstOrThrow();
      expect(kept.name).toBe(`role of ${staff.account}`);
    } finally {
      await sql.raw('alter table change_logs drop constraint change_logs_test_no_role').execute(h.db);
    }
    // Writes work again afterwards, and the failed ones left no rows.
    expect((await h.call('POST', 'system/role', { token: admin.token, body: { name: 'Saved', type: 2, functions: [9] } })).statusCode).toBe(201);
    expect((await logs(tenant.id)).map((r) => r.action)).toEqual(['create']);
  });

  it('recordChange writes inside the transaction and goes with its rollback', async () => {
    const { tenant, admin } = await freshTenant(h);
    const ctx = { tenantId: tenant.id, userId: admin.id, account: admin.account };
    await expect(h.db.transaction().execute(async (trx) => {
      await recordChange(trx, ctx, { resource: 'test', resourceId: 1, action: 'create', after: { a: 1 } });
      throw new Error('rollback');
    })).rejects.toThrow('rollback');
    expect(await logs(tenant.id)).toEqual([]);
    await h.db.transaction().execute((trx) => recordChange(trx, ctx, {
      resource: 'test', resourceId: 'x-1', action: 'update',
      before: { name: 'a', mima_hash: '$argon2id$...', nested: { mimaHash: 'h', token_hash: 't', newMima: 'n' } },
      after: { name: 'b', mimaStatus: 2, mimaChangedAt: '2025-01-01T00:00:00.000Z', defaultPassword: 'Secret123', when: new Date(0) },
    }));
    const [row] = await logs(tenant.id);
    expect(row).toMatchObject({ resource: 'test', resource_id: 'x-1', action: 'update', account: admin.account });
    expect(row.before).toEqual({ name: 'a', nested: {} });
    expect(row.after).toEqual({ name: 'b', mimaStatus: 2, mimaChangedAt: '2025-01-01T00:00:00.000Z', when: '1970-01-01T00:00:00.000Z' });
    expect(redact(undefined)).toBeNull();
  });

  it('keeps each tenant rows apart and indexes them by tenant and time', async () => {
    const a = await freshTenant(h);
    const b = await freshTenant(h);
    await h.call('POST', 'system/role', { token: a.admin.token, body: { name: 'A role', type: 2, functions: [9] } });
    await h.call('POST', 'system/role', { token: b.admin.token, body: { name: 'B role', type: 2, functions: [9] } });
    expect((await logs(a.tenant.id)).map((r) => (r.after as { name: string }).name)).toEqual(['A role']);
    expect((await logs(b.tenant.id)).map((r) => (r.after as { name: string }).name)).toEqual(['B role']);
    const idx = await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = 'change_logs'`.execute(h.db);
    expect(idx.rows.map((r) => r.indexdef).join('\n')).toMatch(/\(tenant_id, created_at\)/);
  });
});

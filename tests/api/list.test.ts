/**
 * The shared list plumbing (server/db/list.ts) on both databases, through the staff list: deep
 * pages read by keyset from a remembered boundary answer exactly what OFFSET answers, in every
 * sort and both directions; a write shows in the next page and total at once; `page` is
 * bounded (code 1 on page); keyword search (pg_trgm indexed) finds a part of an account or a
 * name; a signed-out or changed session is refused at once despite the session cache.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { MimaStatus, TenantType, UserType } from '../../src/domain/enums';
import { PAGE_MAX } from '../../server/db/list';
import { describeApi, expectFailure } from './harness';

interface Page<T> { items: T[]; total: number }
interface Employee { id: number; account: string; name: string; status: number; createdAt: string }

describeApi('Lists at depth: keyset pages, bounded page, indexed keyword, cached sessions', (h) => {
  async function tenantWith(n: number) {
    const tenant = await h.createTenant({ type: TenantType.Client, functionFlags: 7 });
    const admin = await h.signedInUser({ tenant: tenant.code, functions: [1, 9, 10] });
    const base = Date.UTC(2025, 0, 1);
    // Ties on purpose: createdAt repeats every 7 rows, status cycles: the id breaks them.
    await h.db.insertInto('users').values(Array.from({ length: n }, (_, i) => ({
      tenant_id: tenant.id, account: `deep${String((i * 37) % n).padStart(3, '0')}`, name: `Name ${String(i % 13).padStart(2, '0')} ${i}`,
      type: UserType.Staff, status: (i % 3) + 1, role_id: admin.roleId, mima_hash: 'not-a-hash', mima_status: MimaStatus.Normal,
      created_at: new Date(base + (i % 7) * 60_000), updated_at: new Date(base),
    }))).execute();
    return { tenant, admin };
  }

  const list = async (token: string, query: string) => {
    const res = await h.call('GET', `system/employee?${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page<Employee>;
  };

  it('reads every page the same by keyset as by offset, in each sort and direction, and sees a write at once', async () => {
    const { admin } = await tenantWith(95);
    for (const sort of ['account', 'name', 'status', 'createdAt']) {
      for (const order of ['asc', 'desc']) {
        const q = `keyword=deep&sort=${sort}&order=${order}&pageSize=10`;
        const all = (await list(admin.token, `keyword=deep&sort=${sort}&order=${order}&pageSize=100`)).items.map((e) => e.id);
        expect(all).toHaveLength(95);
        // Forward (each page after a remembered boundary), then again (its own boundary), then backwards.
        const forward: number[] = [];
        for (let p = 1; p <= 10; p++) forward.push(...(await list(admin.token, `${q}&page=${p}`)).items.map((e) => e.id));
        expect(forward, `${sort} ${order} forward`).toEqual(all);
        const again: number[] = [];
        for (let p = 1; p <= 10; p++) again.push(...(await list(admin.token, `${q}&page=${p}`)).items.map((e) => e.id));
        expect(again, `${sort} ${order} again`).toEqual(all);
        const backwards: number[][] = [];
        for (let p = 10; p >= 1; p--) backwards.unshift((await list(admin.token, `${q}&page=${p}`)).items.map((e) => e.id));
        expect(backwards.flat(), `${sort} ${order} backwards`).toEqual(all);
      }
    }
    // A new employee sorts first by account: the remembered boundaries and counts do not hide it.
    const q = 'keyword=deep&sort=account&order=asc&pageSize=10';
    expect((await list(admin.token, `${q}&page=2`)).items[0].account).toBe('deep010');
    const created = await h.call('POST', 'system/employee', { token: admin.token, body: { account: 'deep000a', name: 'New', roleId: admin.roleId, status: 1 } });
    expect(created.statusCode, created.body).toBe(201);
    const page2 = await list(admin.token, `${q}&page=2`);
    expect(page2.total).toBe(96);
    expect(page2.items[0].account).toBe('deep009');
  });

  it(`answers code 1 on page beyond ${PAGE_MAX.toLocaleString('en')}, and an empty page before it`, async () => {
    const { admin } = await tenantWith(3);
    const bad = expectFailure(await h.call('GET', `system/employee?page=${PAGE_MAX + 1}`, { token: admin.token }), 400, 1);
    expect(Object.keys(bad.data)).toEqual(['page']);
    expect(await list(admin.token, `page=${PAGE_MAX}&keyword=deep`)).toEqual({ items: [], total: 3 });
  });

  it('finds a part of an account or a name by keyword, whatever its case', async () => {
    const { admin } = await tenantWith(20);
    expect((await list(admin.token, 'keyword=EEP01&pageSize=100')).items.map((e) => e.account).sort())
      .toEqual(['deep010', 'deep011', 'deep012', 'deep013', 'deep014', 'deep015', 'deep016', 'deep017', 'deep018', 'deep019']);
    expect((await list(admin.token, 'keyword=name 12&pageSize=100')).items.map((e) => e.name)).toEqual(['Name 12 12']);
  });

  it('refuses a session at once after sign-out and after a password reset, though lookups are cached', async () => {
    const { tenant } = await tenantWith(1);
    const user = await h.signedInUser({ tenant: tenant.code, functions: [1, 9, 10] });
    expect((await h.call('GET', 'system/menu/nested', { token: user.token })).statusCode).toBe(200);
    expect((await h.call('DELETE', 'Identity', { token: user.token })).statusCode).toBe(204);
    expectFailure(await h.call('GET', 'system/menu/nested', { token: user.token }), 401, 3);
    // Another session of a user whose password an admin reset: refused at once too.
    const other = await h.signedInUser({ tenant: tenant.code, functions: [1, 9, 10] });
    const admin = await h.signedInUser({ tenant: tenant.code, functions: [1, 9, 10] });
    expect((await h.call('GET', 'system/menu/nested', { token: other.token })).statusCode).toBe(200);
    const reset = await h.call('PUT', `System/initial/${other.account}`, { token: admin.token });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    expectFailure(await h.call('GET', 'system/menu/nested', { token: other.token }), 401, 3);
  });

  it('shows a role edit at once in the side menu and the route checks, though both are kept with the session', async () => {
    const { tenant } = await tenantWith(1);
    const admin = await h.signedInUser({ tenant: tenant.code, functions: [1, 9, 10] });
    const user = await h.signedInUser({ tenant: tenant.code, functions: [1, 9, 10] });
    const menuIds = async () => ((await h.call('GET', 'system/menu/nested', { token: user.token })).json() as { Backend: { id: number; children: { id: number }[] }[] })
      .Backend.flatMap((g) => [g.id, ...g.children.map((c) => c.id)]);
    expect(await menuIds()).toContain(10);
    expect(await menuIds()).toContain(10); // the kept answer
    expect((await list(user.token, 'page=1')).total).toBeGreaterThan(0);
    const role = (await h.call('GET', `system/role/${user.roleId}`, { token: admin.token })).json() as Record<string, unknown>;
    const edited = await h.call('PUT', 'system/role', { token: admin.token, body: { ...role, functions: [1, 9] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await menuIds()).not.toContain(10);
    expectFailure(await h.call('GET', 'system/employee?page=1', { token: user.token }), 403, 3);
  });

  it.runIf(h.backend === 'postgres')('sends a repeated list query as a prepared statement, with the same answer', async () => {
    const { admin } = await tenantWith(25);
    const pages: Page<Employee>[] = [];
    for (let i = 0; i < 4; i++) pages.push(await list(admin.token, 'page=2&pageSize=10&sort=account&order=asc'));
    expect(pages.every((p) => JSON.stringify(p) === JSON.stringify(pages[0]))).toBe(true);
    expect(pages[0].items.map((e) => e.account)).toEqual(Array.from({ length: 10 }, (_, i) => `deep${String(10 + i).padStart(3, '0')}`));
    // Calls one after another use the pool's last released connection (pg-pool: LIFO), this one too.
    const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(h.db);
    expect(prepared.rows.some((r) => r.statement.includes('from "users" as "u"') && r.statement.includes(' limit '))).toBe(true);
  });
});

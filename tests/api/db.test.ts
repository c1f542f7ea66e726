/** The database layer itself: migrations, seed idempotency, transactions on one connection. */
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { withGenericPlan } from '../../server/db/genericPlan';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/seed';
import { describeApi, uniqueAccount } from './harness';

describeApi('Database layer', (h) => {
  it('migrations and seed run again without changing anything', async () => {
    expect(await migrate(h.db)).toEqual([]);
    const before = await h.db.selectFrom('users').select(['id', 'mima_hash']).orderBy('id').execute();
    const again = await seed(h.db, { ...h.settings, adminInitialPassword: null });
    expect(again).toEqual({ createdTenants: [], generatedPasswords: {} });
    const after = await h.db.selectFrom('users').select(['id', 'mima_hash']).orderBy('id').execute();
    expect(after).toEqual(before);
    const tenants = await h.db.selectFrom('tenants').select('code').where('code', 'in', ['platform', 'demo']).execute();
    expect(tenants).toHaveLength(2);
  });

  it('seeds each tenant an Admin role with its whole menu and an admin who must change the password', async () => {
    const rows = await h.db.selectFrom('users as u').innerJoin('roles as r', 'r.id', 'u.role_id').innerJoin('tenants as t', 't.id', 'u.tenant_id')
      .select(['t.code', 'u.account', 'u.type', 'u.mima_status', 'r.type as roleType', 'r.functions'])
      .where('u.account', '=', 'admin').where('t.code', 'in', ['platform', 'demo']).orderBy('t.code').execute();
    expect(rows.map((r) => [r.code, r.type, r.roleType])).toEqual([['demo', 1, 1], ['platform', 1, 1]]);
    // mima_status of platform admin may have been changed by no other file: each file has its own database.
    expect(rows.every((r) => r.mima_status === 2)).toBe(true);
    expect(rows.find((r) => r.code === 'demo')!.functions).toEqual(expect.arrayContaining([6, 7, 48, 28, 42]));
    expect(rows.find((r) => r.code === 'platform')!.functions).toEqual(expect.arrayContaining([11, 15, 17, 43]));
  });

  it('keeps accounts unique per tenant regardless of case', async () => {
    const account = uniqueAccount('Dup');
    await h.createUser({ tenant: 'demo', account });
    await expect(h.createUser({ tenant: 'demo', account: account.toLowerCase() })).rejects.toThrow();
    await h.createUser({ tenant: 'platform', account });
  });

  it('a rolled-back transaction does not swallow concurrent work', async () => {
    const marker = uniqueAccount('marker');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const failing = h.db.transaction().execute(async (trx) => {
      await trx.insertInto('server_secrets').values({ name: `${marker}-in-trx`, value: 'x' }).execute();
      await gate;
      throw new Error('rollback');
    });
    // A write outside the transaction, issued while the transaction is open.
    const outside = h.db.insertInto('server_secrets').values({ name: `${marker}-outside`, value: 'y' }).execute();
    // PostgreSQL: the write completes on its own connection while the transaction is open.
    // PGlite (one connection): it is queued behind the transaction; let the query be issued first.
    if (h.backend === 'postgres') await outside;
    else await new Promise((r) => setImmediate(r));
    release();
    await expect(failing).rejects.toThrow('rollback');
    await outside;
    const names = (await h.db.selectFrom('server_secrets').select('name').where('name', 'like', `${marker}%`).execute()).map((r) => r.name);
    expect(names).toEqual([`${marker}-outside`]);
  });

  it('runs a generic-plan read on its own connections with plan_cache_mode force_generic_plan; the main pool keeps auto', async () => {
    type Mode = { plan_cache_mode: string };
    const generic = await withGenericPlan(h.db, (q) => sql<Mode>`show plan_cache_mode`.execute(q));
    const main = await sql<Mode>`show plan_cache_mode`.execute(h.db);
    expect(main.rows[0].plan_cache_mode).toBe('auto');
    expect(generic.rows[0].plan_cache_mode).toBe(h.backend === 'postgres' ? 'force_generic_plan' : 'auto');
    if (h.backend !== 'postgres') return;
    // A lookup on the partitioned codes table (a custom plan per call under auto), run as the
    // barcode query runs: named from its second use, then planned once, generically. (The
    // harness's pool of 5 gives the generic-plan pool one connection: the check below reads the
    // session that ran the lookups.)
    const marker = uniqueAccount('plan');
    for (let i = 0; i < 4; i++) {
      await withGenericPlan(h.db, (q) => sql`select package_id from codes where code = ${`${marker}-${i}`}`.execute(q));
    }
    const plans = await withGenericPlan(h.db, (q) => sql<{ generic_plans: string; custom_plans: string }>`
      select generic_plans, custom_plans from pg_prepared_statements where statement like ${'select package_id from codes where code = $1%'}`.execute(q));
    expect(plans.rows).toHaveLength(1);
    expect(Number(plans.rows[0].custom_plans)).toBe(0);
    expect(Number(plans.rows[0].generic_plans)).toBeGreaterThanOrEqual(1);
  });

  it('reports affected rows on both databases', async () => {
    const u = await h.createUser();
    const res = await h.db.updateTable('users').set({ name: 'x' }).where('id', '=', u.id).executeTakeFirst();
    expect(Number(res.numUpdatedRows)).toBe(1);
    const count = await sql<{ n: number }>`select count(*)::int as n from users where id = ${u.id}`.execute(h.db);
    expect(count.rows[0].n).toBe(1);
  });
});

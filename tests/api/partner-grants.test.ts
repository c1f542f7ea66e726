/**
 * Issue 23: nobody grants by proxy. A supplier or distributor account opens functions by its
 * flags (A production binding and B stock/ship in the app, C the logistics queries); a caller
 * gives a flag, and edits, resets or deletes a partner holding it, only when their own role
 * holds what the flag opens (src/domain/grants.ts): A and B the app switch, C every logistics
 * query. Each path a hostile holder of the partner screens would try, on both databases.
 */
import { expect, it } from 'vitest';
import { SupplierFunction, UserStatus } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { describeApi, expectFailure, uniqueAccount } from './harness';
import { LOGISTICS_FUNCTIONS, logisticsClient, releaseEverything } from './logisticsSetup';
import { ok } from './productSetup';

interface Partner { id: number; account: string; name: string; status: number; functions: number; telephone: string | null; defaultPassword?: string }

const { A, B, C } = SupplierFunction;
const QUERIES = [5, 26, 27, 28, 29];
const notGrantable = { functions: { key: 'notGrantable' } };

const partnerBody = (functions: number, extra: Record<string, unknown> = {}) => ({
  account: uniqueAccount('ptn'), name: 'Partner Co', status: UserStatus.Enabled, functions, telephone: '0223456789', ...extra,
});

describeApi('Partner flags: nobody grants more than they hold', (h) => {
  releaseEverything(h);

  /** A staff account of the tenant with these functions, and the app switch when `appStock`. */
  async function staff(tenant: string, functions: number[], appStock = false) {
    const user = await h.signedInUser({ tenant, functions: [1, ...functions] });
    if (appStock) await h.db.updateTable('roles').set({ app_stock: true }).where('id', '=', user.roleId).execute();
    return user;
  }

  /** A logistics client and an account that holds everything a flag opens (it may give A, B and C). */
  async function setup() {
    const { tenant } = await logisticsClient(h);
    const full = await staff(tenant.code, [12, 13, ...LOGISTICS_FUNCTIONS], true);
    const partner = async (kind: 'supplier' | 'distributor', functions: number) => ok<Partner>(h, 'POST', `system/${kind}`, full.token, partnerBody(functions));
    return { tenant, full, partner };
  }

  const grantable = async (token: string) => (await ok<{ flags: number }>(h, 'GET', 'system/partner/grantable', token)).flags;
  const flagsOf = async (id: number) => (await h.db.selectFrom('users').select('app_functions').where('id', '=', id).executeTakeFirstOrThrow()).app_functions;

  it('supplier settings only: no flag given on create or update, no password of a partner with flags', async () => {
    const { tenant, full, partner } = await setup();
    const clerk = await staff(tenant.code, [13]);
    expect(await grantable(clerk.token)).toBe(0);
    expect(await grantable(full.token)).toBe(A | B | C);

    for (const functions of [A | B | C, A, B, C]) {
      const res = await h.call('POST', 'system/supplier', { token: clerk.token, body: partnerBody(functions) });
      expect(expectFailure(res, 400, ErrorCode.BadRequest).data).toEqual(notGrantable);
      expect(res.json()).not.toHaveProperty('defaultPassword');
    }
    expect(await h.db.selectFrom('users').select('id').where('tenant_id', '=', tenant.id).where('type', '=', 3).execute()).toHaveLength(0);

    // A flagless supplier is theirs, but its flags are not.
    const { defaultPassword, ...mine } = await ok<Partner>(h, 'POST', 'system/supplier', clerk.token, partnerBody(0));
    expect(defaultPassword).toEqual(expect.any(String));
    expect(expectFailure(await h.call('PUT', 'system/supplier', { token: clerk.token, body: { ...mine, functions: A | B | C } }), 400, ErrorCode.BadRequest).data).toEqual(notGrantable);
    expect(await flagsOf(mine.id)).toBe(0);
    expect((await h.call('PUT', 'system/supplier', { token: clerk.token, body: { ...mine, name: 'Renamed' } })).statusCode).toBe(200);
    expect((await h.call('PUT', `system/supplier/initial/${mine.id}`, { token: clerk.token })).statusCode).toBe(200);

    // A supplier holding flags the clerk lacks: out of reach (update, reset, delete), its password kept.
    const wide = await partner('supplier', A | B | C);
    const reset = await h.call('PUT', `system/supplier/initial/${wide.id}`, { token: clerk.token });
    expectFailure(reset, 403, ErrorCode.NotAllowed);
    expect(reset.json()).not.toHaveProperty('defaultPassword');
    expect((await h.signIn(tenant.code, wide.account, wide.defaultPassword!)).statusCode).toBe(200);
    const loaded = await ok<Partner>(h, 'GET', `system/supplier/${wide.id}`, clerk.token);
    expectFailure(await h.call('PUT', 'system/supplier', { token: clerk.token, body: { ...loaded, name: 'Taken over' } }), 403, ErrorCode.NotAllowed);
    expectFailure(await h.call('PUT', 'system/supplier', { token: clerk.token, body: { ...loaded, functions: 0 } }), 403, ErrorCode.NotAllowed);
    expectFailure(await h.call('DELETE', `system/supplier/${wide.id}`, { token: clerk.token }), 403, ErrorCode.NotAllowed);
    expect(await h.db.selectFrom('users').select(['name', 'app_functions']).where('id', '=', wide.id).executeTakeFirstOrThrow())
      .toEqual({ name: 'Partner Co', app_functions: A | B | C });
  });

  it('distributor settings with the logistics queries: gives C, not B; resets only distributors within it', async () => {
    const { tenant, partner } = await setup();
    const clerk = await staff(tenant.code, [12, ...QUERIES]);
    expect(await grantable(clerk.token)).toBe(C);
    expect(expectFailure(await h.call('POST', 'system/distributor', { token: clerk.token, body: partnerBody(B | C) }), 400, ErrorCode.BadRequest).data).toEqual(notGrantable);
    const created = await ok<Partner>(h, 'POST', 'system/distributor', clerk.token, partnerBody(C));
    expect(created.functions).toBe(C);
    expect((await h.call('PUT', `system/distributor/initial/${created.id}`, { token: clerk.token })).statusCode).toBe(200);

    const stocking = await partner('distributor', B);
    expectFailure(await h.call('PUT', `system/distributor/initial/${stocking.id}`, { token: clerk.token }), 403, ErrorCode.NotAllowed);

    // Some of the queries are not all of them.
    const partial = await staff(tenant.code, [12, 5, 26, 27]);
    expect(await grantable(partial.token)).toBe(0);
    expectFailure(await h.call('PUT', `system/distributor/initial/${created.id}`, { token: partial.token }), 403, ErrorCode.NotAllowed);
  });

  it('the app switch gives A and B, not C', async () => {
    const { tenant, partner } = await setup();
    const clerk = await staff(tenant.code, [13], true);
    expect(await grantable(clerk.token)).toBe(A | B);
    const { defaultPassword: _, ...created } = await ok<Partner>(h, 'POST', 'system/supplier', clerk.token, partnerBody(A | B));
    expect(expectFailure(await h.call('PUT', 'system/supplier', { token: clerk.token, body: { ...created, functions: A | B | C } }), 400, ErrorCode.BadRequest).data).toEqual(notGrantable);
    expect(await flagsOf(created.id)).toBe(A | B);
    const querying = await partner('supplier', C);
    expectFailure(await h.call('DELETE', `system/supplier/${querying.id}`, { token: clerk.token }), 403, ErrorCode.NotAllowed);
    expect((await h.call('DELETE', `system/supplier/${created.id}`, { token: clerk.token })).statusCode).toBe(204);
  });
});

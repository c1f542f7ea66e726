/**
 * PUT System/initial/{account}?tenantId= from the client screen (menu 11): the operator resets
 * an account of a client its role manages; the reset lands in the client's change log.
 */
import { expect, it } from 'vitest';
import { MimaStatus, RoleType } from '../../src/domain/enums';
import { countryLocationId } from '../../src/domain/reference/dialCodes';
import { describeApi, expectFailure, uniqueAccount, type Harness } from './harness';

interface Created { id: number; clientCode: string; account: string; defaultPassword: string }

async function createClient(h: Harness, token: string): Promise<Created> {
  const res = await h.call('POST', 'system/client', {
    token,
    body: {
      names: { zh_TW: '重設客戶' }, code: uniqueAccount('rs'), status: 1, proxyType: 1, functions: 1, layouts: 3, domainType: 1,
      defaultLanguage: 'zh_TW', contacts: { primary: { name: 'Amy', phoneCountryCode: '+886', phone: '912345678', email: 'amy@example.com' } }, country: countryLocationId('TW'),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Created;
}

describeApi('Reset a client account from the client screen: PUT System/initial/{account}?tenantId=', (h) => {
  it('resets the client admin: a new default password, shown once, that must be changed; logged in the client', async () => {
    // Client settings only (no employee settings): the client screen's reset still works.
    const op = await h.signedInUser({ tenant: 'platform', functions: [1, 11], roleType: RoleType.Admin });
    const client = await createClient(h, op.token);
    const first = await h.session(client.clientCode, client.account, client.defaultPassword);

    const res = await h.call('PUT', `System/initial/admin?tenantId=${client.id}`, { token: op.token });
    expect(res.statusCode, res.body).toBe(200);
    const { account, defaultPassword } = res.json() as { account: string; defaultPassword: string };
    expect(account).toBe('admin');
    expect(defaultPassword).not.toBe(client.defaultPassword);
    expectFailure(await h.call('GET', 'System/user', { token: first.token }), 401, 3);
    expectFailure(await h.signIn(client.clientCode, 'admin', client.defaultPassword), 400, 14);
    const again = await h.session(client.clientCode, 'admin', defaultPassword);
    expect(again.mimaStatus).toBe(MimaStatus.MustChange);

    const logs = await h.db.selectFrom('change_logs').select(['tenant_id', 'account', 'resource', 'action'])
      .where('tenant_id', '=', client.id).where('resource', '=', 'employee').where('action', '=', 'update').execute();
    expect(logs).toEqual([{ tenant_id: client.id, account: op.account, resource: 'employee', action: 'update' }]);

    // Without tenantId it is the caller's own tenant: employee settings (menu 10) needed.
    expectFailure(await h.call('PUT', `System/initial/${op.account}`, { token: op.token }), 403, 3);
    // An account the client does not have, the operator tenant itself, no tenant at all: 404.
    expectFailure(await h.call('PUT', `System/initial/nobody?tenantId=${client.id}`, { token: op.token }), 404, 2);
    expectFailure(await h.call('PUT', `System/initial/admin?tenantId=${await h.tenantId('platform')}`, { token: op.token }), 403, 3);
    expectFailure(await h.call('PUT', `System/initial/admin?tenantId=2147483647`, { token: op.token }), 404, 2);
  });

  it('needs a role managing the client; a deleted client is gone', async () => {
    const op = await h.signedInUser({ tenant: 'platform', functions: [1, 9, 10, 11], roleType: RoleType.Admin });
    const managed = await createClient(h, op.token);
    const other = await createClient(h, op.token);
    const narrow = await h.signedInUser({ tenant: 'platform', functions: [1, 11], customers: [managed.id] });
    expect((await h.call('PUT', `System/initial/admin?tenantId=${managed.id}`, { token: narrow.token })).statusCode).toBe(200);
    expectFailure(await h.call('PUT', `System/initial/admin?tenantId=${other.id}`, { token: narrow.token }), 403, 3);

    expect((await h.call('POST', `system/client/${other.id}`, { token: op.token, body: { reason: 'gone' } })).statusCode).toBe(204);
    expectFailure(await h.call('PUT', `System/initial/admin?tenantId=${other.id}`, { token: op.token }), 404, 2);
  });
});

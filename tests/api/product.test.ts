/**
 * Client products (menu 17) and the client options of the product screens, on both databases:
 * create/edit through one POST, `?id=`, delete (51 while materials use it), names unique per
 * client, the role's client scope (General roles see their customers only), tenant isolation,
 * and the client deletion check 51 (packaging materials bound to the client).
 */
import { expect, it } from 'vitest';
import { ErrorCode } from '../../src/domain/errors';
import { describeApi, expectFailure, uniqueAccount } from './harness';
import { clientTenant, materialOf, ok, operatorUser, productOf, type Page } from './productSetup';

interface ClientProduct { id: number; clientId: number; clientName: Record<string, string>; name: string; materialCount: number; createdAt: string; updatedAt: string }

describeApi('Client products: Product/client', (h) => {
  it('creates, lists, shows by ?id=, edits through POST with id, and deletes a client product', async () => {
    const admin = await operatorUser(h);
    const client = await clientTenant(h);
    const created = await ok<ClientProduct>(h, 'POST', 'Product/client', admin.token, { clientId: client.id, name: '  Green tea  ' });
    expect(created).toMatchObject({ clientId: client.id, clientName: { en: client.code }, name: 'Green tea', materialCount: 0 });

    const page = await ok<Page<ClientProduct>>(h, 'GET', `Product/client?clientId=${client.id}`, admin.token);
    expect(page).toEqual({ items: [created], total: 1 });
    expect(await ok(h, 'GET', `Product/client?id=${created.id}`, admin.token)).toEqual(created);
    expect((await ok<Page<ClientProduct>>(h, 'GET', `Product/client?keyword=GREEN&clientId=${client.id}`, admin.token)).total).toBe(1);

    // The edit form sends the loaded record back (read-only fields ignored).
    const edited = await ok<ClientProduct>(h, 'POST', 'Product/client', admin.token, { ...created, name: 'Black tea' }, 200);
    expect(edited).toMatchObject({ id: created.id, name: 'Black tea', clientId: client.id, createdAt: created.createdAt });
    // The client is fixed once created.
    const other = await clientTenant(h);
    expect(expectFailure(await h.call('POST', 'Product/client', { token: admin.token, body: { id: created.id, clientId: other.id, name: 'x' } }), 400, 1).data)
      .toEqual({ clientId: { key: 'invalid' } });

    await ok(h, 'DELETE', `Product/client/${created.id}`, admin.token);
    expectFailure(await h.call('GET', `Product/client?id=${created.id}`, { token: admin.token }), 404, 2);
    expectFailure(await h.call('DELETE', `Product/client/${created.id}`, { token: admin.token }), 404, 2);
    expectFailure(await h.call('POST', 'Product/client', { token: admin.token, body: { id: created.id, clientId: client.id, name: 'x' } }), 404, 2);

    const logs = await h.db.selectFrom('change_logs').select(['action']).where('resource', '=', 'clientProduct').where('resource_id', '=', String(created.id)).orderBy('id').execute();
    expect(logs.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
  });

  it('checks the body: declaration first (code 1), then an active client, then a name unique per client', async () => {
    const admin = await operatorUser(h);
    const client = await clientTenant(h);
    const fields = async (body: unknown) => expectFailure(await h.call('POST', 'Product/client', { token: admin.token, body }), 400, 1).data;
    expect(await fields({ name: '' })).toEqual({ clientId: { key: 'required' }, name: { key: 'required' } });
    expect(await fields({ clientId: client.id, name: 'x'.repeat(101) })).toHaveProperty('name');
    expect(await fields({ clientId: client.id, name: 'x', color: 'red' })).toEqual({ color: { key: 'unknownField' } });
    // The operator itself, an unknown tenant, a deleted client: not a client to choose.
    const platform = await h.tenantId('platform');
    expect(await fields({ clientId: platform, name: 'x' })).toEqual({ clientId: { key: 'oneOf' } });
    expect(await fields({ clientId: 999_999, name: 'x' })).toEqual({ clientId: { key: 'oneOf' } });
    const gone = await clientTenant(h);
    await h.db.updateTable('tenants').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();
    expect(await fields({ clientId: gone.id, name: 'x' })).toEqual({ clientId: { key: 'oneOf' } });

    await ok(h, 'POST', 'Product/client', admin.token, { clientId: client.id, name: 'Oolong' });
    expect(await fields({ clientId: client.id, name: ' OOLONG ' })).toEqual({ name: { key: 'checkRepeatName' } });
    // Another client may use the same name.
    const second = await clientTenant(h);
    await ok(h, 'POST', 'Product/client', admin.token, { clientId: second.id, name: 'Oolong' });
  });

  it('refuses to delete a client product packaging materials use (51)', async () => {
    const admin = await operatorUser(h);
    const client = await clientTenant(h);
    const product = await productOf(h, admin.token, client.id);
    const material = await materialOf(h, admin.token, { clientId: client.id, productId: product.id });
    expectFailure(await h.call('DELETE', `Product/client/${product.id}`, { token: admin.token }), 400, ErrorCode.ClientHasBoundPackaging);
    expect((await ok<ClientProduct>(h, 'GET', `Product/client?id=${product.id}`, admin.token)).materialCount).toBe(1);
    await ok(h, 'DELETE', `Product/packaging/${material.id}`, admin.token);
    await ok(h, 'DELETE', `Product/client/${product.id}`, admin.token);
  });

  it('limits a General role to its customers: lists, options, reads and writes', async () => {
    const admin = await operatorUser(h);
    const a = await clientTenant(h);
    const b = await clientTenant(h);
    const pa = await productOf(h, admin.token, a.id, 'Product of A');
    const pb = await productOf(h, admin.token, b.id, 'Product of B');
    const limited = await operatorUser(h, { customers: [a.id] });

    const seen = await ok<Page<ClientProduct>>(h, 'GET', 'Product/client?pageSize=100', limited.token);
    expect(seen.items.map((p) => p.clientId).every((c) => c === a.id)).toBe(true);
    expect(seen.items.map((p) => p.id)).toContain(pa.id);
    expect((await ok<Page<ClientProduct>>(h, 'GET', `Product/client?clientId=${b.id}`, limited.token)).total).toBe(0);
    expectFailure(await h.call('GET', `Product/client?id=${pb.id}`, { token: limited.token }), 404, 2);
    expectFailure(await h.call('DELETE', `Product/client/${pb.id}`, { token: limited.token }), 404, 2);
    expectFailure(await h.call('POST', 'Product/client', { token: limited.token, body: { id: pb.id, clientId: b.id, name: 'Taken over' } }), 404, 2);
    expect(expectFailure(await h.call('POST', 'Product/client', { token: limited.token, body: { clientId: b.id, name: 'New' } }), 400, 1).data)
      .toEqual({ clientId: { key: 'oneOf' } });

    const customers = await ok<{ value: number; code: string }[]>(h, 'GET', 'Product/customers', limited.token);
    expect(customers.map((c) => c.value)).toEqual([a.id]);
    const all = await ok<{ value: number; label: string; names: Record<string, string> }[]>(h, 'GET', 'Product/customers?lang=en', admin.token);
    expect(all.map((c) => c.value)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(all.find((c) => c.value === a.id)).toMatchObject({ label: a.code, names: { en: a.code } });

    const options = await ok<{ groupName: unknown; groupItems: { value: number; clientId: number }[] }[]>(h, 'GET', 'Product/client/options', limited.token);
    expect(options.flatMap((g) => g.groupItems).every((i) => i.clientId === a.id)).toBe(true);
    expect(options.flatMap((g) => g.groupItems).map((i) => i.value)).toContain(pa.id);

    // A General role without customers manages no client.
    const none = await operatorUser(h, { customers: [] });
    expect((await ok<Page<ClientProduct>>(h, 'GET', 'Product/client', none.token)).total).toBe(0);
    expect(await ok(h, 'GET', 'Product/customers', none.token)).toEqual([]);
    // The record of B was never touched.
    expect(await ok(h, 'GET', `Product/client?id=${pb.id}`, admin.token)).toMatchObject({ name: 'Product of B' });
  });

  it('keeps every tenant to its own products: another tenant answers 404, a client tenant has no menu 17', async () => {
    const admin = await operatorUser(h);
    const client = await clientTenant(h);
    const product = await productOf(h, admin.token, client.id, 'Kept');
    // A second operator tenant: the platform's ids do not exist there.
    const otherOperator = await h.createTenant({ type: 1, code: uniqueAccount('op') });
    const stranger = await operatorUser(h, { tenant: otherOperator.code });
    expect((await ok<Page<ClientProduct>>(h, 'GET', 'Product/client', stranger.token)).total).toBe(0);
    expectFailure(await h.call('GET', `Product/client?id=${product.id}`, { token: stranger.token }), 404, 2);
    expectFailure(await h.call('DELETE', `Product/client/${product.id}`, { token: stranger.token }), 404, 2);
    expectFailure(await h.call('POST', 'Product/client', { token: stranger.token, body: { id: product.id, clientId: client.id, name: 'Stolen' } }), 404, 2);
    expect(await ok(h, 'GET', `Product/client?id=${product.id}`, admin.token)).toMatchObject({ name: 'Kept' });
    // Client tenants never see menu 17.
    const clientUser = await h.signedInUser({ tenant: client.code, functions: [2, 17, 18, 19] });
    expectFailure(await h.call('GET', 'Product/client', { token: clientUser.token }), 403, 3);
    expectFailure(await h.call('GET', 'Product/customers', { token: clientUser.token }), 403, 3);
  });

  it('answers 51 when a client with bound packaging materials is deleted', async () => {
    const admin = await operatorUser(h, { functions: [1, 11, 2, 17, 18] });
    const client = await clientTenant(h);
    const material = await materialOf(h, admin.token, { clientId: client.id });
    expectFailure(await h.call('POST', `system/client/${client.id}`, { token: admin.token, body: { reason: 'closing' } }), 400, ErrorCode.ClientHasBoundPackaging);
    const row = await h.db.selectFrom('tenants').select('deleted_at').where('id', '=', client.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
    await ok(h, 'DELETE', `Product/packaging/${material.id}`, admin.token);
    await ok(h, 'POST', `system/client/${client.id}`, admin.token, { reason: 'closing' }, 204);
  });
});

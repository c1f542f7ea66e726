import { expect, it } from 'vitest';
import type { MenuItem, TenantConfig } from '../../src/domain/api';
import { RoleType, TenantType } from '../../src/domain/enums';
import { countryLocationId } from '../../src/domain/reference/dialCodes';
import { json } from '../../server/db/schema';
import { hashToken } from '../../server/security/tokens';
import { adminFunctions } from '../../server/services/tenants';
import { describeApi, expectFailure, uniqueAccount, type Harness } from './harness';

interface Created { id: number; clientCode: string; activationCode: string; account: string; defaultPassword: string }
interface Client {
  id: number; names: Record<string, string>; code: string; status: number; proxyType: number; functions: number; layouts: number;
  domainType: number; domain: string | null; defaultLanguage: string; contacts: Record<string, Record<string, string>>;
  country: number | null; address: string | null; createdAt: string; updatedAt: string;
}
interface Page<T> { items: T[]; total: number }

const TW = countryLocationId('TW');
const code = () => uniqueAccount('cl');
const clientBody = (over: Record<string, unknown> = {}) => ({
  names: { zh_TW: '測試客戶', en: 'Test client' },
  code: code(),
  status: 1,
  proxyType: 1,
  functions: 1,
  layouts: 3,
  domainType: 1,
  defaultLanguage: 'en',
  contacts: { primary: { name: 'Amy', phoneCountryCode: '+886', phone: '912345678', email: 'amy@example.com' } },
  country: TW,
  address: ' 1 Main St ',
  ...over,
});

const menuIdsOf = (items: MenuItem[]) => items.flatMap((g) => [g.id, ...g.children.map((c) => c.id)]);

/** An operator user whose Admin-type role manages every client (creating one needs that). */
async function operator(h: Harness) {
  return h.signedInUser({ tenant: 'platform', functions: [1, 9, 10, 11], roleType: RoleType.Admin });
}

async function createClient(h: Harness, token: string, over: Record<string, unknown> = {}): Promise<Created> {
  const res = await h.call('POST', 'system/client', { token, body: clientBody(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Created;
}

/** Sign in as the new client's admin and replace the default password; answers the token. */
async function clientAdmin(h: Harness, created: Created): Promise<{ token: string; password: string }> {
  const first = await h.session(created.clientCode, created.account, created.defaultPassword);
  expect(first.mimaStatus).toBe(2);
  const password = 'Cl1entAdmin';
  const changed = await h.call('PUT', 'System/mima', {
    token: first.token, body: { originalMima: h.encrypt(created.defaultPassword), newMima: h.encrypt(password) },
  });
  expect(changed.statusCode, changed.body).toBe(204);
  return { token: first.token, password };
}

describeApi('Clients: system/client', (h) => {
  it('creates a client with its tenant, Admin role and admin account in one go, and shows the codes once', async () => {
    const op = await operator(h);
    const created = await createClient(h, op.token, { functions: 3 });
    expect(created).toMatchObject({ account: 'admin' });
    expect(created.activationCode).toMatch(/^[A-Z2-9]{16}$/);
    expect(created.defaultPassword).toMatch(/^[A-Za-z0-9]{16}$/);

    const tenant = await h.db.selectFrom('tenants').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(tenant).toMatchObject({ code: created.clientCode, type: TenantType.Client, function_flags: 3, layouts: 3, default_language: 'en' });
    expect(tenant.activation_code_hash).toBe(hashToken(created.activationCode));
    const roles = await h.db.selectFrom('roles').selectAll().where('tenant_id', '=', created.id).execute();
    expect(roles).toHaveLength(1);
    expect(roles[0]).toMatchObject({ type: RoleType.Admin, functions: adminFunctions({ type: 2, functionFlags: 3 }, h.settings) });

    const got = (await h.call('GET', `system/client/${created.id}`, { token: op.token })).json() as Client;
    expect(got).toMatchObject({
      id: created.id, code: created.clientCode, names: { zh_TW: '測試客戶', en: 'Test client' }, status: 1, proxyType: 1, functions: 3,
      layouts: 3, domainType: 1, domain: null, defaultLanguage: 'en', country: TW, address: '1 Main St',
      contacts: { primary: { name: 'Amy', phoneCountryCode: '886', phone: '912345678', email: 'amy@example.com' } },
    });
    expect(JSON.stringify(got)).not.toContain(created.activationCode);

    // The answered default password signs its admin in (must change it first), at /login?code=<client code>.
    const { token } = await clientAdmin(h, created);
    const menu = (await h.call('GET', 'system/menu/nested', { token })).json() as { Backend: MenuItem[] };
    expect(menuIdsOf(menu.Backend)).toEqual(expect.arrayContaining([1, 9, 10, 14, 16, 5, 28, 6, 31]));
    expect(menuIdsOf(menu.Backend)).not.toContain(11);
    const config = (await h.call('GET', `Config/tenant/${created.clientCode}`)).json() as TenantConfig;
    expect(config.tenant).toMatchObject({ id: created.id, type: 2, functions: 3 });
    expect(config.defaultLanguage).toBe('en');
  });

  it('lists clients in the database with filters and sorting', async () => {
    const op = await operator(h);
    const tag = uniqueAccount('zz');
    const a = await createClient(h, op.token, { code: `${tag}a`, names: { zh_TW: `${tag} 甲` }, functions: 1 });
    const b = await createClient(h, op.token, { code: `${tag}b`, names: { zh_TW: `${tag} 乙`, en: 'Beta' }, functions: 6, status: 2 });
    const list = async (q: string) => {
      const res = await h.call('GET', `system/client?${q}`, { token: op.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Page<Record<string, unknown>>;
    };
    const all = await list(`keyword=${tag}`);
    expect(all.total).toBe(2);
    expect(all.items.map((c) => c.id)).toEqual([b.id, a.id]);
    expect(Object.keys(all.items[0]).sort()).toEqual(['code', 'createdAt', 'defaultLanguage', 'domainType', 'functions', 'id', 'names', 'proxyType', 'status']);
    expect((await list(`keyword=${tag}&sort=code&order=asc`)).items.map((c) => c.id)).toEqual([a.id, b.id]);
    expect((await list(`keyword=${tag}&functions=4`)).items.map((c) => c.id)).toEqual([b.id]);
    expect((await list(`keyword=${tag}&functions=1`)).items.map((c) => c.id)).toEqual([a.id]);
    expect((await list(`keyword=${tag}&status=2`)).items.map((c) => c.id)).toEqual([b.id]);
    expect((await list('keyword=BETA')).items.map((c) => c.id)).toContain(b.id);
    expect((await list(`keyword=${tag}B`)).items.map((c) => c.id)).toEqual([b.id]);
    // Only clients: the operator tenant itself is never listed.
    expect((await list('keyword=platform')).total).toBe(0);
    expectFailure(await h.call('GET', 'system/client?functions=8', { token: op.token }), 400, 1);
  });

  it('refuses a taken client code with 50, whatever its case, deleted clients included', async () => {
    const op = await operator(h);
    expectFailure(await h.call('POST', 'system/client', { token: op.token, body: clientBody({ code: 'demo' }) }), 400, 50);
    expectFailure(await h.call('POST', 'system/client', { token: op.token, body: clientBody({ code: 'PLATFORM' }) }), 400, 50);
    const created = await createClient(h, op.token);
    expectFailure(await h.call('POST', 'system/client', { token: op.token, body: clientBody({ code: created.clientCode.toUpperCase() }) }), 400, 50);
    expect((await h.call('POST', `system/client/${created.id}`, { token: op.token, body: { reason: 'contract ended' } })).statusCode).toBe(204);
    expectFailure(await h.call('POST', 'system/client', { token: op.token, body: clientBody({ code: created.clientCode }) }), 400, 50);
  });

  it('checks the body with the declaration and the server rules (code 1)', async () => {
    const op = await operator(h);
    const fields = async (b: unknown, method: 'POST' | 'PUT' = 'POST') =>
      expectFailure(await h.call(method, 'system/client', { token: op.token, body: b }), 400, 1).data as Record<string, { key: string }>;
    expect(await fields(clientBody({ domainType: 2 }))).toEqual({ domain: { key: 'required' } });
    expect(await fields(clientBody({ domainType: 3, domain: 'bad domain!' }))).toEqual({ domain: { key: 'domain' } });
    expect(await fields(clientBody({ layouts: 0 }))).toEqual({ layouts: { key: 'required' } });
    expect(await fields(clientBody({ code: 'a-b' }))).toEqual({ code: { key: 'alpha_num' } });
    expect(await fields(clientBody({ functions: 8 }))).toHaveProperty('functions');
    expect(await fields(clientBody({ status: 3 }))).toEqual({ status: { key: 'oneOf' } });
    expect(await fields(clientBody({ names: { en: 'No Chinese name' } }))).toEqual({ 'names.zh_TW': { key: 'required' } });
    expect(await fields(clientBody({ defaultLanguage: 'fr' }))).toEqual({ defaultLanguage: { key: 'oneOf' } });
    expect(await fields(clientBody({ country: 999 }))).toEqual({ country: { key: 'oneOf' } });
    expect(await fields(clientBody({ contacts: { primary: { name: 'A', phoneCountryCode: '886', phone: '12', email: 'x' } } })))
      .toEqual({ 'contacts.primary.phone': { key: 'phoneNumber' }, 'contacts.primary.email': { key: 'email' } });
    expect(await fields(clientBody({ contacts: { secondary: { name: 'B' } } }))).toEqual({ 'contacts.primary': { key: 'required' } });
    expect(await fields(clientBody({ activationCode: 'MINE' }))).toEqual({ activationCode: { key: 'unknownField' } });
    // A subdomain is kept lower case; a general domain type stores no domain.
    const created = await createClient(h, op.token, { domainType: 2, domain: 'Shop.Example.COM', contacts: {
      primary: { name: 'A', phoneCountryCode: '886', phone: '912345678', email: 'a@example.com' },
      secondary: { name: 'B', phoneCountryCode: '86', phone: '13812345678', email: '' },
    } });
    const got = (await h.call('GET', `system/client/${created.id}`, { token: op.token })).json() as Client;
    expect(got.domain).toBe('shop.example.com');
    expect(got.contacts.secondary).toEqual({ name: 'B', phoneCountryCode: '86', phone: '13812345678' });
  });

  it('edits a client: the code stays; function flags give its Admin roles the new menu, General roles keep theirs', async () => {
    const op = await operator(h);
    const created = await createClient(h, op.token, { functions: 1 });
    const { token } = await clientAdmin(h, created);
    const general = await h.db.insertInto('roles').values({
      tenant_id: created.id, name: 'General', type: RoleType.General, functions: json([1, 9, 28]), customers: json([]), brands: json([]),
    }).returning('id').executeTakeFirstOrThrow();
    const before = menuIdsOf(((await h.call('GET', 'system/menu/nested', { token })).json() as { Backend: MenuItem[] }).Backend);
    expect(before).toContain(28);
    expect(before).not.toContain(31);

    const loaded = (await h.call('GET', `system/client/${created.id}`, { token: op.token })).json() as Client;
    expectFailure(await h.call('PUT', 'system/client', { token: op.token, body: { ...loaded, code: 'other' } }), 400, 1);
    const edited = await h.call('PUT', 'system/client', { token: op.token, body: { ...loaded, functions: 6, names: { zh_TW: '改名' } } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.id, code: created.clientCode, functions: 6, names: { zh_TW: '改名' }, createdAt: loaded.createdAt });

    // The next menu load shows marketing and member, and no longer logistics (28 needs a flag).
    const after = menuIdsOf(((await h.call('GET', 'system/menu/nested', { token })).json() as { Backend: MenuItem[] }).Backend);
    expect(after).toEqual(expect.arrayContaining([6, 31, 7, 38, 48, 49, 50]));
    const adminRole = await h.db.selectFrom('roles').select('functions').where('tenant_id', '=', created.id).where('type', '=', RoleType.Admin).executeTakeFirstOrThrow();
    expect(adminRole.functions).toEqual(adminFunctions({ type: 2, functionFlags: 6 }, h.settings));
    const generalRole = await h.db.selectFrom('roles').select('functions').where('id', '=', general.id).executeTakeFirstOrThrow();
    expect(generalRole.functions).toEqual([1, 9, 28]);
    // The role sync is in the client's change log, the client change in the operator's.
    const logs = await h.db.selectFrom('change_logs').select(['tenant_id', 'resource', 'action', 'account']).where('resource_id', 'in', [String(created.id)]).where('resource', '=', 'client').execute();
    expect(logs.map((l) => l.action).sort()).toEqual(['create', 'update']);
    expect(logs.every((l) => l.account === op.account)).toBe(true);
    const roleLogs = await h.db.selectFrom('change_logs').select(['action']).where('tenant_id', '=', created.id).where('resource', '=', 'role').execute();
    expect(roleLogs.map((l) => l.action).sort()).toEqual(['create', 'update']);
  });

  it('disabling a client signs its users out and keeps them out (13); enabling lets them back', async () => {
    const op = await operator(h);
    const created = await createClient(h, op.token);
    const { token, password } = await clientAdmin(h, created);
    const loaded = (await h.call('GET', `system/client/${created.id}`, { token: op.token })).json() as Client;
    expect((await h.call('PUT', 'system/client', { token: op.token, body: { ...loaded, status: 2 } })).statusCode).toBe(200);
    expectFailure(await h.call('GET', 'system/menu/nested', { token }), 401, 3);
    expectFailure(await h.signIn(created.clientCode, 'admin', password), 400, 13);
    expectFailure(await h.signIn(created.clientCode, 'admin', 'WrongPass1'), 400, 14);
    expect((await h.call('PUT', 'system/client', { token: op.token, body: { ...loaded, status: 1 } })).statusCode).toBe(200);
    await h.session(created.clientCode, 'admin', password);
  });

  it('deletes a client with a reason: stored, its admin locked out, gone from lists, options and role customers', async () => {
    const op = await operator(h);
    const created = await createClient(h, op.token);
    const { token, password } = await clientAdmin(h, created);
    const role = await h.call('POST', 'system/role', { token: op.token, body: { name: uniqueAccount('Sales '), type: 2, functions: [9, 11], customers: [created.id] } });
    expect(role.statusCode, role.body).toBe(201);
    const options = async () => ((await h.call('GET', 'system/client/GetActiveClient', { token: op.token })).json() as { value: number }[]).map((o) => o.value);
    expect(await options()).toContain(created.id);

    expect(expectFailure(await h.call('POST', `system/client/${created.id}`, { token: op.token, body: {} }), 400, 1).data).toEqual({ reason: { key: 'required' } });
    expect(expectFailure(await h.call('POST', `system/client/${created.id}`, { token: op.token, body: { reason: 'x'.repeat(201) } }), 400, 1).data).toHaveProperty('reason');
    const removed = await h.call('POST', `system/client/${created.id}`, { token: op.token, body: { reason: ' Contract ended ' } });
    expect(removed.statusCode, removed.body).toBe(204);

    const row = await h.db.selectFrom('tenants').select(['deleted_at', 'delete_reason']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.delete_reason).toBe('Contract ended');
    expect(row.deleted_at).toBeInstanceOf(Date);
    expectFailure(await h.call('GET', 'system/menu/nested', { token }), 401, 3);
    expectFailure(await h.signIn(created.clientCode, 'admin', password), 400, 14);
    expectFailure(await h.call('GET', `Config/tenant/${created.clientCode}`), 404, 2);
    expect(await options()).not.toContain(created.id);
    expectFailure(await h.call('GET', `system/client/${created.id}`, { token: op.token }), 404, 2);
    expect(((await h.call('GET', `system/client?keyword=${created.clientCode}`, { token: op.token })).json() as Page<unknown>).total).toBe(0);
    expectFailure(await h.call('POST', `system/client/${created.id}`, { token: op.token, body: { reason: 'again' } }), 404, 2);
    const roleRow = await h.db.selectFrom('roles').select('customers').where('id', '=', (role.json() as { id: number }).id).executeTakeFirstOrThrow();
    expect(roleRow.customers).toEqual([]);
    const log = await h.db.selectFrom('change_logs').select(['after']).where('resource', '=', 'client').where('resource_id', '=', String(created.id)).where('action', '=', 'delete').executeTakeFirstOrThrow();
    expect(log.after).toMatchObject({ deleteReason: 'Contract ended' });
  });

  it('answers 404 for ids that are no client (operator, deleted, unknown) and changes nothing', async () => {
    const op = await operator(h);
    const platformId = await h.tenantId('platform');
    const body = { ...clientBody(), id: platformId };
    delete (body as Record<string, unknown>).code;
    expectFailure(await h.call('GET', `system/client/${platformId}`, { token: op.token }), 404, 2);
    expectFailure(await h.call('PUT', 'system/client', { token: op.token, body }), 404, 2);
    expectFailure(await h.call('POST', `system/client/${platformId}`, { token: op.token, body: { reason: 'no' } }), 404, 2);
    expectFailure(await h.call('GET', 'system/client/2000000000', { token: op.token }), 404, 2);
    const platform = await h.db.selectFrom('tenants').select(['deleted_at', 'names']).where('id', '=', platformId).executeTakeFirstOrThrow();
    expect(platform.deleted_at).toBeNull();
    expect(platform.names).toMatchObject({ en: 'Platform operator' });
  });

  it('is the operator\'s alone: a client tenant gets 403 on every call, GetActiveClient []', async () => {
    const demoAdmin = await h.signedInUser({ tenant: 'demo', functions: [1, 9, 10, 11] });
    const demoId = await h.tenantId('demo');
    expectFailure(await h.call('GET', 'system/client', { token: demoAdmin.token }), 403, 3);
    expectFailure(await h.call('GET', `system/client/${demoId}`, { token: demoAdmin.token }), 403, 3);
    expectFailure(await h.call('POST', 'system/client', { token: demoAdmin.token, body: clientBody() }), 403, 3);
    expectFailure(await h.call('PUT', 'system/client', { token: demoAdmin.token, body: { ...clientBody(), id: demoId } }), 403, 3);
    expectFailure(await h.call('POST', `system/client/${demoId}`, { token: demoAdmin.token, body: { reason: 'x' } }), 403, 3);
    expect((await h.call('GET', 'system/client/GetActiveClient', { token: demoAdmin.token })).json()).toEqual([]);
    // An operator user without client settings (11) gets 403 too.
    const plain = await h.signedInUser({ tenant: 'platform', functions: [1, 9] });
    expectFailure(await h.call('GET', 'system/client', { token: plain.token }), 403, 3);
  });
});

import { expect, it } from 'vitest';
import type { Profile } from '../../src/domain/api';
import { MimaStatus } from '../../src/domain/enums';
import { describeApi, expectFailure } from './harness';

describeApi('Profile: GET and PUT System/user', (h) => {
  const phoneOf = async (id: number) =>
    h.db.selectFrom('users').select(['phone_country_code', 'phone']).where('id', '=', id).executeTakeFirstOrThrow();

  it('answers the profile with the role name', async () => {
    const u = await h.signedInUser({ phoneCountryCode: '886', phone: '912345678' });
    const res = await h.call('GET', 'System/user', { token: u.token });
    expect(res.statusCode).toBe(200);
    const p = res.json() as Profile;
    expect(p).toMatchObject({ account: u.account, name: `Name ${u.account}`, roleName: `role of ${u.account}`, phoneCountryCode: '886', phone: '912345678', email: null });
    expect(Number.isNaN(Date.parse(p.mimaChangedAt))).toBe(false);
  });

  it('is open to a user who must still change the default password', async () => {
    const u = await h.signedInUser({ mimaStatus: MimaStatus.MustChange });
    expect((await h.call('GET', 'System/user', { token: u.token })).statusCode).toBe(200);
    const put = await h.call('PUT', 'System/user', { token: u.token, body: { phoneCountryCode: '886', phone: '0912345678' } });
    expect(put.statusCode, put.body).toBe(200);
  });

  it('updates the phone and its country code only', async () => {
    const u = await h.signedInUser();
    const res = await h.call('PUT', 'System/user', {
      token: u.token,
      body: { phoneCountryCode: '+886', phone: '0912345678', account: 'hijack', name: 'Changed', email: 'x@example.com', roleName: 'Boss' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as Profile;
    expect(p).toMatchObject({ account: u.account, name: `Name ${u.account}`, email: null, phoneCountryCode: '886', phone: '0912345678' });
    expect(await phoneOf(u.id)).toEqual({ phone_country_code: '886', phone: '0912345678' });
  });

  it('answers code 1 listing the field for an invalid phone, unknown calling code or missing values', async () => {
    const u = await h.signedInUser({ phoneCountryCode: '886', phone: '912345678' });
    const bad = async (body: unknown) => expectFailure(await h.call('PUT', 'System/user', { token: u.token, body }), 400, 1).data as Record<string, { key: string }>;

    expect(Object.keys(await bad({ phoneCountryCode: '886', phone: '12345' }))).toEqual(['phone']);
    expect(Object.keys(await bad({ phoneCountryCode: '886', phone: '09123abc78' }))).toEqual(['phone']);
    expect(Object.keys(await bad({ phoneCountryCode: '886', phone: '0212345678' }))).toEqual(['phone']); // a landline
    expect(await bad({ phoneCountryCode: '999', phone: '912345678' })).toHaveProperty('phoneCountryCode');
    expect((await bad({ phoneCountryCode: 'null', phone: 'null' })).phone.key).toBe('required');
    const missing = await bad({});
    expect(missing).toHaveProperty('phoneCountryCode');
    expect(missing).toHaveProperty('phone');
    expect(await phoneOf(u.id)).toEqual({ phone_country_code: '886', phone: '912345678' });
  });

  it('changes phone and password in one request', async () => {
    const u = await h.signedInUser({ mimaStatus: MimaStatus.MustChange });
    const other = await h.session(u.tenant, u.account, u.password);
    const res = await h.call('PUT', 'System/user', {
      token: u.token,
      body: { phoneCountryCode: '886', phone: '912345678', originalMima: h.encrypt(u.password), newMima: h.encrypt('Fresh1234') },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Profile).phone).toBe('912345678');
    expect((await h.session(u.tenant, u.account, 'Fresh1234')).mimaStatus).toBe(1);
    expectFailure(await h.call('GET', 'System/user', { token: other.token }), 401, 3);
    expect((await h.call('GET', 'System/user', { token: u.token })).statusCode).toBe(200);
  });

  it('saves nothing when the password part fails (wrong original 10, rule 15, same 8132)', async () => {
    const u = await h.signedInUser({ phoneCountryCode: '886', phone: '912345678' });
    const put = (original: string, next: string) => h.call('PUT', 'System/user', {
      token: u.token,
      body: { phoneCountryCode: '65', phone: '81234567', originalMima: h.encrypt(original), newMima: h.encrypt(next) },
    });
    expectFailure(await put('NotMine123', 'Fresh1234'), 400, 10);
    expectFailure(await put(u.password, 'weak'), 400, 15);
    expectFailure(await put(u.password, u.password), 400, 8132);
    expect(await phoneOf(u.id)).toEqual({ phone_country_code: '886', phone: '912345678' });
    await h.session(u.tenant, u.account, u.password);
  });

  it('stays consistent when two password changes race: the loser saves nothing', async () => {
    const u = await h.signedInUser({ phoneCountryCode: '886', phone: '912345678' });
    const second = await h.session(u.tenant, u.account, u.password);
    const [profile, mima] = await Promise.all([
      h.call('PUT', 'System/user', {
        token: u.token,
        body: { phoneCountryCode: '65', phone: '81234567', originalMima: h.encrypt(u.password), newMima: h.encrypt('Third1234') },
      }),
      h.call('PUT', 'System/mima', { token: second.token, body: { originalMima: h.encrypt(u.password), newMima: h.encrypt('Other1234') } }),
    ]);
    const phone = await phoneOf(u.id);
    if (profile.statusCode === 200) {
      // The profile request won: its phone and password hold, the other change was refused.
      expectFailure(mima, 400, 10);
      expect(phone).toEqual({ phone_country_code: '65', phone: '81234567' });
      await h.session(u.tenant, u.account, 'Third1234');
    } else {
      expectFailure(profile, 400, 10);
      expect(mima.statusCode).toBe(204);
      expect(phone).toEqual({ phone_country_code: '886', phone: '912345678' });
      await h.session(u.tenant, u.account, 'Other1234');
    }
  });

  it('answers code 1 when only one password field is given or cannot be opened', async () => {
    const u = await h.signedInUser();
    const only = await h.call('PUT', 'System/user', { token: u.token, body: { phoneCountryCode: '886', phone: '912345678', newMima: h.encrypt('Fresh1234') } });
    expect(expectFailure(only, 400, 1).data).toEqual({ originalMima: { key: 'required' } });
    const garbage = await h.call('PUT', 'System/user', { token: u.token, body: { phoneCountryCode: '886', phone: '912345678', originalMima: 'abc', newMima: h.encrypt('Fresh1234') } });
    expect(expectFailure(garbage, 400, 1).data).toHaveProperty('originalMima');
    expect(await phoneOf(u.id)).toEqual({ phone_country_code: null, phone: null });
  });
});

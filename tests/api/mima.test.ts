import { expect, it } from 'vitest';
import type { SessionUser } from '../../src/domain/api';
import { MimaStatus } from '../../src/domain/enums';
import { describeApi, expectFailure } from './harness';

describeApi('Default password and PUT System/mima', (h) => {
  const change = (token: string, original: string, next: string) =>
    h.call('PUT', 'System/mima', { token, body: { originalMima: h.encrypt(original), newMima: h.encrypt(next) } });

  it('keeps a mimaStatus-2 user to profile, password and logout until the password is changed', async () => {
    const u = await h.signedInUser({ mimaStatus: MimaStatus.MustChange });
    expect(u.session.mimaStatus).toBe(2);
    expectFailure(await h.call('GET', 'system/menu/nested', { token: u.token }), 403, 3);
    expectFailure(await h.call('GET', 'system/announcement/Home', { token: u.token }), 403, 3);
    expectFailure(await h.call('GET', 'Report/exportReportAmount', { token: u.token }), 403, 3);
    expect((await h.call('GET', 'System/user', { token: u.token })).statusCode).toBe(200);
    expect((await h.call('GET', 'Config/tenant/demo', { token: u.token })).statusCode).toBe(200);

    const changed = await change(u.token, u.password, 'NewPassw0rd');
    expect(changed.statusCode, changed.body).toBe(204);
    const menu = await h.call('GET', 'system/menu/nested', { token: u.token });
    expect(menu.statusCode).toBe(200);
    const again = await h.session(u.tenant, u.account, 'NewPassw0rd');
    expect(again.mimaStatus).toBe(1);
  });

  it('lets the seeded admin replace the default password and then use the menu', async () => {
    const admin = await h.session('platform', 'admin', h.settings.adminInitialPassword!);
    expect(admin.mimaStatus).toBe(2);
    expect((await change(admin.token, h.settings.adminInitialPassword!, 'Operat0rNew!')).statusCode).toBe(204);
    expect((await h.call('GET', 'system/menu/nested', { token: admin.token })).statusCode).toBe(200);
    expectFailure(await h.signIn('platform', 'admin', h.settings.adminInitialPassword!), 400, 14);
    expect((await h.session('platform', 'admin', 'Operat0rNew!')).mimaStatus).toBe(1);
  });

  it('answers 10 for a wrong original password', async () => {
    const u = await h.signedInUser();
    expectFailure(await change(u.token, 'NotMine123', 'NewPassw0rd'), 400, 10);
    await h.session(u.tenant, u.account, u.password);
  });

  it('answers 15 when the new password breaks the rule', async () => {
    const u = await h.signedInUser();
    for (const bad of ['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere', 'Has space1A', 'Way2LongPasswordForTheRule', 'Bad#Symbol1']) {
      const body = expectFailure(await change(u.token, u.password, bad), 400, 15);
      expect(body.data).toHaveProperty('newMima');
    }
    await h.session(u.tenant, u.account, u.password);
  });

  it('answers 8132 when the new password equals the old one', async () => {
    const u = await h.signedInUser();
    expectFailure(await change(u.token, u.password, u.password), 400, 8132);
  });

  it('answers 1 for ciphertexts that cannot be opened and for missing fields', async () => {
    const u = await h.signedInUser();
    const res = await h.call('PUT', 'System/mima', { token: u.token, body: { originalMima: 'not-encrypted', newMima: h.encrypt('NewPassw0rd') } });
    expect(expectFailure(res, 400, 1).data).toHaveProperty('originalMima');
    const missing = await h.call('PUT', 'System/mima', { token: u.token, body: { originalMima: h.encrypt(u.password) } });
    expect(expectFailure(missing, 400, 1).data).toHaveProperty('newMima');
  });

  it('on success: 204, mimaStatus 1, the change time set, other sessions revoked, this one kept', async () => {
    const u = await h.signedInUser({ mimaStatus: MimaStatus.MustChange });
    const other: SessionUser = await h.session(u.tenant, u.account, u.password);
    const before = await h.db.selectFrom('users').select('mima_changed_at').where('id', '=', u.id).executeTakeFirstOrThrow();
    await new Promise((r) => setTimeout(r, 5));

    const res = await change(u.token, u.password, 'Changed!99a');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const row = await h.db.selectFrom('users').select(['mima_status', 'mima_changed_at']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.mima_status).toBe(1);
    expect(row.mima_changed_at.getTime()).toBeGreaterThan(before.mima_changed_at.getTime());
    expectFailure(await h.call('GET', 'System/user', { token: other.token }), 401, 3);
    const profile = await h.call('GET', 'System/user', { token: u.token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().mimaChangedAt).toBe(row.mima_changed_at.toISOString());

    expectFailure(await h.signIn(u.tenant, u.account, u.password), 400, 14);
    expect((await h.session(u.tenant, u.account, 'Changed!99a')).mimaStatus).toBe(1);
  });
});

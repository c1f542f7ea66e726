import { noteWrite } from '../../server/db/shortCache';
import { expect, it } from 'vitest';
import type { MenuItem } from '../../src/domain/api';
import { MENU_TREE, menuIds } from '../../src/domain/menu';
import { json } from '../../server/db/schema';
import { describeApi, expectFailure } from './harness';

const ids = (items: MenuItem[]) => items.flatMap((g) => [g.id, ...g.children.map((c) => c.id)]);
const ALL = menuIds(MENU_TREE);

describeApi('Menus and function checks', (h) => {
  const nested = async (token: string, app = h.app) => {
    const res = await h.call('GET', 'system/menu/nested', { token, app });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { Backend: MenuItem[] };
    for (const g of body.Backend) {
      expect(Array.isArray(g.children)).toBe(true);
      expect(g.path).toMatch(/^\//);
      expect(Object.keys(g.names).sort()).toEqual(['en', 'zh_CN', 'zh_TW']);
    }
    return body.Backend;
  };

  it('gives the operator admin everything but what operators never see', async () => {
    const u = await h.signedInUser({ tenant: 'platform' });
    const got = ids(await nested(u.token));
    for (const hidden of [6, 7, 48, 12, 13, 19, 3, 26, 27, 29, 30]) expect(got).not.toContain(hidden);
    for (const shown of [1, 9, 10, 11, 14, 15, 16, 2, 17, 18, 4, 25, 5, 28, 8, 42, 43]) expect(got).toContain(shown);
  });

  it('gives the demo client admin its menu without operator functions and unreleased ones', async () => {
    const u = await h.signedInUser({ tenant: 'demo' });
    const got = ids(await nested(u.token));
    for (const hidden of [11, 15, 17, 18, 4, 43, 3, 12, 13, 26, 27, 29, 30, 37, 41, 51]) expect(got).not.toContain(hidden);
    for (const shown of [1, 9, 10, 14, 16, 2, 19, 5, 28, 6, 31, 7, 38, 48, 49, 50, 8, 42]) expect(got).toContain(shown);
  });

  it('hides nothing more than the tenant allows even when a role holds every id', async () => {
    const u = await h.signedInUser({ tenant: 'demo', functions: ALL });
    expect(ids(await nested(u.token))).not.toContain(11);
  });

  it('drops logistics, marketing, member and activities when a client loses its functions', async () => {
    const t = await h.createTenant({ functionFlags: 7 });
    const u = await h.signedInUser({ tenant: t.code, functions: ALL });
    expect(ids(await nested(u.token))).toEqual(expect.arrayContaining([5, 6, 7, 48]));
    await h.db.updateTable('tenants').set({ function_flags: 0 }).where('id', '=', t.id).execute();
    noteWrite(); // written as the client screen's save would (it drops this process's short caches)
    const got = ids(await nested(u.token));
    for (const gone of [5, 28, 6, 7, 48, 49, 50]) expect(got).not.toContain(gone);
    expect(got).toEqual(expect.arrayContaining([1, 9, 8, 42]));
  });

  it('applies the tenant exclusion list and the deployment unreleased list', async () => {
    const t = await h.createTenant({ functionFlags: 7 });
    const u = await h.signedInUser({ tenant: t.code, functions: ALL });
    expect(ids(await nested(u.token))).toContain(14);
    await h.db.updateTable('tenants').set({ excluded_menu_ids: json([14]) }).where('id', '=', t.id).execute();
    noteWrite();
    expect(ids(await nested(u.token))).not.toContain(14);

    const released = await h.appWith({ unreleasedMenuIds: [] });
    expect(ids(await nested(u.token, released))).toEqual(expect.arrayContaining([3, 20, 26, 51]));
  });

  it('shows a General role only what it holds, groups included when a child is held', async () => {
    const u = await h.signedInUser({ tenant: 'demo', functions: [9, 42] });
    const menu = await nested(u.token);
    expect(menu.map((g) => g.id)).toEqual([1, 8]);
    expect(ids(menu)).toEqual([1, 9, 8, 42]);
    expect(menu[0].children[0]).toMatchObject({ id: 9, path: '/system/role' });
  });

  it('GET system/menu answers what the role editor may grant: the functions of their own role', async () => {
    const u = await h.signedInUser({ tenant: 'demo', functions: [9] });
    const res = await h.call('GET', 'system/menu', { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(ids((res.json() as { Backend: MenuItem[] }).Backend)).toEqual([1, 9]);
    // A holder of the tenant's whole menu may grant all of it, never what the tenant lacks.
    const all = await h.signedInUser({ tenant: 'demo' });
    const got = ids(((await h.call('GET', 'system/menu', { token: all.token })).json() as { Backend: MenuItem[] }).Backend);
    expect(got).toEqual(expect.arrayContaining([1, 9, 10, 6, 31, 7, 48, 8, 42]));
    expect(got).not.toContain(11);
    const noRoleMenu = await h.signedInUser({ tenant: 'demo', functions: [42] });
    expectFailure(await h.call('GET', 'system/menu', { token: noRoleMenu.token }), 403, 3);
  });

  it('Report/exportReportAmount: 403 code 3 without menu 42', async () => {
    const u = await h.signedInUser({ tenant: 'demo', functions: [9, 10] });
    expectFailure(await h.call('GET', 'Report/exportReportAmount', { token: u.token }), 403, 3);
  });

  it('Report/exportReportAmount counts the tenant finished, undownloaded reports only', async () => {
    const t = await h.createTenant({ functionFlags: 7 });
    const u = await h.signedInUser({ tenant: t.code, functions: [8, 42] });
    const res0 = await h.call('GET', 'Report/exportReportAmount', { token: u.token });
    expect(res0.statusCode).toBe(200);
    expect(res0.json()).toEqual({ amount: 0 });

    const other = await h.createUser({ tenant: 'demo' });
    const demoId = await h.tenantId('demo');
    await h.db.insertInto('export_reports').values([
      { tenant_id: t.id, user_id: u.id, function_type: 1, progress: 100, status: 3, downloaded: false },
      { tenant_id: t.id, user_id: u.id, function_type: 1, progress: 100, status: 3, downloaded: false },
      { tenant_id: t.id, user_id: u.id, function_type: 1, progress: 100, status: 3, downloaded: true },
      { tenant_id: t.id, user_id: u.id, function_type: 1, progress: 40, status: 2, downloaded: false },
      { tenant_id: demoId, user_id: other.id, function_type: 1, progress: 100, status: 3, downloaded: false },
    ]).execute();
    const res = await h.call('GET', 'Report/exportReportAmount', { token: u.token });
    expect(res.json()).toEqual({ amount: 2 });
    // SPEC 7: the side menu's argument (500) is the most it counts.
    expect((await h.call('GET', 'Report/exportReportAmount?max=500', { token: u.token })).json()).toEqual({ amount: 2 });
    expect((await h.call('GET', 'Report/exportReportAmount?max=1', { token: u.token })).json()).toEqual({ amount: 1 });
    for (const bad of ['0', '-1', 'abc', '10001', '1.5']) {
      expectFailure(await h.call('GET', `Report/exportReportAmount?max=${bad}`, { token: u.token }), 400, 1);
    }
  });
});

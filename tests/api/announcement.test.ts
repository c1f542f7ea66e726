import { expect, it } from 'vitest';
import { json } from '../../server/db/schema';
import { describeApi, expectFailure } from './harness';

interface HomeItem { id: number; title: Record<string, string>; content: Record<string, string>; categoryId: number | null; categoryNames: Record<string, string>; startTime: string; endTime: string | null; publishedByOperator: boolean }

describeApi('GET system/announcement/Home', (h) => {
  const hour = 3_600_000;
  const at = (offsetHours: number) => new Date(Date.now() + offsetHours * hour);

  it('answers an empty list when there is nothing in force', async () => {
    const t = await h.createTenant({ functionFlags: 7 });
    const u = await h.signedInUser({ tenant: t.code, functions: [1, 9] });
    const res = await h.call('GET', 'system/announcement/Home', { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('shows own internal announcements and the operator ones for all clients, newest first', async () => {
    const platformId = await h.tenantId('platform');
    const client = await h.createTenant({ functionFlags: 7 });
    const otherClient = await h.createTenant({ functionFlags: 7 });
    const add = (tenantId: number, target: number, title: string, start: number, end: number | null) =>
      h.db.insertInto('announcements').values({
        tenant_id: tenantId, target, start_time: at(start), end_time: end === null ? null : at(end), timezone_id: 103,
        contents: json({ zh_TW: { title: `${title}-tw`, content: '內容' }, en: { title, content: 'body' } }),
      }).returning('id').executeTakeFirstOrThrow();

    const opAll = await add(platformId, 2, 'operator to clients', -2, 2);
    const opInternal = await add(platformId, 1, 'operator internal', -1, null);
    const own = await add(client.id, 1, 'own internal', -0.5, 1);
    await add(client.id, 1, 'own expired', -3, -1);
    await add(client.id, 1, 'own future', 1, 3);
    await add(otherClient.id, 1, 'other client', -1, 1);
    await add(otherClient.id, 2, 'a client cannot reach all clients', -1, 1);

    const u = await h.signedInUser({ tenant: client.code, functions: [1, 9] });
    const items = (await h.call('GET', 'system/announcement/Home', { token: u.token })).json() as HomeItem[];
    expect(items.map((i) => i.id)).toEqual([own.id, opAll.id]);
    expect(items[0]).toMatchObject({ title: { zh_TW: 'own internal-tw', en: 'own internal' }, content: { zh_TW: '內容', en: 'body' }, publishedByOperator: false });
    expect(items[1].publishedByOperator).toBe(true);
    expect(Number.isNaN(Date.parse(items[1].startTime))).toBe(false);

    const op = await h.signedInUser({ tenant: 'platform', functions: [1, 9] });
    const opItems = (await h.call('GET', 'system/announcement/Home', { token: op.token })).json() as HomeItem[];
    expect(opItems.map((i) => i.id)).toEqual([opInternal.id]);
    expect(opItems[0].endTime).toBeNull();
  });
});

interface Category { id: number; names: Record<string, string>; announcementCount: number; createdAt: string; updatedAt: string }
interface Announcement {
  id: number; categoryId: number; categoryNames: Record<string, string>; title: Record<string, string>; target: number;
  startTime: string; endTime: string | null; timezoneId: number; account: string | null; createdAt: string;
  contents?: Record<string, { title?: string; content?: string }>; updatedAt?: string;
}
interface Page<T> { items: T[]; total: number }

describeApi('Announcements and categories: system/announcement', (h) => {
  const hour = 3_600_000;
  const iso = (offsetHours: number) => new Date(Date.now() + offsetHours * hour).toISOString();

  /** A client tenant of its own with a user holding announcements (14). */
  async function clientUser() {
    const t = await h.createTenant({ functionFlags: 7 });
    const u = await h.signedInUser({ tenant: t.code, functions: [1, 14] });
    return { ...u, tenantId: t.id, tenantCode: t.code };
  }
  const operatorUser = () => h.signedInUser({ tenant: 'platform', functions: [1, 14] });

  async function category(token: string, names: Record<string, string> = { zh_TW: `類別${Math.random()}` }): Promise<Category> {
    const res = await h.call('POST', 'system/announcement/category', { token, body: { names } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Category;
  }

  const body = (categoryId: number, over: Record<string, unknown> = {}) => ({
    categoryId, target: 1, timezoneId: 103, startTime: iso(-1), endTime: iso(24),
    contents: { zh_TW: { title: '系統維護', content: '今晚維護' }, en: { title: 'Maintenance', content: 'Tonight' } },
    ...over,
  });

  async function announce(token: string, b: Record<string, unknown>): Promise<Announcement> {
    const res = await h.call('POST', 'system/announcement', { token, body: b });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Announcement;
  }

  it('creates, lists, edits and deletes categories; names unique per language in the tenant', async () => {
    const u = await clientUser();
    const other = await clientUser();
    const c = await category(u.token, { zh_TW: '維護', en: 'Maintenance' });
    expect(c).toMatchObject({ names: { zh_TW: '維護', en: 'Maintenance' }, announcementCount: 0 });
    const dup = await h.call('POST', 'system/announcement/category', { token: u.token, body: { names: { zh_TW: '其他', en: ' maintenance ' } } });
    expect(expectFailure(dup, 400, 1).data).toEqual({ 'names.en': { key: 'checkRepeatName' } });
    await category(other.token, { zh_TW: '維護' }); // another tenant may use the name

    // POST with id edits (the form sends the row back: read-only fields ignored).
    const edited = await h.call('POST', 'system/announcement/category', { token: u.token, body: { ...c, names: { zh_TW: '維護公告' } } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: c.id, names: { zh_TW: '維護公告' } });
    const list = (await h.call('GET', 'system/announcement/category', { token: u.token })).json() as Page<Category>;
    expect(list).toMatchObject({ total: 1, items: [{ id: c.id, names: { zh_TW: '維護公告' } }] });
    const options = (await h.call('GET', 'system/announcement/category/options?lang=en', { token: u.token })).json();
    expect(options).toEqual([{ value: c.id, label: '維護公告', names: { zh_TW: '維護公告' } }]);

    expect(expectFailure(await h.call('POST', 'system/announcement/category', { token: u.token, body: { names: {} } }), 400, 1).data)
      .toEqual({ 'names.zh_TW': { key: 'required' } });
    expect(expectFailure(await h.call('POST', 'system/announcement/category', { token: u.token, body: {} }), 400, 1).data)
      .toEqual({ 'names.zh_TW': { key: 'required' } }); // a missing required object marks its own inputs
    expect((await h.call('DELETE', `system/announcement/category/${c.id}`, { token: u.token })).statusCode).toBe(204);
    expectFailure(await h.call('DELETE', `system/announcement/category/${c.id}`, { token: u.token }), 404, 2);
  });

  it('refuses to delete a category in use with 1601', async () => {
    const u = await clientUser();
    const c = await category(u.token);
    const a = await announce(u.token, body(c.id));
    expectFailure(await h.call('DELETE', `system/announcement/category/${c.id}`, { token: u.token }), 400, 1601);
    const list = (await h.call('GET', 'system/announcement/category', { token: u.token })).json() as Page<Category>;
    expect(list.items[0].announcementCount).toBe(1);
    expect((await h.call('DELETE', `system/announcement/${a.id}`, { token: u.token })).statusCode).toBe(204);
    expect((await h.call('DELETE', `system/announcement/category/${c.id}`, { token: u.token })).statusCode).toBe(204);
  });

  it('creates, shows, lists, edits and deletes an announcement, every write in the change log', async () => {
    const u = await clientUser();
    const c = await category(u.token, { zh_TW: '新聞', en: 'News' });
    const a = await announce(u.token, body(c.id));
    expect(a).toMatchObject({
      categoryId: c.id, categoryNames: { zh_TW: '新聞', en: 'News' }, target: 1, timezoneId: 103, account: u.account,
      title: { zh_TW: '系統維護', en: 'Maintenance' },
      contents: { zh_TW: { title: '系統維護', content: '今晚維護' }, en: { title: 'Maintenance', content: 'Tonight' } },
    });
    expect((await h.call('GET', `system/announcement/${a.id}`, { token: u.token })).json()).toEqual(a);
    const list = (await h.call('GET', 'system/announcement?keyword=mainten', { token: u.token })).json() as Page<Announcement>;
    expect(list.total).toBe(1);
    expect(list.items[0]).not.toHaveProperty('contents');
    expect(((await h.call('GET', `system/announcement?categoryId=${c.id}&target=1&sort=endTime`, { token: u.token })).json() as Page<Announcement>).total).toBe(1);
    expect(((await h.call('GET', 'system/announcement?keyword=nothing', { token: u.token })).json() as Page<Announcement>).total).toBe(0);

    const edited = await h.call('PUT', 'system/announcement', { token: u.token, body: { ...a, endTime: null, contents: { zh_TW: { title: '改', content: '內容' } } } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: a.id, endTime: null, title: { zh_TW: '改' } });
    expect((await h.call('DELETE', `system/announcement/${a.id}`, { token: u.token })).statusCode).toBe(204);
    expectFailure(await h.call('GET', `system/announcement/${a.id}`, { token: u.token }), 404, 2);

    const logs = await h.db.selectFrom('change_logs').select(['resource', 'action']).where('tenant_id', '=', u.tenantId).orderBy('id').execute();
    expect(logs.map((l) => `${l.resource}:${l.action}`)).toEqual(['announcementCategory:create', 'announcement:create', 'announcement:update', 'announcement:delete']);
  });

  it('checks times, time zone, contents and category (code 1)', async () => {
    const u = await clientUser();
    const c = await category(u.token);
    const other = await clientUser();
    const foreign = await category(other.token);
    const fields = async (b: unknown) => expectFailure(await h.call('POST', 'system/announcement', { token: u.token, body: b }), 400, 1).data;
    expect(await fields(body(c.id, { startTime: iso(5), endTime: iso(1) }))).toEqual({ endTime: { key: 'fromToDatetime' } });
    expect(await fields(body(c.id, { startTime: '2025-01-01 10:00' }))).toEqual({ startTime: { key: 'regex' } });
    expect(await fields(body(c.id, { timezoneId: 9999 }))).toEqual({ timezoneId: { key: 'oneOf' } });
    expect(await fields(body(foreign.id))).toEqual({ categoryId: { key: 'oneOf' } });
    expect(await fields(body(c.id, { contents: { en: { title: 'x', content: 'y' } } }))).toEqual({ 'contents.zh_TW.title': { key: 'required' }, 'contents.zh_TW.content': { key: 'required' } });
    expect(await fields(body(c.id, { contents: { zh_TW: { title: 't', content: 'c' }, en: { title: 'only a title' } } }))).toEqual({ 'contents.en.content': { key: 'required' } });
  });

  it('lets the operator choose targets 1 and 2, any other tenant only 1', async () => {
    const op = await operatorUser();
    const opCat = await category(op.token);
    expect((await announce(op.token, body(opCat.id, { target: 1 }))).target).toBe(1);
    expect((await announce(op.token, body(opCat.id, { target: 2 }))).target).toBe(2);
    for (const target of [3, 4, 5]) {
      expect(expectFailure(await h.call('POST', 'system/announcement', { token: op.token, body: body(opCat.id, { target }) }), 400, 1).data).toEqual({ target: { key: 'oneOf' } });
    }
    const u = await clientUser();
    const c = await category(u.token);
    const mine = await announce(u.token, body(c.id, { target: 1 }));
    for (const target of [2, 3, 4, 5]) {
      expect(expectFailure(await h.call('POST', 'system/announcement', { token: u.token, body: body(c.id, { target }) }), 400, 1).data).toEqual({ target: { key: 'oneOf' } });
    }
    const res = await h.call('PUT', 'system/announcement', { token: u.token, body: { ...body(c.id, { target: 2 }), id: mine.id } });
    expect(expectFailure(res, 400, 1).data).toEqual({ target: { key: 'oneOf' } });
    expect((await h.call('GET', `system/announcement/${mine.id}`, { token: u.token })).json()).toMatchObject({ target: 1 });
  });

  it('shows a client the operator\'s target-2 announcements on Home with the category and the operator label, not the operator\'s internal ones', async () => {
    const op = await operatorUser();
    const opCat = await category(op.token, { zh_TW: '平台公告', en: 'Platform news' });
    const forClients = await announce(op.token, body(opCat.id, { target: 2, contents: { zh_TW: { title: '給客戶', content: '內容' } } }));
    const internal = await announce(op.token, body(opCat.id, { target: 1, contents: { zh_TW: { title: '內部', content: '內容' } } }));
    const u = await clientUser();
    const c = await category(u.token, { zh_TW: '自家' });
    const own = await announce(u.token, body(c.id, { startTime: iso(-0.5) }));

    const home = (await h.call('GET', 'system/announcement/Home', { token: u.token })).json() as HomeItem[];
    const ids = home.map((i) => i.id);
    expect(ids).toContain(forClients.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(internal.id);
    expect(home.find((i) => i.id === forClients.id)).toMatchObject({ publishedByOperator: true, title: { zh_TW: '給客戶' }, categoryNames: { zh_TW: '平台公告', en: 'Platform news' } });
    expect(home.find((i) => i.id === own.id)).toMatchObject({ publishedByOperator: false, categoryId: c.id, categoryNames: { zh_TW: '自家' } });

    const opHome = ((await h.call('GET', 'system/announcement/Home', { token: op.token })).json() as HomeItem[]).map((i) => i.id);
    expect(opHome).toContain(internal.id);
    expect(opHome).not.toContain(forClients.id);
    expect(opHome).not.toContain(own.id);
  });

  it('keeps tenants apart: another tenant\'s ids answer 404 and change nothing', async () => {
    const a = await clientUser();
    const b = await clientUser();
    const c = await category(a.token, { zh_TW: '甲' });
    const ann = await announce(a.token, body(c.id));
    expectFailure(await h.call('GET', `system/announcement/${ann.id}`, { token: b.token }), 404, 2);
    expectFailure(await h.call('DELETE', `system/announcement/${ann.id}`, { token: b.token }), 404, 2);
    const bCat = await category(b.token);
    expectFailure(await h.call('PUT', 'system/announcement', { token: b.token, body: { ...body(bCat.id), id: ann.id } }), 404, 2);
    expectFailure(await h.call('POST', 'system/announcement/category', { token: b.token, body: { id: c.id, names: { zh_TW: '乙' } } }), 404, 2);
    expectFailure(await h.call('DELETE', `system/announcement/category/${c.id}`, { token: b.token }), 404, 2);
    expect(((await h.call('GET', 'system/announcement', { token: b.token })).json() as Page<Announcement>).total).toBe(0);
    expect(((await h.call('GET', 'system/announcement/category', { token: b.token })).json() as Page<Category>).items.map((x) => x.id)).toEqual([bCat.id]);
    expect((await h.call('GET', `system/announcement/${ann.id}`, { token: a.token })).json()).toMatchObject({ id: ann.id, title: { zh_TW: '系統維護' } });
    expect((await h.call('GET', 'system/announcement/category', { token: a.token })).json()).toMatchObject({ items: [{ id: c.id, names: { zh_TW: '甲' } }] });
    // Without announcements (14) in the menu: 403.
    const plain = await h.signedInUser({ tenant: a.tenantCode, functions: [1, 9] });
    expectFailure(await h.call('GET', 'system/announcement', { token: plain.token }), 403, 3);
    expectFailure(await h.call('GET', 'system/announcement/category', { token: plain.token }), 403, 3);
  });
});

import { expect, it } from 'vitest';
import { json } from '../../server/db/schema';
import { describeApi } from './harness';

interface HomeItem { id: number; title: Record<string, string>; content: Record<string, string>; startTime: string; endTime: string | null; publishedByOperator: boolean }

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

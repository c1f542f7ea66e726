/**
 * Check-in activities (issue 15, menu 51): unreleased by default (403 until
 * UNRELEASED_MENU_IDS releases 51); list, get, create, update, delete under
 * marketing/check-in-activity; the days required cannot exceed the period's calendar days in
 * the activity's zone; one picture-and-text entry per required day, 1 to 60; pictures must be
 * the tenant's image uploads; tenant isolation; change logs.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodDays } from '../../src/domain/activity/checkIn';
import { DEFAULT_UNRELEASED_MENU_IDS } from '../../src/domain/menu';
import { activityClient, templateImage } from './activitySetup';
import { describeApi, expectFailure } from './harness';
import { call, ok, type Client } from './marketingSetup';

interface CheckIn {
  id: number;
  name: string;
  timezoneId: number;
  from: string;
  to: string;
  enable: boolean;
  requiredDays: number;
  totalDays: number;
  entries: { image: string; text: string }[];
}

const RELEASED = DEFAULT_UNRELEASED_MENU_IDS.filter((id) => id !== 51);

describe('periodDays', () => {
  it('counts the calendar days the period touches in the zone of the activity', () => {
    // Taipei (103, UTC+8): 2025-01-01 10:00 to 2025-01-03 09:00 local.
    expect(periodDays('2025-01-01T02:00:00.000Z', '2025-01-03T01:00:00.000Z', 103)).toBe(3);
    // One hour across local midnight (23:30 to 00:30 in Taipei) touches two days; in London (UTC) one.
    expect(periodDays('2025-01-01T15:30:00.000Z', '2025-01-01T16:30:00.000Z', 103)).toBe(2);
    expect(periodDays('2025-01-01T15:30:00.000Z', '2025-01-01T16:30:00.000Z', 133)).toBe(1);
    // Jan 1 08:00 to Mar 1 23:59 in Taipei: 31 + 28 + 1 days.
    expect(periodDays('2025-01-01T00:00:00.000Z', '2025-03-01T15:59:00.000Z', 103)).toBe(60);
    expect(periodDays('2025-01-01T00:00:00.000Z', '2025-03-01T23:59:00.000Z', 103)).toBe(61);
    expect(() => periodDays('2025-01-02T00:00:00.000Z', '2025-01-01T00:00:00.000Z', 103)).toThrow();
    expect(() => periodDays('2025-01-01T00:00:00.000Z', '2025-01-02T00:00:00.000Z', 99999)).toThrow();
  });
});

describeApi('Check-in activities', (h) => {
  let dir: string;
  let app: FastifyInstance;
  let a: Client;
  let b: Client;
  let picture: string;

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-checkin-'));
    app = await h.appWith({ filesDir: dir, unreleasedMenuIds: RELEASED });
    a = await activityClient(h);
    b = await activityClient(h);
    picture = await templateImage(app, a.token);
  });
  afterAll(() => fsp.rm(dir, { recursive: true, force: true }));

  const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ image: picture, text: `Day ${i + 1}` }));
  // Taipei: 2030-05-01 00:00 to 2030-05-07 23:59 local, 7 days.
  const body = (over: Record<string, unknown> = {}) => ({
    name: 'May check-in', enable: true, timezoneId: 103, from: '2030-04-30T16:00:00.000Z', to: '2030-05-07T15:59:00.000Z',
    requiredDays: 5, entries: entries(5), ...over,
  });

  it('is unreleased by default: 403 until menu 51 is released; roles without 51 are refused', async () => {
    // h.app has the default settings: 51 unreleased.
    expectFailure(await h.call('GET', 'marketing/check-in-activity', { token: a.token }), 403, 3);
    const lotteryOnly = await activityClient(h, { functions: [48, 49] });
    expectFailure(await call(h, app, 'GET', 'marketing/check-in-activity', lotteryOnly.token), 403, 3);
    const noMarketing = await activityClient(h, { functionFlags: 4 });
    expectFailure(await call(h, app, 'GET', 'marketing/check-in-activity', noMarketing.token), 403, 3);
    await ok(h, app, 'GET', 'marketing/check-in-activity', a.token);
  });

  it('creates, reads, updates and deletes; the db holds the entries; change logs', async () => {
    const created = await ok<CheckIn>(h, app, 'POST', 'marketing/check-in-activity', a.token, body(), 201);
    expect(created).toMatchObject({ name: 'May check-in', timezoneId: 103, enable: true, requiredDays: 5, totalDays: 7, entries: entries(5) });
    const row = await h.db.selectFrom('check_in_activities').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: a.id, name: 'May check-in', required_days: 5, timezone_id: 103 });
    expect(row.entries).toEqual(entries(5));
    expect(await ok(h, app, 'GET', `marketing/check-in-activity/${created.id}`, a.token)).toEqual(created);

    const edited = await ok<CheckIn>(h, app, 'PUT', 'marketing/check-in-activity', a.token, { ...created, enable: false, requiredDays: 7, entries: entries(7) });
    expect(edited).toMatchObject({ enable: false, requiredDays: 7, totalDays: 7 });
    expect(edited.entries).toHaveLength(7);

    expectFailure(await call(h, app, 'GET', `marketing/check-in-activity/${created.id}`, b.token), 404, 2);
    expectFailure(await call(h, app, 'PUT', 'marketing/check-in-activity', b.token, { ...body(), id: created.id }), 404, 2);
    expectFailure(await call(h, app, 'DELETE', `marketing/check-in-activity/${created.id}`, b.token), 404, 2);
    await ok(h, app, 'DELETE', `marketing/check-in-activity/${created.id}`, a.token);
    expect(await h.db.selectFrom('check_in_activities').select('id').where('id', '=', created.id).executeTakeFirst()).toBeUndefined();
    const logs = await h.db.selectFrom('change_logs').select('action').where('resource', '=', 'checkInActivity').where('resource_id', '=', String(created.id)).orderBy('id').execute();
    expect(logs.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses more days than the period has, entries that differ from the days, outside 1 to 60', async () => {
    let f = expectFailure(await call(h, app, 'POST', 'marketing/check-in-activity', a.token, body({ requiredDays: 8, entries: entries(8) })), 400, 1);
    expect(f.data).toEqual({ requiredDays: { key: 'checkInDaysOverTotal', params: { total: 7 } } });
    f = expectFailure(await call(h, app, 'POST', 'marketing/check-in-activity', a.token, body({ requiredDays: 5, entries: entries(4) })), 400, 1);
    expect(f.data).toEqual({ entries: { key: 'checkInEntriesCount', params: { count: 5 } } });
    f = expectFailure(await call(h, app, 'POST', 'marketing/check-in-activity', a.token, body({ requiredDays: 0, entries: [] })), 400, 1);
    expect(Object.keys(f.data)).toContain('requiredDays');
    const long = { from: '2030-01-01T00:00:00.000Z', to: '2030-12-31T00:00:00.000Z' };
    f = expectFailure(await call(h, app, 'POST', 'marketing/check-in-activity', a.token, body({ ...long, requiredDays: 61, entries: entries(61) })), 400, 1);
    expect(Object.keys(f.data)).toEqual(expect.arrayContaining(['requiredDays', 'entries']));
    // The bounds themselves: 1 and 60.
    await ok(h, app, 'POST', 'marketing/check-in-activity', a.token, body({ name: 'One day', requiredDays: 1, entries: entries(1) }), 201);
    await ok(h, app, 'POST', 'marketing/check-in-activity', a.token, body({ ...long, name: 'Sixty days', requiredDays: 60, entries: entries(60) }), 201);
    // End before start; unknown time zone; empty text; another tenant's picture.
    f = expectFailure(await call(h, app, 'POST', 'marketing/check-in-activity', a.token, body({ from: '2030-05-08T00:00:00.000Z' })), 400, 1);
    expect(Object.keys(f.data)).toContain('to');
    f = expectFailure(await call(h, app, 'POST', 'marketing/check-in-activity', a.token, body({ timezoneId: 99999 })), 400, 1);
    expect(Object.keys(f.data)).toEqual(['timezoneId']);
    f = expectFailure(await call(h, app, 'POST', 'marketing/check-in-activity', a.token, body({ requiredDays: 1, entries: [{ image: picture, text: '' }] })), 400, 1);
    expect(Object.keys(f.data)).toEqual(['entries.0.text']);
    const theirs = await templateImage(app, b.token);
    f = expectFailure(await call(h, app, 'POST', 'marketing/check-in-activity', a.token, body({ requiredDays: 1, entries: [{ image: theirs, text: 'x' }] })), 400, 1);
    expect(Object.keys(f.data)).toEqual(['entries.0.image']);
  });

  it('counts a one-day period in New York in July as one day (the zone database, not the standard offset)', async () => {
    // 2030-07-01 00:00 to 23:59 EDT (UTC-4).
    const july = { timezoneId: 109, from: '2030-07-01T04:00:00.000Z', to: '2030-07-02T03:59:00.000Z' };
    const f = expectFailure(await call(h, app, 'POST', 'marketing/check-in-activity', a.token, body({ ...july, requiredDays: 2, entries: entries(2) })), 400, 1);
    expect(f.data).toEqual({ requiredDays: { key: 'checkInDaysOverTotal', params: { total: 1 } } });
    const created = await ok<CheckIn>(h, app, 'POST', 'marketing/check-in-activity', a.token, body({ ...july, requiredDays: 1, entries: entries(1) }), 201);
    expect(created.totalDays).toBe(1);
  });

  it('lists the tenant\'s activities, sorted and paged in the database, with a keyword', async () => {
    const c = await activityClient(h);
    const pic = await templateImage(app, c.token);
    for (const name of ['Alpha', 'beta', 'Gamma']) {
      await ok(h, app, 'POST', 'marketing/check-in-activity', c.token, body({ name, requiredDays: 1, entries: [{ image: pic, text: 'Hi' }] }), 201);
    }
    const list = await ok<{ items: CheckIn[]; total: number }>(h, app, 'GET', 'marketing/check-in-activity?sort=name&order=desc', c.token);
    expect(list.total).toBe(3);
    expect(list.items.map((i) => i.name)).toEqual(['Gamma', 'beta', 'Alpha']);
    const kw = await ok<{ items: CheckIn[]; total: number }>(h, app, 'GET', 'marketing/check-in-activity?keyword=ET', c.token);
    expect(kw.items.map((i) => i.name)).toEqual(['beta']);
    const page = await ok<{ items: CheckIn[]; total: number }>(h, app, 'GET', 'marketing/check-in-activity?pageSize=2&page=2&sort=name', c.token);
    expect(page.items.map((i) => i.name)).toEqual(['Gamma']);
  });
});

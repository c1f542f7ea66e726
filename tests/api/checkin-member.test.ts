/**
 * The shopper's daily check-in (issue 29, server/modules/public/checkInPublic.ts): once a day in the
 * activity's zone (daylight saving included), the streak, the day's entry, the points granted
 * (points per day, a completion bonus once), twice a day or in parallel granting once, the
 * period and the tenant enforced. The clock is moved with the x-test-now header on an app with
 * TEST_CLOCK on; the default app ignores that header.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInDayOf, entryOf, pointsOf, streakOn, type CheckInResult, type MemberCheckIn } from '../../src/domain/activity/checkInDay';
import { PointChangeLogType } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { DEFAULT_UNRELEASED_MENU_IDS } from '../../src/domain/menu';
import { json } from '../../server/db/schema';
import { describeApi, expectFailure } from './harness';
import { exportedFile, jobWorker } from './productSetup';
import type { Client } from './marketingSetup';
import { joined, memberClient, SETTINGS } from './memberSetup';

const ENTRIES = [1, 2, 3].map((n) => ({ image: `/files/day${n}`, text: `Day ${n}` }));

describe('check-in rules', () => {
  it('dates by the zone database, continues a streak only on the next day, grants the bonus once', () => {
    // 00:30 EDT on 2030-03-11 (New York, daylight saving since 03-10): a fixed -5 h would say 03-10.
    expect(checkInDayOf({ timezoneId: 109 }, new Date('2030-03-11T04:30:00Z'))).toBe('2030-03-11');
    expect(checkInDayOf({ timezoneId: 103 }, new Date('2030-05-01T16:30:00Z'))).toBe('2030-05-02');
    expect(streakOn('2030-05-02', null)).toBe(1);
    expect(streakOn('2030-05-02', { day: '2030-05-01', streak: 4 })).toBe(5);
    expect(streakOn('2030-05-03', { day: '2030-05-01', streak: 4 })).toBe(1);
    expect(streakOn('2030-03-01', { day: '2030-02-28', streak: 1 })).toBe(2);
    expect(entryOf(ENTRIES, 2)).toEqual(ENTRIES[1]);
    expect(entryOf(ENTRIES, 7)).toEqual(ENTRIES[2]);
    const rules = { pointsPerDay: 5, completionPoints: 20, requiredDays: 3 };
    expect([1, 2, 3, 4].map((n) => pointsOf(rules, n))).toEqual([5, 5, 25, 5]);
  });
});

describeApi('Member check-in', (h) => {
  let app: FastifyInstance;
  let a: Client;
  let b: Client;
  let may: number;

  const at = (iso: string, token: string) => ({ authorization: `Bearer ${token}`, 'x-test-now': iso });
  const checkIn = (id: number, iso: string, token: string, tenant = a.code, on = app) =>
    on.inject({ method: 'POST', url: `/mapi/v1/member/${tenant}/check-in/${id}`, headers: at(iso, token) });
  const list = async (iso: string, token: string) => {
    const res = await app.inject({ method: 'GET', url: `/mapi/v1/member/${a.code}/check-in`, headers: at(iso, token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MemberCheckIn[];
  };

  async function activity(tenantId: number, over: Record<string, unknown> = {}): Promise<number> {
    const row = await h.db.insertInto('check_in_activities').values({
      tenant_id: tenantId, name: 'May check-in', timezone_id: 103,
      // Taipei: 2030-05-01 00:00 to 2030-05-31 23:59 local.
      starts_at: new Date('2030-04-30T16:00:00Z'), ends_at: new Date('2030-05-31T15:59:00Z'),
      required_days: 3, entries: json(ENTRIES), points_per_day: 5, completion_points: 20, ...over,
    }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    // Check-in (51) released for the export; the shopper's side needs no menu.
    app = await h.appWith({ testClock: true, unreleasedMenuIds: DEFAULT_UNRELEASED_MENU_IDS.filter((id) => id !== 51) });
    a = await memberClient(h, { functions: [7, 38, 48, 51] });
    b = await memberClient(h);
    for (const c of [a, b]) {
      const res = await h.app.inject({ method: 'POST', url: '/v1/member', headers: { authorization: `Bearer ${c.token}` }, payload: SETTINGS });
      expect(res.statusCode, res.body).toBe(201);
    }
    may = await activity(a.id);
  });

  const ledger = (memberId: number) => h.db.selectFrom('member_points').select(['type', 'points', 'memo']).where('member_id', '=', memberId).orderBy('id').execute();
  const memberIdOf = async (phone: string) => (await h.db.selectFrom('members').select('id').where('tenant_id', '=', a.id).where('phone', '=', phone.slice(1)).executeTakeFirstOrThrow()).id;

  it('checks in once a day: the entry of the day, the streak, points per day and the completion bonus once', async () => {
    const { token, phone } = await joined(app, a.code);
    const before = await list('2030-05-01T01:00:00Z', token);
    expect(before.find((x) => x.id === may)).toMatchObject({ today: '2030-05-01', checkedInToday: false, count: 0, streak: 0, entry: null });

    const d1 = await checkIn(may, '2030-05-01T01:00:00Z', token);
    expect(d1.statusCode, d1.body).toBe(201);
    expect(d1.json()).toMatchObject({ today: '2030-05-01', count: 1, streak: 1, points: 5, balance: 5, entry: ENTRIES[0], checkedInToday: true, completed: false });
    // 23:30 the same day in Taipei (15:30 UTC): the same day, refused, nothing granted.
    expectFailure(await checkIn(may, '2030-05-01T15:30:00Z', token), 400, ErrorCode.AlreadyPlayedToday);
    // 00:30 the next day in Taipei (16:30 UTC of the 1st): a new day, the streak goes on.
    const d2 = await checkIn(may, '2030-05-01T16:30:00Z', token);
    expect(d2.json()).toMatchObject({ today: '2030-05-02', count: 2, streak: 2, points: 5, balance: 10, entry: ENTRIES[1] });
    // The 3rd is skipped: on the 4th the streak starts again; the third check-in completes (+20).
    const d4 = await checkIn(may, '2030-05-04T02:00:00Z', token);
    expect(d4.json()).toMatchObject({ today: '2030-05-04', count: 3, streak: 1, points: 25, balance: 35, entry: ENTRIES[2], completed: true });
    const d5 = (await checkIn(may, '2030-05-05T02:00:00Z', token)).json() as CheckInResult;
    expect(d5).toMatchObject({ count: 4, streak: 2, points: 5, balance: 40, entry: ENTRIES[2] });
    expect(await list('2030-05-05T03:00:00Z', token)).toEqual([expect.objectContaining({ id: may, checkedInToday: true, streak: 2, count: 4, entry: ENTRIES[2] })]);
    // The next day, not yet checked in: the streak still stands; a day later it is broken.
    expect((await list('2030-05-06T03:00:00Z', token))[0]).toMatchObject({ checkedInToday: false, streak: 2, entry: null });
    expect((await list('2030-05-07T03:00:00Z', token))[0]).toMatchObject({ streak: 0 });

    const rows = await ledger(await memberIdOf(phone));
    expect(rows).toEqual([5, 5, 25, 5].map((points) => ({ type: PointChangeLogType.CheckIn, points, memo: 'May check-in' })));
    const account = await app.inject({ method: 'GET', url: `/mapi/v1/member/${a.code}/me`, headers: { authorization: `Bearer ${token}` } });
    expect((account.json() as { balance: number }).balance).toBe(40);
  });

  it('ten check-ins of one member at once grant once (the unique key of the day)', async () => {
    const { token, phone } = await joined(app, a.code);
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkIn(may, '2030-05-10T02:00:00Z', token)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(400)]);
    for (const r of answers.filter((x) => x.statusCode === 400)) expect((r.json() as { code: number }).code).toBe(ErrorCode.AlreadyPlayedToday);
    const memberId = await memberIdOf(phone);
    expect(await h.db.selectFrom('check_in_records').select(['day', 'streak', 'points']).where('member_id', '=', memberId).execute()).toHaveLength(1);
    expect(await ledger(memberId)).toHaveLength(1);
  });

  it('counts days in New York with daylight saving: 00:30 EDT on the day after the change is a new day', async () => {
    // 2030-03-09 00:00 to 2030-03-20 23:59 New York.
    const ny = await activity(a.id, { name: 'NY', timezone_id: 109, starts_at: new Date('2030-03-09T05:00:00Z'), ends_at: new Date('2030-03-21T03:59:00Z') });
    const { token } = await joined(app, a.code);
    // 00:30 EST on 03-10 (05:30 UTC), then 00:30 EDT on 03-11 (04:30 UTC: 23 hours later).
    expect((await checkIn(ny, '2030-03-10T05:30:00Z', token)).json()).toMatchObject({ today: '2030-03-10', streak: 1 });
    const next = await checkIn(ny, '2030-03-11T04:30:00Z', token);
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toMatchObject({ today: '2030-03-11', streak: 2 });
  });

  it('outside the period, disabled, another tenant\'s activity, signed out', async () => {
    const { token } = await joined(app, a.code);
    expectFailure(await checkIn(may, '2030-04-30T15:59:00Z', token), 400, ErrorCode.ActivityClosed);
    expectFailure(await checkIn(may, '2030-05-31T16:00:00Z', token), 400, ErrorCode.ActivityClosed);
    const off = await activity(a.id, { enable: false });
    expectFailure(await checkIn(off, '2030-05-02T02:00:00Z', token), 400, ErrorCode.ActivityClosed);
    expect((await list('2030-05-02T02:00:00Z', token)).map((x) => x.id)).not.toContain(off);
    const theirs = await activity(b.id);
    expectFailure(await checkIn(theirs, '2030-05-02T02:00:00Z', token), 404, ErrorCode.NotFound);
    const anon = await app.inject({ method: 'POST', url: `/mapi/v1/member/${a.code}/check-in/${may}` });
    expect(anon.statusCode).toBe(401);
    // A token of tenant a on tenant b's path: 401.
    expect((await checkIn(theirs, '2030-05-02T02:00:00Z', token, b.code)).statusCode).toBe(401);
    expectFailure(await app.inject({ method: 'POST', url: `/mapi/v1/member/${a.code}/check-in/abc`, headers: { authorization: `Bearer ${token}` } }), 400, ErrorCode.BadRequest);
  });

  it('without TEST_CLOCK the header is ignored: now is now (before the 2030 period)', async () => {
    const { token } = await joined(app, a.code);
    expectFailure(await checkIn(may, '2030-05-02T02:00:00Z', token, a.code, h.app), 400, ErrorCode.ActivityClosed);
  });

  describe('the participants export (POST marketing/check-in-activity/file)', () => {
    let worker: Awaited<ReturnType<typeof jobWorker>>;
    beforeAll(async () => { worker = await jobWorker(h); });
    afterAll(async () => { await worker.stop(); });

    it('one row per activity and member: check-ins, first and last day, longest streak, points; the tenant\'s only', async () => {
      const id = await activity(a.id, { name: 'Export me' });
      const one = await joined(app, a.code);
      const two = await joined(app, a.code);
      for (const day of ['2030-05-01', '2030-05-02', '2030-05-04']) expect((await checkIn(id, `${day}T02:00:00Z`, one.token)).statusCode).toBe(201);
      expect((await checkIn(id, '2030-05-03T02:00:00Z', two.token)).statusCode).toBe(201);
      // Tenant b's activity of the same name, with a check-in, stays out of a's file.
      const theirs = await activity(b.id, { name: 'Export me' });
      const stranger = await joined(app, b.code);
      expect((await checkIn(theirs, '2030-05-03T02:00:00Z', stranger.token, b.code)).statusCode).toBe(201);

      expectFailure(await h.call('POST', 'marketing/check-in-activity/file', { token: a.token, body: { format: 'csv' } }), 403, ErrorCode.NotAllowed);
      expectFailure(await h.call('POST', 'marketing/check-in-activity/file', { app, token: a.token, body: { format: 'pdf' } }), 400, ErrorCode.BadRequest);
      const res = await h.call('POST', 'marketing/check-in-activity/file', { app, token: a.token, body: { keyword: 'export', format: 'csv', lang: 'en' } });
      expect(res.statusCode, res.body).toBe(201);
      const file = await exportedFile(h, worker.store, (res.json() as { id: number }).id);
      expect(file.lines).toEqual([
        'Activity name,Member phone,Member name,Check-ins,First day,Last day,Longest streak,Points granted',
        `${id} Export me,+886${one.phone.slice(1)},,3,2030-05-01,2030-05-04,2,35`,
        `${id} Export me,+886${two.phone.slice(1)},,1,2030-05-03,2030-05-03,1,5`,
      ]);
    });
  });
});

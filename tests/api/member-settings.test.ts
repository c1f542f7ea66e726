/**
 * The member back office (issue 14, menu 38): settings (7101-7104, pointLarger, at most 10
 * reward rules, brand products of the tenant), the member list (phone search, balance sorted
 * in the database, tier), a member's point history, the member data export job; grants
 * (Member function only) and tenant isolation.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { JobCategory, PointChangeLogType } from '../../src/domain/enums';
import { describeApi, expectFailure } from './harness';
import { brandProduct, call, ok, type Client } from './marketingSetup';
import { joined, memberClient, SETTINGS } from './memberSetup';
import { exportedFile, jobWorker } from './productSetup';

interface SettingDto { id: number | null; tiers: { name: string; points: number }[]; rewardRules: Record<string, unknown>[]; requiredInfo: number; loginPlatforms: number[] }

describeApi('Member back office', (h) => {
  let app: FastifyInstance;
  let a: Client;
  let b: Client;

  beforeAll(async () => {
    app = h.app;
    a = await memberClient(h);
    b = await memberClient(h);
  });

  describe('grants', () => {
    it('refuses clients without the Member function, the operator, roles without the screen, and visitors', async () => {
      const noMember = await memberClient(h, { functionFlags: 3 });
      for (const url of ['member', 'member/list', 'member/brand-products']) expectFailure(await call(h, app, 'GET', url, noMember.token), 403, 3);
      expectFailure(await call(h, app, 'POST', 'member', noMember.token, SETTINGS), 403, 3);
      expectFailure(await call(h, app, 'POST', 'member/file', noMember.token, {}), 403, 3);
      expectFailure(await call(h, app, 'POST', 'Report/member/file', noMember.token, {}), 403, 3);
      const operator = await h.signedInUser({ tenant: 'platform' });
      expectFailure(await call(h, app, 'GET', 'member', operator.token), 403, 3);
      const other = await memberClient(h, { functions: [6, 31] });
      expectFailure(await call(h, app, 'GET', 'member', other.token), 403, 3);
      expect((await call(h, app, 'GET', 'member')).statusCode).toBe(401);
    });
  });

  describe('settings', () => {
    it('adds (201), refuses a second add (7101), edits (200) and logs both', async () => {
      const c = await memberClient(h);
      const empty = await ok<SettingDto>(h, app, 'GET', 'member', c.token);
      expect(empty).toMatchObject({ id: null, tiers: null, rewardRules: null, loginPlatforms: null, requiredInfo: null });
      const added = await ok<SettingDto>(h, app, 'POST', 'member', c.token, SETTINGS, 201);
      expect(added).toMatchObject({ id: c.id, requiredInfo: SETTINGS.requiredInfo, pointCalculationType: 2, loginPlatforms: [1, 4], tiers: SETTINGS.tiers });
      expect(added.rewardRules).toEqual([{ name: 'Any scan', earnType: 1, brandProductIds: [], points: 10, memoType: 2, memo: '' }]);
      expectFailure(await call(h, app, 'POST', 'member', c.token, SETTINGS), 400, 7101);
      const edited = await ok<SettingDto>(h, app, 'POST', 'member', c.token, { ...SETTINGS, id: c.id, requiredInfo: 4, tiers: SETTINGS.tiers.slice(0, 2) });
      // Phone is always required.
      expect(edited).toMatchObject({ id: c.id, requiredInfo: 5, tiers: SETTINGS.tiers.slice(0, 2) });
      expectFailure(await call(h, app, 'POST', 'member', c.token, { ...SETTINGS, id: c.id + 100000 }), 404, 2);
      const logs = await h.db.selectFrom('change_logs').select('action').where('tenant_id', '=', c.id).where('resource', '=', 'memberSetting').orderBy('id').execute();
      expect(logs.map((l) => l.action)).toEqual(['create', 'update']);
    });

    it('answers 7102 for 1 or 11 tiers, 7103 for 5 or repeated platforms, 7104 for tiers removed, pointLarger for thresholds', async () => {
      const c = await memberClient(h);
      expectFailure(await call(h, app, 'POST', 'member', c.token, { ...SETTINGS, tiers: [{ name: 'One', points: 0 }] }), 400, 7102);
      expectFailure(await call(h, app, 'POST', 'member', c.token, { ...SETTINGS, tiers: [] }), 400, 7102);
      const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `T${i}`, points: i * 10 }));
      expectFailure(await call(h, app, 'POST', 'member', c.token, { ...SETTINGS, tiers: eleven }), 400, 7102);
      expectFailure(await call(h, app, 'POST', 'member', c.token, { ...SETTINGS, loginPlatforms: [1, 2, 3, 4, 1] }), 400, 7103);
      expectFailure(await call(h, app, 'POST', 'member', c.token, { ...SETTINGS, loginPlatforms: [2, 2] }), 400, 7103);
      const larger = expectFailure(await call(h, app, 'POST', 'member', c.token, { ...SETTINGS, tiers: [{ name: 'A', points: 10 }, { name: 'B', points: 10 }] }), 400, 1);
      expect(larger.data).toEqual({ 'tiers.1.points': { key: 'pointLarger' } });
      const rules = Array.from({ length: 11 }, (_, i) => ({ name: `R${i}`, earnType: 1, points: 1, memoType: 2 }));
      expect(expectFailure(await call(h, app, 'POST', 'member', c.token, { ...SETTINGS, rewardRules: rules }), 400, 1).data).toHaveProperty('rewardRules');
      const txt = expectFailure(await call(h, app, 'POST', 'member', c.token, { ...SETTINGS, rewardRules: [{ name: 'R', earnType: 1, points: 1, memoType: 1 }] }), 400, 1);
      expect(txt.data).toEqual({ 'rewardRules.0.memo': { key: 'required' } });
      await ok(h, app, 'POST', 'member', c.token, SETTINGS, 201);
      expectFailure(await call(h, app, 'POST', 'member', c.token, { ...SETTINGS, id: c.id, tiers: [] }), 400, 7104);
      expectFailure(await call(h, app, 'POST', 'member', c.token, { ...SETTINGS, id: c.id, tiers: undefined }), 400, 7104);
    });

    it('takes reward rules on the tenant\'s brand products only, and offers them', async () => {
      const c = await memberClient(h);
      const mine = await brandProduct(h, c.id, 'Oolong');
      const theirs = await brandProduct(h, b.id, 'Other');
      const options = await ok<{ value: number; label: string }[]>(h, app, 'GET', 'member/brand-products', c.token);
      expect(options.map((o) => o.value)).toEqual([mine.id]);
      const bad = expectFailure(await call(h, app, 'POST', 'member', c.token, { ...SETTINGS, rewardRules: [{ name: 'R', earnType: 1, points: 5, memoType: 2, brandProductIds: [mine.id, theirs.id] }] }), 400, 1);
      expect(bad.data).toEqual({ 'rewardRules.0.brandProductIds': { key: 'invalid' } });
      const saved = await ok<SettingDto>(h, app, 'POST', 'member', c.token, { ...SETTINGS, rewardRules: [{ name: 'R', earnType: 1, points: 5, memoType: 1, memo: 'Oolong scan', brandProductIds: [mine.id] }] }, 201);
      expect(saved.rewardRules[0]).toMatchObject({ brandProductIds: [mine.id], memo: 'Oolong scan' });
    });
  });

  describe('members', () => {
    it('lists the tenant\'s members with balance and tier, searches by phone, sorts by balance in the database', async () => {
      await ok(h, app, 'POST', 'member', a.token, SETTINGS, 201);
      const m1 = await joined(app, a.code);
      const m2 = await joined(app, a.code);
      const m3 = await joined(app, a.code);
      await joined(app, a.code); // a fourth, no points
      const ids = await h.db.selectFrom('members').select(['id', 'phone']).where('tenant_id', '=', a.id).execute();
      const idOf = (phone: string) => ids.find((r) => r.phone === phone.replace(/^0/, ''))!.id;
      const add = (memberId: number, points: number, extra: Record<string, unknown> = {}) =>
        h.db.insertInto('member_points').values({ tenant_id: a.id, member_id: memberId, type: PointChangeLogType.OrderAdjustIncrease, points, ...extra }).execute();
      await add(idOf(m1.phone), 120);
      await add(idOf(m2.phone), 600);
      await add(idOf(m3.phone), 50);
      // Expired points do not count: 700 earned two years ago, expired last year.
      await add(idOf(m3.phone), 700, { expires_at: new Date(Date.now() - 365 * 86_400_000) });
      const page = await ok<{ items: { id: number; phone: string; balance: number; tierName: string | null }[]; total: number }>(h, app, 'GET', 'member/list?sort=balance&order=desc', a.token);
      expect(page.total).toBe(4);
      expect(page.items.map((i) => i.balance)).toEqual([600, 120, 50, 0]);
      expect(page.items.map((i) => i.tierName)).toEqual(['Platinum', 'Gold', 'Silver', 'Silver']);
      const paged = await ok<{ items: { balance: number }[]; total: number }>(h, app, 'GET', 'member/list?sort=balance&order=asc&page=2&pageSize=2', a.token);
      expect(paged.items.map((i) => i.balance)).toEqual([120, 600]);
      const found = await ok<{ items: { phone: string }[]; total: number }>(h, app, 'GET', `member/list?phone=${m2.phone.slice(-6)}`, a.token);
      expect(found.items.map((i) => i.phone)).toEqual([`+886 ${m2.phone.replace(/^0/, '')}`]);
      // Another tenant sees none of them.
      expect((await ok<{ total: number }>(h, app, 'GET', 'member/list', b.token)).total).toBe(0);
      expectFailure(await call(h, app, 'GET', `member/list/${idOf(m1.phone)}`, b.token), 404, 2);
    });

    it('shows one member with the ledger rows as the point history', async () => {
      const m = await joined(app, a.code);
      const row = await h.db.selectFrom('members').select('id').where('tenant_id', '=', a.id).where('phone', '=', m.phone.replace(/^0/, '')).executeTakeFirstOrThrow();
      await h.db.insertInto('member_points').values([
        { tenant_id: a.id, member_id: row.id, type: PointChangeLogType.ScanCode, points: 10, code: `HIST${row.id}`, memo: 'Any scan' },
        { tenant_id: a.id, member_id: row.id, type: PointChangeLogType.OrderAdjustIncrease, points: 5 },
      ]).execute();
      const detail = await ok<{ balance: number; tierName: string; history: { type: number; points: number; code: string | null }[] }>(h, app, 'GET', `member/list/${row.id}`, a.token);
      expect(detail.balance).toBe(15);
      expect(detail.tierName).toBe('Silver');
      expect(detail.history.map((r) => [r.type, r.points]).sort()).toEqual([[1, 10], [4, 5]]);
    });

    it('exports the members as a job (ExportMemberData) in the asked language', async () => {
      const worker = await jobWorker(h);
      try {
        const res = await ok<{ id: number; reportId: number }>(h, app, 'POST', 'member/file', a.token, { lang: 'en', format: 'csv' }, 201);
        const job = await h.db.selectFrom('jobs').select(['category', 'tenant_id']).where('id', '=', res.id).executeTakeFirstOrThrow();
        expect(job).toEqual({ category: 13, tenant_id: a.id });
        const { lines } = await exportedFile(h, worker.store, res.id);
        expect(lines[0]).toBe('Phone,Name,Gender,Birthday,Email,Address,LINE ID,Discount code,Points,Tier,Joined');
        expect(lines.length).toBe(1 + 5);
        // Issue 23: one phone format in every export, E.164 (joined as 0912..., written +886912...).
        expect(lines.slice(1).map((l) => l.split(',')[0]).every((p) => /^\+886912\d{6}$/.test(p))).toBe(true);
        expect(lines.some((l) => l.includes(',600,Platinum,'))).toBe(true);
        const zh = await ok<{ id: number }>(h, app, 'POST', 'member/file', a.token, { lang: 'zh_TW', format: 'csv', phone: '999999999' }, 201);
        const { lines: zhLines } = await exportedFile(h, worker.store, zh.id);
        expect(zhLines).toEqual(['手機,姓名,性別,生日,Email,地址,LINE ID,優惠碼,點數,等級,加入時間']);
      } finally {
        await worker.stop();
      }
      expectFailure(await call(h, app, 'POST', 'member/file', a.token, { format: 'pdf' }), 400, 1);
    });

    it('POST Report/member/file files the same export as the member report (CustomerExportMemberData 16), tenant and menu bound', async () => {
      const worker = await jobWorker(h);
      try {
        const res = await ok<{ id: number; reportId: number }>(h, app, 'POST', 'Report/member/file', a.token, { lang: 'en' }, 201);
        const job = await h.db.selectFrom('jobs').select(['category', 'tenant_id']).where('id', '=', res.id).executeTakeFirstOrThrow();
        expect(job).toEqual({ category: JobCategory.CustomerExportMemberData, tenant_id: a.id });
        const { lines, report } = await exportedFile(h, worker.store, res.id);
        expect(report.function_type).toBe(JobCategory.CustomerExportMemberData);
        expect(lines[0]).toBe('Phone,Name,Gender,Birthday,Email,Address,LINE ID,Discount code,Points,Tier,Joined');
        expect(lines.length).toBe(1 + 5);
      } finally {
        await worker.stop();
      }
      expectFailure(await call(h, app, 'POST', 'Report/member/file', a.token, { format: 'pdf' }), 400, 1);
    });
  });
});

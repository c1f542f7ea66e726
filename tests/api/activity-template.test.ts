/**
 * Game templates (issue 15, SPEC 7 "Activity template"): list filtered by game type, get,
 * create, update (gameType fixed), uploads through marketing/activity-template/files (array of
 * urls; 102 too large, 201 not an image, 104 none), 6711 on a repeated name (any case), the
 * core shape per game (unknown keys, colours, image lists, others' uploads), grants, tenant
 * isolation, change logs.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES, defaultCore } from '../../src/domain/activity/templates';
import { GameType } from '../../src/domain/enums';
import { png } from '../support/png';
import { activityClient, templateImage, uploadTo } from './activitySetup';
import { describeApi, expectFailure } from './harness';
import { call, marketingClient, ok, type Client } from './marketingSetup';

interface Template {
  id: number;
  templateId: number;
  name: string;
  gameType: number;
  typeCode: string;
  viewKey: string;
  coverUrl: string | null;
  core: Record<string, unknown>;
}

describeApi('Game templates', (h) => {
  let dir: string;
  let app: FastifyInstance;
  let a: Client;
  let b: Client;

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-tpl-'));
    app = await h.appWith({ filesDir: dir });
    a = await activityClient(h);
    b = await activityClient(h);
  });
  afterAll(() => fsp.rm(dir, { recursive: true, force: true }));

  it('refuses clients without the Marketing function, the operator, roles without menu 49, and no session', async () => {
    const noMarketing = await activityClient(h, { functionFlags: 4 });
    expectFailure(await call(h, app, 'GET', 'marketing/activity-template', noMarketing.token), 403, 3);
    const operator = await h.signedInUser({ tenant: 'platform' });
    expectFailure(await call(h, app, 'GET', 'marketing/activity-template', operator.token), 403, 3);
    const other = await marketingClient(h, { functions: [6, 31] });
    expectFailure(await call(h, app, 'GET', 'marketing/activity-template', other.token), 403, 3);
    expectFailure(await call(h, app, 'POST', 'marketing/activity-template', other.token, { name: 'x', gameType: 2 }), 403, 3);
    expect((await uploadTo(app, 'marketing/activity-template/files', other.token, [['a.png', png(8, 8)]])).statusCode).toBe(403);
    expect((await call(h, app, 'GET', 'marketing/activity-template')).statusCode).toBe(401);
  });

  it('uploads template images: an array of urls; 102 over 2 MB, 201 not an image, 104 nothing', async () => {
    const res = await uploadTo(app, 'marketing/activity-template/files', a.token, [['one.png', png(40, 30)], ['two.png', png(20, 20)]]);
    expect(res.statusCode, res.body).toBe(201);
    const urls = res.json() as string[];
    expect(urls).toHaveLength(2);
    for (const u of urls) expect(u).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
    const rows = await h.db.selectFrom('files').select(['name', 'width']).where('tenant_id', '=', a.id).where('name', 'in', ['one.png', 'two.png']).orderBy('name').execute();
    expect(rows).toEqual([{ name: 'one.png', width: 40 }, { name: 'two.png', width: 20 }]);

    expectFailure(await uploadTo(app, 'marketing/activity-template/files', a.token, [['big.png', png(1100, 1100, { noise: true })]]), 400, 102);
    expectFailure(await uploadTo(app, 'marketing/activity-template/files', a.token, [['doc.pdf', new TextEncoder().encode('%PDF-1.4\n')]]), 400, 201);
    expectFailure(await uploadTo(app, 'marketing/activity-template/files', a.token, []), 400, 104);
    // Even when the query asks for files: the route takes images only.
    expectFailure(await uploadTo(app, 'marketing/activity-template/files?kind=file', a.token, [['doc.pdf', new TextEncoder().encode('%PDF-1.4\n')]]), 400, 201);
  });

  it('creates a wheel template with colours and images, answers templateId, the type code and view key; the db holds it', async () => {
    const logo = await templateImage(app, a.token);
    const cover = await templateImage(app, a.token, 120, 80);
    const created = await ok<Template>(h, app, 'POST', 'marketing/activity-template', a.token, {
      name: 'Spring wheel', gameType: GameType.Wheel, coverUrl: cover,
      core: { LogoImage: logo, wheelColor: '#123456', wheelColor1: '#abcdef' },
    }, 201);
    expect(created.templateId).toBe(created.id);
    expect(created).toMatchObject({
      name: 'Spring wheel', gameType: 2, viewKey: 'view_wheel', typeCode: GAMES[1].typeCode, coverUrl: cover,
      core: { ...defaultCore(GameType.Wheel), LogoImage: logo, wheelColor: '#123456', wheelColor1: '#abcdef' },
    });
    expect(created.typeCode).toHaveLength(32);
    const row = await h.db.selectFrom('game_templates').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: a.id, name: 'Spring wheel', game_type: 2, cover_url: cover });
    expect(row.core).toMatchObject({ LogoImage: logo, wheelColor: '#123456', wheelColor1: '#abcdef', wheelColor2: '#fff7e0', textColor: '#7a2e12' });
    expect(await ok(h, app, 'GET', `marketing/activity-template/${created.id}`, a.token)).toEqual(created);
    const logs = await h.db.selectFrom('change_logs').select(['action', 'resource_id']).where('tenant_id', '=', a.id).where('resource', '=', 'gameTemplate').execute();
    expect(logs).toEqual([{ action: 'create', resource_id: String(created.id) }]);
  });

  it('refuses a repeated name in the tenant with 6711 (any case), allows it in another tenant', async () => {
    await ok(h, app, 'POST', 'marketing/activity-template', a.token, { name: 'Lucky Card', gameType: GameType.Scratch }, 201);
    const dup = expectFailure(await call(h, app, 'POST', 'marketing/activity-template', a.token, { name: '  lucky card ', gameType: GameType.Darts }), 400, 6711);
    expect(dup.data).toEqual({ name: { key: 'checkRepeatName' } });
    await ok(h, app, 'POST', 'marketing/activity-template', b.token, { name: 'Lucky Card', gameType: GameType.Scratch }, 201);
  });

  it('checks the core of the game: unknown keys, colours, image lists of exact length, uploads of the tenant', async () => {
    const mine = await templateImage(app, a.token);
    const theirs = await templateImage(app, b.token);
    const post = (name: string, gameType: number, core: Record<string, unknown>) => call(h, app, 'POST', 'marketing/activity-template', a.token, { name, gameType, core });

    let f = expectFailure(await post('c1', GameType.Scratch, { wheelColor: '#ffffff' }), 400, 1);
    expect(f.data).toEqual({ 'core.wheelColor': { key: 'unknownField' } });
    f = expectFailure(await post('c2', GameType.Wheel, { wheelColor: 'red', textColor: '#FFF' }), 400, 1);
    expect(f.data).toEqual({ 'core.wheelColor': { key: 'hexColor' }, 'core.textColor': { key: 'hexColor' } });
    f = expectFailure(await post('c3', GameType.RingToss, { DollImages: [mine] }), 400, 1);
    expect(f.data).toEqual({ 'core.DollImages': { key: 'count', params: { count: 9 } } });
    f = expectFailure(await post('c4', GameType.Wheel, { LogoImage: 'https://example.com/x.png' }), 400, 1);
    expect(f.data).toEqual({ 'core.LogoImage': { key: 'invalid' } });
    f = expectFailure(await post('c5', GameType.Wheel, { LogoImage: theirs }), 400, 1);
    expect(Object.keys(f.data)).toEqual(['core.LogoImage']);
    f = expectFailure(await call(h, app, 'POST', 'marketing/activity-template', a.token, { name: 'c6', gameType: GameType.Wheel, coverUrl: theirs }), 400, 1);
    expect(Object.keys(f.data)).toEqual(['coverUrl']);
    expectFailure(await call(h, app, 'POST', 'marketing/activity-template', a.token, { name: 'c7', gameType: 0 }), 400, 1);
    expectFailure(await call(h, app, 'POST', 'marketing/activity-template', a.token, { name: 'c8', gameType: 10 }), 400, 1);
    expectFailure(await call(h, app, 'POST', 'marketing/activity-template', a.token, { name: '', gameType: 2 }), 400, 1);
    expectFailure(await call(h, app, 'POST', 'marketing/activity-template', a.token, { name: 'x'.repeat(51), gameType: 2 }), 400, 1);
    const none = await h.db.selectFrom('game_templates').select('id').where('tenant_id', '=', a.id).where('name', 'like', 'c_').execute();
    expect(none).toEqual([]);

    // Ring toss with 9 dolls (some empty), guess card with 8 icons, baseball with 9 grids.
    const dolls = Array.from({ length: 9 }, (_, i) => (i % 2 ? mine : ''));
    const ring = await ok<Template>(h, app, 'POST', 'marketing/activity-template', a.token, { name: 'Rings', gameType: GameType.RingToss, core: { DollImages: dolls } }, 201);
    expect(ring.core.DollImages).toEqual(dolls);
    expect(ring.viewKey).toBe('view_ringtoss');
    const cards = await ok<Template>(h, app, 'POST', 'marketing/activity-template', a.token, { name: 'Cards', gameType: GameType.GuessCard, core: { CardIcons: Array(8).fill(mine) } }, 201);
    expect(cards.core.CardIcons).toHaveLength(8);
    const ball = await ok<Template>(h, app, 'POST', 'marketing/activity-template', a.token, { name: 'Ball', gameType: GameType.Baseball }, 201);
    expect(ball.core.GridImages).toEqual(Array(9).fill(''));
  });

  it('updates name, cover and core; gameType cannot change; another tenant\'s id is 404', async () => {
    const t = await ok<Template>(h, app, 'POST', 'marketing/activity-template', a.token, { name: 'Edit me', gameType: GameType.Wheel }, 201);
    const button = await templateImage(app, a.token);
    const edited = await ok<Template>(h, app, 'PUT', 'marketing/activity-template', a.token, {
      ...t, name: 'Edited', core: { ...t.core, ButtonImage: button, wheelColor2: '#00ff00' },
    });
    expect(edited).toMatchObject({ id: t.id, templateId: t.id, name: 'Edited', gameType: 2, core: { ButtonImage: button, wheelColor2: '#00ff00' } });
    const f = expectFailure(await call(h, app, 'PUT', 'marketing/activity-template', a.token, { id: t.id, name: 'Edited', gameType: GameType.Scratch }), 400, 1);
    expect(Object.keys(f.data)).toEqual(['gameType']);
    // Its own name again is fine; another template's name is 6711.
    await ok(h, app, 'PUT', 'marketing/activity-template', a.token, { id: t.id, name: 'EDITED' });
    expectFailure(await call(h, app, 'PUT', 'marketing/activity-template', a.token, { id: t.id, name: 'spring wheel' }), 400, 6711);
    expectFailure(await call(h, app, 'PUT', 'marketing/activity-template', b.token, { id: t.id, name: 'Mine now' }), 404, 2);
    expectFailure(await call(h, app, 'GET', `marketing/activity-template/${t.id}`, b.token), 404, 2);
    expectFailure(await call(h, app, 'PUT', 'marketing/activity-template', a.token, { name: 'no id' }), 400, 1);
    const actions = await h.db.selectFrom('change_logs').select('action').where('resource', '=', 'gameTemplate').where('resource_id', '=', String(t.id)).orderBy('id').execute();
    expect(actions.map((r) => r.action)).toEqual(['create', 'update', 'update']);
  });

  it('lists by game type and keyword, pages and sorts in the database, only the tenant\'s', async () => {
    const c = await activityClient(h);
    for (const [name, gameType] of [['W one', 2], ['W two', 2], ['S one', 1], ['D one', 6]] as const) {
      await ok(h, app, 'POST', 'marketing/activity-template', c.token, { name, gameType }, 201);
    }
    const all = await ok<{ items: Template[]; total: number }>(h, app, 'GET', 'marketing/activity-template', c.token);
    expect(all.total).toBe(4);
    expect(all.items.map((t) => t.name)).toEqual(['D one', 'S one', 'W two', 'W one']);
    const wheels = await ok<{ items: Template[]; total: number }>(h, app, 'GET', 'marketing/activity-template?gameType=2&sort=name&order=asc', c.token);
    expect(wheels).toMatchObject({ total: 2 });
    expect(wheels.items.map((t) => [t.name, t.viewKey])).toEqual([['W one', 'view_wheel'], ['W two', 'view_wheel']]);
    const page = await ok<{ items: Template[]; total: number }>(h, app, 'GET', 'marketing/activity-template?pageSize=1&page=2&sort=gameType&order=desc', c.token);
    expect(page.total).toBe(4);
    expect(page.items[0].gameType).toBe(2);
    const kw = await ok<{ items: Template[] }>(h, app, 'GET', 'marketing/activity-template?keyword=one', c.token);
    expect(kw.items).toHaveLength(3);
    expectFailure(await call(h, app, 'GET', 'marketing/activity-template?gameType=0', c.token), 400, 1);
    expectFailure(await call(h, app, 'GET', 'marketing/activity-template?sort=core', c.token), 400, 1);
  });

  describe('the nine games', () => {
    it('each has a distinct 32-character type code, a view key and keeps its defaults', async () => {
      expect(new Set(GAMES.map((g) => g.typeCode)).size).toBe(9);
      expect(new Set(GAMES.map((g) => g.viewKey)).size).toBe(9);
      for (const g of GAMES) {
        expect(g.typeCode).toMatch(/^[0-9a-f]{32}$/);
        const t = await ok<Template>(h, app, 'POST', 'marketing/activity-template', a.token, { name: `Game ${g.gameType}`, gameType: g.gameType }, 201);
        expect(t).toMatchObject({ typeCode: g.typeCode, viewKey: g.viewKey, core: defaultCore(g.gameType) });
      }
    });
  });
});

/**
 * Seeds the visual server's database once per run (tests/visual/data.ts), releases one lottery
 * of each of the nine games for the client through the API (as the wizard does), signs in the
 * operator and the client once and keeps both sessions as storage states, with each one's side
 * menu, for every visual test (tests/visual/session.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, type APIRequestContext, test as setup } from '@playwright/test';
import { defaultCore, GAMES } from '../../src/domain/activity/templates';
import { png } from '../support/png';
import { ACCOUNT, CLIENT, fixTimes, PASSWORD, seedRows } from './data';
import { type MenuPaths, stateDir, statePath } from './session';

interface Signed { token: string; user: Record<string, unknown> }

async function signIn(request: APIRequestContext, tenant: string): Promise<Signed> {
  const config = await request.get(`/v1/Config/tenant/${tenant}`);
  expect(config.status()).toBe(200);
  const { passwordPublicKey } = (await config.json()) as { passwordPublicKey: string };
  const mima = crypto
    .publicEncrypt({ key: passwordPublicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(PASSWORD, 'utf8'))
    .toString('base64');
  const res = await request.post('/v1/Identity/token', { data: { tenantCode: tenant, account: ACCOUNT, mima } });
  expect(res.status(), await res.text()).toBe(200);
  const user = (await res.json()) as Record<string, unknown> & { token: string };
  return { token: user.token, user: { ...user, tenantCode: user.tenantCode || tenant } };
}

/** One lottery per game, all for the fixture's brand product, in force from 2026 to 2099. */
async function releaseGames(request: APIRequestContext, token: string, brandProductId: number): Promise<void> {
  const auth = { authorization: `Bearer ${token}` };
  const up = await request.post('/v1/Files?kind=image', { headers: auth, multipart: { Files: { name: 'prize.png', mimeType: 'image/png', buffer: png(220, 220, { fill: () => [0xe6, 0x7e, 0x22] }) } } });
  expect(up.status(), await up.text()).toBe(201);
  const picture = ((await up.json()) as { url: string }[])[0].url;
  for (const [i, game] of GAMES.entries()) {
    const tpl = await request.post('/v1/marketing/activity-template', { headers: auth, data: { name: game.name, gameType: game.gameType, core: defaultCore(game.gameType) } });
    expect(tpl.status(), await tpl.text()).toBe(201);
    const draft = await request.post('/v1/marketing/lottery-activity/draft', {
      headers: auth,
      data: {
        templateId: ((await tpl.json()) as { templateId: number }).templateId, name: `${game.name} 抽獎`, qualificationType: 1, qualificationProduct: [brandProductId],
        from: '2026-01-01T00:00:00+08:00', to: '2099-12-31T00:00:00+08:00', timezoneId: 103, memberOnly: false,
        exchangeType: 3, payMethod: 0, picture: null, exchangeForm: [],
        prizeInfo: [{ name: `${i + 1} 號獎`, picture, probability: 100, type: 1, amount: 3 }],
      },
    });
    expect(draft.status(), await draft.text()).toBe(201);
    const released = await request.post('/v1/marketing/lottery-activity', { headers: auth, data: { draftId: ((await draft.json()) as { draftId: number }).draftId } });
    expect(released.status(), await released.text()).toBe(201);
  }
}

setup('seed the fixed rows, release the nine games, keep both sessions', async ({ browser, request }) => {
  setup.setTimeout(240_000);
  const fixture = await seedRows();
  fs.rmSync(stateDir(), { recursive: true, force: true });
  fs.mkdirSync(stateDir(), { recursive: true });
  const menus: MenuPaths = { platform: [], [CLIENT]: [] };
  for (const tenant of ['platform', CLIENT] as const) {
    const { token, user } = await signIn(request, tenant);
    if (tenant === CLIENT) await releaseGames(request, token, fixture.brandProductId);
    const menu = await request.get('/v1/system/menu/nested', { headers: { authorization: `Bearer ${token}` } });
    expect(menu.status()).toBe(200);
    const { Backend } = (await menu.json()) as { Backend: { path: string; children: { path: string }[] }[] };
    menus[tenant] = Backend.flatMap((g) => g.children.map((c) => c.path));
    // The session where the login page keeps it (localStorage of the origin), as a storage state.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/favicon.svg');
    await page.evaluate(([session, code]) => {
      localStorage.setItem('oioc.session', session);
      localStorage.setItem('oioc.tenant', code);
    }, [JSON.stringify({ user, menu: null }), tenant] as const);
    await context.storageState({ path: statePath(tenant) });
    await context.close();
  }
  fs.writeFileSync(statePath('menus'), JSON.stringify(menus));
  await fixTimes();
});

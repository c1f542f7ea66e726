/**
 * The public Marketing API (/mapi/v1, src/domain/marketing/page.ts): the tenant config, the
 * page data built from the live layout, banners and popular products in force and the contact
 * info; a scanned code recorded as one scan_logs row (Consumer, PC/Mobile, place, ip) with its
 * count, latest place and warning; another tenant's code answered as unknown and not recorded;
 * bad input and unknown tenants in the envelope; the per-IP rate limit.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LayoutColor, ScanLogType, ScanSource } from '../../src/domain/enums';
import { PREVIEW_DEFAULTS, type PageData, type PageTenant } from '../../src/domain/marketing/page';
import { describeApi, expectFailure } from './harness';
import { brandProduct, generatedCodes, inDays, marketingClient, ok, uploaded, type Client } from './marketingSetup';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describeApi('Marketing API (public)', (h) => {
  let dir: string;
  let app: FastifyInstance;
  let a: Client;
  let b: Client;
  let codesA: string[];
  let codesB: string[];
  let bpA: { id: number; name: string };

  const page = (url: string, ua = DESKTOP, target = app) => target.inject({ method: 'GET', url: `/mapi/v1/${url}`, headers: { 'user-agent': ua } });
  const pageOk = async (url: string, ua?: string): Promise<PageData> => {
    const res = await page(url, ua);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PageData;
  };
  const scansOf = (code: string) => h.db.selectFrom('scan_logs').selectAll().where('code', '=', code).orderBy('id').execute();

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-mapi-'));
    app = await h.appWith({ filesDir: dir });
    a = await marketingClient(h);
    b = await marketingClient(h);
    bpA = await brandProduct(h, a.id, 'Oolong tea');
    codesA = await generatedCodes(h, a.id, 3, bpA.id);
    codesB = await generatedCodes(h, b.id, 1);
  });
  afterAll(() => fsp.rm(dir, { recursive: true, force: true }));

  describe('tenant config', () => {
    it('answers the name and logo; unknown tenants, deleted ones and those without Marketing or Member are 404 code 2', async () => {
      const cfg = (await page(`Config/tenant/${a.code}?lang=en`)).json() as PageTenant;
      expect(cfg).toEqual({ code: a.code, name: a.code, logoUrl: null });
      expectFailure(await page('Config/tenant/nobody'), 404, 2);
      expectFailure(await page('Config/tenant/platform'), 404, 2);
      const noMarketing = await marketingClient(h, { functionFlags: 1 });
      expectFailure(await page(`Config/tenant/${noMarketing.code}`), 404, 2);
      expectFailure(await page(`page/${noMarketing.code}`), 404, 2);
      expectFailure(await page(`Config/tenant/${a.code}?lang=fr`), 400, 1);
      expectFailure(await page(`page/nobody?c=${codesA[0]}`), 404, 2);
    });
  });

  describe('page', () => {
    it('without a layout answers the preview defaults and records nothing', async () => {
      const c = await marketingClient(h);
      const data = await pageOk(`page/${c.code}`);
      expect(data.layoutInfo).toMatchObject({
        layout: PREVIEW_DEFAULTS.layout, colorCode: PREVIEW_DEFAULTS.colorCode, navigatorFunctions: PREVIEW_DEFAULTS.navigatorFunctions,
        queryPageFunctions: PREVIEW_DEFAULTS.queryPageFunctions, safeScanCount: PREVIEW_DEFAULTS.safeScanCount, clientDisplayName: c.code,
      });
      expect(data).toMatchObject({ banners: [], activities: [], popularProducts: [], productBanners: [], query: null, contactInfo: { company: null, moreInfo: [], platforms: [] } });
    });

    it('builds the page from the live layout, banners and popular products in force, and the contact info', async () => {
      const logo = await uploaded(app, a.token, 162, 38);
      const layout = { layout: 4, colorCode: LayoutColor.Blue, navigatorFunctions: 7, queryPageFunctions: 15, logoUrl: logo, safeScanCount: 2, copyright: '© A', privacyInfo: { title: 'P', content: 'Text', version: 3, force: true } };
      await ok(h, app, 'POST', 'marketing/layout', a.token, { current: layout, comingSoon: { ...layout, colorCode: LayoutColor.Pink, effectiveDate: inDays(1), timezoneId: 103 } });
      await ok(h, app, 'POST', 'marketing/layout/updateTitleDisplayName', a.token, { names: { zh_TW: '甲茶行', en: 'A Tea' } });
      await ok(h, app, 'POST', 'marketing/product/brand', a.token, { id: bpA.id, currency: 'TWD', price: 150, names: { zh_TW: '烏龍', en: 'Oolong' }, qualification: 1 }, 201);
      const small = await uploaded(app, a.token, 600, 150);
      const large = await uploaded(app, a.token, 660, 352);
      const inForce = await ok<{ id: number }>(h, app, 'POST', 'marketing/banner', a.token, { productId: bpA.id, from: inDays(-1), to: inDays(1), timezoneId: 103, images: { small, large } }, 201);
      await ok(h, app, 'POST', 'marketing/banner', a.token, { productId: bpA.id, from: inDays(2), to: inDays(3), timezoneId: 103, images: { small, large } }, 201);
      const category = await ok<{ id: number }>(h, app, 'POST', 'marketing/product/category', a.token, { names: { zh_TW: '茶' } }, 201);
      const product = await ok<{ id: number }>(h, app, 'POST', 'marketing/product', a.token, { names: { zh_TW: '綠茶' }, categoryId: category.id }, 201);
      const popular = await ok<{ id: number }>(h, app, 'POST', 'marketing/product/popular', a.token, { productId: product.id, from: inDays(-1), to: inDays(1), timezoneId: 103, price: 60, currency: 'TWD' }, 201);
      await ok(h, app, 'POST', 'marketing/contact-info', a.token, { company: { name: 'A Tea Co.' }, moreInfo: [{ name: 'Shop', url: 'https://example.com' }], platforms: [{ type: 1, url: 'https://line.me/a', priority: 1 }] });

      const data = await pageOk(`page/${a.code}?lang=en`);
      expect(data.tenant).toEqual({ code: a.code, name: 'A Tea', logoUrl: logo });
      expect(data.layoutInfo).toMatchObject({ layout: 4, colorCode: LayoutColor.Blue, logoUrl: logo, safeScanCount: 2, copyright: '© A', clientDisplayName: 'A Tea', privacyInfo: { version: 3, force: true } });
      expect(data.banners.map((x) => x.id)).toEqual([inForce.id]);
      expect(data.banners[0].images).toEqual({ small, large });
      expect(data.popularProducts).toEqual([expect.objectContaining({ id: popular.id, productId: product.id, names: { zh_TW: '綠茶' }, price: 60, currency: 'TWD' })]);
      expect(data.contactInfo).toMatchObject({ company: { name: 'A Tea Co.' }, platforms: [{ type: 1, url: 'https://line.me/a', priority: 1, iconImage: null }] });
      expect(data.activities).toEqual([]);
      expect(data.query).toBeNull();

      // One brand product's page: its banners; another tenant's or an unknown one: 404.
      const one = await pageOk(`page/${a.code}/${bpA.id}`);
      expect(one.productBanners.map((x) => x.id)).toEqual([inForce.id]);
      expectFailure(await page(`page/${b.code}/${bpA.id}`), 404, 2);
      expectFailure(await page(`page/${a.code}/999999`), 404, 2);

      // Another tenant's page shows none of A's rows.
      const other = await pageOk(`page/${b.code}`);
      expect(other).toMatchObject({ banners: [], popularProducts: [], contactInfo: { company: null } });
      expect(other.layoutInfo.colorCode).toBe(PREVIEW_DEFAULTS.colorCode);

      // The coming-soon layout is live once its time has passed.
      await h.db.updateTable('marketing_layouts').set({ effective_at: new Date(Date.now() - 1000) }).where('tenant_id', '=', a.id).where('slot', '=', 'coming_soon').execute();
      expect((await pageOk(`page/${a.code}`)).layoutInfo.colorCode).toBe(LayoutColor.Pink);
    });

    it('records each visit with a code as one scan and counts them; warns past the safe scan count', async () => {
      const code = codesA[1];
      const first = await pageOk(`page/${a.code}?c=${code}&lat=25.03&lng=121.56`, IPHONE);
      expect(first.query).toMatchObject({ code, exists: true, scannedCount: 1, latestScan: null, price: 150, currency: 'TWD', productNames: { zh_TW: '烏龍', en: 'Oolong' }, warning: false });
      expect(first.productBanners).toHaveLength(1);
      let rows = await scansOf(code);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ tenant_id: a.id, source: ScanSource.Consumer, type: ScanLogType.Mobile, latitude: 25.03, longitude: 121.56, user_agent: IPHONE });
      expect(rows[0].ip).toBeTruthy();

      // An invalid place is left out; a desktop browser is PC; the latest place is the earlier scan's.
      const second = await pageOk(`page/${a.code}?c=${code}&lat=abc&lng=500`);
      expect(second.query).toMatchObject({ scannedCount: 2, warning: false, latestScan: { latitude: 25.03, longitude: 121.56 } });
      rows = await scansOf(code);
      expect(rows[1]).toMatchObject({ type: ScanLogType.PC, latitude: null, longitude: null });
      // safeScanCount is 2 (the live layout): the third scan warns.
      const third = await pageOk(`page/${a.code}?c=${code}`);
      expect(third.query).toMatchObject({ scannedCount: 3, warning: true });
      // The latest scan is the newest earlier one, place or not: checked before, never "a first check".
      expect(third.query!.latestScan).toMatchObject({ latitude: null, longitude: null });
      expect(new Date(third.query!.latestScan!.at).getTime()).toBe(new Date(rows[1].scanned_at).getTime());
      expect(await scansOf(code)).toHaveLength(3);
      // A back-office preview records nothing.
      expect((await pageOk(`page/${a.code}?c=${code}&mode=preview`)).query).toBeNull();
      expect(await scansOf(code)).toHaveLength(3);
    });

    it('answers another tenant\'s code and an unknown code as unknown, without recording or leaking', async () => {
      const foreign = await pageOk(`page/${a.code}?c=${codesB[0]}`);
      expect(foreign.query).toEqual({ code: codesB[0], exists: false, scannedCount: 0, latestScan: null, price: null, currency: null, productNames: null, brandName: null, warning: false });
      expect(await scansOf(codesB[0])).toHaveLength(0);
      const unknown = await pageOk(`page/${a.code}?c=NOPE`);
      expect(unknown.query).toMatchObject({ exists: false, scannedCount: 0 });
      // The owner sees it.
      const own = await pageOk(`page/${b.code}?c=${codesB[0]}`);
      expect(own.query).toMatchObject({ exists: true, scannedCount: 1, price: null, productNames: null });
    });

    it('answers the envelope on bad input', async () => {
      expectFailure(await page(`page/${a.code}?c=${'A'.repeat(101)}`), 400, 1);
      expectFailure(await page(`page/${a.code}?c=%00abc`), 400, 1);
      expectFailure(await page(`page/${a.code}%00`), 400, 1);
      expectFailure(await page(`page/${'x'.repeat(51)}`), 400, 1);
      expectFailure(await page(`page/${a.code}?lang=de`), 400, 1);
      expectFailure(await page(`page/${a.code}/abc`), 400, 1);
      const missing = await page('nothing-here');
      expectFailure(missing, 404, 2);
      expect(missing.headers['content-type']).toMatch(/json/);
    });
  });

  it('reuses the page data briefly, and a save in the back office shows at once', async () => {
    const cached = await h.appWith({ filesDir: dir, marketingPageCacheMs: 60_000 });
    const c = await marketingClient(h);
    const layout = { layout: 1, colorCode: LayoutColor.Gray, navigatorFunctions: 7, queryPageFunctions: 15 };
    await ok(h, cached, 'POST', 'marketing/layout', c.token, { current: layout });
    const colour = async () => ((await page(`page/${c.code}`, DESKTOP, cached)).json() as PageData).layoutInfo.colorCode;
    expect(await colour()).toBe(LayoutColor.Gray);
    // A change behind the server's back (another process) waits for the cache to lapse...
    await h.db.updateTable('marketing_layouts').set({ color_code: LayoutColor.Black }).where('tenant_id', '=', c.id).execute();
    expect(await colour()).toBe(LayoutColor.Gray);
    // ...a save through this server is seen by the next visit.
    await ok(h, cached, 'POST', 'marketing/layout', c.token, { current: { ...layout, colorCode: LayoutColor.Yellow } });
    expect(await colour()).toBe(LayoutColor.Yellow);
    // Scans are never cached.
    const codes = await generatedCodes(h, c.id, 1);
    for (const n of [1, 2]) {
      const res = (await page(`page/${c.code}?c=${codes[0]}`, DESKTOP, cached)).json() as PageData;
      expect(res.query?.scannedCount).toBe(n);
    }
  });

  it('is rate-limited per client IP and route like the sign-in route', async () => {
    const limited = await h.appWith({ filesDir: dir, marketingRateLimit: 2 });
    expect((await page(`page/${a.code}`, DESKTOP, limited)).statusCode).toBe(200);
    expect((await page(`page/${a.code}?c=${codesA[2]}`, DESKTOP, limited)).statusCode).toBe(200);
    const res = await page(`page/${a.code}`, DESKTOP, limited);
    expect(expectFailure(res, 429, 3).message).toBe('Too many attempts');
  });
});

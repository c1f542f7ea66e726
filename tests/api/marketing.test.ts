/**
 * The marketing back office (issue 13, SPEC 7 marketing rows): layout (6101), product info,
 * banners (600x150 and 660x352, JSON and multipart, only for products completed in product
 * info), categories and products (6401-6404, categories before products), popular products
 * (6501), contact info (at most 4 links, CustomImage icon); grants (Marketing function, menus
 * 31-36); tenant isolation on every resource; change logs.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LayoutColor, TenantType } from '../../src/domain/enums';
import { png } from '../support/png';
import { describeApi, expectFailure } from './harness';
import { brandProduct, call, inDays, marketingClient, ok, postMultipart, uploaded, type Client } from './marketingSetup';

const LAYOUT = { layout: 2, colorCode: LayoutColor.Green, navigatorFunctions: 5, queryPageFunctions: 3, scanGeneralMessage: 'Genuine', scanExceptionMessage: 'Scanned often', copyright: '© Demo', safeScanCount: 3 };

describeApi('Marketing back office', (h) => {
  let dir: string;
  let app: FastifyInstance;
  let a: Client;
  let b: Client;

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'oioc-mkt-'));
    app = await h.appWith({ filesDir: dir });
    a = await marketingClient(h);
    b = await marketingClient(h);
  });
  afterAll(() => fsp.rm(dir, { recursive: true, force: true }));

  const changeLogs = async (tenantId: number, resource: string) =>
    (await h.db.selectFrom('change_logs').select(['action', 'resource_id']).where('tenant_id', '=', tenantId).where('resource', '=', resource).orderBy('id').execute());

  describe('grants', () => {
    it('refuses clients without the Marketing function, the operator, and roles without the screen', async () => {
      const noMarketing = await marketingClient(h, { functionFlags: 1 });
      for (const url of ['marketing/layout', 'marketing/product/brand', 'marketing/banner', 'marketing/product/category', 'marketing/product/popular', 'marketing/contact-info']) {
        expectFailure(await call(h, app, 'GET', url, noMarketing.token), 403, 3);
      }
      const operator = await h.signedInUser({ tenant: 'platform' });
      expectFailure(await call(h, app, 'GET', 'marketing/layout', operator.token), 403, 3);
      const layoutOnly = await marketingClient(h, { functions: [6, 31] });
      await ok(h, app, 'GET', 'marketing/layout', layoutOnly.token);
      expectFailure(await call(h, app, 'GET', 'marketing/banner', layoutOnly.token), 403, 3);
      expectFailure(await call(h, app, 'POST', 'marketing/contact-info', layoutOnly.token, {}), 403, 3);
      expect((await call(h, app, 'GET', 'marketing/layout')).statusCode).toBe(401);
    });
  });

  describe('layout', () => {
    it('saves the current and coming-soon layouts, refuses a passed effective date (6101) and a wrong logo', async () => {
      expect(await ok(h, app, 'GET', 'marketing/layout', a.token)).toEqual({ current: null, comingSoon: null });
      const logo = await uploaded(app, a.token, 162, 38);
      const saved = await ok<{ current: Record<string, unknown>; comingSoon: null }>(h, app, 'POST', 'marketing/layout', a.token, {
        current: { ...LAYOUT, logoUrl: logo, privacyInfo: { title: 'Privacy', content: 'We keep little.', version: 2, force: true } },
      });
      expect(saved.current).toMatchObject({ ...LAYOUT, logoUrl: logo, privacyInfo: { title: 'Privacy', content: 'We keep little.', version: 2, force: true }, effectiveDate: null });
      expect(saved.comingSoon).toBeNull();

      expectFailure(await call(h, app, 'POST', 'marketing/layout', a.token, { current: { ...LAYOUT, colorCode: '123456' } }), 400, 1);
      expectFailure(await call(h, app, 'POST', 'marketing/layout', a.token, { current: { ...LAYOUT, layout: 3 } }), 400, 1);
      const passed = expectFailure(await call(h, app, 'POST', 'marketing/layout', a.token, { current: LAYOUT, comingSoon: { ...LAYOUT, effectiveDate: inDays(-1), timezoneId: 103 } }), 400, 6101);
      expect(Object.keys(passed.data)).toEqual(['comingSoon.effectiveDate']);
      expectFailure(await call(h, app, 'POST', 'marketing/layout', a.token, { current: LAYOUT, comingSoon: { ...LAYOUT } }), 400, 1);
      // A logo of the wrong pixel size: 101; another tenant's upload: code 1.
      const wide = await uploaded(app, a.token, 600, 150);
      expectFailure(await call(h, app, 'POST', 'marketing/layout', a.token, { current: { ...LAYOUT, logoUrl: wide } }), 400, 101);
      const othersLogo = await uploaded(app, b.token, 162, 38);
      expectFailure(await call(h, app, 'POST', 'marketing/layout', a.token, { current: { ...LAYOUT, logoUrl: othersLogo } }), 400, 1);

      const effective = inDays(2);
      const both = await ok<{ current: { colorCode: string }; comingSoon: { colorCode: string; effectiveDate: string; timezoneId: number } }>(h, app, 'POST', 'marketing/layout', a.token, {
        current: { ...LAYOUT, logoUrl: logo }, comingSoon: { ...LAYOUT, colorCode: LayoutColor.Purple, effectiveDate: effective, timezoneId: 103 },
      });
      expect(both.comingSoon).toMatchObject({ colorCode: LayoutColor.Purple, effectiveDate: effective, timezoneId: 103 });
      expect(await ok(h, app, 'GET', 'marketing/layout/effective-info', a.token)).toEqual({ effectiveDate: effective, timezoneId: 103, live: false });

      // Another tenant sees none of it.
      expect(await ok(h, app, 'GET', 'marketing/layout', b.token)).toEqual({ current: null, comingSoon: null });
      expect(await ok(h, app, 'GET', 'marketing/layout/effective-info', b.token)).toEqual({ effectiveDate: null, timezoneId: null, live: false });

      // Once the date has passed, the coming-soon layout is the current one.
      await h.db.updateTable('marketing_layouts').set({ effective_at: new Date(Date.now() - 1000) }).where('tenant_id', '=', a.id).where('slot', '=', 'coming_soon').execute();
      const live = await ok<{ current: { colorCode: string }; comingSoon: null }>(h, app, 'GET', 'marketing/layout', a.token);
      expect(live.current.colorCode).toBe(LayoutColor.Purple);
      expect(live.comingSoon).toBeNull();
      expect((await ok<{ live: boolean }>(h, app, 'GET', 'marketing/layout/effective-info', a.token)).live).toBe(true);
      // Saving without a coming-soon layout keeps the promoted one as current.
      const after = await ok<{ current: { colorCode: string } }>(h, app, 'POST', 'marketing/layout', a.token, { current: live.current });
      expect(after.current.colorCode).toBe(LayoutColor.Purple);
      const rows = await h.db.selectFrom('marketing_layouts').select('slot').where('tenant_id', '=', a.id).execute();
      expect(rows.map((r) => r.slot)).toEqual(['current']);
      expect((await changeLogs(a.id, 'marketing-layout')).map((l) => l.action)).toEqual(['create', 'update', 'update']);
    });

    it('keeps the title display name per language, falling back to the tenant name', async () => {
      const c = await marketingClient(h);
      expect(await ok(h, app, 'GET', 'marketing/layout/TitleDisplayName/en', c.token)).toEqual({ lang: 'en', names: {}, name: c.code });
      await ok(h, app, 'POST', 'marketing/layout/updateTitleDisplayName', c.token, { names: { zh_TW: '好茶', en: 'Good tea' } });
      expect(await ok(h, app, 'GET', 'marketing/layout/TitleDisplayName/zh_CN', c.token)).toMatchObject({ name: '好茶' });
      expect(await ok(h, app, 'GET', 'marketing/layout/TitleDisplayName/en', c.token)).toMatchObject({ name: 'Good tea' });
      expectFailure(await call(h, app, 'GET', 'marketing/layout/TitleDisplayName/fr', c.token), 400, 1);
      expect(await ok(h, app, 'GET', 'marketing/layout/TitleDisplayName/en', b.token)).toMatchObject({ names: {} });
    });
  });

  describe('product info', () => {
    it('completes a brand product with price, names, first page and qualification; others are 404', async () => {
      const bp = await brandProduct(h, a.id);
      const before = await ok<{ completed: boolean; price: null }>(h, app, 'GET', `marketing/product/brand/${bp.id}`, a.token);
      expect(before).toMatchObject({ id: bp.id, name: bp.name, completed: false, price: null });
      const body = { id: bp.id, enable: true, currency: 'TWD', price: 120.5, names: { zh_TW: '烏龍茶', en: 'Oolong' }, firstPage: 5, qualification: 2 };
      const created = await ok(h, app, 'POST', 'marketing/product/brand', a.token, body, 201);
      expect(created).toMatchObject({ ...body, completed: true });
      // An edit form sends the loaded record back: the fields only answered are ignored.
      const edited = await ok(h, app, 'POST', 'marketing/product/brand', a.token, { ...(created as object), price: 99 }, 200);
      expect(edited).toMatchObject({ price: 99 });
      expectFailure(await call(h, app, 'POST', 'marketing/product/brand', a.token, { ...body, currency: 'XXX' }), 400, 1);
      expectFailure(await call(h, app, 'POST', 'marketing/product/brand', a.token, { ...body, qualification: 4 }), 400, 1);
      expectFailure(await call(h, app, 'POST', 'marketing/product/brand', a.token, { ...body, names: { en: 'Oolong only' } }), 400, 6403);

      const list = await ok<{ items: { id: number; completed: boolean }[]; total: number }>(h, app, 'GET', `marketing/product/brand?keyword=${encodeURIComponent(bp.name)}`, a.token);
      expect(list.items.map((i) => [i.id, i.completed])).toEqual([[bp.id, true]]);
      const options = await ok<{ value: number; completed: boolean }[]>(h, app, 'GET', 'marketing/product/brand/product-name?completed=true', a.token);
      expect(options.map((o) => o.value)).toContain(bp.id);

      // Tenant isolation: B neither sees nor completes A's brand product.
      expectFailure(await call(h, app, 'GET', `marketing/product/brand/${bp.id}`, b.token), 404, 2);
      expectFailure(await call(h, app, 'POST', 'marketing/product/brand', b.token, body), 404, 2);
      expect((await ok<{ total: number }>(h, app, 'GET', 'marketing/product/brand', b.token)).total).toBe(0);
      expect(await ok(h, app, 'GET', 'marketing/product/brand/product-name', b.token)).toEqual([]);
      expect((await changeLogs(a.id, 'marketing-brand-product')).map((l) => l.action)).toEqual(['create', 'update']);
    });
  });

  describe('banners', () => {
    it('takes images of exactly 600x150 and 660x352, JSON or multipart, only for completed products', async () => {
      const bp = await brandProduct(h, a.id);
      const small = await uploaded(app, a.token, 600, 150);
      const large = await uploaded(app, a.token, 660, 352);
      const banner = { productId: bp.id, from: inDays(-1), to: inDays(5), timezoneId: 103, images: { small, large } };
      // Not completed in product info yet.
      const refused = expectFailure(await call(h, app, 'POST', 'marketing/banner', a.token, banner), 400, 1);
      expect(Object.keys(refused.data)).toEqual(['productId']);
      await ok(h, app, 'POST', 'marketing/product/brand', a.token, { id: bp.id, currency: 'TWD', price: 10, qualification: 1 }, 201);

      const created = await ok<{ id: number; images: { small: string } }>(h, app, 'POST', 'marketing/banner', a.token, banner, 201);
      expect(created).toMatchObject({ productId: bp.id, productName: bp.name, images: { small, large }, timezoneId: 103 });
      // Swapped sizes: 101 on the field.
      const swapped = expectFailure(await call(h, app, 'POST', 'marketing/banner', a.token, { ...banner, images: { small: large, large: small } }), 400, 101);
      expect(Object.keys(swapped.data)).toEqual(['images.small']);
      expectFailure(await call(h, app, 'POST', 'marketing/banner', a.token, { ...banner, to: inDays(-2) }), 400, 1);
      expectFailure(await call(h, app, 'POST', 'marketing/banner', a.token, { ...banner, timezoneId: 99999 }), 400, 1);

      // Multipart with the files themselves.
      const fields = { productId: String(bp.id), from: banner.from, to: banner.to, timezoneId: '103' };
      const filesBefore = Number((await h.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const wrong = await postMultipart(app, 'marketing/banner', a.token, fields, { 'images.small': ['s.png', png(600, 151)], 'images.large': ['l.png', png(660, 352)] });
      expectFailure(wrong, 400, 101);
      const filesAfterWrong = Number((await h.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      expect(filesAfterWrong).toBe(filesBefore);
      const form = await postMultipart(app, 'marketing/banner', a.token, { ...fields, id: String(created.id) }, { 'images.small': ['s.png', png(600, 150)], 'images.large': ['l.png', png(660, 352)] });
      expect(form.statusCode, form.body).toBe(200);
      const formBanner = form.json() as { id: number; images: { small: string; large: string } };
      expect(formBanner.id).toBe(created.id);
      expect(formBanner.images.small).toMatch(/^\/files\//);
      expect(formBanner.images.small).not.toBe(small);
      expect((await app.inject({ method: 'GET', url: formBanner.images.large })).statusCode).toBe(200);

      // Hostile form data: an unknown file part, a prototype key, bytes that are not an image, a cut body.
      expectFailure(await postMultipart(app, 'marketing/banner', a.token, fields, { other: ['s.png', png(600, 150)] }), 400, 1);
      expectFailure(await postMultipart(app, 'marketing/banner', a.token, { ...fields, '__proto__.x': '1' }), 400, 1);
      expectFailure(await postMultipart(app, 'marketing/banner', a.token, fields, { 'images.small': ['s.png', Buffer.from('not a png')] }), 400, 201);
      const cut = await app.inject({ method: 'POST', url: '/v1/marketing/banner', headers: { 'content-type': 'multipart/form-data; boundary=xyz', authorization: `Bearer ${a.token}` }, payload: '--xyz\r\nContent-Disposition: form-data; name="productId"\r\n\r\n1' });
      expect([400]).toContain(cut.statusCode);
      expect(Number((await h.db.selectFrom('files').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(filesBefore + 2);

      // Form data as the screens send it: objects as JSON text, addresses of uploads already stored.
      const asText = await postMultipart(app, 'marketing/banner', a.token, { ...fields, images: JSON.stringify({ small, large }), productName: bp.name });
      expect(asText.statusCode, asText.body).toBe(201);
      expect(asText.json()).toMatchObject({ images: { small, large } });
      await ok(h, app, 'DELETE', `marketing/banner/${(asText.json() as { id: number }).id}`, a.token);

      // A write refused after its files were stored leaves none behind.
      const onDisk = async () => (await fsp.readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
      const stored = await onDisk();
      const other = await brandProduct(h, a.id);
      expectFailure(await postMultipart(app, 'marketing/banner', a.token, { ...fields, productId: String(other.id) }, { 'images.small': ['s.png', png(600, 150)], 'images.large': ['l.png', png(660, 352)] }), 400, 1);
      expect(await onDisk()).toBe(stored);

      const list = await ok<{ items: { id: number }[]; total: number }>(h, app, 'GET', `marketing/banner?productId=${bp.id}`, a.token);
      expect(list.items.map((i) => i.id)).toEqual([created.id]);
      // Tenant isolation.
      expect((await ok<{ total: number }>(h, app, 'GET', 'marketing/banner', b.token)).total).toBe(0);
      expectFailure(await call(h, app, 'DELETE', `marketing/banner/${created.id}`, b.token), 404, 2);
      expectFailure(await call(h, app, 'POST', 'marketing/banner', b.token, { ...banner, id: created.id }), 404, 2);
      const bSmall = await uploaded(app, b.token, 600, 150);
      const bLarge = await uploaded(app, b.token, 660, 352);
      expectFailure(await call(h, app, 'POST', 'marketing/banner', b.token, { ...banner, images: { small: bSmall, large: bLarge } }), 400, 1);
      await ok(h, app, 'DELETE', `marketing/banner/${created.id}`, a.token);
      expect((await changeLogs(a.id, 'marketing-banner')).map((l) => l.action)).toEqual(['create', 'update', 'create', 'delete', 'delete']);
    });
  });

  describe('product master', () => {
    it("requires the names in the tenant's default language, by the screen's own rule (6403, issue 24)", async () => {
      const c = await marketingClient(h);
      await h.db.updateTable('tenants').set({ default_language: 'en' }).where('id', '=', c.id).execute();
      // zh_TW alone no longer does: the tenant's default language is en (the browser form said zh_TW before).
      const refused = expectFailure(await call(h, app, 'POST', 'marketing/product/category', c.token, { names: { zh_TW: '杯具' } }), 400, 6403);
      expect(refused.data).toEqual({ names: { key: 'defaultLanguageMissing' } });
      const category = await ok<{ id: number; names: object }>(h, app, 'POST', 'marketing/product/category', c.token, { names: { en: 'Cups' } }, 201);
      expect(category.names).toEqual({ en: 'Cups' });
      expectFailure(await call(h, app, 'POST', 'marketing/product', c.token, { names: { zh_TW: '杯' }, categoryId: category.id }), 400, 6403);
      await ok(h, app, 'POST', 'marketing/product', c.token, { names: { en: 'Mug' }, categoryId: category.id }, 201);
    });

    it('needs a category first; checks languages (6401, 6403), disabling (6402) and deleting (6404)', async () => {
      const c = await marketingClient(h);
      const noCategory = expectFailure(await call(h, app, 'POST', 'marketing/product', c.token, { names: { zh_TW: '杯子' }, categoryId: 1 }), 400, 1);
      expect(Object.keys(noCategory.data)).toEqual(['categoryId']);
      expectFailure(await call(h, app, 'POST', 'marketing/product/category', c.token, { names: { en: 'Cups' } }), 400, 6403);
      const category = await ok<{ id: number }>(h, app, 'POST', 'marketing/product/category', c.token, { names: { zh_TW: '杯具', en: 'Cups' } }, 201);
      expectFailure(await call(h, app, 'POST', 'marketing/product', c.token, { names: { zh_TW: '馬克杯' }, categoryId: category.id }), 400, 6401);
      expectFailure(await call(h, app, 'POST', 'marketing/product', c.token, { names: { en: 'Mug' }, categoryId: category.id }), 400, 6403);
      const image = await uploaded(app, c.token, 300, 300);
      const product = await ok<{ id: number; categoryNames: object; image: string }>(h, app, 'POST', 'marketing/product', c.token, { names: { zh_TW: '馬克杯', en: 'Mug' }, categoryId: category.id, image }, 201);
      expect(product).toMatchObject({ categoryId: category.id, categoryNames: { zh_TW: '杯具', en: 'Cups' }, image, enable: true });
      // Multipart with the image file; an edit by id.
      const form = await postMultipart(app, 'marketing/product', c.token, { id: String(product.id), names: JSON.stringify({ zh_TW: '馬克杯', en: 'Big mug' }), categoryId: String(category.id), enable: 'true' }, { image: ['mug.png', png(40, 30)] });
      expect(form.statusCode, form.body).toBe(200);
      expect(form.json()).toMatchObject({ id: product.id, names: { en: 'Big mug' }, image: expect.stringMatching(/^\/files\//) });

      expectFailure(await call(h, app, 'POST', 'marketing/product/category', c.token, { id: category.id, names: { zh_TW: '杯具' }, enable: false }), 400, 6402);
      expectFailure(await call(h, app, 'DELETE', `marketing/product/category/${category.id}`, c.token), 400, 6404);
      const detail = await ok<{ id: number; products: { id: number }[] }[]>(h, app, 'GET', 'marketing/product/category-detail', c.token);
      expect(detail).toEqual([expect.objectContaining({ id: category.id, products: [expect.objectContaining({ id: product.id })] })]);
      expect((await ok<{ items: { id: number }[] }>(h, app, 'GET', `marketing/product?categoryId=${category.id}`, c.token)).items.map((i) => i.id)).toEqual([product.id]);
      expect((await ok<{ items: unknown[] }>(h, app, 'GET', 'marketing/product?keyword=Big', c.token)).items).toHaveLength(1);

      // Tenant isolation: B sees nothing and cannot use or remove C's rows.
      expect((await ok<{ total: number }>(h, app, 'GET', 'marketing/product/category', b.token)).total).toBe(0);
      expect(await ok(h, app, 'GET', 'marketing/product/category-detail', b.token)).toEqual([]);
      expectFailure(await call(h, app, 'GET', `marketing/product/${product.id}`, b.token), 404, 2);
      expectFailure(await call(h, app, 'DELETE', `marketing/product/${product.id}`, b.token), 404, 2);
      expectFailure(await call(h, app, 'DELETE', `marketing/product/category/${category.id}`, b.token), 404, 2);
      expectFailure(await call(h, app, 'POST', 'marketing/product', b.token, { names: { zh_TW: 'x', en: 'x' }, categoryId: category.id }), 400, 1);

      await ok(h, app, 'DELETE', `marketing/product/${product.id}`, c.token);
      await ok(h, app, 'POST', 'marketing/product/category', c.token, { id: category.id, names: { zh_TW: '杯具' }, enable: false });
      await ok(h, app, 'DELETE', `marketing/product/category/${category.id}`, c.token);
      expect((await changeLogs(c.id, 'marketing-product')).map((l) => l.action)).toEqual(['create', 'update', 'delete']);
      expect((await changeLogs(c.id, 'marketing-category')).map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    });
  });

  describe('popular products', () => {
    it('makes a product popular once (6501), edits it, and keeps it to the tenant', async () => {
      const c = await marketingClient(h);
      const category = await ok<{ id: number }>(h, app, 'POST', 'marketing/product/category', c.token, { names: { zh_TW: '茶' } }, 201);
      const product = await ok<{ id: number }>(h, app, 'POST', 'marketing/product', c.token, { names: { zh_TW: '綠茶' }, categoryId: category.id }, 201);
      const body = { productId: product.id, from: inDays(-1), to: inDays(10), timezoneId: 103, names: { zh_TW: '夏日綠茶' }, price: 80, currency: 'TWD', url: 'https://example.com/tea' };
      const created = await ok<{ id: number }>(h, app, 'POST', 'marketing/product/popular', c.token, body, 201);
      expect(created).toMatchObject({ productNames: { zh_TW: '綠茶' }, categoryNames: { zh_TW: '茶' }, price: 80, currency: 'TWD' });
      expectFailure(await call(h, app, 'POST', 'marketing/product/popular', c.token, body), 400, 6501);
      const edited = await ok(h, app, 'POST', 'marketing/product/popular', c.token, { ...body, id: created.id, price: 70 }, 200);
      expect(edited).toMatchObject({ id: created.id, price: 70 });
      expectFailure(await call(h, app, 'POST', 'marketing/product/popular', c.token, { ...body, id: created.id, to: inDays(-3) }), 400, 1);
      expectFailure(await call(h, app, 'POST', 'marketing/product/popular', c.token, { ...body, id: created.id, url: 'not a url' }), 400, 1);
      // Tenant isolation.
      expect((await ok<{ total: number }>(h, app, 'GET', 'marketing/product/popular', b.token)).total).toBe(0);
      expectFailure(await call(h, app, 'POST', 'marketing/product/popular', b.token, body), 400, 1);
      expectFailure(await call(h, app, 'DELETE', `marketing/product/popular/${created.id}`, b.token), 404, 2);
      expect((await ok<{ total: number }>(h, app, 'GET', 'marketing/product/popular', c.token)).total).toBe(1);
      await ok(h, app, 'DELETE', `marketing/product/popular/${created.id}`, c.token);
      expect((await changeLogs(c.id, 'marketing-popular-product')).map((l) => l.action)).toEqual(['create', 'update', 'delete']);
    });
  });

  describe('contact info', () => {
    it('saves the company, at most 4 links and the platforms in priority order', async () => {
      const c = await marketingClient(h);
      expect(await ok(h, app, 'GET', 'marketing/contact-info', c.token)).toEqual({ company: null, moreInfo: [], platforms: [] });
      const link = { name: 'Shop', url: 'https://example.com/shop' };
      expectFailure(await call(h, app, 'POST', 'marketing/contact-info', c.token, { moreInfo: [link, link, link, link, link] }), 400, 1);
      const custom = expectFailure(await call(h, app, 'POST', 'marketing/contact-info', c.token, { platforms: [{ type: 7, url: 'https://example.com' }] }), 400, 1);
      expect(Object.keys(custom.data)).toEqual(['platforms.0.iconImage']);
      const icon = await uploaded(app, c.token, 64, 64);
      const saved = await ok<{ platforms: { type: number }[] }>(h, app, 'POST', 'marketing/contact-info', c.token, {
        company: { name: 'Demo Tea Co.', phone: '0212345678', phoneCountryCode: '886', addr: 'Taipei' },
        moreInfo: [link],
        platforms: [{ type: 7, url: 'https://example.com/x', priority: 3, iconImage: icon }, { type: 1, url: 'https://line.me/x', priority: 1 }],
      });
      expect(saved).toMatchObject({ company: { name: 'Demo Tea Co.', phone: '0212345678', fax: null }, moreInfo: [link] });
      expect(saved.platforms.map((p) => p.type)).toEqual([1, 7]);
      expectFailure(await call(h, app, 'POST', 'marketing/contact-info', c.token, { company: { phone: '02-1234' } }), 400, 1);
      expect(await ok(h, app, 'GET', 'marketing/contact-info', b.token)).toEqual({ company: null, moreInfo: [], platforms: [] });
      expect((await changeLogs(c.id, 'marketing-contact-info')).map((l) => l.action)).toEqual(['create']);
    });
  });

  it('documents the marketing routes in the OpenAPI document, the public ones without a token', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/v1/docs/openapi.json' })).json() as { paths: Record<string, Record<string, any>> };
    for (const p of ['/v1/marketing/layout', '/v1/marketing/banner', '/v1/marketing/product', '/v1/marketing/product/category', '/v1/marketing/product/popular', '/v1/marketing/contact-info', '/v1/marketing/product/brand']) {
      expect(doc.paths[p]?.get, p).toBeDefined();
      expect(doc.paths[p]?.post?.requestBody, p).toBeDefined();
    }
    expect(Object.keys(doc.paths['/v1/marketing/banner'].post.requestBody.content)).toEqual(expect.arrayContaining(['multipart/form-data', 'application/json']));
    expect(doc.paths['/v1/marketing/layout'].post.responses['400'].content['application/json'].schema.properties.code.enum).toContain(6101);
    expect(doc.paths['/v1/marketing/product/popular'].post.responses['400'].content['application/json'].schema.properties.code.enum).toContain(6501);
    const pageDoc = doc.paths['/mapi/v1/page/{tenantCode}'].get;
    expect(pageDoc.security).toEqual([]);
    expect(pageDoc.responses['404'].content['application/json'].schema.properties.code.enum).toEqual([2]);
  });

  it('the demo client has the Marketing function (seed)', async () => {
    const demo = await h.db.selectFrom('tenants').select(['function_flags', 'type']).where('code', '=', 'demo').executeTakeFirstOrThrow();
    expect(demo.type).toBe(TenantType.Client);
    expect(demo.function_flags & 2).toBe(2);
  });
});

/**
 * Brands and brand products (menu 19, client tenants) on both databases: 2301, names unique
 * (per tenant / per brand), links to the tenant's packaging materials without repeats, the
 * role's brand list, tenant isolation, the operator without menu 19, and the export job
 * (ExportBrandProducts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobCategory } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { json } from '../../server/db/schema';
import { describeApi, expectFailure } from './harness';
import { clientTenant, exportedFile, jobWorker, materialOf, ok, operatorUser, type Page } from './productSetup';

interface Brand { id: number; name: string; productCount: number; createdAt: string; updatedAt: string }
interface BrandProduct { id: number; brandId: number; brandName: string; name: string; materialCount: number; materialIds?: number[]; createdAt: string; updatedAt: string }

describeApi('Brands: Product/brand and Product/brandProduct', (h) => {
  let jobs: Awaited<ReturnType<typeof jobWorker>>;
  beforeAll(async () => { jobs = await jobWorker(h); });
  afterAll(async () => { await jobs?.stop(); });

  /** A client tenant with a signed-in user holding menu 19. */
  async function clientUser() {
    const tenant = await clientTenant(h);
    const user = await h.signedInUser({ tenant: tenant.code, functions: [2, 19] });
    return { tenant, user, token: user.token };
  }

  it('manages brands: names unique in the tenant (any case), 2301 while a brand has products', async () => {
    const { token } = await clientUser();
    const brand = await ok<Brand>(h, 'POST', 'Product/brand', token, { name: ' Sunrise ' });
    expect(brand).toMatchObject({ name: 'Sunrise', productCount: 0 });
    expect(expectFailure(await h.call('POST', 'Product/brand', { token, body: { name: 'SUNRISE' } }), 400, 1).data).toEqual({ name: { key: 'checkRepeatName' } });
    const other = await ok<Brand>(h, 'POST', 'Product/brand', token, { name: 'Moon' });
    expect(expectFailure(await h.call('POST', 'Product/brand', { token, body: { id: other.id, name: 'sunrise' } }), 400, 1).data).toEqual({ name: { key: 'checkRepeatName' } });
    expect(await ok(h, 'POST', 'Product/brand', token, { ...other, name: 'Full moon' }, 200)).toMatchObject({ id: other.id, name: 'Full moon' });
    expect((await ok<Page<Brand>>(h, 'GET', 'Product/brand?sort=name', token)).items.map((b) => b.name)).toEqual(['Full moon', 'Sunrise']);
    expect(await ok(h, 'GET', 'Product/brand/options', token)).toEqual([{ value: other.id, label: 'Full moon' }, { value: brand.id, label: 'Sunrise' }]);

    const product = await ok<BrandProduct>(h, 'POST', 'Product/brandProduct', token, { brandId: brand.id, name: 'Morning tea' });
    expectFailure(await h.call('DELETE', `Product/brand/${brand.id}`, { token }), 400, ErrorCode.BrandHasProducts);
    expect((await ok<Page<Brand>>(h, 'GET', 'Product/brand?keyword=sun', token)).items[0].productCount).toBe(1);
    await ok(h, 'DELETE', `Product/brandProduct/${product.id}`, token);
    await ok(h, 'DELETE', `Product/brand/${brand.id}`, token);
    expectFailure(await h.call('DELETE', `Product/brand/${brand.id}`, { token }), 404, 2);
  });

  it('creates (POST, or PUT without id), shows, lists, edits and deletes brand products linked to the tenant\'s materials', async () => {
    const { tenant, token } = await clientUser();
    const operator = await operatorUser(h);
    const m1 = await materialOf(h, operator.token, { clientId: tenant.id, no: 'P-1' });
    const m2 = await materialOf(h, operator.token, { clientId: tenant.id, no: 'P-2', productId: m1.productId, categoryId: m1.categoryId });
    const foreign = await materialOf(h, operator.token, { clientId: (await clientTenant(h)).id });
    expect(await ok(h, 'GET', 'Product/brandProduct/materials', token)).toEqual([
      { value: m1.id, label: 'P-1 Bottle label' }, { value: m2.id, label: 'P-2 Bottle label' },
    ]);

    const brand = await ok<Brand>(h, 'POST', 'Product/brand', token, { name: 'Leaf' });
    const first = await ok<BrandProduct>(h, 'POST', 'Product/brandProduct', token, { brandId: brand.id, name: 'Green', materialIds: [m2.id, m1.id] });
    expect(first).toMatchObject({ brandId: brand.id, brandName: 'Leaf', name: 'Green', materialCount: 2, materialIds: [m1.id, m2.id] });
    const second = await ok<BrandProduct>(h, 'PUT', 'Product/brandProduct', token, { brandId: brand.id, name: 'Black' }, 201);
    expect(second).toMatchObject({ name: 'Black', materialIds: [] });
    expect(await ok(h, 'GET', `Product/brandProduct/${first.id}`, token)).toEqual(first);

    const list = await ok<Page<BrandProduct>>(h, 'GET', `Product/brandProduct?brandId=${brand.id}&sort=name`, token);
    expect(list.items.map((p) => p.name)).toEqual(['Black', 'Green']);
    expect((await ok<Page<BrandProduct>>(h, 'GET', 'Product/brandProduct?keyword=lea', token)).total).toBe(2); // brand name
    expect((await ok<Page<BrandProduct>>(h, 'GET', 'Product/brandProduct?keyword=gre', token)).total).toBe(1);

    const edited = await ok<BrandProduct>(h, 'PUT', 'Product/brandProduct', token, { ...first, name: 'Green tea', materialIds: [m1.id] });
    expect(edited).toMatchObject({ id: first.id, name: 'Green tea', materialIds: [m1.id], materialCount: 1, createdAt: first.createdAt });

    const fields = async (b: unknown) => expectFailure(await h.call('PUT', 'Product/brandProduct', { token, body: b }), 400, 1).data;
    expect(await fields({ brandId: brand.id, name: 'GREEN TEA' })).toEqual({ name: { key: 'checkRepeatName' } });
    expect(await fields({ brandId: brand.id, name: 'x', materialIds: [m1.id, m1.id] })).toEqual({ 'materialIds.1': { key: 'checkRepeatName' } });
    expect(await fields({ brandId: brand.id, name: 'x', materialIds: [foreign.id] })).toEqual({ materialIds: { key: 'oneOf' } });
    expect(await fields({ brandId: 999_999, name: 'x' })).toEqual({ brandId: { key: 'oneOf' } });
    expect(await fields({ name: '' })).toEqual({ brandId: { key: 'required' }, name: { key: 'required' } });

    await ok(h, 'DELETE', `Product/brandProduct/${first.id}`, token);
    expectFailure(await h.call('GET', `Product/brandProduct/${first.id}`, { token }), 404, 2);
    const links = await h.db.selectFrom('brand_product_materials').selectAll().where('brand_product_id', '=', first.id).execute();
    expect(links).toEqual([]);
  });

  it('limits a General role with a brands list to those brands', async () => {
    const { tenant, token } = await clientUser();
    const b1 = await ok<Brand>(h, 'POST', 'Product/brand', token, { name: 'One' });
    const b2 = await ok<Brand>(h, 'POST', 'Product/brand', token, { name: 'Two' });
    const p1 = await ok<BrandProduct>(h, 'POST', 'Product/brandProduct', token, { brandId: b1.id, name: 'P1' });
    const p2 = await ok<BrandProduct>(h, 'POST', 'Product/brandProduct', token, { brandId: b2.id, name: 'P2' });
    const limited = await h.signedInUser({ tenant: tenant.code, functions: [2, 19] });
    await h.db.updateTable('roles').set({ brands: json([b1.id]) }).where('id', '=', limited.roleId).execute();

    expect((await ok<Page<Brand>>(h, 'GET', 'Product/brand', limited.token)).items.map((b) => b.id)).toEqual([b1.id]);
    expect(await ok(h, 'GET', 'Product/brand/options', limited.token)).toEqual([{ value: b1.id, label: 'One' }]);
    expect((await ok<Page<BrandProduct>>(h, 'GET', 'Product/brandProduct', limited.token)).items.map((p) => p.id)).toEqual([p1.id]);
    expectFailure(await h.call('GET', `Product/brandProduct/${p2.id}`, { token: limited.token }), 404, 2);
    expectFailure(await h.call('DELETE', `Product/brandProduct/${p2.id}`, { token: limited.token }), 404, 2);
    expectFailure(await h.call('DELETE', `Product/brand/${b2.id}`, { token: limited.token }), 404, 2);
    expect(expectFailure(await h.call('PUT', 'Product/brandProduct', { token: limited.token, body: { id: p1.id, brandId: b2.id, name: 'P1' } }), 400, 1).data)
      .toEqual({ brandId: { key: 'oneOf' } });
    expect(await ok(h, 'GET', `Product/brandProduct/${p2.id}`, token)).toMatchObject({ name: 'P2' });
  });

  it('keeps brands to their tenant (404, nothing changed) and hides menu 19 from the operator', async () => {
    const a = await clientUser();
    const b = await clientUser();
    const brand = await ok<Brand>(h, 'POST', 'Product/brand', a.token, { name: 'Mine' });
    const product = await ok<BrandProduct>(h, 'POST', 'Product/brandProduct', a.token, { brandId: brand.id, name: 'Mine too' });
    expect((await ok<Page<Brand>>(h, 'GET', 'Product/brand', b.token)).total).toBe(0);
    expect((await ok<Page<BrandProduct>>(h, 'GET', 'Product/brandProduct', b.token)).total).toBe(0);
    expectFailure(await h.call('GET', `Product/brandProduct/${product.id}`, { token: b.token }), 404, 2);
    expectFailure(await h.call('DELETE', `Product/brandProduct/${product.id}`, { token: b.token }), 404, 2);
    expectFailure(await h.call('PUT', 'Product/brandProduct', { token: b.token, body: { id: product.id, brandId: brand.id, name: 'Stolen' } }), 404, 2);
    expectFailure(await h.call('DELETE', `Product/brand/${brand.id}`, { token: b.token }), 404, 2);
    expectFailure(await h.call('POST', 'Product/brand', { token: b.token, body: { id: brand.id, name: 'Stolen' } }), 404, 2);
    expect(expectFailure(await h.call('POST', 'Product/brandProduct', { token: b.token, body: { brandId: brand.id, name: 'In theirs' } }), 400, 1).data)
      .toEqual({ brandId: { key: 'oneOf' } });
    expect(await ok(h, 'GET', `Product/brandProduct/${product.id}`, a.token)).toMatchObject({ name: 'Mine too', brandName: 'Mine' });

    const operator = await operatorUser(h);
    expectFailure(await h.call('GET', 'Product/brand', { token: operator.token }), 403, 3);
    expectFailure(await h.call('GET', 'Product/brandProduct', { token: operator.token }), 403, 3);
  });

  it('exports brand products as csv (ExportBrandProducts) with the list filters', async () => {
    const { tenant, token } = await clientUser();
    const operator = await operatorUser(h);
    const m = await materialOf(h, operator.token, { clientId: tenant.id, no: 'X-9' });
    const brand = await ok<Brand>(h, 'POST', 'Product/brand', token, { name: 'Exported' });
    const other = await ok<Brand>(h, 'POST', 'Product/brand', token, { name: 'Not exported' });
    await ok(h, 'POST', 'Product/brandProduct', token, { brandId: brand.id, name: 'First', materialIds: [m.id] });
    await ok(h, 'POST', 'Product/brandProduct', token, { brandId: brand.id, name: 'Second' });
    await ok(h, 'POST', 'Product/brandProduct', token, { brandId: other.id, name: 'Third' });
    const queued = await ok<{ id: number }>(h, 'POST', 'Product/brandProduct/file', token, { brandId: brand.id, lang: 'en' });
    expect((await h.db.selectFrom('jobs').select('category').where('id', '=', queued.id).executeTakeFirstOrThrow()).category).toBe(JobCategory.ExportBrandProducts);
    const { lines } = await exportedFile(h, jobs.store, queued.id);
    expect(lines[0]).toBe('Product name,Brand,Packaging materials,Created');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(','))).toEqual(['First,Exported,X-9', 'Second,Exported,']);
    const zh = await ok<{ id: number }>(h, 'POST', 'Product/brandProduct/file', token, { lang: 'zh_TW', format: 'txt' });
    const txt = await exportedFile(h, jobs.store, zh.id);
    expect(txt.lines[0]).toBe('產品名稱\t品牌\t包材\t建立時間');
    expect(txt.lines).toHaveLength(4);
  });
});

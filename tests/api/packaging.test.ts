/**
 * Packaging categories and materials (menu 18) on both databases: 2201, 2202, 2203, 3501,
 * 7310, related materials without repeats, the body rules, the role's client scope, tenant
 * isolation, and the export job (ExportPackages) writing a csv of exactly the filtered list.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobCategory } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { describeApi, expectFailure, uniqueAccount } from './harness';
import {
  categoryOf, clientTenant, exportedFile, jobWorker, materialBody, materialOf, ok, operatorUser, productOf, type Page,
} from './productSetup';

interface Category { id: number; name: string; materialCount: number; createdAt: string }
interface Material {
  id: number; clientId: number; clientName: Record<string, string>; productId: number; productName: string; categoryId: number; categoryName: string;
  name: string; no: string; codeType: number; bindingSheetType: number; codeFormat: number; codeLength: number; relatedMaterialIds?: number[];
  createdAt: string; updatedAt: string;
}

describeApi('Packaging: Product/packagingCategory and Product/packaging', (h) => {
  let jobs: Awaited<ReturnType<typeof jobWorker>>;
  beforeAll(async () => { jobs = await jobWorker(h); });
  afterAll(async () => { await jobs?.stop(); });

  it('manages categories: 2202 for a name the tenant has (any case), 2201 while materials use one', async () => {
    const admin = await operatorUser(h);
    const name = uniqueAccount('Labels ');
    const created = await ok<Category>(h, 'POST', 'Product/packagingCategory', admin.token, { name: ` ${name} ` });
    expect(created).toMatchObject({ name, materialCount: 0 });
    expectFailure(await h.call('POST', 'Product/packagingCategory', { token: admin.token, body: { name: name.toUpperCase() } }), 400, ErrorCode.DuplicateCategoryName);
    const second = await ok<Category>(h, 'POST', 'Product/packagingCategory', admin.token, { name: `${name} 2` });
    expectFailure(await h.call('POST', 'Product/packagingCategory', { token: admin.token, body: { id: second.id, name: name.toLowerCase() } }), 400, ErrorCode.DuplicateCategoryName);
    const renamed = await ok<Category>(h, 'POST', 'Product/packagingCategory', admin.token, { ...second, name: `${name} two` }, 200);
    expect(renamed).toMatchObject({ id: second.id, name: `${name} two` });
    expect(expectFailure(await h.call('POST', 'Product/packagingCategory', { token: admin.token, body: { name: '' } }), 400, 1).data).toEqual({ name: { key: 'required' } });

    const list = await ok<Page<Category>>(h, 'GET', `Product/packagingCategory?keyword=${encodeURIComponent(name)}&sort=name`, admin.token);
    expect(list.items.map((c) => c.name)).toEqual([name, `${name} two`]);
    const options = await ok<{ value: number; label: string }[]>(h, 'GET', 'Product/packagingCategory/options', admin.token);
    expect(options).toEqual(expect.arrayContaining([{ value: created.id, label: name }]));

    const client = await clientTenant(h);
    const material = await materialOf(h, admin.token, { clientId: client.id, categoryId: created.id });
    expectFailure(await h.call('DELETE', `Product/packagingCategory/${created.id}`, { token: admin.token }), 400, ErrorCode.PackagingCategoryHasMaterials);
    expect((await ok<Page<Category>>(h, 'GET', `Product/packagingCategory?keyword=${encodeURIComponent(name)}&sort=name`, admin.token)).items[0].materialCount).toBe(1);
    await ok(h, 'DELETE', `Product/packaging/${material.id}`, admin.token);
    await ok(h, 'DELETE', `Product/packagingCategory/${created.id}`, admin.token);
    expectFailure(await h.call('DELETE', `Product/packagingCategory/${created.id}`, { token: admin.token }), 404, 2);
  });

  it('creates, shows, lists, edits and deletes a material', async () => {
    const admin = await operatorUser(h);
    const client = await clientTenant(h);
    const product = await productOf(h, admin.token, client.id, 'Tea');
    const category = await categoryOf(h, admin.token);
    const body = materialBody({ clientId: client.id, productId: product.id, categoryId: category.id, no: uniqueAccount('M-'), codeFormat: 5, codeLength: 12 });
    const created = await ok<Material>(h, 'POST', 'Product/packaging', admin.token, body);
    expect(created).toMatchObject({
      clientId: client.id, clientName: { en: client.code }, productId: product.id, productName: 'Tea', categoryId: category.id,
      name: 'Bottle label', no: body.no, codeType: 2, bindingSheetType: 1, codeFormat: 5, codeLength: 12, relatedMaterialIds: [],
    });
    expect(await ok(h, 'GET', `Product/packaging/${created.id}`, admin.token)).toEqual(created);
    const page = await ok<Page<Material>>(h, 'GET', `Product/packaging?clientId=${client.id}`, admin.token);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: created.id, no: body.no, productName: 'Tea' });
    expect((await ok<Page<Material>>(h, 'GET', `Product/packaging?keyword=${encodeURIComponent(body.no.toLowerCase())}`, admin.token)).total).toBe(1);
    expect((await ok<Page<Material>>(h, 'GET', `Product/packaging?clientId=${client.id}&codeType=1`, admin.token)).total).toBe(0);
    expect((await ok<Page<Material>>(h, 'GET', `Product/packaging?categoryId=${category.id}`, admin.token)).total).toBe(1);

    const second = await materialOf(h, admin.token, { clientId: client.id, productId: product.id, categoryId: category.id });
    const edited = await ok<Material>(h, 'PUT', 'Product/packaging', admin.token, { ...created, name: 'Carton', codeLength: 20, relatedMaterialIds: [second.id] });
    expect(edited).toMatchObject({ id: created.id, name: 'Carton', codeLength: 20, relatedMaterialIds: [second.id], createdAt: created.createdAt });
    // Deleting the related material removes it from the list of the other.
    await ok(h, 'DELETE', `Product/packaging/${second.id}`, admin.token);
    expect((await ok<Material>(h, 'GET', `Product/packaging/${created.id}`, admin.token)).relatedMaterialIds).toEqual([]);
    await ok(h, 'DELETE', `Product/packaging/${created.id}`, admin.token);
    expectFailure(await h.call('GET', `Product/packaging/${created.id}`, { token: admin.token }), 404, 2);
    expectFailure(await h.call('PUT', 'Product/packaging', { token: admin.token, body: { ...body, id: created.id } }), 404, 2);
  });

  it('answers 7310 for a material number the client already has (any case), on create and on edit', async () => {
    const admin = await operatorUser(h);
    const client = await clientTenant(h);
    const no = uniqueAccount('DUP-');
    const first = await materialOf(h, admin.token, { clientId: client.id, no });
    const product = first.productId;
    expectFailure(await h.call('POST', 'Product/packaging', {
      token: admin.token, body: materialBody({ clientId: client.id, productId: product, categoryId: first.categoryId, no: no.toLowerCase() }),
    }), 400, ErrorCode.DuplicatePackageMaterialNo);
    const second = await materialOf(h, admin.token, { clientId: client.id, productId: product, categoryId: first.categoryId });
    expectFailure(await h.call('PUT', 'Product/packaging', {
      token: admin.token, body: { ...materialBody({ clientId: client.id, productId: product, categoryId: first.categoryId, no: no.toUpperCase() }), id: second.id },
    }), 400, ErrorCode.DuplicatePackageMaterialNo);
    // Another client may use the same number.
    const other = await clientTenant(h);
    await materialOf(h, admin.token, { clientId: other.id, no });
    const count = await h.db.selectFrom('packaging_materials').select((eb) => eb.fn.countAll().as('n')).where('client_id', '=', client.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('checks the body: the declaration, related materials without repeats, the client, product and category', async () => {
    const admin = await operatorUser(h);
    const client = await clientTenant(h);
    const other = await clientTenant(h);
    const base = await materialOf(h, admin.token, { clientId: client.id });
    const sibling = await materialOf(h, admin.token, { clientId: client.id, productId: base.productId, categoryId: base.categoryId });
    const foreign = await materialOf(h, admin.token, { clientId: other.id });
    const body = (over: Record<string, unknown> = {}) => ({ ...materialBody({ clientId: client.id, productId: base.productId, categoryId: base.categoryId }), ...over });
    const fields = async (b: unknown, method: 'POST' | 'PUT' = 'POST') =>
      expectFailure(await h.call(method, 'Product/packaging', { token: admin.token, body: b }), 400, 1).data as Record<string, { key: string }>;

    expect(await fields(body({ relatedMaterialIds: [base.id, sibling.id, base.id] }))).toEqual({ 'relatedMaterialIds.2': { key: 'checkRepeatName' } });
    expect(await fields(body({ relatedMaterialIds: [foreign.id] }))).toEqual({ relatedMaterialIds: { key: 'oneOf' } });
    expect(await fields({ ...body({ relatedMaterialIds: [base.id] }), id: base.id }, 'PUT')).toEqual({ relatedMaterialIds: { key: 'oneOf' } });
    expect(await fields(body({ codeFormat: 0 }))).toEqual({ codeFormat: { key: 'required' } });
    expect(await fields(body({ codeFormat: 8 }))).toHaveProperty('codeFormat');
    expect(await fields(body({ codeLength: 7 }))).toHaveProperty('codeLength');
    expect(await fields(body({ codeLength: 33 }))).toHaveProperty('codeLength');
    expect(await fields(body({ codeType: 3, bindingSheetType: 4 }))).toEqual({ codeType: { key: 'oneOf' }, bindingSheetType: { key: 'oneOf' } });
    expect(await fields(body({ no: 'has space' }))).toHaveProperty('no');
    expect(await fields({ name: 'x' })).toMatchObject({ clientId: { key: 'required' }, productId: { key: 'required' }, no: { key: 'required' } });
    // The product of another client, an unknown category.
    expect(await fields(body({ productId: foreign.productId, categoryId: 999_999 }))).toEqual({ productId: { key: 'oneOf' }, categoryId: { key: 'oneOf' } });
    expect(await fields(body({ clientId: await h.tenantId('platform') }))).toEqual({ clientId: { key: 'oneOf' } });
    // The client cannot change once created.
    expect(await fields({ ...body({ clientId: other.id }), id: base.id }, 'PUT')).toEqual({ clientId: { key: 'invalid' } });
    expect(await fields(body(), 'PUT')).toEqual({ id: { key: 'required' } });
    // Nothing was written by the refused calls.
    const count = await h.db.selectFrom('packaging_materials').select((eb) => eb.fn.countAll().as('n')).where('client_id', '=', client.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('answers 2203 while a code package uses the material, then 3501 while a brand product is linked to it', async () => {
    const admin = await operatorUser(h);
    const client = await clientTenant(h);
    const material = await materialOf(h, admin.token, { clientId: client.id });
    const pkg = await ok<{ id: number }>(h, 'POST', 'Code/package', admin.token, { clientId: client.id, packagingMaterialId: material.id, type: 1, quantity: 10 });
    // The client links one of its brand products to the material.
    const clientUser = await h.signedInUser({ tenant: client.code, functions: [2, 19] });
    const brand = await ok<{ id: number }>(h, 'POST', 'Product/brand', clientUser.token, { name: 'House brand' });
    const product = await ok<{ id: number }>(h, 'PUT', 'Product/brandProduct', clientUser.token, { brandId: brand.id, name: 'Tea', materialIds: [material.id] }, 201);

    expectFailure(await h.call('DELETE', `Product/packaging/${material.id}`, { token: admin.token }), 400, ErrorCode.LinkedToCodePackage);
    await jobs.worker.idle();
    await ok(h, 'DELETE', `Code/package/${pkg.id}`, admin.token);
    expectFailure(await h.call('DELETE', `Product/packaging/${material.id}`, { token: admin.token }), 400, ErrorCode.LinkedBrandProducts);
    await ok(h, 'PUT', 'Product/brandProduct', clientUser.token, { id: product.id, brandId: brand.id, name: 'Tea', materialIds: [] });
    await ok(h, 'DELETE', `Product/packaging/${material.id}`, admin.token);
  });

  it('limits a General role to the materials of its customers (list, options, reads, writes, export)', async () => {
    const admin = await operatorUser(h);
    const a = await clientTenant(h);
    const b = await clientTenant(h);
    const ma = await materialOf(h, admin.token, { clientId: a.id });
    const mb = await materialOf(h, admin.token, { clientId: b.id });
    const limited = await operatorUser(h, { customers: [a.id] });

    const seen = await ok<Page<Material>>(h, 'GET', 'Product/packaging?pageSize=100', limited.token);
    expect(seen.items.map((m) => m.id)).toContain(ma.id);
    expect(seen.items.every((m) => m.clientId === a.id)).toBe(true);
    const options = await ok<{ groupItems: { value: number; clientId: number }[] }[]>(h, 'GET', 'Product/packaging/options', limited.token);
    expect(options.flatMap((g) => g.groupItems).every((i) => i.clientId === a.id)).toBe(true);
    expectFailure(await h.call('GET', `Product/packaging/${mb.id}`, { token: limited.token }), 404, 2);
    expectFailure(await h.call('DELETE', `Product/packaging/${mb.id}`, { token: limited.token }), 404, 2);
    expectFailure(await h.call('PUT', 'Product/packaging', {
      token: limited.token, body: { ...materialBody({ clientId: b.id, productId: mb.productId, categoryId: mb.categoryId }), id: mb.id },
    }), 404, 2);
    expect(expectFailure(await h.call('POST', 'Product/packaging', {
      token: limited.token, body: materialBody({ clientId: b.id, productId: mb.productId, categoryId: mb.categoryId }),
    }), 400, 1).data).toEqual({ clientId: { key: 'oneOf' } });
    expect(await ok(h, 'GET', `Product/packaging/${mb.id}`, admin.token)).toMatchObject({ no: mb.no });

    const queued = await ok<{ id: number }>(h, 'POST', 'Product/packaging/file', limited.token, { lang: 'en' });
    const { lines } = await exportedFile(h, jobs.store, queued.id);
    expect(lines.some((l) => l.includes(ma.no))).toBe(true);
    expect(lines.some((l) => l.includes(mb.no))).toBe(false);
  });

  it('exports the filtered list as csv (ExportPackages): a header in the language and one line per material', async () => {
    const admin = await operatorUser(h);
    const client = await clientTenant(h);
    const first = await materialOf(h, admin.token, { clientId: client.id, no: 'A-1', name: '=cmd' });
    const second = await materialOf(h, admin.token, { clientId: client.id, no: 'A-2', productId: first.productId, categoryId: first.categoryId, relatedMaterialIds: [first.id] });
    await materialOf(h, admin.token, { clientId: (await clientTenant(h)).id, no: 'B-1' });
    const queued = await ok<{ id: number; reportId: number }>(h, 'POST', 'Product/packaging/file', admin.token, { clientId: client.id, lang: 'en' });
    const job = await h.db.selectFrom('jobs').select(['category', 'tenant_id']).where('id', '=', queued.id).executeTakeFirstOrThrow();
    expect(job.category).toBe(JobCategory.ExportPackages);
    const { lines, name } = await exportedFile(h, jobs.store, queued.id);
    expect(lines[0]).toBe('Material number,Material name,Client,Client product,Category,Code type,Binding sheet type,Code format,Code length,Related packaging materials,Created');
    expect(lines).toHaveLength(3);
    expect(lines[1].startsWith(`A-1,'=cmd,${client.code},`)).toBe(true);
    expect(lines[2]).toContain(',A-1,');
    expect(lines[2].startsWith(`A-2,Bottle label,${client.code},`)).toBe(true);
    expect(name).toMatch(/\.csv$/);
    expect(second.id).toBeGreaterThan(first.id);
    // Bad filters are refused like the list's.
    expect(expectFailure(await h.call('POST', 'Product/packaging/file', { token: admin.token, body: { codeType: 9 } }), 400, 1).data).toHaveProperty('codeType');
  });

  it('keeps materials and categories to their tenant; client tenants have no menu 18', async () => {
    const admin = await operatorUser(h);
    const client = await clientTenant(h);
    const material = await materialOf(h, admin.token, { clientId: client.id });
    const otherOperator = await h.createTenant({ type: 1, code: uniqueAccount('op') });
    const stranger = await operatorUser(h, { tenant: otherOperator.code });
    expectFailure(await h.call('GET', `Product/packaging/${material.id}`, { token: stranger.token }), 404, 2);
    expectFailure(await h.call('DELETE', `Product/packaging/${material.id}`, { token: stranger.token }), 404, 2);
    expectFailure(await h.call('PUT', 'Product/packaging', {
      token: stranger.token, body: { ...materialBody({ clientId: client.id, productId: material.productId, categoryId: material.categoryId }), id: material.id },
    }), 404, 2);
    expectFailure(await h.call('DELETE', `Product/packagingCategory/${material.categoryId}`, { token: stranger.token }), 404, 2);
    expectFailure(await h.call('POST', 'Product/packagingCategory', { token: stranger.token, body: { id: material.categoryId, name: 'Stolen' } }), 404, 2);
    // Its own product and category ids are needed: the platform's are refused.
    expect(expectFailure(await h.call('POST', 'Product/packaging', {
      token: stranger.token, body: materialBody({ clientId: client.id, productId: material.productId, categoryId: material.categoryId }),
    }), 400, 1).data).toEqual({ productId: { key: 'oneOf' }, categoryId: { key: 'oneOf' } });
    expect((await ok<Page<Material>>(h, 'GET', 'Product/packaging', stranger.token)).total).toBe(0);
    expect(await ok(h, 'GET', `Product/packaging/${material.id}`, admin.token)).toMatchObject({ id: material.id, no: material.no });

    const clientUser = await h.signedInUser({ tenant: client.code, functions: [2, 18, 19] });
    expectFailure(await h.call('GET', 'Product/packaging', { token: clientUser.token }), 403, 3);
    expectFailure(await h.call('GET', 'Product/packagingCategory', { token: clientUser.token }), 403, 3);
  });
});

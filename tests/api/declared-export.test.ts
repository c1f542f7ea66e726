/**
 * The declared export layer (server/resource/export.ts) on both databases, through one of its
 * exports (POST Product/brandProduct/file, a resource with a role scope): the body checked by
 * the route's validator from the declaration (a bad format, an unknown field, a body that is
 * not an object: 400 { code, message }; no body: everything), the job queued with its report,
 * and the rows of the caller's tenant and role only.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobCategory } from '../../src/domain/enums';
import { json } from '../../server/db/schema';
import { describeApi, expectFailure } from './harness';
import { clientTenant, exportedFile, jobWorker, ok } from './productSetup';

interface Brand { id: number }

describeApi('Declared exports (resource/export.ts)', (h) => {
  let jobs: Awaited<ReturnType<typeof jobWorker>>;
  beforeAll(async () => { jobs = await jobWorker(h); });
  afterAll(async () => { await jobs?.stop(); });

  /** A client tenant with a user holding menu 19 and brand products named `names` under one brand each. */
  async function tenantWith(...names: string[]) {
    const tenant = await clientTenant(h);
    const user = await h.signedInUser({ tenant: tenant.code, functions: [2, 19] });
    const brands: Brand[] = [];
    for (const name of names) {
      const brand = await ok<Brand>(h, 'POST', 'Product/brand', user.token, { name: `Brand of ${name}` });
      await ok(h, 'POST', 'Product/brandProduct', user.token, { brandId: brand.id, name });
      brands.push(brand);
    }
    return { tenant, user, brands };
  }

  const productNames = (lines: string[]) => lines.slice(1).map((l) => l.split(',')[0]).sort();

  it('refuses a bad body with 400 { code, message } and queues nothing', async () => {
    const { user } = await tenantWith('Only');
    const before = (await h.db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
    for (const body of [{ format: 'pdf' }, { format: 'csv', lang: 'xx' }, { nope: 1 }, { brandId: 'x' }]) {
      const res = await h.call('POST', 'Product/brandProduct/file', { token: user.token, body });
      const failure = expectFailure(res, 400, 1);
      expect(typeof failure.message).toBe('string');
      expect(Object.keys(failure.data as object).length).toBeGreaterThan(0);
    }
    expect(expectFailure(await h.call('POST', 'Product/brandProduct/file', { token: user.token, body: [1] }), 400, 1).data).toEqual({ body: { key: 'invalid' } });
    expect((await h.db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n).toEqual(before);
  });

  it('exports the caller tenant\'s rows only, within the caller\'s role, with no body as the whole list', async () => {
    const a = await tenantWith('A one', 'A two');
    const b = await tenantWith('B one');

    const queued = await h.call('POST', 'Product/brandProduct/file', { token: a.user.token });
    expect(queued.statusCode).toBe(201);
    const { id, reportId } = queued.json() as { id: number; reportId: number };
    expect(reportId).toEqual(expect.any(Number));
    const job = await h.db.selectFrom('jobs').select(['category', 'tenant_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(job).toEqual({ category: JobCategory.ExportBrandProducts, tenant_id: a.tenant.id });
    const all = await exportedFile(h, jobs.store, id);
    expect(all.lines[0]).toBe('產品名稱,品牌,包材,建立時間');
    expect(productNames(all.lines)).toEqual(['A one', 'A two']);

    // Another tenant's filter value finds nothing of theirs.
    const foreign = await ok<{ id: number }>(h, 'POST', 'Product/brandProduct/file', a.user.token, { brandId: b.brands[0].id, lang: 'en' });
    expect((await exportedFile(h, jobs.store, foreign.id)).lines).toEqual(['Product name,Brand,Packaging materials,Created']);
    const theirs = await ok<{ id: number }>(h, 'POST', 'Product/brandProduct/file', b.user.token, { lang: 'en' });
    expect(productNames((await exportedFile(h, jobs.store, theirs.id)).lines)).toEqual(['B one']);

    // A General role limited to one brand: that brand's rows only, read when the job runs.
    const limited = await h.signedInUser({ tenant: a.tenant.code, functions: [2, 19] });
    await h.db.updateTable('roles').set({ brands: json([a.brands[1].id]) }).where('id', '=', limited.roleId).execute();
    const mine = await ok<{ id: number }>(h, 'POST', 'Product/brandProduct/file', limited.token, { lang: 'en', format: 'txt' });
    const txt = await exportedFile(h, jobs.store, mine.id);
    expect(txt.lines.slice(1).map((l) => l.split('\t')[0])).toEqual(['A two']);
  });
});

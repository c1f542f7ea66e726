/**
 * The server side of the marketing benchmark (bench/marketing.ts), a child process so the load
 * generator and the app do not share one event loop: PGlite in memory, migrations and the
 * first-start seed, then the demo client's consumer page as a client would build it (a layout,
 * two banners in force, three popular products, contact info) and BENCH_MKT_CODES generated
 * codes of a package of the demo client linked to a brand product with product info. The real
 * app (buildApp) serves it with a static folder holding `static.html` (a plain page of about
 * the size of the page data: the reference of the ratio). Listens on 127.0.0.1, ephemeral port.
 * IPC: out { type: 'ready', port, codes, tenant } | { type: 'stopped' }; in { cmd: 'stop' }.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { openPglite } from '../server/db/index';
import { migrate } from '../server/db/migrate';
import { json } from '../server/db/schema';
import { loadOrCreateKeys } from '../server/security/keys';
import { seed } from '../server/seed';
import { readSettings } from '../server/settings';

const CODES = Number(process.env.BENCH_MKT_CODES ?? 10_000);
const TENANT = 'demo';

async function main() {
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oioc-bench-mkt-'));
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>bench</title>');
  const db = await openPglite();
  await migrate(db);
  const settings = { ...readSettings({}), adminInitialPassword: 'Admin1234', staticDir, dataDir: staticDir, filesDir: path.join(staticDir, 'files'), marketingRateLimit: 100_000_000 };
  await seed(db, settings);
  const keys = await loadOrCreateKeys(db);

  const tenant = await db.selectFrom('tenants').select('id').where('code', '=', TENANT).executeTakeFirstOrThrow();
  const operator = await db.selectFrom('tenants').select('id').where('code', '=', 'platform').executeTakeFirstOrThrow();
  const now = Date.now();
  const day = 86_400_000;
  await db.insertInto('marketing_layouts').values({
    tenant_id: tenant.id, slot: 'current', layout: 1, color_code: 'b83a24', logo_url: '/files/logo.png', navigator_functions: 7, query_page_functions: 15,
    scan_general_message: 'This is a genuine product.', scan_exception_message: 'This code was scanned many times.', privacy_title: 'Privacy',
    privacy_content: 'We record the time and place of each scan.'.repeat(10), copyright: '© Demo', safe_scan_count: 10,
  }).execute();
  const brand = await db.insertInto('brands').values({ tenant_id: tenant.id, name: 'Demo brand' }).returning('id').executeTakeFirstOrThrow();
  const bp = await db.insertInto('brand_products').values({ tenant_id: tenant.id, brand_id: brand.id, name: 'Oolong tea' }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('marketing_brand_products').values({ tenant_id: tenant.id, brand_product_id: bp.id, enable: true, currency: 'TWD', price: 150, names: json({ zh_TW: '烏龍茶', en: 'Oolong tea' }), first_page: 7, qualification: 1 }).execute();
  for (let i = 0; i < 2; i++) {
    await db.insertInto('marketing_banners').values({ tenant_id: tenant.id, brand_product_id: bp.id, starts_at: new Date(now - day), ends_at: new Date(now + 30 * day), timezone_id: 103, image_small: `/files/s${i}.png`, image_large: `/files/l${i}.png` }).execute();
  }
  const category = await db.insertInto('marketing_categories').values({ tenant_id: tenant.id, names: json({ zh_TW: '茶' }), enable: true }).returning('id').executeTakeFirstOrThrow();
  for (let i = 0; i < 3; i++) {
    const p = await db.insertInto('marketing_products').values({ tenant_id: tenant.id, category_id: category.id, names: json({ zh_TW: `茶 ${i}`, en: `Tea ${i}` }), enable: true, image: `/files/p${i}.png` }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('marketing_popular_products').values({ tenant_id: tenant.id, product_id: p.id, starts_at: new Date(now - day), ends_at: new Date(now + 30 * day), timezone_id: 103, names: json({}), price: 60 + i, currency: 'TWD', url: 'https://example.com' }).execute();
  }
  await db.insertInto('marketing_contacts').values({
    tenant_id: tenant.id, company: json({ name: 'Demo Tea Co.', phone: '0212345678', phoneCountryCode: '886', addr: 'Taipei' }),
    more_info: json([{ name: 'Shop', url: 'https://example.com/shop' }]), platforms: json([{ type: 1, url: 'https://line.me/x', priority: 1 }]),
  }).execute();
  const cp = await db.insertInto('client_products').values({ tenant_id: operator.id, client_id: tenant.id, name: 'Tea' }).returning('id').executeTakeFirstOrThrow();
  const cat = await db.insertInto('packaging_categories').values({ tenant_id: operator.id, name: 'Labels' }).returning('id').executeTakeFirstOrThrow();
  const material = await db.insertInto('packaging_materials').values({ tenant_id: operator.id, client_id: tenant.id, product_id: cp.id, category_id: cat.id, name: 'Label', no: 'L-1', code_type: 2, binding_sheet_type: 1, code_format: 3, code_length: 16 }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('brand_product_materials').values({ brand_product_id: bp.id, material_id: material.id }).execute();
  const pkg = await db.insertInto('code_packages').values({ tenant_id: operator.id, client_id: tenant.id, packaging_material_id: material.id, type: 1, code_type: 2, code_format: 3, code_length: 16, quantity: CODES, status: 2, progress: 100 }).returning('id').executeTakeFirstOrThrow();
  const codes = Array.from({ length: CODES }, (_, i) => `BENCH${String(i).padStart(11, '0')}`);
  for (let i = 0; i < codes.length; i += 2000) {
    await db.insertInto('codes').values(codes.slice(i, i + 2000).map((code, j) => ({ package_id: pkg.id, seq: i + j + 1, code }))).execute();
  }

  // The reference: a static page of about the page data's size, served by the same server.
  const probe = await buildApp({ db, settings, keys });
  const sample = await probe.inject({ method: 'GET', url: `/mapi/v1/page/${TENANT}` });
  await probe.close();
  fs.writeFileSync(path.join(staticDir, 'static.html'), `<!doctype html><html><body><pre>${sample.body.replace(/</g, '&lt;')}</pre></body></html>`);

  const app = await buildApp({ db, settings, keys });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'ready', port, codes: codes.slice(0, 1000), tenant: TENANT, pageBytes: sample.body.length });
  process.on('message', async (msg: { cmd?: string }) => {
    if (msg.cmd !== 'stop') return;
    await app.close();
    await db.destroy();
    fs.rmSync(staticDir, { recursive: true, force: true });
    process.send?.({ type: 'stopped' });
    process.exit(0);
  });
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

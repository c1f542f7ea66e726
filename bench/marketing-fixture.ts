/**
 * The demo client's consumer page as a client would build it, and `count` generated codes of
 * a package of that client linked to a brand product with product info: the scan bench
 * (bench/marketing-server.ts) and the scan kill test (tests/api/scan-kill.test.ts) share it.
 * Needs a migrated and seeded database (the seed's `demo` client and `platform` operator).
 * Codes are `${prefix}` + 11 digits, seq 1..count.
 */
import type { Db } from '../server/db/index';
import { json } from '../server/db/schema';

export const SCAN_TENANT = 'demo';

export const benchCode = (prefix: string, i: number) => `${prefix}${String(i).padStart(11, '0')}`;

export async function setUpScanPage(db: Db, count: number, prefix = 'BENCH'): Promise<{ tenant: string; tenantId: number; packageId: number; codes: string[] }> {
  const tenant = await db.selectFrom('tenants').select('id').where('code', '=', SCAN_TENANT).executeTakeFirstOrThrow();
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
  const pkg = await db.insertInto('code_packages').values({ tenant_id: operator.id, client_id: tenant.id, packaging_material_id: material.id, type: 1, code_type: 2, code_format: 3, code_length: 16, quantity: count, status: 2, progress: 100 }).returning('id').executeTakeFirstOrThrow();
  const codes = Array.from({ length: count }, (_, i) => benchCode(prefix, i));
  for (let i = 0; i < codes.length; i += 2000) {
    await db.insertInto('codes').values(codes.slice(i, i + 2000).map((code, j) => ({ package_id: pkg.id, seq: i + j + 1, code }))).execute();
  }
  return { tenant: SCAN_TENANT, tenantId: tenant.id, packageId: pkg.id, codes };
}

/**
 * Data that several specs set up the same way, written straight into this run's database where
 * the UI is not what is tested: a client tenant of a spec's own (its Admin role holding the
 * menus the spec needs, or the whole menu like the seeded `demo` client's; a packaging material
 * the operator keeps for it, optionally a brand product on that material and member settings),
 * codes made by the real generation job, and the one-time code the server sent to a shopper's
 * phone. No spec signs in to the seeded `demo` client: each has tenants of its own, so a spec
 * passes whatever ran before it (docs/decisions.md).
 */
import fs from 'node:fs';
import { fixtureHash } from '../support/fixtureHash';
import { expect, type Page } from '@playwright/test';
import { TenantType } from '../../src/domain/enums';
import type { Names } from '../../src/domain/lang';
import { menuIds, tenantMenu } from '../../src/domain/menu';
import { query, uniqueAccount } from './db';
import { E2E_UNRELEASED_MENU_IDS, otpOutboxFile } from './env';
import { sessionToken, signInAsNewUser } from './helpers';

export interface ClientSpec {
  /** Prefix of the tenant code (a unique suffix is added). */
  prefix: string;
  names: Names;
  /**
   * The menu ids its Admin role holds; 'all': the whole menu a client of these function flags
   * may grant on the specs' server (what the seed gives the `demo` client's Admin role).
   */
  functions: number[] | 'all';
  /** Client function flags (Logistics 1, Marketing 2, Member 4); 6 by default. */
  functionFlags?: number;
  /** A client product, a packaging category and a material the operator keeps for it (default true). */
  material?: boolean;
  /** A brand product of this name (on a brand of `brandName`) packed in the material. */
  brandProduct?: { name: string; brandName: string };
  /** Member settings exist (phone required, permanent points, no tiers or rules). */
  memberSettings?: boolean;
}

/** `materialId` is 0 when the spec asked for no material. */
export interface ClientFixture { tenant: string; clientId: number; materialId: number; productId?: number }

/** Every menu id a client of these flags may grant while E2E_UNRELEASED_MENU_IDS are unreleased. */
export function grantableMenu(functionFlags: number): number[] {
  return menuIds(tenantMenu({ tenantType: TenantType.Client, functionFlags, excludedMenuIds: [], unreleasedMenuIds: E2E_UNRELEASED_MENU_IDS }));
}

export async function clientTenant(spec: ClientSpec): Promise<ClientFixture> {
  const tenant = uniqueAccount(spec.prefix).toLowerCase();
  const flags = spec.functionFlags ?? 6;
  const [client] = await query<{ id: number }>(
    `insert into tenants (code, type, names, function_flags) values ($1, 2, $2::jsonb, $3) returning id`,
    [tenant, JSON.stringify(spec.names), flags],
  );
  const [role] = await query<{ id: number }>(
    `insert into roles (tenant_id, name, type, functions) values ($1, 'Admin', 1, $2::jsonb) returning id`,
    [client.id, JSON.stringify(spec.functions === 'all' ? grantableMenu(flags) : spec.functions)],
  );
  await query(
    `insert into users (tenant_id, account, name, type, status, role_id, mima_hash, mima_status) values ($1, 'admin', 'Admin', 1, 1, $2, $3, 1)`,
    [client.id, role.id, await fixtureHash(`X${Date.now()}x1`)],
  );
  const fixture: ClientFixture = { tenant, clientId: client.id, materialId: 0 };
  if (spec.material !== false) fixture.materialId = await operatorMaterial(tenant, client.id);
  if (spec.brandProduct) {
    const [brand] = await query<{ id: number }>(`insert into brands (tenant_id, name) values ($1, $2) returning id`, [client.id, spec.brandProduct.brandName]);
    const [bp] = await query<{ id: number }>(`insert into brand_products (tenant_id, brand_id, name) values ($1, $2, $3) returning id`, [client.id, brand.id, spec.brandProduct.name]);
    if (fixture.materialId) await query(`insert into brand_product_materials (brand_product_id, material_id) values ($1, $2)`, [bp.id, fixture.materialId]);
    fixture.productId = bp.id;
  }
  if (spec.memberSettings) {
    await query(`insert into member_settings (tenant_id, required_info, point_calculation_type, tiers, reward_rules) values ($1, 1, 1, '[]', '[]')`, [client.id]);
  }
  return fixture;
}

/**
 * A client like the seeded `demo` one, of a spec's own: Logistics, Marketing and Member, its
 * Admin role holding the whole menu, no packaging material.
 */
export function fullClient(prefix: string, names: Names): Promise<ClientFixture> {
  return clientTenant({ prefix, names, functions: 'all', functionFlags: 7, material: false });
}

/** A client product, a packaging category and a packaging material the operator keeps for a client. */
async function operatorMaterial(tenant: string, clientId: number): Promise<number> {
  const [operator] = await query<{ id: number }>(`select id from tenants where code = 'platform'`);
  const [product] = await query<{ id: number }>(`insert into client_products (tenant_id, client_id, name) values ($1, $2, $3) returning id`, [operator.id, clientId, `${tenant} tea`]);
  const [category] = await query<{ id: number }>(`insert into packaging_categories (tenant_id, name) values ($1, $2) returning id`, [operator.id, `${tenant} labels`]);
  const [material] = await query<{ id: number }>(
    `insert into packaging_materials (tenant_id, client_id, product_id, category_id, name, no, code_type, binding_sheet_type, code_format, code_length)
     values ($1, $2, $3, $4, 'Label', $5, 2, 1, 3, 16) returning id`,
    [operator.id, clientId, product.id, category.id, `${tenant}-no`],
  );
  return material.id;
}

/** Codes made by the real generation job: the operator posts a package and the job fills it. */
export async function generatedCodes(page: Page, clientId: number, materialId: number, quantity: number): Promise<string[]> {
  await signInAsNewUser(page, 'platform');
  const token = await sessionToken(page);
  const res = await page.request.post('/v1/Code/package', { headers: { authorization: `Bearer ${token}` }, data: { clientId, packagingMaterialId: materialId, type: 1, quantity } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  await expect.poll(async () => (await query<{ status: number }>(`select status from code_packages where id = $1`, [id]))[0].status, { timeout: 60_000 }).toBe(2);
  return (await query<{ code: string }>(`select code from codes where package_id = $1 order by seq`, [id])).map((r) => r.code);
}

/** The newest one-time code the server sent to a phone (the outbox file, one JSON line per code). */
export async function outboxCode(tenant: string, phone: string): Promise<string> {
  let code = '';
  await expect.poll(() => {
    const lines = fs.existsSync(otpOutboxFile()) ? fs.readFileSync(otpOutboxFile(), 'utf8').trim().split('\n') : [];
    const mine = lines.filter(Boolean).map((l) => JSON.parse(l) as { tenantCode: string; phone: string; code: string }).filter((m) => m.tenantCode === tenant && m.phone === phone);
    code = mine.at(-1)?.code ?? '';
    return code;
  }).toMatch(/^\d{6}$/);
  return code;
}

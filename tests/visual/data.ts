/**
 * The visual snapshots' fixture: fixed rows written straight into the visual server's own
 * database (tests/e2e/server.ts, E2E_SERVER_KIND=visual), the same every run, so a screenshot
 * changes only when the screen does. The database is fresh and seeded in one order by one
 * process, so ids are the same every run too; every timestamp a screen could show is then set
 * to one fixed instant (FIXED_TIME), and the browser's clock is fixed to FIXED_NOW.
 */
import { fixtureHash } from '../support/fixtureHash';
import pg from 'pg';
import { MENU_TREE, menuIds } from '../../src/domain/menu';
import { databaseUrl } from '../e2e/env';

/** The browser's "now" in every visual test (page.clock.setFixedTime). */
export const FIXED_NOW = new Date('2026-06-15T10:00:00+08:00');
/** Every created/updated/generated time of the fixture's rows. */
export const FIXED_TIME = '2026-06-01T09:30:00+08:00';
/** The client tenant whose screens and consumer page are photographed. */
export const CLIENT = 'visual';
/** The accounts the snapshots sign in with (operator and client), both with this password. */
export const ACCOUNT = 'visual';
export const PASSWORD = 'Visual1234';
/** The codes scanned on the consumer page (one package of the client's material). */
export const CODES = ['VIS0000000000001', 'VIS0000000000002'];

export async function visualQuery<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl(undefined, 'visual') });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

const one = async (text: string, params: unknown[] = []): Promise<number> => (await visualQuery<{ id: number }>(`${text} returning id`, params))[0].id;
const names = (zh_TW: string, zh_CN: string, en: string) => JSON.stringify({ zh_TW, zh_CN, en });

export interface Fixture {
  operatorId: number;
  clientId: number;
  brandProductId: number;
  materialId: number;
}

/** The rows every screen lists (one or two of each kind), in one fixed order. */
export async function seedRows(): Promise<Fixture> {
  const [op] = await visualQuery<{ id: number }>(`select id from tenants where code = 'platform'`);
  const operatorId = op.id;
  const mimaHash = await fixtureHash(PASSWORD);
  const [adminRole] = await visualQuery<{ role_id: number }>(`select role_id from users where tenant_id = $1 and account = 'admin'`, [operatorId]);
  await visualQuery(
    `insert into users (tenant_id, account, name, type, status, role_id, mima_hash, mima_status, email) values ($1, $2, '視覺測試員', 1, 1, $3, $4, 1, 'visual@example.com')`,
    [operatorId, ACCOUNT, adminRole.role_id, mimaHash],
  );

  // The client: every function, its Admin role holding the whole menu (the server hides what a client may not see).
  const clientId = await one(`insert into tenants (code, type, names, function_flags) values ($1, 2, $2::jsonb, 7)`, [CLIENT, names('視覺茶行', '视觉茶行', 'Visual Tea')]);
  const clientRole = await one(`insert into roles (tenant_id, name, type, functions) values ($1, 'Admin', 1, $2::jsonb)`, [clientId, JSON.stringify(menuIds(MENU_TREE))]);
  await visualQuery(
    `insert into users (tenant_id, account, name, type, status, role_id, mima_hash, mima_status, email) values ($1, $2, '視覺店長', 1, 1, $3, $4, 1, 'shop@example.com')`,
    [clientId, ACCOUNT, clientRole, mimaHash],
  );
  await visualQuery(`insert into member_settings (tenant_id, required_info, point_calculation_type, tiers, reward_rules) values ($1, 1, 1, '[]', '[]')`, [clientId]);

  // Operator: announcements, products and packaging of the client, a code package, an export.
  const category = await one(`insert into announcement_categories (tenant_id, names) values ($1, $2::jsonb)`, [operatorId, names('系統公告', '系统公告', 'System notices')]);
  await visualQuery(
    `insert into announcements (tenant_id, category_id, contents, start_time, end_time, timezone_id, target) values ($1, $2, $3::jsonb, $4, '2099-12-31T00:00:00+08:00', 103, 1)`,
    [operatorId, category, JSON.stringify({ zh_TW: { title: '年中盤點', content: '六月底倉庫盤點，出貨暫停一天。' }, en: { title: 'Mid-year stocktake', content: 'Shipping pauses for one day.' } }), FIXED_TIME],
  );
  const clientProduct = await one(`insert into client_products (tenant_id, client_id, name) values ($1, $2, '高山烏龍')`, [operatorId, clientId]);
  const packaging = await one(`insert into packaging_categories (tenant_id, name) values ($1, '瓶標')`, [operatorId]);
  const materialId = await one(
    `insert into packaging_materials (tenant_id, client_id, product_id, category_id, name, no, code_type, binding_sheet_type, code_format, code_length)
     values ($1, $2, $3, $4, '烏龍瓶標', 'VIS-LBL-01', 2, 1, 3, 16)`,
    [operatorId, clientId, clientProduct, packaging],
  );
  const pkg = await one(
    `insert into code_packages (tenant_id, client_id, packaging_material_id, type, code_type, code_format, code_length, quantity, status, progress)
     values ($1, $2, $3, 1, 2, 3, 16, $4, 2, 100)`,
    [operatorId, clientId, materialId, CODES.length],
  );
  for (const [i, code] of CODES.entries()) await visualQuery(`insert into codes (package_id, seq, code) values ($1, $2, $3)`, [pkg, i + 1, code]);
  const [opUser] = await visualQuery<{ id: number }>(`select id from users where tenant_id = $1 and account = $2`, [operatorId, ACCOUNT]);
  await visualQuery(`insert into export_reports (tenant_id, user_id, function_type, progress, status, downloaded, file_name) values ($1, $2, 1, 100, 3, true, 'roles.xlsx')`, [operatorId, opUser.id]);

  // Client: brand and product packed in the material, binding, marketing, members.
  const brand = await one(`insert into brands (tenant_id, name) values ($1, '山嵐')`, [clientId]);
  const brandProductId = await one(`insert into brand_products (tenant_id, brand_id, name) values ($1, $2, '山嵐烏龍 600ml')`, [clientId, brand]);
  await visualQuery(`insert into brand_product_materials (brand_product_id, material_id) values ($1, $2)`, [brandProductId, materialId]);
  const factory = await one(`insert into factories (tenant_id, name, address, enabled) values ($1, '南投一廠', '南投縣鹿谷鄉 1 號', true)`, [clientId]);
  const line = await one(`insert into production_lines (tenant_id, factory_id, name, enabled) values ($1, $2, 'A 線', true)`, [clientId, factory]);
  await visualQuery(`insert into shifts (tenant_id, factory_id, line_id, name, start_time, end_time, enabled) values ($1, $2, $3, '早班', '08:00', '16:00', true)`, [clientId, factory, line]);
  await visualQuery(`insert into warehouses (tenant_id, name, type, address, enabled) values ($1, '台中倉', 2, '台中市西屯區 2 號', true)`, [clientId]);
  const shelf = await one(`insert into marketing_categories (tenant_id, names, enable) values ($1, $2::jsonb, true)`, [clientId, names('茶葉', '茶叶', 'Tea leaves')]);
  await visualQuery(`insert into marketing_products (tenant_id, category_id, names, enable) values ($1, $2, $3::jsonb, true)`, [clientId, shelf, names('冬片禮盒', '冬片礼盒', 'Winter gift box')]);
  await visualQuery(
    `insert into members (tenant_id, phone_country_code, phone, name, gender, email, enabled) values ($1, '886', '912345678', '林小明', 1, 'ming@example.com', true)`,
    [clientId],
  );
  return { operatorId, clientId, brandProductId, materialId };
}

/**
 * Every time a screen could show set to FIXED_TIME (created, updated, generated, scanned); the
 * sessions, jobs and one-time codes keep theirs (the server checks them against its own clock).
 */
export async function fixTimes(): Promise<void> {
  const cols = await visualQuery<{ table_name: string; column_name: string; has_id: boolean }>(
    `select c.table_name, c.column_name,
            exists (select 1 from information_schema.columns i where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id') as has_id
       from information_schema.columns c
      where c.table_schema = 'public' and c.data_type like 'timestamp%'
        and c.column_name in ('created_at', 'updated_at', 'generated_at', 'scanned_at', 'checked_at', 'assigned_at')
        and c.table_name not in ('sessions', 'member_sessions', 'member_otps', 'jobs')`,
  );
  for (const c of cols) {
    // A minute apart by id, so a list sorted by time has no ties (and one order every run).
    const value = c.has_id ? `$1::timestamptz + (id % 100000) * interval '1 minute'` : '$1::timestamptz';
    await visualQuery(`update "${c.table_name}" set "${c.column_name}" = ${value} where "${c.column_name}" is not null`, [FIXED_TIME]);
  }
}

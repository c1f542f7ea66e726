/**
 * The barcode query's answer (GET Logistics/code, menu 28; modules/logistics/logistics.ts):
 * one SQL statement for everything the screen shows of one code.
 */
import { sql } from 'kysely';
import { CodePackageStatus, RoleType, TenantType } from '../../src/domain/enums';
import { CODE_QUERY_MAX_ROWS } from '../../src/domain/logistics';
import type { Db } from '../db/index';
import { withGenericPlan } from '../db/genericPlan';
import type { Caller } from '../auth';
import type { RatioUnit } from '../db/schemaLogistics';
import { barcodeNotExist } from './logistics';
const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

interface CodeAnswerRow {
  code: string; seq: number;
  pkg_id: number; pkg_type: number; pkg_code_type: number; pkg_quantity: number; pkg_created_at: Date | string | null; generated_at: Date | string | null;
  material_id: number; material_no: string; material_name: string; product_id: number; product_name: string;
  client_id: number; client_code: string; client_names: unknown;
  has_state: boolean | null; level: number | null; bound_at: Date | string | null; status: number | null; moved_at: Date | string | null;
  ratio_id: number | null; ratio_name: string | null; units: RatioUnit[] | null;
  factory_id: number | null; factory_name: string | null; line_id: number | null; line_name: string | null;
  shift_id: number | null; shift_name: string | null; warehouse_id: number | null; warehouse_name: string | null; warehouse_type: number | null;
  bound_by: string | null;
  scan_count: number | string;
  short_token: string | null;
  parents: { code: string; level: number | null }[];
  children: { code: string; level: number | null }[];
  scans: { source: number; type: number; scanned_at: string; location: string | null; latitude: number | null; longitude: number | null; account: string | null }[];
  movements: { sheet_id: number; sheet_type: number; scanned: boolean; created_at: string; account: string;
    warehouse_id: number; warehouse_name: string; to_warehouse_id: number | null; to_warehouse_name: string | null }[];
}

/**
 * GET Logistics/code in one SQL statement (one round trip, docs/benchmarks.md "Barcode query"):
 * the code as the caller may read it (a client: its own; the operator: those it keeps for the
 * clients its role manages, the role read in the same statement), then each part of the answer
 * as an index lookup in a lateral subquery: package, material, product, client, the code's
 * logistics state, the chain of outer packages (a recursive walk, at most five), the child
 * packages, the scan count and newest scans, the newest movements and the short address.
 * An unknown code, or one the caller may not read, is 404 code 2 "this barcode does not exist".
 * Every part is a lookup by key, so it runs on PostgreSQL's generic plan (db/genericPlan.ts).
 */
export async function codeAnswer(db: Db, who: Caller, rawCode: string, shortUrl: (token: string) => string) {
  const wanted = rawCode.trim();
  if (!wanted) throw barcodeNotExist(wanted);
  const readable = who.tenantType === TenantType.Operator
    ? sql`p.tenant_id = ${who.tenantId} and exists (select 1 from roles ro where ro.id = ${who.roleId} and ro.tenant_id = ${who.tenantId}
        and (ro.type = ${RoleType.Admin} or ro.customers @> to_jsonb(p.client_id)))`
    : sql`p.client_id = ${who.tenantId}`;
  const max = CODE_QUERY_MAX_ROWS;
  const { rows } = await withGenericPlan(db, (q) => sql<CodeAnswerRow>`
    select c.code, c.seq,
      p.id as pkg_id, p.type as pkg_type, p.code_type as pkg_code_type, p.quantity as pkg_quantity, p.created_at as pkg_created_at, p.generated_at,
      m.id as material_id, m.no as material_no, m.name as material_name, cp.id as product_id, cp.name as product_name,
      t.id as client_id, t.code as client_code, t.names as client_names,
      cl.package_id is not null as has_state, cl.level, cl.bound_at, cl.status, cl.moved_at,
      r.id as ratio_id, r.name as ratio_name, r.units, f.id as factory_id, f.name as factory_name,
      l.id as line_id, l.name as line_name, s.id as shift_id, s.name as shift_name,
      w.id as warehouse_id, w.name as warehouse_name, w.type as warehouse_type, u.account as bound_by,
      -- The counter every scan keeps (services/scanBatch.ts, scanLog.ts), not a count of the log:
      -- the same number the shopper sees, also after the retention dropped old months of the log.
      coalesce((select k.scans from code_scan_counts k where k.package_id = c.package_id and k.seq = c.seq), 0) as scan_count,
      (select su.token from short_urls su where su.package_id = c.package_id and su.seq = c.seq limit 1) as short_token,
      coalesce((select json_agg(json_build_object('code', pc.code, 'level', pl.level) order by up.depth)
        from (with recursive up(package_id, seq, depth) as (
            select cl.parent_package_id, cl.parent_seq, 1 where cl.parent_package_id is not null
            union all
            select ul.parent_package_id, ul.parent_seq, up.depth + 1 from code_logistics ul
            join up on ul.package_id = up.package_id and ul.seq = up.seq
            where ul.parent_package_id is not null and up.depth < 5
          ) select * from up) up
        join codes pc on pc.package_id = up.package_id and pc.seq = up.seq
        left join code_logistics pl on pl.package_id = up.package_id and pl.seq = up.seq), '[]'::json) as parents,
      coalesce((select json_agg(json_build_object('code', k.code, 'level', k.level) order by k.code)
        from (select kc.code, kl.level from code_logistics kl
          join codes kc on kc.package_id = kl.package_id and kc.seq = kl.seq
          where kl.parent_package_id = c.package_id and kl.parent_seq = c.seq
          order by kc.code limit 1000) k), '[]'::json) as children,
      coalesce((select json_agg(json_build_object('source', z.source, 'type', z.type, 'scanned_at', z.scanned_at, 'location', z.location,
          'latitude', z.latitude, 'longitude', z.longitude, 'account', z.account) order by z.scanned_at desc, z.id desc)
        from (select sl.id, sl.source, sl.type, sl.scanned_at, sl.location, sl.latitude, sl.longitude, su.account from scan_logs sl
          left join users su on su.id = sl.user_id
          where sl.package_id = c.package_id and sl.seq = c.seq
          order by sl.scanned_at desc, sl.id desc limit ${max}) z), '[]'::json) as scans,
      coalesce((select json_agg(json_build_object('sheet_id', v.sheet_id, 'sheet_type', v.sheet_type, 'scanned', v.scanned, 'created_at', v.created_at,
          'account', v.account, 'warehouse_id', v.warehouse_id, 'warehouse_name', v.warehouse_name,
          'to_warehouse_id', v.to_warehouse_id, 'to_warehouse_name', v.to_warehouse_name) order by v.created_at desc, v.id desc)
        from (select mv.id, sh.id as sheet_id, sh.sheet_type, mv.scanned, mv.created_at, sh.account,
            mw.id as warehouse_id, mw.name as warehouse_name, tw.id as to_warehouse_id, tw.name as to_warehouse_name
          from logistic_movements mv
          join logistic_sheets sh on sh.id = mv.sheet_id
          join warehouses mw on mw.id = sh.warehouse_id
          left join warehouses tw on tw.id = sh.to_warehouse_id
          where mv.package_id = c.package_id and mv.seq = c.seq
          order by mv.created_at desc, mv.id desc limit ${max}) v), '[]'::json) as movements
    from codes c
    join code_packages p on p.id = c.package_id
    join packaging_materials m on m.id = p.packaging_material_id
    join client_products cp on cp.id = m.product_id
    join tenants t on t.id = p.client_id
    left join code_logistics cl on cl.package_id = c.package_id and cl.seq = c.seq
    left join package_ratios r on r.id = cl.ratio_id
    left join factories f on f.id = cl.factory_id
    left join production_lines l on l.id = cl.line_id
    left join shifts s on s.id = cl.shift_id
    left join warehouses w on w.id = cl.warehouse_id
    left join users u on u.id = cl.bound_by
    where c.code = ${wanted} and p.status = ${CodePackageStatus.Generated} and ${readable}`.execute(q));
  const row = rows[0];
  if (!row) throw barcodeNotExist(wanted);
  const units = row.units ?? null;
  const level = n(row.level);
  const parents = row.parents.map((x) => ({ code: x.code, level: n(x.level) }));
  return {
    code: row.code,
    seq: Number(row.seq),
    package: { id: row.pkg_id, type: row.pkg_type, codeType: row.pkg_code_type, quantity: row.pkg_quantity, createdAt: iso(row.pkg_created_at) },
    /** The code's short address (GET Config/short-url), when it has one. */
    shortUrl: row.short_token ? shortUrl(row.short_token) : null,
    packagingMaterial: { id: row.material_id, no: row.material_no, name: row.material_name },
    product: { id: row.product_id, name: row.product_name },
    client: { id: row.client_id, code: row.client_code, names: row.client_names },
    generatedAt: iso(row.generated_at),
    logistics: row.has_state ? {
      level,
      unit: level && units ? units[level - 1]?.unit ?? null : null,
      ratio: row.ratio_id ? { id: row.ratio_id, name: row.ratio_name } : null,
      factory: row.factory_id ? { id: row.factory_id, name: row.factory_name } : null,
      line: row.line_id ? { id: row.line_id, name: row.line_name } : null,
      shift: row.shift_id ? { id: row.shift_id, name: row.shift_name } : null,
      boundAt: iso(row.bound_at),
      boundBy: row.bound_by ?? null,
      status: row.status,
      warehouse: row.warehouse_id ? { id: row.warehouse_id, name: row.warehouse_name, type: row.warehouse_type } : null,
      movedAt: iso(row.moved_at),
    } : null,
    parent: parents[0] ?? null,
    parents,
    children: row.children.map((k) => ({ code: k.code, level: n(k.level) })),
    scanCount: Number(row.scan_count),
    scans: row.scans.map((z) => ({
      source: z.source, type: z.type, scannedAt: iso(z.scanned_at), location: z.location,
      latitude: z.latitude, longitude: z.longitude, account: z.account ?? null,
    })),
    movements: row.movements.map((v) => ({
      sheetId: v.sheet_id, sheetType: v.sheet_type, scanned: v.scanned, at: iso(v.created_at), account: v.account,
      warehouse: { id: v.warehouse_id, name: v.warehouse_name },
      toWarehouse: v.to_warehouse_id ? { id: v.to_warehouse_id, name: v.to_warehouse_name } : null,
    })),
  };
}

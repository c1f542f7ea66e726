/**
 * The shopper's scan (issue 27): one prepared statement (db/prepared.ts) that finds the code
 * in the tenant's generated packages, appends the scan_logs row, counts the scan in
 * code_scan_counts (migrations/0030_scan_log_partitions.ts) and reads back the count
 * including this scan, the scan before it and the code's brand product.
 *
 * The count is the counter's row updated under its lock, so it costs the same at the first
 * scan and at the 100,000th, and concurrent scans of one code each see their own number. The
 * row is in the log and the count when the statement has committed, before the answer is
 * sent: an answered scan is never lost (tests/api/scan-kill.test.ts kills a server under load).
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { CodePackageStatus, ScanLogType, ScanSource } from '../../src/domain/enums';
import { DEFAULT_LANG, type Names } from '../../src/domain/lang';
import type { PageQuery } from '../../src/domain/marketing/page';
import type { Db } from '../db/index';
import { preparedRows } from '../db/prepared';

/** Mobile for phones and tablets (what the user agent says), else PC (SPEC scan log type). */
export function scanTypeOf(userAgent: string | undefined): number {
  return /Mobi|Android|iPhone|iPad|iPod|Windows Phone|BlackBerry|Opera Mini|IEMobile/i.test(userAgent ?? '') ? ScanLogType.Mobile : ScanLogType.PC;
}

/** Both coordinates as numbers in range, else null (a shopper who did not share a place). */
export function coordinates(lat: string | undefined, lng: string | undefined): { lat: number; lng: number } | null {
  if (lat === undefined || lng === undefined || lat.trim() === '' || lng.trim() === '') return null;
  const la = Number(lat);
  const lo = Number(lng);
  if (!Number.isFinite(la) || !Number.isFinite(lo) || la < -90 || la > 90 || lo < -180 || lo > 180) return null;
  return { lat: la, lng: lo };
}

export interface ScanRow {
  /** This scan included; bigint (a string from pg). */
  scans: number | string;
  brand_product_id: number | null;
  product_name: string | null;
  brand_name: string | null;
  price: string | null;
  currency: string | null;
  names: Names | null;
  m_enable: boolean | null;
  prev_at: Date | string | null;
  prev_location: string | null;
  prev_latitude: number | null;
  prev_longitude: number | null;
}

/**
 * The scan of `code`: no row when it is not this tenant's code (nothing recorded). The newest
 * earlier scan comes with its place when the shopper shared one (the page says "place not
 * shared" otherwise; a code checked before never reads as a first check).
 */
export async function recordScan(db: Db, tenantId: number, code: string, req: FastifyRequest, place: { lat: number; lng: number } | null): Promise<ScanRow | undefined> {
  const userAgent = (req.headers['user-agent'] ?? '').slice(0, 500) || null;
  const rows = await preparedRows(db, sql<ScanRow>`
    with hit as (
      select c.package_id, c.seq, c.code, p.packaging_material_id
      from codes c join code_packages p on p.id = c.package_id
      where c.code = ${code}::text and p.client_id = ${tenantId}::integer and p.status = ${CodePackageStatus.Generated}::smallint
      limit 1
    ),
    ins as (
      insert into scan_logs (tenant_id, package_id, seq, code, source, type, user_agent, ip, latitude, longitude)
      select ${tenantId}::integer, hit.package_id, hit.seq, hit.code, ${ScanSource.Consumer}::smallint, ${scanTypeOf(userAgent ?? undefined)}::smallint,
        ${userAgent}::text, ${req.ip ?? null}::text, ${place?.lat ?? null}::double precision, ${place?.lng ?? null}::double precision
      from hit
    ),
    counted as (
      insert into code_scan_counts as k (package_id, seq, scans, last_at, last_latitude, last_longitude)
      select hit.package_id, hit.seq, 1, now(), ${place?.lat ?? null}::double precision, ${place?.lng ?? null}::double precision from hit
      on conflict (package_id, seq) do update set scans = k.scans + 1,
        prev_at = k.last_at, prev_location = k.last_location, prev_latitude = k.last_latitude, prev_longitude = k.last_longitude,
        last_at = excluded.last_at, last_location = null, last_latitude = excluded.last_latitude, last_longitude = excluded.last_longitude
      returning k.package_id, k.seq, k.scans, k.prev_at, k.prev_location, k.prev_latitude, k.prev_longitude
    )
    select
      counted.scans, counted.prev_at, counted.prev_location, counted.prev_latitude, counted.prev_longitude,
      bp.id as brand_product_id, bp.name as product_name, b.name as brand_name, m.price, m.currency, m.names, m.enable as m_enable
    from hit
    join counted on counted.package_id = hit.package_id and counted.seq = hit.seq
    left join lateral (
      select l.brand_product_id from brand_product_materials l
      join brand_products x on x.id = l.brand_product_id and x.tenant_id = ${tenantId}::integer
      left join marketing_brand_products mm on mm.brand_product_id = x.id
      where l.material_id = hit.packaging_material_id
      order by (mm.id is null), x.id limit 1
    ) link on true
    left join brand_products bp on bp.id = link.brand_product_id
    left join brands b on b.id = bp.brand_id
    left join marketing_brand_products m on m.brand_product_id = bp.id
  `);
  return rows[0];
}

const iso = (d: Date | string) => new Date(d).toISOString();
const num = (v: string | number | null) => (v === null || v === undefined ? null : Number(v));
const hasNames = (n: Names | null | undefined): n is Names => !!n && Object.values(n).some((v) => !!v);

/** The page's query section for `code` (row: recordScan's answer). */
export function queryOf(code: string, row: ScanRow | undefined, safeScanCount: number): PageQuery {
  if (!row) {
    return { code, exists: false, scannedCount: 0, latestScan: null, price: null, currency: null, productNames: null, brandName: null, warning: false };
  }
  const scannedCount = Number(row.scans);
  const priced = row.m_enable === true;
  return {
    code,
    exists: true,
    scannedCount,
    latestScan: row.prev_at ? { at: iso(row.prev_at), location: row.prev_location, latitude: row.prev_latitude, longitude: row.prev_longitude } : null,
    price: priced ? num(row.price) : null,
    currency: priced ? row.currency : null,
    productNames: row.brand_product_id === null ? null : hasNames(row.names) ? row.names : { [DEFAULT_LANG]: row.product_name ?? '' },
    brandName: row.brand_name,
    warning: scannedCount > safeScanCount,
  };
}

/**
 * The shopper's scans written together (issue 27): one prepared statement (db/prepared.ts)
 * that finds each code in its tenant's generated packages, appends a scan_logs row per scan,
 * counts them in code_scan_counts (migrations/0030_scan_log_partitions.ts) and reads back,
 * for each scan, the code's count including it, the scan before it and the code's brand
 * product.
 *
 * A code's count is its counter row updated under the row's lock, once per statement by the
 * number of its scans in the statement: it costs the same at the first scan and at the
 * 100,000th, and scans of one code, in one statement or in concurrent ones, each see their own
 * number (the k-th of a code's n scans here: the new total - n + k). The lock is taken last:
 * the products are read and the log rows appended before the counters are updated (counted
 * reads from both), so concurrent statements queue on a counter only for its update and the
 * commit. The rows are in the log and the counts when the statement has committed, before any
 * of its scans is answered: an answered scan is never lost (tests/api/scan-kill.test.ts).
 *
 * The counter's prev_* columns are this statement's way to read the row's last scan before
 * it (RETURNING shows the new row only): for a code's first scan here, the scan before it is
 * that last scan; for the k-th, the (k-1)-th here (same time: the transaction's).
 */
import { sql, type RawBuilder } from 'kysely';
import { CodePackageStatus, ScanSource } from '../../src/domain/enums';
import type { Names } from '../../src/domain/lang';
import type { Db } from '../db/index';
import { preparedRows } from '../db/prepared';
import { COUNT_SCANS } from './scanCounter';

/** One shopper's scan as the route took it. */
export interface ScanInput {
  tenantId: number;
  code: string;
  userAgent: string | null;
  ip: string | null;
  /** ScanLogType (scanTypeOf). */
  type: number;
  lat: number | null;
  lng: number | null;
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

/** `code` as a code of `tenant`'s generated packages (c, p): at most one row. */
const ownCode = (code: RawBuilder<unknown>, tenant: RawBuilder<unknown>) => sql`
  codes c join code_packages p on p.id = c.package_id
  where c.code = ${code} and p.client_id = ${tenant} and p.status = ${CodePackageStatus.Generated}::smallint
  limit 1`;

/**
 * The scans as `hit` (one row per scan of a known code: its key, its position i, its rank k
 * among the n scans of its code here and the place of the one before it here). One scan alone,
 * the common case on a quiet server, is read from plain parameters: unnesting arrays and
 * ranking cost more than the rest of the statement for a single row.
 */
function hits(scans: readonly ScanInput[]) {
  if (scans.length === 1) {
    const [s] = scans;
    return sql`
      hit as materialized (
        select 1::bigint as i, ${s.tenantId}::integer as t, ${s.userAgent}::text as ua, ${s.ip}::text as ip, ${s.type}::smallint as ty,
          ${s.lat}::double precision as lat, ${s.lng}::double precision as lng, c.package_id, c.seq, c.code, p.packaging_material_id,
          1::bigint as k, 1::bigint as n, null::double precision as before_lat, null::double precision as before_lng
        from ${ownCode(sql`${s.code}::text`, sql`${s.tenantId}::integer`)}
      )`;
  }
  const column = <T>(pick: (s: ScanInput) => T) => scans.map(pick);
  return sql`
    u as (
      select * from unnest(${column((s) => s.tenantId)}::integer[], ${column((s) => s.code)}::text[], ${column((s) => s.userAgent)}::text[],
        ${column((s) => s.ip)}::text[], ${column((s) => s.type)}::smallint[], ${column((s) => s.lat)}::double precision[], ${column((s) => s.lng)}::double precision[])
        with ordinality as u(t, c, ua, ip, ty, lat, lng, i)
    ),
    hit as materialized (
      select u.i, u.t, u.ua, u.ip, u.ty, u.lat, u.lng, h.package_id, h.seq, h.code, h.packaging_material_id,
        row_number() over w as k, count(*) over (partition by h.package_id, h.seq) as n,
        lag(u.lat) over w as before_lat, lag(u.lng) over w as before_lng
      from u cross join lateral (
        select c.package_id, c.seq, c.code, p.packaging_material_id
        from ${ownCode(sql`u.c`, sql`u.t`)}
      ) h
      window w as (partition by h.package_id, h.seq order by u.i)
    )`;
}

/** Records `scans` in one statement; answers in their order (undefined: not the tenant's code, nothing recorded). */
export async function recordScans(db: Db, scans: readonly ScanInput[]): Promise<(ScanRow | undefined)[]> {
  const rows = await preparedRows(db, sql<ScanRow & { i: string | number }>`
    with ${hits(scans)},
    product as materialized (
      select hit.i, bp.id as brand_product_id, bp.name as product_name, b.name as brand_name, m.price, m.currency, m.names, m.enable as m_enable
      from hit
      left join lateral (
        select l.brand_product_id from brand_product_materials l
        join brand_products x on x.id = l.brand_product_id and x.tenant_id = hit.t
        left join marketing_brand_products mm on mm.brand_product_id = x.id
        where l.material_id = hit.packaging_material_id
        order by (mm.id is null), x.id limit 1
      ) link on true
      left join brand_products bp on bp.id = link.brand_product_id
      left join brands b on b.id = bp.brand_id
      left join marketing_brand_products m on m.brand_product_id = bp.id
    ),
    ins as (
      insert into scan_logs (tenant_id, package_id, seq, code, source, type, user_agent, ip, latitude, longitude)
      select hit.t, hit.package_id, hit.seq, hit.code, ${ScanSource.Consumer}::smallint, hit.ty, hit.ua, hit.ip, hit.lat, hit.lng
      from hit order by hit.i
      returning 1
    ),
    counted as (
      insert into code_scan_counts as k (package_id, seq, scans, last_at, last_location, last_latitude, last_longitude)
      select hit.package_id, hit.seq, hit.n, now(), null, hit.lat, hit.lng
      from hit cross join (select count(*) from ins) logged cross join (select count(*) from product) read
      where hit.k = hit.n
      order by hit.package_id, hit.seq
      ${COUNT_SCANS}
      returning k.package_id, k.seq, k.scans, k.prev_at, k.prev_location, k.prev_latitude, k.prev_longitude
    )
    select hit.i, counted.scans - hit.n + hit.k as scans,
      case when hit.k = 1 then counted.prev_at else now() end as prev_at,
      case when hit.k = 1 then counted.prev_location end as prev_location,
      case when hit.k = 1 then counted.prev_latitude else hit.before_lat end as prev_latitude,
      case when hit.k = 1 then counted.prev_longitude else hit.before_lng end as prev_longitude,
      product.brand_product_id, product.product_name, product.brand_name, product.price, product.currency, product.names, product.m_enable
    from hit
    join counted on counted.package_id = hit.package_id and counted.seq = hit.seq
    join product on product.i = hit.i
  `);
  const answers: (ScanRow | undefined)[] = scans.map(() => undefined);
  for (const { i, ...row } of rows) answers[Number(i) - 1] = row;
  return answers;
}

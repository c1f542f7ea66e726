/**
 * The home dashboard (issue 16): `GET Home/dashboard?days=&tz=`, figures of the last `days`
 * days (7 to 90, default 30) by day in the user's zone `tz`, each computed in the database for
 * the caller's tenant (a client) or the clients of its role (the operator), and each only when
 * the caller holds the function it comes from (absent otherwise):
 *  - scans (barcode query, menu 28): scans per day, consumer and app;
 *  - suspicious codes (menu 28): codes scanned by shoppers more often than the tenant's safe
 *    scan count in the period, and codes whose consecutive located consumer scans lie more than
 *    FAR_APART_KM apart (the same label seen in two places), the 10 most scanned of each;
 *  - codes generated (code packages, menu 25): codes per day;
 *  - stock and shipments (menus 26, 27): codes stocked in and shipped out per day.
 * Home shows it after the page itself (its own request and chunk).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { TenantType } from '../../../src/domain/enums';
import { DASHBOARD_DAYS, FAR_APART_KM, type Dashboard, type DayCount } from '../../../src/domain/dashboard';
import { caller, heldMenuIds, type Caller } from '../../auth';
import type { AppDeps } from '../../context';
import type { Db } from '../../db/index';
import { badRequest } from '../../errors';
import { roleScope } from '../../services/scope';

const QUERY = {
  type: 'object', additionalProperties: false,
  properties: {
    days: { type: 'integer', minimum: DASHBOARD_DAYS.min, maximum: DASHBOARD_DAYS.max },
    tz: { type: 'string', minLength: 1, maxLength: 64 },
  },
} as const;

/**
 * The zone names the database knows (pg_timezone_names), read once per database. The figures
 * are grouped by day in the database, so its list decides, not Node's: a zone only Node knows
 * (`US/Pacific-New`, dropped from tzdata in 2020) would fail the query. Compared without case,
 * as PostgreSQL looks names up.
 */
const zoneLists = new WeakMap<Db, Promise<Set<string>>>();

async function knownZone(db: Db, tz: string): Promise<boolean> {
  let list = zoneLists.get(db);
  if (!list) {
    list = sql<{ name: string }>`select name from pg_timezone_names`.execute(db).then((r) => new Set(r.rows.map((z) => z.name.toLowerCase())));
    zoneLists.set(db, list);
    // A failed read is not remembered: the next request asks again.
    list.catch(() => zoneLists.delete(db));
  }
  return (await list).has(tz.toLowerCase());
}

/** `column in (ids)` for the client tenants the caller reads (null: every client of the operator). */
function tenantIn(column: RawBuilder<unknown>, tenants: number[] | null): RawBuilder<boolean> {
  if (tenants === null) return sql<boolean>`true`;
  if (tenants.length === 0) return sql<boolean>`false`;
  return sql<boolean>`${column} in (${sql.join(tenants)})`;
}

async function readableClients(db: Db, who: Caller): Promise<number[] | null> {
  if (who.tenantType !== TenantType.Operator) return [who.tenantId];
  return (await roleScope(db, who)).clients;
}

const rowsOf = async <T>(q: RawBuilder<T>, db: Db) => (await q.execute(db)).rows;
const num = (v: unknown) => Number(v ?? 0);

async function scansPerDay(db: Db, tenants: number[] | null, since: Date, tz: string): Promise<DayCount[]> {
  const rows = await rowsOf(sql<{ day: string; consumer: number; app: number }>`
    select to_char(scanned_at at time zone ${tz}, 'YYYY-MM-DD') as day,
      count(*) filter (where source = 1) as consumer, count(*) filter (where source = 2) as app
    from scan_logs where ${tenantIn(sql.ref('tenant_id'), tenants)} and scanned_at >= ${since}
    group by 1 order by 1`, db);
  return rows.map((r) => ({ day: r.day, values: { consumer: num(r.consumer), app: num(r.app) } }));
}

async function suspicious(db: Db, tenants: number[] | null, since: Date) {
  const overScanned = await rowsOf(sql<{ code: string; scans: number; safe: number; last: Date | string }>`
    select s.code, count(*) as scans, coalesce(max(l.safe_scan_count), 10) as safe, max(s.scanned_at) as last
    from scan_logs s left join marketing_layouts l on l.tenant_id = s.tenant_id and l.slot = 'current'
    where ${tenantIn(sql.ref('s.tenant_id'), tenants)} and s.source = 1 and s.scanned_at >= ${since}
    group by s.package_id, s.seq, s.code
    having count(*) > coalesce(max(l.safe_scan_count), 10)
    order by count(*) desc, s.code limit 10`, db);
  const farApart = await rowsOf(sql<{ code: string; km: number; last: Date | string }>`
    with located as (
      select code, package_id, seq, scanned_at, latitude, longitude,
        lag(latitude) over w as plat, lag(longitude) over w as plng
      from scan_logs
      where ${tenantIn(sql.ref('tenant_id'), tenants)} and source = 1 and scanned_at >= ${since} and latitude is not null and longitude is not null
      window w as (partition by package_id, seq order by scanned_at, id)
    ), jumps as (
      select code, scanned_at, 2 * 6371 * asin(sqrt(power(sin(radians(latitude - plat) / 2), 2)
        + cos(radians(plat)) * cos(radians(latitude)) * power(sin(radians(longitude - plng) / 2), 2))) as km
      from located where plat is not null
    )
    select code, max(km) as km, max(scanned_at) as last from jumps where km > ${FAR_APART_KM}
    group by code order by max(km) desc, code limit 10`, db);
  return {
    overScanned: overScanned.map((r) => ({ code: r.code, scans: num(r.scans), safeScanCount: num(r.safe), lastScanAt: new Date(r.last).toISOString() })),
    farApart: farApart.map((r) => ({ code: r.code, km: Math.round(num(r.km)), lastScanAt: new Date(r.last).toISOString() })),
  };
}

async function codesPerDay(db: Db, who: Caller, tenants: number[] | null, since: Date, tz: string): Promise<DayCount[]> {
  const owner = who.tenantType === TenantType.Operator
    ? sql<boolean>`tenant_id = ${who.tenantId} and ${tenantIn(sql.ref('client_id'), tenants)}`
    : sql<boolean>`client_id = ${who.tenantId}`;
  const rows = await rowsOf(sql<{ day: string; codes: number }>`
    select to_char(generated_at at time zone ${tz}, 'YYYY-MM-DD') as day, sum(quantity) as codes
    from code_packages where ${owner} and status = 2 and generated_at >= ${since}
    group by 1 order by 1`, db);
  return rows.map((r) => ({ day: r.day, values: { codes: num(r.codes) } }));
}

async function logisticsPerDay(db: Db, who: Caller, since: Date, tz: string): Promise<DayCount[]> {
  const rows = await rowsOf(sql<{ day: string; stocked: number; shipped: number }>`
    select to_char(created_at at time zone ${tz}, 'YYYY-MM-DD') as day,
      coalesce(sum(code_count) filter (where sheet_type <= 3), 0) as stocked,
      coalesce(sum(code_count) filter (where sheet_type >= 4), 0) as shipped
    from logistic_sheets where tenant_id = ${who.tenantId} and created_at >= ${since}
    group by 1 order by 1`, db);
  return rows.map((r) => ({ day: r.day, values: { stocked: num(r.stocked), shipped: num(r.shipped) } }));
}

export default async function dashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  app.get<{ Querystring: { days?: number; tz?: string } }>('/Home/dashboard', {
    schema: { querystring: QUERY },
    config: { docs: { summary: 'The home dashboard: scans, suspicious codes, codes generated, stock and shipments per day (each only with its function)', errors: [1] } },
  }, async (req): Promise<Dashboard> => {
    const who = caller(req);
    const days = req.query.days ?? DASHBOARD_DAYS.default;
    const tz = req.query.tz ?? 'UTC';
    if (!(await knownZone(db, tz))) throw badRequest({ tz: { key: 'oneOf' } });
    const held = new Set(heldMenuIds(who, deps));
    const since = new Date(Date.now() - days * 86_400_000);
    const tenants = await readableClients(db, who);
    const [scans, flagged, codes, logistics] = await Promise.all([
      held.has(28) ? scansPerDay(db, tenants, since, tz) : undefined,
      held.has(28) ? suspicious(db, tenants, since) : undefined,
      held.has(25) ? codesPerDay(db, who, tenants, since, tz) : undefined,
      held.has(26) || held.has(27) ? logisticsPerDay(db, who, since, tz) : undefined,
    ]);
    return { days, since: since.toISOString(), scans, suspicious: flagged, codes, logistics };
  });
}

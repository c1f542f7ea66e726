/**
 * Issue 27, the shopper's scan at campaign scale:
 *
 * - `code_scan_counts`: one row per scanned code, kept by every scan in the scan's own
 *   statement (the consumer page: services/consumerScan.ts; the app: services/scanLog.ts):
 *   how many scans (`scans`), the newest (`last_*`: time and place) and the one before it
 *   (`prev_*`). A scan updates the row under its lock and reads back in the same statement
 *   the count including itself and the scan before it, so a code scanned 100,000 times
 *   answers as fast as one scanned once (before: count(*) over every earlier scan) and two
 *   shoppers scanning one code at once see 1 and 2, never 1 twice. The counts stay when the
 *   retention drops old months of the log (what the shopper sees is "scanned n times").
 * - `scan_logs` partitioned by month of `scanned_at` (range, UTC months), so the retention
 *   (SCAN_LOG_RETENTION_MONTHS, server/ops/scanLogPartitions.ts) drops a whole month at once
 *   and the month being written has small indexes. `scan_logs_default` takes rows outside every
 *   month partition (very old rows, or months the maintenance has not created yet); the
 *   maintenance creates the coming months ahead. The primary key is (id, scanned_at): a
 *   partitioned table's unique key holds its partition key. Existing rows move over with their
 *   ids; the identity goes on after the largest.
 */
import { sql, type Kysely } from 'kysely';

const COLUMNS = `
    tenant_id integer not null references tenants (id),
    package_id integer not null,
    seq integer not null,
    code text not null,
    source smallint not null check (source in (1, 2)),
    type smallint not null check (type in (1, 2)),
    scanned_at timestamptz not null default now(),
    user_agent text,
    ip text,
    latitude double precision check (latitude between -90 and 90),
    longitude double precision check (longitude between -180 and 180),
    location text,
    user_id integer references users (id) on delete set null`;

const COPY_COLUMNS = 'id, tenant_id, package_id, seq, code, source, type, scanned_at, user_agent, ip, latitude, longitude, location, user_id';

/** Months ahead of the current one the migration creates (the maintenance keeps them coming). */
const MONTHS_AHEAD = 3;

/** `scan_logs_yYYYYmMM` for the UTC month starting at `start`. */
export function monthPartitionName(start: Date): string {
  return `scan_logs_y${start.getUTCFullYear()}m${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
}

const monthStart = (d: Date, add = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));

function createMonth(start: Date): string {
  const end = monthStart(start, 1);
  return `create table if not exists ${monthPartitionName(start)} partition of scan_logs for values from ('${start.toISOString()}') to ('${end.toISOString()}')`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`alter table scan_logs rename to scan_logs_0009`);
  await run(`alter index scan_logs_code_idx rename to scan_logs_0009_code_idx`);
  await run(`alter index scan_logs_tenant_time_idx rename to scan_logs_0009_tenant_time_idx`);
  await run(`alter table scan_logs_0009 rename constraint scan_logs_pkey to scan_logs_0009_pkey`);
  await run(`create table scan_logs (id bigint generated always as identity, ${COLUMNS}, primary key (id, scanned_at)) partition by range (scanned_at)`);
  await run(`create table scan_logs_default partition of scan_logs default`);
  // A month partition for every month that has rows, and the coming ones.
  const months = (await sql<{ m: Date | string }>`select distinct date_trunc('month', scanned_at, 'UTC') as m from scan_logs_0009`.execute(db)).rows
    .map((r) => monthStart(new Date(r.m)));
  const now = new Date();
  for (let i = 0; i <= MONTHS_AHEAD; i++) months.push(monthStart(now, i));
  for (const start of new Set(months.map((m) => m.getTime()))) await run(createMonth(new Date(start)));
  await run(`insert into scan_logs (${COPY_COLUMNS}) overriding system value select ${COPY_COLUMNS} from scan_logs_0009`);
  await run(`select setval(pg_get_serial_sequence('scan_logs', 'id'), greatest((select max(id) from scan_logs_0009), 1), (select max(id) from scan_logs_0009) is not null)`);
  await run(`drop table scan_logs_0009`);
  await run(`create index scan_logs_code_idx on scan_logs (package_id, seq, scanned_at)`);
  await run(`create index scan_logs_tenant_time_idx on scan_logs (tenant_id, scanned_at)`);

  await run(`create table code_scan_counts (
    package_id integer not null,
    seq integer not null,
    scans bigint not null check (scans > 0),
    last_at timestamptz not null,
    last_location text,
    last_latitude double precision,
    last_longitude double precision,
    prev_at timestamptz,
    prev_location text,
    prev_latitude double precision,
    prev_longitude double precision,
    primary key (package_id, seq)
  )`);
  await run(`insert into code_scan_counts
    select r1.package_id, r1.seq, r1.n, r1.scanned_at, r1.location, r1.latitude, r1.longitude, r2.scanned_at, r2.location, r2.latitude, r2.longitude
    from (select package_id, seq, scanned_at, location, latitude, longitude, count(*) over (partition by package_id, seq) as n,
            row_number() over (partition by package_id, seq order by scanned_at desc, id desc) as rn from scan_logs) r1
    left join (select package_id, seq, scanned_at, location, latitude, longitude,
            row_number() over (partition by package_id, seq order by scanned_at desc, id desc) as rn from scan_logs) r2
      on r2.package_id = r1.package_id and r2.seq = r1.seq and r2.rn = 2
    where r1.rn = 1`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`drop table if exists code_scan_counts`);
  await run(`create table scan_logs_0030 (id bigint generated always as identity primary key, ${COLUMNS})`);
  await run(`insert into scan_logs_0030 (${COPY_COLUMNS}) overriding system value select ${COPY_COLUMNS} from scan_logs`);
  await run(`select setval(pg_get_serial_sequence('scan_logs_0030', 'id'), greatest((select max(id) from scan_logs), 1), (select max(id) from scan_logs) is not null)`);
  await run(`drop table scan_logs`);
  await run(`alter table scan_logs_0030 rename to scan_logs`);
  await run(`alter table scan_logs rename constraint scan_logs_0030_pkey to scan_logs_pkey`);
  await run(`create index scan_logs_code_idx on scan_logs (package_id, seq, scanned_at)`);
  await run(`create index scan_logs_tenant_time_idx on scan_logs (tenant_id, scanned_at)`);
}

/**
 * The scan log (issues 13 and 16): one row per scan of a code, whoever scanned it.
 *  - `source`: Consumer 1 (a shopper opened the consumer page /m/... with the code), App 2 (the
 *    mobile scanning app posted it: production binding, stock-in, ship-out);
 *  - `type`: SPEC's scan log type, the scanning device: PC 1, Mobile 2 (from the user agent
 *    for consumer scans; always Mobile for the app);
 *  - `tenant_id`: the client tenant that owns the code (code_packages.client_id), so every
 *    read is scoped to the tenant like everything else; (package_id, seq) is the code's key
 *    in `codes`, `code` a copy for exports and the barcode query;
 *  - the place when known: coordinates the shopper allowed, or the app's warehouse/factory
 *    in `location` text.
 * A consumer visit inserts one row in one statement; the scanned count of a code is
 * count(*) over scan_logs_code_idx, its latest place the newest row of the same index.
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create table scan_logs (
    id bigint generated always as identity primary key,
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
    user_id integer references users (id) on delete set null
  )`,
  `create index scan_logs_code_idx on scan_logs (package_id, seq, scanned_at)`,
  `create index scan_logs_tenant_time_idx on scan_logs (tenant_id, scanned_at)`,
];
const DOWN = [`drop table if exists scan_logs`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

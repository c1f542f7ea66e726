/**
 * Barcode query at platform scale (issue 16), on PostgreSQL: GET /v1/Logistics/code?code=
 * (through the real route, app.inject: routing, session, every lookup of the answer) beside a
 * plain indexed `select ... from codes where code = $1`, p50 and p99 over random codes, at
 * each size of BENCH_BARCODE_SIZES (default "1000000,10000000").
 *
 *   npx tsx bench/barcode.ts            (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 *                                        an own database is created and dropped)
 *
 * The codes are written server-side (generate_series, 16 hex characters upper-cased) into one
 * Generated code package of a bench client; 1 % of them are bound in boxes of 10 with a scan
 * log row each and stocked in, so the answer has logistics, parents, children, scans and
 * movements to read. Measures, never asserts.
 */
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { openPostgres } from '../server/db/index';
import { migrate } from '../server/db/migrate';
import { loadOrCreateKeys } from '../server/security/keys';
import { seed } from '../server/seed';
import { readSettings } from '../server/settings';
import { cleanupAll } from './cleanup';
import { createFixture, signIn } from './codes-fixture';
import { prepareDatabase } from './databases';
import { fmtMs, nowMs, percentile, table } from './stats';

const SIZES = (process.env.BENCH_BARCODE_SIZES ?? '1000000,10000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_BARCODE_RUNS ?? 2000);

async function main() {
  const prepared = await prepareDatabase('postgres');
  if ('skip' in prepared) { console.log(prepared.skip); return; }
  const db = openPostgres(prepared.env.BENCH_PG_URL, 5);
  const settings = { ...readSettings({}), unreleasedMenuIds: [], adminInitialPassword: 'Bench2024ok', signinRateLimit: 1_000_000 };
  await migrate(db);
  await seed(db, settings);
  const fixture = await createFixture(db);
  const operator = await db.selectFrom('tenants').select('id').where('code', '=', 'platform').executeTakeFirstOrThrow();
  const app = await buildApp({ db, settings, keys: await loadOrCreateKeys(db) });
  const token = await signIn(app);
  const rows: string[][] = [['codes', 'plain select p50', 'p99', 'Logistics/code p50', 'p99']];
  let loaded = 0;
  const pkg = await db.insertInto('code_packages').values({
    tenant_id: operator.id, client_id: fixture.clientId, packaging_material_id: fixture.materialId, type: 1, code_type: 1,
    code_format: 3, code_length: 16, quantity: Math.max(...SIZES), status: 2, progress: 100, generated_at: new Date(),
  }).returning('id').executeTakeFirstOrThrow();
  const factory = await db.insertInto('factories').values({ tenant_id: fixture.clientId, name: 'Bench plant' }).returning('id').executeTakeFirstOrThrow();
  const warehouse = await db.insertInto('warehouses').values({ tenant_id: fixture.clientId, name: 'Bench store', type: 2 }).returning('id').executeTakeFirstOrThrow();

  for (const size of SIZES) {
    const started = nowMs();
    await sql`insert into codes (package_id, seq, code)
      select ${pkg.id}::integer, g, upper(substr(md5(g::text || 'oioc'), 1, 16)) from generate_series(${loaded + 1}::integer, ${size}::integer) g`.execute(db);
    // 1 %: bound in boxes of 10 (every 10th code of those is the box), one app scan each, in stock.
    await sql`insert into code_logistics (package_id, seq, tenant_id, parent_package_id, parent_seq, level, factory_id, bound_at, status, warehouse_id, moved_at)
      select ${pkg.id}::integer, g, ${fixture.clientId}::integer,
        case when g % 10 = 0 then null else ${pkg.id}::integer end, case when g % 10 = 0 then null else g - (g % 10) + 10 end,
        case when g % 10 = 0 then 2 else 1 end, ${factory.id}::integer, now(), 1, ${warehouse.id}::integer, now()
      from generate_series(${loaded + 1}::integer, ${size}::integer) g where g % 100 < 10`.execute(db);
    await sql`insert into scan_logs (tenant_id, package_id, seq, code, source, type, location)
      select ${fixture.clientId}::integer, c.package_id, c.seq, c.code, 2, 2, 'Bench plant' from codes c
      where c.package_id = ${pkg.id} and c.seq between ${loaded + 1} and ${size} and c.seq % 100 < 10`.execute(db);
    await sql`analyze`.execute(db);
    loaded = size;
    console.error(`${size} codes loaded in ${fmtMs(nowMs() - started)}`);

    const pick = () => {
      const g = 1 + Math.floor(Math.random() * size);
      return { g, code: '' };
    };
    const samples = await Promise.all(Array.from({ length: RUNS }, async () => {
      const { g } = pick();
      const r = await sql<{ code: string }>`select upper(substr(md5(${g}::text || 'oioc'), 1, 16)) as code`.execute(db);
      return r.rows[0].code;
    }));
    const plain: number[] = [];
    const route: number[] = [];
    for (const code of samples) {
      let t = nowMs();
      await sql`select package_id, seq from codes where code = ${code}`.execute(db);
      plain.push(nowMs() - t);
      t = nowMs();
      const res = await app.inject({ method: 'GET', url: `/v1/Logistics/code?code=${code}`, headers: { authorization: `Bearer ${token}` } });
      route.push(nowMs() - t);
      if (res.statusCode !== 200) throw new Error(`Logistics/code ${code}: ${res.statusCode} ${res.body}`);
    }
    rows.push([size.toLocaleString('en'), fmtMs(percentile(plain, 50)), fmtMs(percentile(plain, 99)), fmtMs(percentile(route, 50)), fmtMs(percentile(route, 99))]);
  }
  await app.close();
  await db.destroy();
  console.log(table(rows));
}

main().catch((err) => { console.error(err); process.exitCode = 1; }).finally(() => cleanupAll());

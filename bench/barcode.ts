/**
 * The barcode part of `npm run bench` (`npm run bench -- barcode`; alone: `npx tsx bench/barcode.ts`),
 * issue 16, on PostgreSQL. Measures, never asserts.
 *
 * 1. Barcode query at platform scale: GET /v1/Logistics/code?code= through the real route
 *    (app.inject: routing, session, the one SQL statement of the answer) beside the reference
 *    of the same run, a plain indexed `select package_id, seq from codes where code = $1`;
 *    p50 and p99 over BENCH_BARCODE_RUNS random codes, at each size of BENCH_BARCODE_SIZES
 *    (default "1000000"; "1000000,10000000" for the 10 M figure, about 10 minutes more).
 * 2. Scans per second of the app scan API, at the largest size: BENCH_SCAN_BATCHES batches
 *    one after another, as one app does, through the real routes:
 *      - POST /v1/App/binding: 10 boxes of 10 bottles (110 codes scanned, one transaction);
 *      - POST /v1/App/stock:   the 10 boxes of a binding (10 scanned, 110 codes moved);
 *    beside references of the same run: a hello-world route of the same server (app.inject, no
 *    database), a plain multi-row insert of 110 scan_logs rows (one statement, one round trip),
 *    and for each route the same rows it writes as plain inserts, one per table, in one
 *    transaction (issue 27: "at least 1/3 of a plain insert of the same rows"); with the CPU
 *    per batch of this process (app and bench) and of the database's backends.
 *
 * The codes are written server-side (generate_series; code = 16 hex characters of
 * md5(g || 'oioc'), upper-cased) into one Generated code package of a bench client: no job,
 * no network. 10 % of them (g % 100 < 10) are bound in boxes of 10 with an app scan each and
 * in stock, so the answer has logistics, parents, children, scans and movements to read; the
 * scan part binds codes among the other 90 %. Each load ends with a VACUUM (ANALYZE) of the three
 * tables and a CHECKPOINT (in the load's time), so the queries are timed on the database as it
 * stands minutes after a load, not beside its vacuum and the write-back of its pages. The load
 * average is printed before and after: the machine is shared.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { FunctionType, MimaStatus, RoleType, UserStatus, UserType } from '../src/domain/enums';
import { buildApp } from '../server/app';
import { openPostgres } from '../server/db/index';
import { json } from '../server/db/schema';
import { migrate } from '../server/db/migrate';
import { hashPassword } from '../server/security/passwords';
import { loadOrCreateKeys } from '../server/security/keys';
import { seed } from '../server/seed';
import { readSettings } from '../server/settings';
import { cleanupAll } from './cleanup';
import { createFixture, signIn } from './codes-fixture';
import { watchCpu } from './cpu';
import { prepareDatabase } from './databases';
import { fmtInt, fmtMs, nowMs, percentile, table, type Section } from './stats';

const SIZES = (process.env.BENCH_BARCODE_SIZES ?? '1000000').split(',').map(Number).filter((n) => n > 0).sort((a, b) => a - b);
const RUNS = Number(process.env.BENCH_BARCODE_RUNS ?? 2000);
const SCAN_BATCHES = Number(process.env.BENCH_SCAN_BATCHES ?? 100);
/** Barcode queries before the timed ones, on other random codes. */
const WARMUP = 300;
const BOXES = 10;
const PER_BOX = 10;
const APP_ACCOUNT = 'scanbench';
const APP_PASSWORD = 'Bench2024ok';

const loadAverage = () => os.loadavg().map((n) => n.toFixed(2)).join(' / ');
/** The code generate_series wrote for g. */
const codeOf = (g: number) => crypto.createHash('md5').update(`${g}oioc`).digest('hex').slice(0, 16).toUpperCase();
const ratio = (x: number, ref: number) => `${(x / ref).toFixed(2)} ×`;


export async function runBarcodeBench(log: (line: string) => void): Promise<Section[]> {
  const prepared = await prepareDatabase('postgres');
  if ('skip' in prepared) return [{ title: 'Barcode query and app scans (PostgreSQL)', table: [['skipped'], [prepared.skip]], notes: [] }];
  const db = openPostgres(prepared.env.BENCH_PG_URL, 5);
  const loadBefore = loadAverage();
  const settings = { ...readSettings({}), unreleasedMenuIds: [], adminInitialPassword: 'Bench2024ok', signinRateLimit: 1_000_000 };
  await migrate(db);
  await seed(db, settings);
  const fixture = await createFixture(db);
  const operator = await db.selectFrom('tenants').select('id').where('code', '=', 'platform').executeTakeFirstOrThrow();
  const app = await buildApp({ db, settings, keys: await loadOrCreateKeys(db) });
  app.get('/bench/hello', async () => ({ hello: 'world' }));
  try {
    const token = await signIn(app);
    const max = Math.max(...SIZES);
    const pkg = await db.insertInto('code_packages').values({
      tenant_id: operator.id, client_id: fixture.clientId, packaging_material_id: fixture.materialId, type: 1, code_type: 1,
      code_format: 3, code_length: 16, quantity: max, status: 2, progress: 100, generated_at: new Date(),
    }).returning('id').executeTakeFirstOrThrow();
    const c = fixture.clientId;
    const factory = await db.insertInto('factories').values({ tenant_id: c, name: 'Bench plant' }).returning('id').executeTakeFirstOrThrow();
    const line = await db.insertInto('production_lines').values({ tenant_id: c, factory_id: factory.id, name: 'Line 1' }).returning('id').executeTakeFirstOrThrow();
    const shift = await db.insertInto('shifts').values({ tenant_id: c, factory_id: factory.id, line_id: line.id, name: 'Day' }).returning('id').executeTakeFirstOrThrow();
    const warehouse = await db.insertInto('warehouses').values({ tenant_id: c, name: 'Bench store', type: 2 }).returning('id').executeTakeFirstOrThrow();
    const ratioRow = await db.insertInto('package_ratios').values({ tenant_id: c, name: 'Bottle-box', level: 2, units: json([{ unit: 1, quantity: 1 }, { unit: 7, quantity: PER_BOX }]) })
      .returning('id').executeTakeFirstOrThrow();

    const queryRows: string[][] = [['codes', 'load (SQL)', 'plain select p50', 'p99', 'Logistics/code p50', 'p99', 'p50 ratio', 'p99 ratio']];
    let loaded = 0;
    for (const size of SIZES) {
      const started = nowMs();
      log(`barcode: loading codes ${loaded + 1} to ${size.toLocaleString('en')}`);
      await sql`insert into codes (package_id, seq, code)
        select ${pkg.id}::integer, g, upper(substr(md5(g::text || 'oioc'), 1, 16)) from generate_series(${loaded + 1}::integer, ${size}::integer) g`.execute(db);
      await sql`insert into code_logistics (package_id, seq, code, tenant_id, parent_package_id, parent_seq, level, factory_id, bound_at, status, warehouse_id, moved_at)
        select ${pkg.id}::integer, g, upper(substr(md5(g::text || 'oioc'), 1, 16)), ${c}::integer,
          case when g % 10 = 0 then null else ${pkg.id}::integer end, case when g % 10 = 0 then null else g - (g % 10) + 10 end,
          case when g % 10 = 0 then 2 else 1 end, ${factory.id}::integer, now(), 1, ${warehouse.id}::integer, now()
        from generate_series(${loaded + 1}::integer, ${size}::integer) g where g % 100 < 10`.execute(db);
      await sql`insert into scan_logs (tenant_id, package_id, seq, code, source, type, location)
        select ${c}::integer, ${pkg.id}::integer, g, upper(substr(md5(g::text || 'oioc'), 1, 16)), 2, 2, 'Bench plant'
        from generate_series(${loaded + 1}::integer, ${size}::integer) g where g % 100 < 10`.execute(db);
      // As the database stands once it has caught up with a bulk load (autovacuum and the
      // checkpointer do it within minutes; codes are queried for months).
      await sql`vacuum (analyze) codes, code_logistics, scan_logs`.execute(db);
      await sql`checkpoint`.execute(db);
      const loadTime = nowMs() - started;
      loaded = size;
      log(`barcode: ${size.toLocaleString('en')} codes loaded in ${fmtMs(loadTime)}; ${RUNS} queries`);

      const random = () => codeOf(1 + Math.floor(Math.random() * size));
      const samples = Array.from({ length: RUNS }, random);
      // Warm-up on other codes: the route's first calls compile schemas, fill the connection
      // pool and plan the statement on each connection; V8 optimizes the route's code.
      for (let i = 0; i < WARMUP; i++) await app.inject({ method: 'GET', url: `/v1/Logistics/code?code=${random()}`, headers: { authorization: `Bearer ${token}` } });
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
      const [p50, p99, r50, r99] = [percentile(plain, 50), percentile(plain, 99), percentile(route, 50), percentile(route, 99)];
      queryRows.push([size.toLocaleString('en'), fmtMs(loadTime), fmtMs(p50), fmtMs(p99), fmtMs(r50), fmtMs(r99), ratio(r50, p50), ratio(r99, p99)]);
    }

    // --- Scans per second of the app API, at the largest size ------------------------------
    log(`barcode: app scans, ${SCAN_BATCHES} binding and ${SCAN_BATCHES} stock-in batches`);
    const role = await db.insertInto('roles').values({
      tenant_id: c, name: 'Scan bench', type: RoleType.General, functions: json([]), customers: json([]), brands: json([]), app_stock: true,
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('users').values({
      tenant_id: c, account: APP_ACCOUNT, name: 'Scan bench', type: UserType.Staff, status: UserStatus.Enabled, role_id: role.id,
      mima_hash: await hashPassword(APP_PASSWORD), mima_status: MimaStatus.Normal,
    }).execute();
    const config = await app.inject({ method: 'GET', url: '/v1/Config/tenant/codebench' });
    const key = (config.json() as { passwordPublicKey: string }).passwordPublicKey;
    const mima = crypto.publicEncrypt({ key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(APP_PASSWORD)).toString('base64');
    const signed = await app.inject({ method: 'POST', url: '/v1/Identity/token', payload: { tenantCode: 'codebench', account: APP_ACCOUNT, mima, functionType: FunctionType.App } });
    if (signed.statusCode !== 200) throw new Error(`app sign-in: ${signed.statusCode} ${signed.body}`);
    const appHeaders = { authorization: `Bearer ${(signed.json() as { token: string }).token}` };

    // Codes never bound (g % 100 >= 10), 110 per batch: 10 boxes, then their 100 bottles.
    const perBatch = BOXES * (PER_BOX + 1);
    const free: number[] = [];
    for (let g = 1; free.length < (SCAN_BATCHES + 5) * perBatch && g <= loaded; g++) if (g % 100 >= 10) free.push(g);
    if (free.length < (SCAN_BATCHES + 5) * perBatch) throw new Error('too few codes for the scan part: raise BENCH_BARCODE_SIZES');
    const batches = Array.from({ length: SCAN_BATCHES + 5 }, (_, b) => {
      const gs = free.slice(b * perBatch, (b + 1) * perBatch).map(codeOf);
      const boxes = gs.slice(0, BOXES);
      return { boxes, items: boxes.map((box, i) => ({ code: box, children: gs.slice(BOXES + i * PER_BOX, BOXES + (i + 1) * PER_BOX).map((code) => ({ code })) })) };
    });
    const post = async (url: string, payload: unknown) => {
      const res = await app.inject({ method: 'POST', url, headers: appHeaders, payload: payload as object });
      if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    };
    const binding = { factoryId: factory.id, lineId: line.id, shiftId: shift.id, ratioId: ratioRow.id };
    // Warm-up: 5 batches of each (not counted).
    for (let b = SCAN_BATCHES; b < SCAN_BATCHES + 5; b++) {
      await post('/v1/App/binding', { batchId: `warm-bind-${b}`, ...binding, items: batches[b].items });
      await post('/v1/App/stock', { batchId: `warm-stock-${b}`, sheetType: 1, warehouseId: warehouse.id, codes: batches[b].boxes });
    }
    const timed = async (fn: (b: number) => Promise<unknown>) => {
      const each: number[] = [];
      const cpu = await watchCpu(prepared.env.BENCH_PG_URL);
      const t0 = nowMs();
      for (let b = 0; b < SCAN_BATCHES; b++) {
        const t = nowMs();
        await fn(b);
        each.push(nowMs() - t);
      }
      const total = nowMs() - t0;
      const use = await cpu.stop();
      return { total, p50: percentile(each, 50), p99: percentile(each, 99), appCpu: use.selfMs / SCAN_BATCHES, dbCpu: use.dbMs / SCAN_BATCHES };
    };
    const hello = await timed(async () => {
      const res = await app.inject({ method: 'GET', url: '/bench/hello' });
      if (res.statusCode !== 200) throw new Error(`hello: ${res.statusCode}`);
    });
    const insert = await timed(async (b) => {
      await sql`insert into scan_logs (tenant_id, package_id, seq, code, source, type, location)
        select ${c}::integer, ${pkg.id}::integer, g, 'REFERENCE' || ${b}::integer, 2, 2, 'Reference'
        from generate_series(${max + 1 + b * perBatch}::integer, ${max + (b + 1) * perBatch}::integer) g`.execute(db);
    });
    // The same rows each batch writes, as plain inserts in one transaction (one statement per
    // table): the reference for what a route adds around its rows. A binding: its batch row, 110
    // scan_logs rows, code states and scan counts. A stock-in of 10 boxes: its batch row, sheet,
    // 110 movements and code states, 10 scan_logs rows and counts.
    const batchRow = (trx: typeof db, id: string) => sql<{ id: number }>`insert into scan_batches (tenant_id, batch_id, kind, body_hash, answer)
      values (${c}::integer, ${id}, 1, 'reference', '{}'::jsonb) returning id`.execute(trx);
    const bindRowsRef = await timed(async (b) => {
      const from = max + 1 + b * perBatch;
      const to = max + (b + 1) * perBatch;
      await db.transaction().execute(async (trx) => {
        await batchRow(trx, `ref-bind-${b}`);
        await sql`insert into scan_logs (tenant_id, package_id, seq, code, source, type, location)
          select ${c}::integer, ${pkg.id}::integer, g, 'REFERENCE' || g, 2, 2, 'Reference'
          from generate_series(${from}::integer, ${to}::integer) g`.execute(trx);
        await sql`insert into code_logistics (package_id, seq, code, tenant_id, parent_package_id, parent_seq, level, factory_id, line_id, shift_id, ratio_id, bound_at)
          select ${pkg.id}::integer, g, 'REFERENCE' || g, ${c}::integer, null, null, 1, ${factory.id}::integer, ${line.id}::integer, ${shift.id}::integer, ${ratioRow.id}::integer, now()
          from generate_series(${from}::integer, ${to}::integer) g`.execute(trx);
        await sql`insert into code_scan_counts (package_id, seq, scans, last_at, last_location)
          select ${pkg.id}::integer, g, 1, now(), 'Reference' from generate_series(${from}::integer, ${to}::integer) g`.execute(trx);
      });
    });
    await sql`delete from code_logistics where package_id = ${pkg.id} and seq > ${max}`.execute(db);
    const stockRowsRef = await timed(async (b) => {
      const from = max + 1 + b * perBatch;
      const to = max + (b + 1) * perBatch;
      await db.transaction().execute(async (trx) => {
        const { rows: [batchRef] } = await batchRow(trx, `ref-stock-${b}`);
        const { rows: [sheetRef] } = await sql<{ id: number }>`insert into logistic_sheets (tenant_id, batch_id, sheet_type, warehouse_id, account, scanned_count, code_count)
          values (${c}::integer, ${batchRef!.id}, 1, ${warehouse.id}::integer, 'reference', ${BOXES}::integer, ${perBatch}::integer) returning id`.execute(trx);
        await sql`insert into logistic_movements (tenant_id, sheet_id, package_id, seq, code, scanned)
          select ${c}::integer, ${sheetRef!.id}::integer, ${pkg.id}::integer, g, 'REFERENCE' || g, g < ${from + BOXES}::integer
          from generate_series(${from}::integer, ${to}::integer) g`.execute(trx);
        await sql`insert into code_logistics (package_id, seq, code, tenant_id, status, warehouse_id, moved_at)
          select ${pkg.id}::integer, g, 'REFERENCE' || g, ${c}::integer, 1, ${warehouse.id}::integer, now()
          from generate_series(${from}::integer, ${to}::integer) g`.execute(trx);
        await sql`insert into scan_logs (tenant_id, package_id, seq, code, source, type, location)
          select ${c}::integer, ${pkg.id}::integer, g, 'REFERENCE' || g, 2, 2, 'Reference'
          from generate_series(${from}::integer, ${from + BOXES - 1}::integer) g`.execute(trx);
        await sql`insert into code_scan_counts (package_id, seq, scans, last_at, last_location)
          select ${pkg.id}::integer, g, 1, now(), 'Reference' from generate_series(${from + perBatch * (SCAN_BATCHES + 1)}::integer, ${from + perBatch * (SCAN_BATCHES + 1) + BOXES - 1}::integer) g`.execute(trx);
      });
    });
    await sql`delete from scan_logs where package_id = ${pkg.id} and seq > ${max}`.execute(db);
    await sql`delete from code_logistics where package_id = ${pkg.id} and seq > ${max}`.execute(db);
    await sql`delete from code_scan_counts where package_id = ${pkg.id} and seq > ${max}`.execute(db);
    const bind = await timed((b) => post('/v1/App/binding', { batchId: `bind-${b}`, ...binding, items: batches[b].items }));
    const stock = await timed((b) => post('/v1/App/stock', { batchId: `stock-${b}`, sheetType: 1, warehouseId: warehouse.id, codes: batches[b].boxes }));
    const perSec = (n: number, ms: number) => (n * 1000) / ms;
    const scanRows: string[][] = [['batch (one after another)', 'batches/s', 'codes scanned/s', 'codes moved/s', 'batch p50', 'p99', 'CPU ms/batch app', 'db', 'vs plain inserts of its rows', `vs plain insert of ${perBatch} scan_logs rows`]];
    const cpuCells = (t: { appCpu: number; dbCpu: number }) => [t.appCpu.toFixed(2), Number.isNaN(t.dbCpu) ? '-' : t.dbCpu.toFixed(2)];
    const row = (label: string, t: Awaited<ReturnType<typeof timed>>, scannedPerBatch: number | null, movedPerBatch: number | null, ref: Awaited<ReturnType<typeof timed>> | null) => [
      label, fmtInt(perSec(SCAN_BATCHES, t.total)),
      scannedPerBatch ? fmtInt(perSec(SCAN_BATCHES * scannedPerBatch, t.total)) : '-', movedPerBatch ? fmtInt(perSec(SCAN_BATCHES * movedPerBatch, t.total)) : '-',
      fmtMs(t.p50), fmtMs(t.p99), ...cpuCells(t), ref ? ratio(ref.total, t.total) : '-', ratio(insert.total, t.total),
    ];
    scanRows.push(row('hello-world route (reference, no database)', hello, null, null, null));
    scanRows.push(row(`plain insert of ${perBatch} scan_logs rows (reference)`, insert, perBatch, null, null));
    scanRows.push(row(`binding's rows, plain (reference): batch, ${perBatch} scan logs, states, counts`, bindRowsRef, perBatch, null, null));
    scanRows.push(row(`POST App/binding: ${BOXES} boxes of ${PER_BOX}`, bind, perBatch, null, bindRowsRef));
    scanRows.push(row(`stock-in's rows, plain (reference): batch, sheet, ${perBatch} movements, states, ${BOXES} scan logs, counts`, stockRowsRef, BOXES, perBatch, null));
    scanRows.push(row(`POST App/stock: ${BOXES} boxes (moving ${perBatch} codes)`, stock, BOXES, perBatch, stockRowsRef));

    const loadAfter = loadAverage();
    const where = `${prepared.where}; load average (1/5/15 min) ${loadBefore} before, ${loadAfter} after`;
    return [
      {
        title: 'Barcode query GET Logistics/code (PostgreSQL)',
        table: queryRows,
        notes: [where, `${RUNS} random codes per size, one after another, through app.inject; the ratio is the route over the plain indexed select of the same run.`,
          '10 % of the codes are bound in boxes of 10, in stock, with an app scan each.'],
      },
      {
        title: `App scan API, scans per second at ${loaded.toLocaleString('en')} codes (PostgreSQL)`,
        table: scanRows,
        notes: [where, `${SCAN_BATCHES} batches of each after 5 of warm-up, one after another (one app), through app.inject; each batch one transaction with its batch id, scan_logs rows, code states and, for stock-in, a sheet and movements.`,
          'The rows of a batch, plain: one insert per table in one transaction. Ratios: batches per second over the reference\'s; issue 27 asks at least 1/3 of a plain insert of the same rows (the last but one column).'],
      },
    ];
  } finally {
    await app.close();
    await db.destroy();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  runBarcodeBench((line) => process.stderr.write(`  · ${line}\n`))
    .then((sections) => { for (const s of sections) console.log(`\n== ${s.title}\n\n${table(s.table)}\n${s.notes.map((n) => `  - ${n}`).join('\n')}`); })
    .catch((err) => { console.error(err); process.exitCode = 1; })
    .finally(() => cleanupAll());
}

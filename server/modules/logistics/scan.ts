/**
 * The scan API of the mobile app (issue 16; routes decided in docs/decisions.md "Logistics").
 *
 *   POST Identity/token { ..., functionType: 2 }  sign in from the app (modules/session/identity.ts)
 *   GET  App/options       what the app offers: enabled factories > lines > shifts, package
 *                          ratios, enabled warehouses, and the caller's appFunctions
 *   POST App/binding       production binding: codes to factory, line and shift, packed by a
 *                          package ratio (a tree: { code, children: [...] })
 *   POST App/stock         stock-in sheet (ProductionStock 1, TransferStock 2, ReturnStock 3)
 *   POST App/ship          ship-out sheet (SaleShip 4, TransferShip 5, ReturnShip 6)
 *
 * Who: an account whose tenant has the logistics function and which holds the app function:
 * a staff account whose role is Admin or has "use app for stock in/out" (production scan and
 * stock/shipment scan), a supplier or distributor account by its SupplierFunction flags (A:
 * binding, B: stock and ship; src/domain/partners.ts), which stocks into and ships from its
 * authorized warehouses only (else 403 code 3 { warehouseId, key: 'warehouseNotAuthorized' }).
 * Otherwise 403 code 3.
 * Every batch carries the client's `batchId`: it runs in one transaction, all or nothing, and a
 * retry of the same batch (same id, same body) changes nothing and answers the first answer.
 * Every code the app scanned gets a scan_logs row (source App, type Mobile, the place: the
 * factory / line / shift or the warehouse); a scanned outer package moves everything inside it.
 * Refusals: an unknown code or another tenant's: 404 code 2 "this barcode does not exist"
 * { code, key: 'barcodeNotExist' }; ship-out of a code not in stock in that warehouse: 400 code
 * 3 { code, key: 'notStockedIn' }; a code already bound: 400 code 3 { code, key: 'alreadyBound' }.
 * A batch refused for its codes leaves one exception_logs row per refused code, written after
 * the rollback (services/logistics.ts runBatch; the exception log, menu 29, modules/logistics/logistics.ts).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { FieldErrors } from '../../../src/domain/api';
import { ClientFunction, SupplierFunction } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import {
  BATCH_ID_PATTERN, CodeStockStatus, SCAN_BATCH_MAX_CODES, SCAN_CODE_MAX_LENGTH, SHIP_SHEET_TYPES, STOCK_SHEET_TYPES,
} from '../../../src/domain/logistics';
import { isPartnerType } from '../../../src/domain/partners';
import { caller, type Caller } from '../../auth';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/schema';
import type { RatioUnit } from '../../db/schemaLogistics';
import { appendAppScans } from '../../services/scanLog';
import { ApiError, badRequest, forbidden } from '../../errors';
import type { Db } from '../../resource/define';
import { DB_INT_MAX, objectBody } from '../../services/resource';
import {
  alreadyBound, keyArrays, notStockedIn, requireOwned, runBatch, ScanBatchKind, withContents, type CodeKey,
} from '../../services/logistics';

/** The tenant has logistics and the account holds the app function (read with its session: auth.ts). */
function requireApp(who: Caller, flag: number): void {
  if ((who.functionFlags & ClientFunction.Logistics) === 0) throw forbidden();
  if ((who.appFunctions & flag) === 0) throw forbidden();
}

/**
 * A supplier or distributor scans only into / out of its authorized warehouses (partner_warehouses):
 * another warehouse of the tenant answers 403 code 3 `{ warehouseId, key: 'warehouseNotAuthorized' }`.
 * Staff accounts use every warehouse of the tenant.
 */
async function requireWarehouse(db: Db, who: Caller, warehouseId: number): Promise<void> {
  if (!isPartnerType(who.userType)) return;
  const row = await db.selectFrom('partner_warehouses').select('warehouse_id')
    .where('user_id', '=', who.userId).where('warehouse_id', '=', warehouseId).where('tenant_id', '=', who.tenantId).executeTakeFirst();
  if (!row) throw new ApiError(403, ErrorCode.NotAllowed, { warehouseId, key: 'warehouseNotAuthorized' });
}

const idField = { type: 'integer', minimum: 1, maximum: DB_INT_MAX } as const;
const codeField = { type: 'string', minLength: 1, maxLength: SCAN_CODE_MAX_LENGTH } as const;
const batchIdField = { type: 'string', pattern: BATCH_ID_PATTERN, description: 'chosen by the app, unique per batch: a retry sends the same id and body' } as const;

const bindingNode = {
  type: 'object', required: ['code'], additionalProperties: false,
  properties: { code: codeField, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
} as const;

const BINDING_BODY = {
  type: 'object',
  required: ['batchId', 'factoryId', 'lineId', 'shiftId', 'ratioId', 'items'],
  additionalProperties: false,
  $defs: { node: bindingNode },
  properties: {
    batchId: batchIdField,
    factoryId: idField, lineId: idField, shiftId: idField, ratioId: idField,
    items: { type: 'array', minItems: 1, maxItems: SCAN_BATCH_MAX_CODES, items: { $ref: '#/$defs/node' },
      description: 'outer packages (or single codes), each with the packages or items it holds, by the ratio' },
  },
} as const;

const sheetBody = (types: readonly number[], ship: boolean) => ({
  type: 'object',
  required: ['batchId', 'sheetType', 'warehouseId', 'codes'],
  additionalProperties: false,
  properties: {
    batchId: batchIdField,
    sheetType: { type: 'integer', enum: [...types] },
    warehouseId: { ...idField, description: ship ? 'the warehouse shipped from (the codes must be in stock there)' : 'the warehouse stocked into' },
    ...(ship ? { toWarehouseId: { ...idField, description: 'the receiving (e.g. distributor) warehouse, when known' } } : {}),
    codes: { type: 'array', minItems: 1, maxItems: SCAN_BATCH_MAX_CODES, items: codeField, description: 'codes scanned; an outer package moves everything inside it' },
    location: { type: 'string', maxLength: 200, description: 'where the scan happened, as the app knows it (default: the warehouse name)' },
  },
});

const SCAN_ERRORS: number[] = [ErrorCode.NotFound, ErrorCode.NotAllowed];

interface BindingNode { code: string; children?: BindingNode[] }
interface BindPlace {
  factory: { id: number; name: string; enabled: boolean } | null;
  line: { id: number; name: string; enabled: boolean; factory_id: number } | null;
  shift: { id: number; name: string; enabled: boolean; line_id: number } | null;
  ratio: { id: number; level: number; units: RatioUnit[] } | null;
}
interface BindingBody { batchId: string; factoryId: number; lineId: number; shiftId: number; ratioId: number; items: BindingNode[] }
interface SheetBody { batchId: string; sheetType: number; warehouseId: number; toWarehouseId?: number; codes: string[]; location?: string }

export interface BindingAnswer { batchId: string; codes: number; packages: number; boundAt: string }
export interface SheetAnswer { batchId: string; sheetId: number; sheetType: number; scanned: number; moved: number; at: string }
/** The documented answers (server/docs.ts): what the typed client of the app reads. */
const BINDING_ANSWER = {
  type: 'object', required: ['batchId', 'codes', 'packages', 'boundAt'],
  properties: { batchId: { type: 'string' }, codes: { type: 'integer' }, packages: { type: 'integer' }, boundAt: { type: 'string', format: 'date-time' } },
} as const;
const SHEET_ANSWER = {
  type: 'object', required: ['batchId', 'sheetId', 'sheetType', 'scanned', 'moved', 'at'],
  properties: {
    batchId: { type: 'string' }, sheetId: { type: 'integer' }, sheetType: { type: 'integer' }, scanned: { type: 'integer' }, moved: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
  },
} as const;

/** Each node with its parent code, depth first; a repeated code or too deep a tree is code 1. */
function flatten(items: BindingNode[], maxDepth: number): { code: string; parent: string | null; children: string[] }[] {
  const out: { code: string; parent: string | null; children: string[] }[] = [];
  const seen = new Set<string>();
  const walk = (node: BindingNode, parent: string | null, depth: number) => {
    if (depth > maxDepth) throw badRequest({ items: { key: 'max_value', params: { max: maxDepth } } });
    if (seen.has(node.code)) throw badRequest({ items: { key: 'checkRepeatName', params: { code: node.code } } });
    seen.add(node.code);
    if (seen.size > SCAN_BATCH_MAX_CODES) throw badRequest({ items: { key: 'maxItems', params: { max: SCAN_BATCH_MAX_CODES } } });
    const children = node.children ?? [];
    out.push({ code: node.code, parent, children: children.map((c) => c.code) });
    for (const c of children) walk(c, node.code, depth + 1);
  };
  for (const item of items) walk(item, null, 1);
  return out;
}

/** The scan_logs rows of the batch and the codes' scan counts (services/scanLog.ts). */
const scanLogs = (trx: Transaction<Database>, who: Caller, codes: CodeKey[], location: string, at: Date) =>
  appendAppScans(trx, { tenantId: who.tenantId, userId: who.userId, codes, location, at });

async function bind(trx: Transaction<Database>, who: Caller, body: BindingBody): Promise<BindingAnswer> {
  // The factory, line, shift and ratio in one round trip, each row shared-locked (a concurrent
  // disable or delete waits for this batch).
  const { rows: [place] } = await sql<BindPlace>`
    with f as (select id, name, enabled from factories where id = ${body.factoryId} and tenant_id = ${who.tenantId} for share),
      l as (select id, name, enabled, factory_id from production_lines where id = ${body.lineId} and tenant_id = ${who.tenantId} for share),
      s as (select id, name, enabled, line_id from shifts where id = ${body.shiftId} and tenant_id = ${who.tenantId} for share),
      r as (select id, level, units from package_ratios where id = ${body.ratioId} and tenant_id = ${who.tenantId} for share)
    select (select to_json(f) from f) as factory, (select to_json(l) from l) as line,
      (select to_json(s) from s) as shift, (select to_json(r) from r) as ratio`.execute(trx);
  const { factory, line, shift, ratio } = place!;
  const fields: FieldErrors = {};
  if (!factory) fields.factoryId = { key: 'oneOf' };
  if (!line || line.factory_id !== body.factoryId) fields.lineId = { key: 'oneOf' };
  if (!shift || shift.line_id !== body.lineId) fields.shiftId = { key: 'oneOf' };
  if (!ratio) fields.ratioId = { key: 'oneOf' };
  if (Object.keys(fields).length) throw badRequest(fields);
  if (!factory!.enabled) throw new ApiError(400, ErrorCode.FactoryNotEnabled);
  if (!line!.enabled) throw new ApiError(400, ErrorCode.LineNotEnabled);
  if (!shift!.enabled) throw badRequest({ shiftId: { key: 'oneOf' } });
  const units = ratio!.units as RatioUnit[];

  const nodes = flatten(body.items, ratio!.level);
  const keys = await requireOwned(trx, who.tenantId, nodes.map((n) => n.code));
  const all = nodes.map((n) => keys.get(n.code)!);
  const { pids, seqs } = keyArrays(all);
  const existing = new Map((await sql<{ package_id: number; seq: number; level: number | null; bound_at: Date | null; parent_package_id: number | null }>`
    select cl.package_id, cl.seq, cl.level, cl.bound_at, cl.parent_package_id from code_logistics cl
    join unnest(${pids}::integer[], ${seqs}::integer[]) as u(p, s) on cl.package_id = u.p and cl.seq = u.s
    for update of cl`.execute(trx)).rows.map((r) => [`${r.package_id}:${r.seq}`, r]));
  const stateOf = (code: string) => {
    const k = keys.get(code)!;
    return existing.get(`${k.package_id}:${k.seq}`);
  };

  // Levels bottom-up: a new leaf is level 1, a bound leaf keeps its level (it gets a parent), a package is one above its contents.
  const levels = new Map<string, number>();
  for (const node of [...nodes].reverse()) {
    const state = stateOf(node.code);
    const bound = state?.bound_at != null;
    if (node.children.length === 0) {
      if (bound && (node.parent === null || state!.parent_package_id !== null)) throw alreadyBound(node.code);
      levels.set(node.code, bound ? Number(state!.level ?? 1) : 1);
      continue;
    }
    if (bound) throw alreadyBound(node.code);
    const inner = new Set(node.children.map((c) => levels.get(c)!));
    if (inner.size !== 1) throw badRequest({ items: { key: 'mixedLevels', params: { code: node.code } } });
    const level = [...inner][0] + 1;
    if (level > ratio!.level) throw badRequest({ items: { key: 'max_value', params: { code: node.code, max: ratio!.level } } });
    const max = units[level - 1]?.quantity ?? 0;
    if (node.children.length > max) throw badRequest({ items: { key: 'ratioExceeded', params: { code: node.code, max } } });
    levels.set(node.code, level);
  }

  const now = new Date();
  const fresh = nodes.filter((n) => stateOf(n.code)?.bound_at == null);
  const moved = nodes.filter((n) => stateOf(n.code)?.bound_at != null); // bound leaves packed now
  if (fresh.length) {
    const f = fresh.map((n) => ({ key: keys.get(n.code)!, parent: n.parent === null ? null : keys.get(n.parent)!, level: levels.get(n.code)! }));
    await sql`insert into code_logistics (package_id, seq, tenant_id, parent_package_id, parent_seq, level, ratio_id, factory_id, line_id, shift_id, bound_at, bound_by)
      select u.p, u.s, ${who.tenantId}, u.pp, u.ps, u.l, ${ratio!.id}, ${factory!.id}, ${line!.id}, ${shift!.id}, ${now}, ${who.userId}
      from unnest(${f.map((x) => x.key.package_id)}::integer[], ${f.map((x) => x.key.seq)}::integer[],
                  ${f.map((x) => x.parent?.package_id ?? null)}::integer[], ${f.map((x) => x.parent?.seq ?? null)}::integer[],
                  ${f.map((x) => x.level)}::integer[]) as u(p, s, pp, ps, l)
      on conflict (package_id, seq) do update set parent_package_id = excluded.parent_package_id, parent_seq = excluded.parent_seq,
        level = excluded.level, ratio_id = excluded.ratio_id, factory_id = excluded.factory_id, line_id = excluded.line_id,
        shift_id = excluded.shift_id, bound_at = excluded.bound_at, bound_by = excluded.bound_by`.execute(trx);
  }
  if (moved.length) {
    const m = moved.map((n) => ({ key: keys.get(n.code)!, parent: keys.get(n.parent!)! }));
    await sql`update code_logistics cl set parent_package_id = u.pp, parent_seq = u.ps
      from unnest(${m.map((x) => x.key.package_id)}::integer[], ${m.map((x) => x.key.seq)}::integer[],
                  ${m.map((x) => x.parent.package_id)}::integer[], ${m.map((x) => x.parent.seq)}::integer[]) as u(p, s, pp, ps)
      where cl.package_id = u.p and cl.seq = u.s`.execute(trx);
  }
  await scanLogs(trx, who, all, `${factory!.name} / ${line!.name} / ${shift!.name}`, now);
  return { batchId: body.batchId, codes: nodes.length, packages: nodes.filter((n) => n.children.length > 0).length, boundAt: now.toISOString() };
}

async function sheet(trx: Transaction<Database>, who: Caller, batchRowId: number, body: SheetBody, ship: boolean): Promise<SheetAnswer> {
  const warehouse = await trx.selectFrom('warehouses').select(['id', 'name', 'enabled']).where('id', '=', body.warehouseId).where('tenant_id', '=', who.tenantId).forShare().executeTakeFirst();
  const fields: FieldErrors = {};
  if (!warehouse?.enabled) fields.warehouseId = { key: 'oneOf' };
  let target: { id: number; name: string } | undefined;
  if (ship && body.toWarehouseId !== undefined) {
    target = await trx.selectFrom('warehouses').select(['id', 'name']).where('id', '=', body.toWarehouseId).where('tenant_id', '=', who.tenantId)
      .where('enabled', '=', true).forShare().executeTakeFirst();
    if (!target || target.id === body.warehouseId) fields.toWarehouseId = { key: 'oneOf' };
  }
  const repeated = body.codes.findIndex((c, i) => body.codes.indexOf(c) !== i);
  if (repeated >= 0) fields[`codes.${repeated}`] = { key: 'checkRepeatName' };
  if (Object.keys(fields).length) throw badRequest(fields);

  const keys = await requireOwned(trx, who.tenantId, body.codes);
  const scanned = body.codes.map((c) => keys.get(c)!);
  const { pids, seqs } = keyArrays(scanned);
  const states = new Map((await sql<{ package_id: number; seq: number; status: number; warehouse_id: number | null }>`
    select cl.package_id, cl.seq, cl.status, cl.warehouse_id from code_logistics cl
    join unnest(${pids}::integer[], ${seqs}::integer[]) as u(p, s) on cl.package_id = u.p and cl.seq = u.s
    for update of cl`.execute(trx)).rows.map((r) => [`${r.package_id}:${r.seq}`, r]));
  if (ship) {
    const refused = scanned.filter((k) => {
      const s = states.get(`${k.package_id}:${k.seq}`);
      return !s || s.status !== CodeStockStatus.InStock || s.warehouse_id !== body.warehouseId;
    }).map((k) => k.code);
    if (refused.length > 0) throw notStockedIn(refused[0], refused);
  }

  const moved = await withContents(trx, scanned);
  const now = new Date();
  const toWarehouse = ship ? target?.id ?? null : body.warehouseId;
  const status = ship ? CodeStockStatus.Shipped : CodeStockStatus.InStock;
  const all = keyArrays(moved);
  await sql`insert into code_logistics (package_id, seq, tenant_id, status, warehouse_id, moved_at)
    select u.p, u.s, ${who.tenantId}, ${status}, ${toWarehouse}::integer, ${now} from unnest(${all.pids}::integer[], ${all.seqs}::integer[]) as u(p, s)
    on conflict (package_id, seq) do update set status = excluded.status, warehouse_id = excluded.warehouse_id, moved_at = excluded.moved_at`.execute(trx);
  const created = await trx.insertInto('logistic_sheets').values({
    tenant_id: who.tenantId, batch_id: batchRowId, sheet_type: body.sheetType, warehouse_id: body.warehouseId,
    to_warehouse_id: ship ? target?.id ?? null : null, user_id: who.userId, account: who.account,
    scanned_count: scanned.length, code_count: moved.length, created_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await sql`insert into logistic_movements (tenant_id, sheet_id, package_id, seq, code, scanned, created_at)
    select ${who.tenantId}, ${created.id}, u.p, u.s, u.c, u.d, ${now}
    from unnest(${all.pids}::integer[], ${all.seqs}::integer[], ${moved.map((m) => m.code)}::text[], ${moved.map((m) => m.scanned)}::boolean[]) as u(p, s, c, d)`.execute(trx);
  await scanLogs(trx, who, scanned, body.location?.trim() || warehouse!.name, now);
  return { batchId: body.batchId, sheetId: created.id, sheetType: body.sheetType, scanned: scanned.length, moved: moved.length, at: now.toISOString() };
}

export default async function scanRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  app.get('/App/options', {
    config: { docs: { summary: 'What the app offers: enabled factories with their enabled lines and shifts, package ratios, enabled warehouses, the caller\'s appFunctions' } },
  }, async (req) => {
    const who = caller(req);
    const appFns = (who.functionFlags & ClientFunction.Logistics) ? who.appFunctions : 0;
    if (appFns === 0) throw forbidden();
    const [factories, lines, shifts, ratios, warehouses] = await Promise.all([
      db.selectFrom('factories').select(['id', 'name']).where('tenant_id', '=', who.tenantId).where('enabled', '=', true).orderBy('name').orderBy('id').execute(),
      db.selectFrom('production_lines').select(['id', 'name', 'factory_id']).where('tenant_id', '=', who.tenantId).where('enabled', '=', true).orderBy('name').orderBy('id').execute(),
      db.selectFrom('shifts').select(['id', 'name', 'line_id', 'start_time', 'end_time']).where('tenant_id', '=', who.tenantId).where('enabled', '=', true).orderBy('name').orderBy('id').execute(),
      db.selectFrom('package_ratios').select(['id', 'name', 'level', 'units']).where('tenant_id', '=', who.tenantId).orderBy('name').orderBy('id').execute(),
      // A supplier or distributor is offered its authorized warehouses only.
      (isPartnerType(who.userType)
        ? db.selectFrom('warehouses').select(['id', 'name', 'type']).where('tenant_id', '=', who.tenantId).where('enabled', '=', true)
          .where('id', 'in', (eb) => eb.selectFrom('partner_warehouses').select('warehouse_id').where('user_id', '=', who.userId))
        : db.selectFrom('warehouses').select(['id', 'name', 'type']).where('tenant_id', '=', who.tenantId).where('enabled', '=', true))
        .orderBy('name').orderBy('id').execute(),
    ]);
    return {
      appFunctions: appFns,
      factories: factories.map((f) => ({
        id: f.id, name: f.name,
        lines: lines.filter((l) => l.factory_id === f.id).map((l) => ({
          id: l.id, name: l.name,
          shifts: shifts.filter((s) => s.line_id === l.id).map((s) => ({ id: s.id, name: s.name, startTime: s.start_time, endTime: s.end_time })),
        })),
      })),
      ratios: ratios.map((r) => ({ id: r.id, name: r.name, level: r.level, units: r.units })),
      warehouses,
    };
  });

  app.post('/App/binding', {
    schema: { body: BINDING_BODY },
    config: { docs: { summary: 'Production binding (one transaction; a retry of the same batchId answers the same and changes nothing)', body: BINDING_BODY, response: BINDING_ANSWER, status: 201, errors: SCAN_ERRORS.concat([ErrorCode.FactoryNotEnabled, ErrorCode.LineNotEnabled]) } },
  }, async (req, reply) => {
    const who = caller(req);
    requireApp(who, SupplierFunction.A);
    const body = objectBody(req.body) as unknown as BindingBody;
    const { answer } = await runBatch(db, who, ScanBatchKind.Binding, body.batchId, body, (trx) => bind(trx, who, body), { log: req.log });
    return reply.code(201).send(answer);
  });

  const sheetRoute = (url: string, ship: boolean) => {
    const schema = sheetBody(ship ? SHIP_SHEET_TYPES : STOCK_SHEET_TYPES, ship);
    app.post(url, {
      schema: { body: schema },
      config: { docs: { summary: ship ? 'Ship-out sheet (codes in stock in warehouseId)' : 'Stock-in sheet', body: schema, response: SHEET_ANSWER, status: 201, errors: SCAN_ERRORS } },
    }, async (req, reply) => {
      const who = caller(req);
      requireApp(who, SupplierFunction.B);
      const body = objectBody(req.body) as unknown as SheetBody;
      await requireWarehouse(db, who, body.warehouseId);
      const { answer } = await runBatch(db, who, ship ? ScanBatchKind.Ship : ScanBatchKind.Stock, body.batchId, body, (trx, id) => sheet(trx, who, id, body, ship), { sheetType: body.sheetType, log: req.log });
      return reply.code(201).send(answer);
    });
  };
  sheetRoute('/App/stock', false);
  sheetRoute('/App/ship', true);
}


/**
 * Binding (menu 3, client tenants with the logistics function; unreleased by default):
 * factories (20), production lines (21), shifts (22), warehouses (23) and package ratios (24),
 * declared by src/schemas/binding/*.json and served by defineResource.
 *
 *   GET/POST/PUT Binding/factory, GET/DELETE Binding/factory/{id}, GET Binding/factory/options
 *   GET/POST/PUT Binding/line,    GET/DELETE Binding/line/{id},    GET Binding/line/options
 *   GET/POST/PUT Binding/shift,   GET/DELETE Binding/shift/{id},   GET Binding/shift/options
 *   GET/POST/PUT Binding/warehouse, GET/DELETE Binding/warehouse/{id}, GET Binding/warehouse/options
 *   GET/POST/PUT Binding/package, GET/DELETE Binding/package/{id}, GET Binding/package/options
 *
 * Rules (SPEC.md 4 and 8): disabling a factory disables its lines and shifts, disabling a line
 * its shifts (in the same transaction, each change logged); a line cannot be created or enabled
 * under a disabled factory (3202), a shift under a disabled line (3301) or factory (3202); a
 * factory with lines or shifts cannot be deleted (3101), nor a line with shifts (3201). A row
 * the scans refer to (a code bound on that shift, a sheet of that warehouse) cannot be deleted:
 * 400 code 3 `{ key: 'inUse' }`; disable it instead. Names are unique per tenant (factories,
 * warehouses, ratios), per factory (lines) and per line (shifts), whatever the case: code 1
 * checkRepeatName.
 * A package ratio's levels travel flat (unit1, unit2 + quantity2, ... unit5 + quantity5,
 * innermost first: quantityN is how many level N-1 units one level N unit holds) and are
 * stored as `units` [{ unit, quantity }].
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import type { FieldErrors } from '../../../src/domain/api';
import { ErrorCode } from '../../../src/domain/errors';
import type { AppDeps } from '../../context';
import { containsPattern } from '../../db/list';
import type { Database } from '../../db/schema';
import { json } from '../../db/schema';
import type { RatioUnit } from '../../db/schemaLogistics';
import { ApiError, badRequest } from '../../errors';
import { defineOptions } from '../../resource/options';
import { defineResource, isReferenced, takenIgnoringCase, type Db } from '../../resource/define';
import { recordChange } from '../../services/changelog';

export const BINDING_MENU = { factory: 20, line: 21, shift: 22, warehouse: 23, ratio: 24 } as const;

const repeatName = () => badRequest({ name: { key: 'checkRepeatName' } });
const inUse = () => new ApiError(400, ErrorCode.NotAllowed, { key: 'inUse' });
const iso = (d: Date) => d.toISOString();

type Keyword = { keyword?: string; enabled?: boolean };

// --- Factories -----------------------------------------------------------------------------

export interface FactoryDto { id: number; name: string; address: string | null; enabled: boolean; lineCount: number; createdAt: string; updatedAt: string }

const factoryQuery = (db: Db) => db.selectFrom('factories as f')
  .select(['f.id', 'f.name', 'f.address', 'f.enabled', 'f.created_at', 'f.updated_at'])
  .select((eb) => eb.selectFrom('production_lines as l').select(eb.fn.countAll().as('n')).whereRef('l.factory_id', '=', 'f.id').as('lineCount'));
type FactoryRow = Awaited<ReturnType<ReturnType<typeof factoryQuery>['executeTakeFirstOrThrow']>>;

/** Disable the rows of `table` matching `column` = id that are enabled, logging each. */
async function disableBound(trx: Transaction<Database>, who: Parameters<typeof recordChange>[1], table: 'production_lines' | 'shifts', column: 'factory_id' | 'line_id', id: number, resource: string, now: Date) {
  const rows = await trx.updateTable(table).set({ enabled: false, updated_at: now })
    .where(column, '=', id).where('enabled', '=', true).returning(['id', 'name']).execute();
  for (const r of rows) {
    await recordChange(trx, who, { resource, resourceId: r.id, action: 'update', before: { id: r.id, name: r.name, enabled: true }, after: { id: r.id, name: r.name, enabled: false } });
  }
}

const factories = defineResource<FactoryRow, FactoryDto, { name: string; address?: string; enabled?: boolean }, Keyword>({
  declaration: declaration('binding.factory'),
  table: 'factories',
  alias: 'f',
  columns: { name: sql`lower(f.name)`, enabled: 'f.enabled', createdAt: 'f.created_at' },
  query: factoryQuery,
  filter: (q, { keyword, enabled }) => {
    let out = keyword?.trim() ? q.where('f.name', 'ilike', containsPattern(keyword.trim())) : q;
    if (enabled !== undefined) out = out.where('f.enabled', '=', enabled);
    return out;
  },
  toDto: (r) => ({ id: r.id, name: r.name, address: r.address, enabled: r.enabled, lineCount: Number(r.lineCount ?? 0), createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) }),
  values: async ({ trx, who }, body, before) => {
    const name = body.name.trim();
    if (await takenIgnoringCase(trx, 'factories', 'name', name, { tenant_id: who.tenantId }, before?.id ?? null)) throw repeatName();
    return { name, address: body.address?.trim() || null, enabled: body.enabled ?? true };
  },
  afterWrite: async ({ trx, who, now }, id, body, before) => {
    if (before?.enabled && body.enabled === false) {
      await disableBound(trx, who, 'production_lines', 'factory_id', id, 'productionLine', now);
      await disableBound(trx, who, 'shifts', 'factory_id', id, 'shift', now);
    }
  },
  beforeRemove: async ({ trx }, before) => {
    if (await isReferenced(trx, 'production_lines', 'factory_id', before.id) || await isReferenced(trx, 'shifts', 'factory_id', before.id)) {
      throw new ApiError(400, ErrorCode.FactoryHasLinesOrShifts);
    }
    if (await isReferenced(trx, 'code_logistics', 'factory_id', before.id)) throw inUse();
  },
  uniqueErrors: { factories_name_uq: repeatName },
  foreignKeyError: inUse,
  errors: { remove: [ErrorCode.FactoryHasLinesOrShifts] },
});

// --- Production lines ----------------------------------------------------------------------

export interface LineDto { id: number; factoryId: number; factoryName: string; name: string; enabled: boolean; shiftCount: number; createdAt: string; updatedAt: string }

const lineQuery = (db: Db) => db.selectFrom('production_lines as l')
  .innerJoin('factories as f', 'f.id', 'l.factory_id')
  .select(['l.id', 'l.factory_id', 'f.name as factoryName', 'l.name', 'l.enabled', 'l.created_at', 'l.updated_at'])
  .select((eb) => eb.selectFrom('shifts as s').select(eb.fn.countAll().as('n')).whereRef('s.line_id', '=', 'l.id').as('shiftCount'));
type LineRow = Awaited<ReturnType<ReturnType<typeof lineQuery>['executeTakeFirstOrThrow']>>;

/** The caller's factory, locked against a concurrent disable; missing: code 1 oneOf on `field`. */
async function ownFactory(trx: Transaction<Database>, tenantId: number, id: number, field: string) {
  const f = await trx.selectFrom('factories').select(['id', 'enabled']).where('id', '=', id).where('tenant_id', '=', tenantId).forShare().executeTakeFirst();
  if (!f) throw badRequest({ [field]: { key: 'oneOf' } });
  return f;
}

const lines = defineResource<LineRow, LineDto, { factoryId: number; name: string; enabled?: boolean }, Keyword & { factoryId?: number }>({
  declaration: declaration('binding.production-line'),
  table: 'production_lines',
  alias: 'l',
  columns: { name: sql`lower(l.name)`, factoryName: sql`lower(f.name)`, enabled: 'l.enabled', createdAt: 'l.created_at' },
  query: lineQuery,
  filter: (q, { keyword, enabled, factoryId }) => {
    let out = keyword?.trim() ? q.where('l.name', 'ilike', containsPattern(keyword.trim())) : q;
    if (enabled !== undefined) out = out.where('l.enabled', '=', enabled);
    if (factoryId !== undefined) out = out.where('l.factory_id', '=', factoryId);
    return out;
  },
  toDto: (r) => ({
    id: r.id, factoryId: r.factory_id, factoryName: r.factoryName, name: r.name, enabled: r.enabled, shiftCount: Number(r.shiftCount ?? 0),
    createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
  }),
  values: async ({ trx, who }, body, before) => {
    const factoryId = before?.factoryId ?? body.factoryId;
    const factory = await ownFactory(trx, who.tenantId, factoryId, 'factoryId');
    const enabled = body.enabled ?? true;
    if (enabled && !factory.enabled) throw new ApiError(400, ErrorCode.FactoryNotEnabled);
    const name = body.name.trim();
    if (await takenIgnoringCase(trx, 'production_lines', 'name', name, { factory_id: factoryId }, before?.id ?? null)) throw repeatName();
    return { factory_id: factoryId, name, enabled };
  },
  afterWrite: async ({ trx, who, now }, id, body, before) => {
    if (before?.enabled && body.enabled === false) await disableBound(trx, who, 'shifts', 'line_id', id, 'shift', now);
  },
  beforeRemove: async ({ trx }, before) => {
    if (await isReferenced(trx, 'shifts', 'line_id', before.id)) throw new ApiError(400, ErrorCode.LineHasShifts);
    if (await isReferenced(trx, 'code_logistics', 'line_id', before.id)) throw inUse();
  },
  uniqueErrors: { production_lines_name_uq: repeatName },
  foreignKeyError: inUse,
  errors: { create: [ErrorCode.FactoryNotEnabled], update: [ErrorCode.FactoryNotEnabled], remove: [ErrorCode.LineHasShifts] },
});

// --- Shifts --------------------------------------------------------------------------------

export interface ShiftDto {
  id: number; factoryId: number; factoryName: string; lineId: number; lineName: string; name: string;
  startTime: string | null; endTime: string | null; enabled: boolean; createdAt: string; updatedAt: string;
}

const shiftQuery = (db: Db) => db.selectFrom('shifts as s')
  .innerJoin('production_lines as l', 'l.id', 's.line_id')
  .innerJoin('factories as f', 'f.id', 's.factory_id')
  .select(['s.id', 's.factory_id', 'f.name as factoryName', 's.line_id', 'l.name as lineName', 's.name', 's.start_time', 's.end_time', 's.enabled', 's.created_at', 's.updated_at']);
type ShiftRow = Awaited<ReturnType<ReturnType<typeof shiftQuery>['executeTakeFirstOrThrow']>>;

interface ShiftBody { lineId: number; name: string; startTime?: string; endTime?: string; enabled?: boolean }

const shifts = defineResource<ShiftRow, ShiftDto, ShiftBody, Keyword & { factoryId?: number; lineId?: number }>({
  declaration: declaration('binding.shift'),
  table: 'shifts',
  alias: 's',
  columns: { name: sql`lower(s.name)`, factoryName: sql`lower(f.name)`, lineName: sql`lower(l.name)`, enabled: 's.enabled', createdAt: 's.created_at' },
  query: shiftQuery,
  filter: (q, { keyword, enabled, factoryId, lineId }) => {
    let out = keyword?.trim() ? q.where('s.name', 'ilike', containsPattern(keyword.trim())) : q;
    if (enabled !== undefined) out = out.where('s.enabled', '=', enabled);
    if (factoryId !== undefined) out = out.where('s.factory_id', '=', factoryId);
    if (lineId !== undefined) out = out.where('s.line_id', '=', lineId);
    return out;
  },
  toDto: (r) => ({
    id: r.id, factoryId: r.factory_id, factoryName: r.factoryName, lineId: r.line_id, lineName: r.lineName, name: r.name,
    startTime: r.start_time, endTime: r.end_time, enabled: r.enabled, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
  }),
  values: async ({ trx, who }, body, before) => {
    const lineId = before?.lineId ?? body.lineId;
    const line = await trx.selectFrom('production_lines').select(['id', 'factory_id', 'enabled'])
      .where('id', '=', lineId).where('tenant_id', '=', who.tenantId).forShare().executeTakeFirst();
    if (!line) throw badRequest({ lineId: { key: 'oneOf' } });
    const factory = await ownFactory(trx, who.tenantId, line.factory_id, 'lineId');
    const enabled = body.enabled ?? true;
    if (enabled && !factory.enabled) throw new ApiError(400, ErrorCode.FactoryNotEnabled);
    if (enabled && !line.enabled) throw new ApiError(400, ErrorCode.LineNotEnabled);
    const name = body.name.trim();
    if (await takenIgnoringCase(trx, 'shifts', 'name', name, { line_id: lineId }, before?.id ?? null)) throw repeatName();
    return { factory_id: line.factory_id, line_id: lineId, name, start_time: body.startTime ?? null, end_time: body.endTime ?? null, enabled };
  },
  beforeRemove: async ({ trx }, before) => {
    if (await isReferenced(trx, 'code_logistics', 'shift_id', before.id)) throw inUse();
  },
  uniqueErrors: { shifts_name_uq: repeatName },
  foreignKeyError: inUse,
  errors: { create: [ErrorCode.FactoryNotEnabled, ErrorCode.LineNotEnabled], update: [ErrorCode.FactoryNotEnabled, ErrorCode.LineNotEnabled] },
});

// --- Warehouses ----------------------------------------------------------------------------

export interface WarehouseDto { id: number; name: string; type: number; address: string | null; enabled: boolean; createdAt: string; updatedAt: string }

const warehouseQuery = (db: Db) => db.selectFrom('warehouses as w')
  .select(['w.id', 'w.name', 'w.type', 'w.address', 'w.enabled', 'w.created_at', 'w.updated_at']);
type WarehouseRow = Awaited<ReturnType<ReturnType<typeof warehouseQuery>['executeTakeFirstOrThrow']>>;

const warehouses = defineResource<WarehouseRow, WarehouseDto, { name: string; type: number; address?: string; enabled?: boolean }, Keyword & { type?: number }>({
  declaration: declaration('binding.warehouse'),
  table: 'warehouses',
  alias: 'w',
  columns: { name: sql`lower(w.name)`, type: 'w.type', enabled: 'w.enabled', createdAt: 'w.created_at' },
  query: warehouseQuery,
  filter: (q, { keyword, enabled, type }) => {
    let out = keyword?.trim() ? q.where('w.name', 'ilike', containsPattern(keyword.trim())) : q;
    if (enabled !== undefined) out = out.where('w.enabled', '=', enabled);
    if (type !== undefined) out = out.where('w.type', '=', type);
    return out;
  },
  toDto: (r) => ({ id: r.id, name: r.name, type: r.type, address: r.address, enabled: r.enabled, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) }),
  values: async ({ trx, who }, body, before) => {
    const name = body.name.trim();
    if (await takenIgnoringCase(trx, 'warehouses', 'name', name, { tenant_id: who.tenantId }, before?.id ?? null)) throw repeatName();
    return { name, type: body.type, address: body.address?.trim() || null, enabled: body.enabled ?? true };
  },
  beforeRemove: async ({ trx }, before) => {
    if (await isReferenced(trx, 'code_logistics', 'warehouse_id', before.id)
      || await isReferenced(trx, 'logistic_sheets', 'warehouse_id', before.id)
      || await isReferenced(trx, 'logistic_sheets', 'to_warehouse_id', before.id)) throw inUse();
  },
  uniqueErrors: { warehouses_name_uq: repeatName },
  foreignKeyError: inUse,
});

// --- Package ratios ------------------------------------------------------------------------

type Flat = Partial<Record<`unit${1 | 2 | 3 | 4 | 5}` | `quantity${2 | 3 | 4 | 5}`, number>>;
export type RatioDto = { id: number; name: string; level: number; units: RatioUnit[]; summary: string; createdAt: string; updatedAt: string } & Flat;
type RatioBody = { name: string; level: number } & Flat;

const ratioQuery = (db: Db) => db.selectFrom('package_ratios as r')
  .select(['r.id', 'r.name', 'r.level', 'r.units', 'r.created_at', 'r.updated_at']);
type RatioRow = Awaited<ReturnType<ReturnType<typeof ratioQuery>['executeTakeFirstOrThrow']>>;

/** 'unit 1 x 12 -> unit 7 x 10 -> unit 10': the levels as numbers, for lists and exports. */
export function ratioSummary(units: RatioUnit[]): string {
  return units.map((u, i) => (i === 0 ? `${u.unit}` : `${u.quantity}×${u.unit}`)).join(' → ');
}

function flat(units: RatioUnit[]): Flat {
  const out: Record<string, number> = {};
  units.forEach((u, i) => {
    out[`unit${i + 1}`] = u.unit;
    if (i > 0) out[`quantity${i + 1}`] = u.quantity;
  });
  return out as Flat;
}

const ratios = defineResource<RatioRow, RatioDto, RatioBody, { keyword?: string; level?: number }>({
  declaration: declaration('binding.package'),
  table: 'package_ratios',
  alias: 'r',
  columns: { name: sql`lower(r.name)`, level: 'r.level', createdAt: 'r.created_at' },
  query: ratioQuery,
  readOnly: ['units'],
  filter: (q, { keyword, level }) => {
    const out = keyword?.trim() ? q.where('r.name', 'ilike', containsPattern(keyword.trim())) : q;
    return level !== undefined ? out.where('r.level', '=', level) : out;
  },
  toDto: (r) => {
    const units = Array.isArray(r.units) ? r.units : [];
    return { id: r.id, name: r.name, level: r.level, ...flat(units), units, summary: ratioSummary(units), createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) };
  },
  values: async ({ trx, who }, body, before) => {
    const units: RatioUnit[] = [{ unit: body.unit1!, quantity: 1 }];
    const fields: FieldErrors = {};
    for (let n = 2; n <= body.level; n++) {
      const unit = body[`unit${n}` as keyof Flat];
      const quantity = body[`quantity${n}` as keyof Flat];
      if (unit === undefined) fields[`unit${n}`] = { key: 'required' };
      if (quantity === undefined) fields[`quantity${n}`] = { key: 'required' };
      units.push({ unit: unit ?? 0, quantity: quantity ?? 0 });
    }
    // Each outer level is a bigger unit than the one it holds (Bottle 1 ... Pallet 11).
    units.forEach((u, i) => {
      if (i > 0 && u.unit && u.unit <= units[i - 1].unit && !fields[`unit${i + 1}`]) fields[`unit${i + 1}`] = { key: 'min_value', params: { min: units[i - 1].unit + 1 } };
    });
    if (Object.keys(fields).length) throw badRequest(fields);
    const name = body.name.trim();
    if (await takenIgnoringCase(trx, 'package_ratios', 'name', name, { tenant_id: who.tenantId }, before?.id ?? null)) throw repeatName();
    return { name, level: body.level, units: json(units) };
  },
  beforeRemove: async ({ trx }, before) => {
    if (await isReferenced(trx, 'code_logistics', 'ratio_id', before.id)) throw inUse();
  },
  uniqueErrors: { package_ratios_name_uq: repeatName },
  foreignKeyError: inUse,
});

// --- Routes --------------------------------------------------------------------------------

const ENABLE_FIELD = { enable: { type: 'boolean' } };
const OPTION_LISTS = [
  defineOptions({
    path: 'Binding/factory/options', menuId: [BINDING_MENU.factory, BINDING_MENU.line, BINDING_MENU.shift], summary: 'Factories as options',
    query: (db) => db.selectFrom('factories').select(['id', 'name', 'enabled']).orderBy(sql`lower(name)`).orderBy('id'),
    tenant: 'tenant_id', option: (r) => ({ value: r.id, label: r.name, enable: r.enabled }), fields: ENABLE_FIELD,
  }),
  defineOptions({
    path: 'Binding/line/options', menuId: [BINDING_MENU.line, BINDING_MENU.shift], summary: 'Production lines as options (label: factory / line)',
    query: (db) => db.selectFrom('production_lines as l').innerJoin('factories as f', 'f.id', 'l.factory_id')
      .select(['l.id', 'l.name', 'l.enabled', 'f.name as factoryName'])
      .orderBy(sql`lower(f.name)`).orderBy(sql`lower(l.name)`).orderBy('l.id'),
    tenant: 'l.tenant_id', option: (r) => ({ value: r.id, label: `${r.factoryName} / ${r.name}`, enable: r.enabled }), fields: ENABLE_FIELD,
  }),
  defineOptions({
    path: 'Binding/warehouse/options', menuId: [BINDING_MENU.warehouse, 26, 27], summary: 'Warehouses as options',
    query: (db) => db.selectFrom('warehouses').select(['id', 'name', 'enabled']).orderBy(sql`lower(name)`).orderBy('id'),
    tenant: 'tenant_id', option: (r) => ({ value: r.id, label: r.name, enable: r.enabled }), fields: ENABLE_FIELD,
  }),
];

export default async function bindingRoutes(app: FastifyInstance, deps: AppDeps) {
  factories.routes(app, deps);
  lines.routes(app, deps);
  shifts.routes(app, deps);
  warehouses.routes(app, deps);
  ratios.routes(app, deps);

  // Options: every row of the tenant, disabled ones marked `enable: false` (not offered, still named).
  for (const list of OPTION_LISTS) list.routes(app, deps);
}

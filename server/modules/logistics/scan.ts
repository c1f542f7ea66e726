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
import { ClientFunction, SupplierFunction } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import {
  BATCH_ID_PATTERN, SCAN_BATCH_MAX_CODES, SCAN_CODE_MAX_LENGTH, SHIP_SHEET_TYPES, STOCK_SHEET_TYPES,
} from '../../../src/domain/logistics';
import { isPartnerType } from '../../../src/domain/partners';
import { caller, type Caller } from '../../auth';
import type { AppDeps } from '../../context';
import { ApiError, forbidden } from '../../errors';
import type { Db } from '../../resource/define';
import { runBatch, ScanBatchKind } from '../../services/logistics';
import { DB_INT_MAX, objectBody } from '../../services/resource';
import { bind, type BindingBody } from '../../services/appBinding';
import { type SheetBody, sheet } from '../../services/appSheet';

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
    config: { writes: 'data', docs: { summary: 'Production binding (one transaction; a retry of the same batchId answers the same and changes nothing)', body: BINDING_BODY, response: BINDING_ANSWER, status: 201, errors: SCAN_ERRORS.concat([ErrorCode.FactoryNotEnabled, ErrorCode.LineNotEnabled]) } },
  }, async (req, reply) => {
    const who = caller(req);
    requireApp(who, SupplierFunction.A);
    const body = objectBody(req.body) as unknown as BindingBody;
    const { answer } = await runBatch(db, who, ScanBatchKind.Binding, body.batchId, body, (trx, batch) => bind(trx, who, body, batch), { log: req.log });
    return reply.code(201).send(answer);
  });

  const sheetRoute = (url: string, ship: boolean) => {
    const schema = sheetBody(ship ? SHIP_SHEET_TYPES : STOCK_SHEET_TYPES, ship);
    app.post(url, {
      schema: { body: schema },
      config: { writes: 'data', docs: { summary: ship ? 'Ship-out sheet (codes in stock in warehouseId)' : 'Stock-in sheet', body: schema, response: SHEET_ANSWER, status: 201, errors: SCAN_ERRORS } },
    }, async (req, reply) => {
      const who = caller(req);
      requireApp(who, SupplierFunction.B);
      const body = objectBody(req.body) as unknown as SheetBody;
      await requireWarehouse(db, who, body.warehouseId);
      const { answer } = await runBatch(db, who, ship ? ScanBatchKind.Ship : ScanBatchKind.Stock, body.batchId, body, (trx, batch) => sheet(trx, who, body, ship, batch), { sheetType: body.sheetType, log: req.log });
      return reply.code(201).send(answer);
    });
  };
  sheetRoute('/App/stock', false);
  sheetRoute('/App/ship', true);
}


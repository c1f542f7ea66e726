/**
 * The member orders' CSV import (POST member/order/import, menu 40; modules/member/memberOrder.ts):
 * the uploaded file read, its rows checked and applied in the caller's transaction.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { CsvSyntaxError, csvText, parseCsv, type CsvRecord } from '../../src/domain/csv';
import { MemberOrderStatus } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { ORDER_IMPORT_COLUMNS, ORDER_IMPORT_MAX_ERRORS, ORDER_IMPORT_MAX_ROWS, canChangeStatus, importColumnOf, parseOrderStatus, parseTimezone, type OrderImportColumn } from '../../src/domain/memberOrders';
import type { Caller } from '../auth';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { eachPart, readPart } from './multipart';

// --- CSV import --------------------------------------------------------------------------

export interface ImportProblem { line: number; code: number; orderNo?: string; value?: string }

export const importFailure = (code: number, data?: Record<string, unknown>) => new ApiError(400, code, data);

/** Read the uploaded file (part `file`) of a multipart request; 202 without one, 7305 for a broken body. */
export async function readCsvPart(req: FastifyRequest, maxMB: number): Promise<{ name: string; bytes: Buffer }> {
  if (!req.isMultipart()) throw new ApiError(400, ErrorCode.NoFile);
  const cap = Math.floor(maxMB * 1024 * 1024);
  const broken = () => importFailure(ErrorCode.CsvReadError, { errors: [{ line: 1, code: ErrorCode.CsvReadError }] });
  const found: { name: string; bytes: Buffer }[] = [];
  await eachPart(req, { fileSize: cap, files: 1, fields: 5, parts: 6 }, async (part) => {
    if (part.type === 'field') return;
    const { bytes } = await readPart(part.file, cap, broken);
    if (!bytes) throw importFailure(ErrorCode.CsvReadError, { name: part.filename, maxMB });
    if (part.fieldname === 'file') found.push({ name: part.filename ?? '', bytes });
  }, broken);
  const file = found[0];
  if (!file || (file.bytes.length === 0 && !file.name)) throw new ApiError(400, ErrorCode.NoFile);
  if (file.name && !/\.(csv|txt)$/i.test(file.name)) throw new ApiError(400, ErrorCode.FileFormat, { name: file.name });
  return file;
}

interface ImportRow { line: number; orderNo: string; status: number }

/**
 * The good rows of the file and the bad lines (7303 empty number, 7311 status, 7306 zone); a
 * file that cannot be read as a whole is refused at once (7304 header, 7305 not UTF-8, a NUL byte or broken quotes, 7307).
 */
export function readOrderCsv(bytes: Buffer): { rows: ImportRow[]; problems: ImportProblem[] } {
  const decoded = csvText(bytes);
  if ('fault' in decoded) throw importFailure(ErrorCode.CsvReadError, { errors: [{ line: decoded.line, code: ErrorCode.CsvReadError }] });
  let records: CsvRecord[];
  try {
    records = parseCsv(decoded.text);
  } catch (e) {
    const line = e instanceof CsvSyntaxError ? e.line : 1;
    throw importFailure(ErrorCode.CsvReadError, { errors: [{ line, code: ErrorCode.CsvReadError }] });
  }
  if (!records.length) throw importFailure(ErrorCode.CsvHeaderWrong, { errors: [{ line: 1, code: ErrorCode.CsvHeaderWrong }] });
  const header = records[0];
  const index: Partial<Record<OrderImportColumn, number>> = {};
  header.fields.forEach((cell, i) => {
    const key = importColumnOf(cell);
    if (key && index[key] === undefined) index[key] = i;
  });
  const missing = (Object.keys(ORDER_IMPORT_COLUMNS) as OrderImportColumn[]).filter((k) => ORDER_IMPORT_COLUMNS[k].required && index[k] === undefined);
  if (missing.length) throw importFailure(ErrorCode.CsvHeaderWrong, { missing, errors: [{ line: header.line, code: ErrorCode.CsvHeaderWrong }] });
  const body = records.slice(1);
  if (!body.length) throw importFailure(ErrorCode.CsvNoData, { errors: [{ line: header.line + 1, code: ErrorCode.CsvNoData }] });
  if (body.length > ORDER_IMPORT_MAX_ROWS) throw importFailure(ErrorCode.CsvReadError, { maxRows: ORDER_IMPORT_MAX_ROWS, errors: [{ line: body[ORDER_IMPORT_MAX_ROWS].line, code: ErrorCode.CsvReadError }] });
  const problems: ImportProblem[] = [];
  const rows: ImportRow[] = [];
  const seen = new Map<string, ImportRow>();
  for (const r of body) {
    const cell = (k: OrderImportColumn) => (index[k] === undefined ? '' : (r.fields[index[k]!] ?? '').trim());
    const orderNo = cell('orderNo');
    const statusText = cell('status');
    const zone = cell('timezone');
    if (!orderNo) { problems.push({ line: r.line, code: ErrorCode.OrderNumberNotFound, orderNo }); continue; }
    const status = parseOrderStatus(statusText);
    if (status === null) { problems.push({ line: r.line, code: ErrorCode.CsvInvalidOrderStatus, orderNo, value: statusText }); continue; }
    if (zone && parseTimezone(zone) === null) { problems.push({ line: r.line, code: ErrorCode.TimezoneNotFound, orderNo, value: zone }); continue; }
    const earlier = seen.get(orderNo);
    if (earlier && earlier.status !== status) { problems.push({ line: r.line, code: ErrorCode.CsvInvalidOrderStatus, orderNo, value: statusText }); continue; }
    if (earlier) continue;
    const row = { line: r.line, orderNo, status };
    seen.set(orderNo, row);
    rows.push(row);
  }
  return { rows, problems };
}

/** 400 with the first bad line's code; data lists every bad line (at most ORDER_IMPORT_MAX_ERRORS). */
export function refusal(problems: ImportProblem[]): ApiError {
  const sorted = [...problems].sort((a, b) => a.line - b.line);
  return importFailure(sorted[0].code, { count: sorted.length, errors: sorted.slice(0, ORDER_IMPORT_MAX_ERRORS) });
}

/**
 * Apply the rows in one transaction: the orders are read and locked in one statement, every
 * row checked (7303 unknown number, 7311 a status the order cannot take), then, only when all
 * are good, one UPDATE, one change-log INSERT, and for cancels one ledger INSERT and one stock
 * UPDATE. Answers the counts.
 */
export async function applyImport(trx: Transaction<Database>, who: Caller, rows: ImportRow[], readProblems: ImportProblem[]): Promise<{ rows: number; changed: number; canceled: number }> {
  const numbers = rows.map((r) => r.orderNo);
  const found = await sql<{ id: number; order_no: string; status: number; member_id: number; points: number }>`
    select o.id, o.order_no, o.status, o.member_id, o.points from member_orders o
    where o.tenant_id = ${who.tenantId} and o.order_no = any(${numbers}::text[])
    order by o.id for update`.execute(trx);
  const byNo = new Map(found.rows.map((o) => [o.order_no, o]));
  const problems: ImportProblem[] = [...readProblems];
  const changes: { id: number; from: number; to: number; memberId: number; points: number }[] = [];
  for (const r of rows) {
    const o = byNo.get(r.orderNo);
    if (!o) { problems.push({ line: r.line, code: ErrorCode.OrderNumberNotFound, orderNo: r.orderNo }); continue; }
    if (!canChangeStatus(o.status, r.status)) { problems.push({ line: r.line, code: ErrorCode.CsvInvalidOrderStatus, orderNo: r.orderNo, value: String(r.status) }); continue; }
    if (o.status !== r.status) changes.push({ id: o.id, from: o.status, to: r.status, memberId: o.member_id, points: o.points });
  }
  if (problems.length) throw refusal(problems);
  if (!changes.length) return { rows: rows.length, changed: 0, canceled: 0 };
  // Set-based from here: one statement each, whatever the number of rows.
  const ids = changes.map((c) => c.id);
  const tos = changes.map((c) => c.to);
  const froms = changes.map((c) => c.from);
  await sql`update member_orders o set status = v.status, updated_at = now()
    from (select unnest(${ids}::int[]) as id, unnest(${tos}::int[]) as status) v
    where o.id = v.id and o.tenant_id = ${who.tenantId}`.execute(trx);
  await sql`insert into change_logs (tenant_id, user_id, account, resource, resource_id, action, before, after)
    select ${who.tenantId}, ${who.userId}, ${who.account}, 'member-order', v.id::text, 'update',
      jsonb_build_object('status', v.before, 'source', 'csv'), jsonb_build_object('status', v.after, 'source', 'csv')
    from unnest(${ids}::int[], ${froms}::int[], ${tos}::int[]) as v(id, before, after)`.execute(trx);
  const canceled = changes.filter((c) => c.to === MemberOrderStatus.Canceled);
  if (canceled.length) {
    // Members are locked in id order (like refundPoints' lockMember) before their refunds.
    const memberIds = [...new Set(canceled.map((c) => c.memberId))].sort((a, b) => a - b);
    await sql`select id from members where id = any(${memberIds}::int[]) and tenant_id = ${who.tenantId} order by id for update`.execute(trx);
    await sql`insert into member_points (tenant_id, member_id, type, points, order_id)
      select ${who.tenantId}, v.member_id, 4, v.points, v.id
      from unnest(${canceled.map((c) => c.memberId)}::int[], ${canceled.map((c) => c.points)}::int[], ${canceled.map((c) => c.id)}::int[]) as v(member_id, points, id)
      where v.points > 0`.execute(trx);
    await restoreCanceled(trx, who.tenantId, canceled.map((c) => c.id));
  }
  return { rows: rows.length, changed: changes.length, canceled: canceled.length };
}

/** Give an order's points and stock back (a cancel), set-based for any number of orders. */
export async function restoreCanceled(trx: Transaction<Database>, tenantId: number, orderIds: number[]): Promise<void> {
  if (!orderIds.length) return;
  await sql`update point_products pp set stock = pp.stock + x.qty, updated_at = now()
    from (select i.point_product_id, sum(i.quantity)::int as qty from member_order_items i
          where i.order_id = any(${orderIds}::int[]) group by i.point_product_id) x
    where pp.id = x.point_product_id and pp.tenant_id = ${tenantId}`.execute(trx);
}

/**
 * A stock-in or ship-out sheet of the mobile app (POST App/stock, App/ship: modules/logistics/
 * scan.ts): the scanned codes and everything packed inside them move into a warehouse (stock)
 * or out of one (ship), in one transaction of the batch (services/logistics.ts runBatch) and
 * two statements (issue 27: thirteen round trips before):
 *
 * 1. read: the batch claimed (services/logistics.ts BatchClaim), the warehouse (and the
 *    receiving one), shared-locked; the codes the tenant owns; the
 *    state of those that have one, locked for update in key order; every code packed inside
 *    them at any depth (a recursive walk of code_logistics_parent_idx, each state carrying its
 *    code: migration 0033); the new sheet's id;
 * 2. write: the moved codes' states, the sheet and its movements, the scan log and counts, and
 *    the batch's answer.
 */
import { sql, type Transaction } from 'kysely';
import type { FieldErrors } from '../../src/domain/api';
import { CodeStockStatus } from '../../src/domain/logistics';
import type { Caller } from '../auth';
import type { Database } from '../db/schema';
import { badRequest } from '../errors';
import { type BatchClaim, type CodeKey, keyArrays, notStockedIn, ownedCte, requireFound } from './logistics';
import { appScanCtes } from './scanLog';

export interface SheetBody { batchId: string; sheetType: number; warehouseId: number; toWarehouseId?: number; codes: string[]; location?: string }
export interface SheetAnswer { batchId: string; sheetId: number; sheetType: number; scanned: number; moved: number; at: string }

interface Read {
  batch_row: number | null;
  warehouse: { id: number; name: string; enabled: boolean } | null;
  target: { id: number; name: string } | null;
  /** [code, package_id, seq, status, warehouse_id] per owned code. */
  codes: [string, number, number, number | null, number | null][] | null;
  /** [code, package_id, seq] of each code inside the owned ones, not scanned itself. */
  contents: [string, number, number][] | null;
  sheet_id: number;
}

export async function sheet(trx: Transaction<Database>, who: Caller, body: SheetBody, ship: boolean, batch: BatchClaim): Promise<SheetAnswer> {
  const targetId = ship ? body.toWarehouseId ?? null : null;
  const { rows: [read] } = await sql<Read>`
    with recursive ${batch.claim},
      w as (select id, name, enabled from warehouses where id = ${body.warehouseId} and tenant_id = ${who.tenantId} and ${batch.claimed} for share),
      t as (select id, name from warehouses where id = ${targetId}::integer and tenant_id = ${who.tenantId} and enabled and ${batch.claimed} for share),
      ${ownedCte(who.tenantId, body.codes, batch)},
      st as (
        select cl.package_id, cl.seq, cl.status, cl.warehouse_id from code_logistics cl
        join owned o on cl.package_id = o.package_id and cl.seq = o.seq
        order by cl.package_id, cl.seq for update of cl
      ),
      tree(package_id, seq, code) as (
        select o.package_id, o.seq, o.code from owned o
        union
        select cl.package_id, cl.seq, cl.code from code_logistics cl join tree t on cl.parent_package_id = t.package_id and cl.parent_seq = t.seq
      )
    select (select id from batch_claim) as batch_row, (select to_json(w) from w) as warehouse, (select to_json(t) from t) as target,
      (select json_agg(json_build_array(o.code, o.package_id, o.seq, st.status, st.warehouse_id))
        from owned o left join st on st.package_id = o.package_id and st.seq = o.seq) as codes,
      (select json_agg(json_build_array(tree.code, tree.package_id, tree.seq)) from tree
        where not exists (select 1 from owned o where o.package_id = tree.package_id and o.seq = tree.seq)) as contents,
      nextval(pg_get_serial_sequence('logistic_sheets', 'id'))::integer as sheet_id`.execute(trx);
  batch.take(read!.batch_row);
  const { warehouse, target } = read!;
  const fields: FieldErrors = {};
  if (!warehouse?.enabled) fields.warehouseId = { key: 'oneOf' };
  if (targetId !== null && (!target || target.id === body.warehouseId)) fields.toWarehouseId = { key: 'oneOf' };
  const repeated = body.codes.findIndex((c, i) => body.codes.indexOf(c) !== i);
  if (repeated >= 0) fields[`codes.${repeated}`] = { key: 'checkRepeatName' };
  if (Object.keys(fields).length) throw badRequest(fields);

  const owned = new Map((read!.codes ?? []).map(([code, package_id, seq, status, warehouseId]) => [code, { key: { code, package_id, seq }, status, warehouseId }]));
  requireFound(body.codes, owned);
  const scanned = body.codes.map((c) => owned.get(c)!);
  if (ship) {
    const refused = scanned.filter((s) => s.status !== CodeStockStatus.InStock || s.warehouseId !== body.warehouseId).map((s) => s.key.code);
    if (refused.length > 0) throw notStockedIn(refused[0], refused);
  }

  const inside: CodeKey[] = (read!.contents ?? []).map(([code, package_id, seq]) => ({ code, package_id, seq }));
  const moved = [...scanned.map((s) => s.key), ...inside];
  const all = keyArrays(moved);
  const now = new Date();
  const toWarehouse = ship ? target?.id ?? null : body.warehouseId;
  const status = ship ? CodeStockStatus.Shipped : CodeStockStatus.InStock;
  const answer: SheetAnswer = { batchId: body.batchId, sheetId: read!.sheet_id, sheetType: body.sheetType, scanned: scanned.length, moved: moved.length, at: now.toISOString() };
  await sql`
    with states as (
      insert into code_logistics (package_id, seq, code, tenant_id, status, warehouse_id, moved_at)
      select u.p, u.s, u.c, ${who.tenantId}, ${status}, ${toWarehouse}::integer, ${now} from unnest(${all.pids}::integer[], ${all.seqs}::integer[], ${all.codes}::text[]) as u(p, s, c)
      on conflict (package_id, seq) do update set status = excluded.status, warehouse_id = excluded.warehouse_id, moved_at = excluded.moved_at
    ),
    sheet as (
      insert into logistic_sheets (id, tenant_id, batch_id, sheet_type, warehouse_id, to_warehouse_id, user_id, account, scanned_count, code_count, created_at)
      overriding system value
      values (${read!.sheet_id}, ${who.tenantId}, ${batch.id}, ${body.sheetType}, ${body.warehouseId}, ${ship ? target?.id ?? null : null}::integer,
        ${who.userId}, ${who.account}, ${scanned.length}, ${moved.length}, ${now})
    ),
    movements as (
      insert into logistic_movements (tenant_id, sheet_id, package_id, seq, code, scanned, created_at)
      select ${who.tenantId}, ${read!.sheet_id}, u.p, u.s, u.c, u.i <= ${scanned.length}, ${now}
      from unnest(${all.pids}::integer[], ${all.seqs}::integer[], ${all.codes}::text[]) with ordinality as u(p, s, c, i)
    ),
    ${appScanCtes({ tenantId: who.tenantId, userId: who.userId, codes: scanned.map((s) => s.key), location: body.location?.trim() || warehouse!.name, at: now })},
    ${batch.answered(answer)}
    select 1`.execute(trx);
  return answer;
}

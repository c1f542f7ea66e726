/**
 * The production binding of the mobile app (POST App/binding, modules/logistics/scan.ts): codes
 * bound to a factory, line and shift and packed by a package ratio, in one transaction of the
 * batch (services/logistics.ts runBatch) and two statements (issue 27: a batch's cost was its
 * round trips, ten of them before):
 *
 * 1. read: the batch claimed (services/logistics.ts BatchClaim); the factory, line, shift and
 *    ratio, each shared-locked (a concurrent disable or delete waits for the batch); the codes
 *    the tenant owns, and the logistics state of those that have one (locked for update, in key
 *    order);
 * 2. write: the new code states, the bound leaves' new parents, the scan log and counts, and
 *    the batch's answer.
 *
 * Between the two the tree is checked against the ratio (levels, quantities per package). A
 * code bound by another batch that committed after the read (its state row did not exist yet,
 * so nothing was locked) is caught by the write: its state is not overwritten, and the batch
 * is refused "already bound" as if the read had seen it.
 */
import { sql, type Transaction } from 'kysely';
import type { FieldErrors } from '../../src/domain/api';
import { PackageLevel } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { SCAN_BATCH_MAX_CODES } from '../../src/domain/logistics';
import type { Caller } from '../auth';
import type { Database } from '../db/schema';
import type { RatioUnit } from '../db/schemaLogistics';
import { ApiError, badRequest } from '../errors';
import { alreadyBound, type BatchClaim, type CodeKey, keyArrays, ownedCte, requireFound } from './logistics';
import { appScanCtes } from './scanLog';

export interface BindingNode { code: string; children?: BindingNode[] }
export interface BindingBody { batchId: string; factoryId: number; lineId: number; shiftId: number; ratioId: number; items: BindingNode[] }
export interface BindingAnswer { batchId: string; codes: number; packages: number; boundAt: string }

interface FlatNode { code: string; parent: string | null; children: string[] }
interface Read {
  batch_row: number | null;
  factory: { id: number; name: string; enabled: boolean } | null;
  line: { id: number; name: string; enabled: boolean; factory_id: number } | null;
  shift: { id: number; name: string; enabled: boolean; line_id: number } | null;
  ratio: { id: number; level: number; units: RatioUnit[] } | null;
  /** [code, package_id, seq, level, bound, parent_package_id] per owned code. */
  codes: [string, number, number, number | null, boolean, number | null][] | null;
}

/**
 * Each node with its parent code, depth first, and the tree's depth (not walked below any
 * ratio's depth). A repeated code or too many codes is code 1; answered after the place is
 * checked (`error`), as the ratio's depth is.
 */
function flatten(items: BindingNode[]): { nodes: FlatNode[]; depth: number; error?: ApiError } {
  const nodes: FlatNode[] = [];
  const seen = new Set<string>();
  let deepest = 0;
  const walk = (node: BindingNode, parent: string | null, depth: number) => {
    deepest = Math.max(deepest, depth);
    if (depth > PackageLevel.Five) return;
    if (seen.has(node.code)) throw badRequest({ items: { key: 'checkRepeatName', params: { code: node.code } } });
    seen.add(node.code);
    if (seen.size > SCAN_BATCH_MAX_CODES) throw badRequest({ items: { key: 'maxItems', params: { max: SCAN_BATCH_MAX_CODES } } });
    const children = node.children ?? [];
    nodes.push({ code: node.code, parent, children: children.map((c) => c.code) });
    for (const c of children) walk(c, node.code, depth + 1);
  };
  try {
    for (const item of items) walk(item, null, 1);
  } catch (error) {
    if (error instanceof ApiError) return { nodes, depth: deepest, error };
    throw error;
  }
  return { nodes, depth: deepest };
}

export async function bind(trx: Transaction<Database>, who: Caller, body: BindingBody, batch: BatchClaim): Promise<BindingAnswer> {
  const tree = flatten(body.items);
  const { rows: [read] } = await sql<Read>`
    with ${batch.claim},
      f as (select id, name, enabled from factories where id = ${body.factoryId} and tenant_id = ${who.tenantId} and ${batch.claimed} for share),
      l as (select id, name, enabled, factory_id from production_lines where id = ${body.lineId} and tenant_id = ${who.tenantId} and ${batch.claimed} for share),
      s as (select id, name, enabled, line_id from shifts where id = ${body.shiftId} and tenant_id = ${who.tenantId} and ${batch.claimed} for share),
      r as (select id, level, units from package_ratios where id = ${body.ratioId} and tenant_id = ${who.tenantId} and ${batch.claimed} for share),
      ${ownedCte(who.tenantId, tree.nodes.map((n) => n.code), batch)},
      st as (
        select cl.package_id, cl.seq, cl.level, cl.bound_at, cl.parent_package_id from code_logistics cl
        join owned o on cl.package_id = o.package_id and cl.seq = o.seq
        order by cl.package_id, cl.seq for update of cl
      )
    select (select id from batch_claim) as batch_row, (select to_json(f) from f) as factory, (select to_json(l) from l) as line,
      (select to_json(s) from s) as shift, (select to_json(r) from r) as ratio,
      (select json_agg(json_build_array(o.code, o.package_id, o.seq, st.level, st.bound_at is not null, st.parent_package_id))
        from owned o left join st on st.package_id = o.package_id and st.seq = o.seq) as codes`.execute(trx);
  batch.take(read!.batch_row);
  const { factory, line, shift, ratio } = read!;
  const fields: FieldErrors = {};
  if (!factory) fields.factoryId = { key: 'oneOf' };
  if (!line || line.factory_id !== body.factoryId) fields.lineId = { key: 'oneOf' };
  if (!shift || shift.line_id !== body.lineId) fields.shiftId = { key: 'oneOf' };
  if (!ratio) fields.ratioId = { key: 'oneOf' };
  if (Object.keys(fields).length) throw badRequest(fields);
  if (!factory!.enabled) throw new ApiError(400, ErrorCode.FactoryNotEnabled);
  if (!line!.enabled) throw new ApiError(400, ErrorCode.LineNotEnabled);
  if (!shift!.enabled) throw badRequest({ shiftId: { key: 'oneOf' } });
  if (tree.depth > ratio!.level) throw badRequest({ items: { key: 'max_value', params: { max: ratio!.level } } });
  if (tree.error) throw tree.error;
  const { nodes } = tree;
  const units = ratio!.units as RatioUnit[];

  const owned = new Map((read!.codes ?? []).map(([code, package_id, seq, level, bound, parent]) =>
    [code, { key: { code, package_id, seq }, level, bound, parent }]));
  requireFound(nodes.map((n) => n.code), owned);
  const stateOf = (code: string) => owned.get(code)!;

  // Levels bottom-up: a new leaf is level 1, a bound leaf keeps its level (it gets a parent), a package is one above its contents.
  const levels = new Map<string, number>();
  for (const node of [...nodes].reverse()) {
    const state = stateOf(node.code);
    if (node.children.length === 0) {
      if (state.bound && (node.parent === null || state.parent !== null)) throw alreadyBound(node.code);
      levels.set(node.code, state.bound ? Number(state.level ?? 1) : 1);
      continue;
    }
    if (state.bound) throw alreadyBound(node.code);
    const inner = new Set(node.children.map((c) => levels.get(c)!));
    if (inner.size !== 1) throw badRequest({ items: { key: 'mixedLevels', params: { code: node.code } } });
    const level = [...inner][0] + 1;
    if (level > ratio!.level) throw badRequest({ items: { key: 'max_value', params: { code: node.code, max: ratio!.level } } });
    const max = units[level - 1]?.quantity ?? 0;
    if (node.children.length > max) throw badRequest({ items: { key: 'ratioExceeded', params: { code: node.code, max } } });
    levels.set(node.code, level);
  }

  const now = new Date();
  const keyOf = (code: string): CodeKey => stateOf(code).key;
  const fresh = nodes.filter((n) => !stateOf(n.code).bound);
  const moved = nodes.filter((n) => stateOf(n.code).bound); // bound leaves packed now
  const f = keyArrays(fresh.map((n) => keyOf(n.code)));
  const fParents = fresh.map((n) => (n.parent === null ? null : keyOf(n.parent)));
  const m = keyArrays(moved.map((n) => keyOf(n.code)));
  const mParents = moved.map((n) => keyOf(n.parent!));
  const answer: BindingAnswer = { batchId: body.batchId, codes: nodes.length, packages: nodes.filter((n) => n.children.length > 0).length, boundAt: now.toISOString() };
  // A fresh code's state is written unless another batch bound it since the read (`where`):
  // `refused` names those codes.
  const { rows: [written] } = await sql<{ refused: string[] | null }>`
    with fresh as (
      insert into code_logistics (package_id, seq, code, tenant_id, parent_package_id, parent_seq, level, ratio_id, factory_id, line_id, shift_id, bound_at, bound_by)
      select u.p, u.s, u.c, ${who.tenantId}, u.pp, u.ps, u.l, ${ratio!.id}, ${factory!.id}, ${line!.id}, ${shift!.id}, ${now}, ${who.userId}
      from unnest(${f.pids}::integer[], ${f.seqs}::integer[], ${f.codes}::text[],
                  ${fParents.map((p) => p?.package_id ?? null)}::integer[], ${fParents.map((p) => p?.seq ?? null)}::integer[],
                  ${fresh.map((n) => levels.get(n.code)!)}::integer[]) as u(p, s, c, pp, ps, l)
      on conflict (package_id, seq) do update set parent_package_id = excluded.parent_package_id, parent_seq = excluded.parent_seq,
        level = excluded.level, ratio_id = excluded.ratio_id, factory_id = excluded.factory_id, line_id = excluded.line_id,
        shift_id = excluded.shift_id, bound_at = excluded.bound_at, bound_by = excluded.bound_by
        where code_logistics.bound_at is null
      returning package_id, seq
    ),
    packed as (
      update code_logistics cl set parent_package_id = u.pp, parent_seq = u.ps
      from unnest(${m.pids}::integer[], ${m.seqs}::integer[], ${mParents.map((p) => p.package_id)}::integer[], ${mParents.map((p) => p.seq)}::integer[]) as u(p, s, pp, ps)
      where cl.package_id = u.p and cl.seq = u.s
    ),
    ${appScanCtes({ tenantId: who.tenantId, userId: who.userId, codes: nodes.map((n) => keyOf(n.code)), location: `${factory!.name} / ${line!.name} / ${shift!.name}`, at: now })},
    ${batch.answered(answer)}
    select (select array_agg(u.c) from unnest(${f.pids}::integer[], ${f.seqs}::integer[], ${f.codes}::text[]) as u(p, s, c)
      where not exists (select 1 from fresh where fresh.package_id = u.p and fresh.seq = u.s)) as refused`.execute(trx);
  if (written?.refused?.length) throw alreadyBound(written.refused[0]);
  return answer;
}

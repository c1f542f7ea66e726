/**
 * The supply-chain side of codes (issue 16): which codes a tenant owns, the packages inside a
 * package, and the scan batches of the mobile app (one transaction each, replayed by batch id).
 *
 * A tenant owns the codes of the Generated code packages made for it (code_packages.client_id);
 * the operator tenant that keeps a package reads them too (barcode query), within its role's
 * clients. A code of another tenant is answered exactly like an unknown one.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { CodePackageStatus, TenantType } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import { ScanRefusal } from '../../src/domain/logistics';
import type { Caller } from '../auth';
import type { AppDeps } from '../context';
import type { Database } from '../db/schema';
import { json } from '../db/schema';
import { ApiError, badRequest } from '../errors';
import type { Db } from '../resource/define';
import type { RoleScope } from './scope';
import { roleScope, scopeCondition } from './scope';

export interface CodeKey { package_id: number; seq: number; code: string }

/**
 * A refusal of a scanned code: the answer names the first code; `codes` holds every code the
 * batch is refused for (one exception_logs row each, see runBatch).
 */
export class ScanRefused extends ApiError {
  constructor(statusCode: number, code: number, readonly reason: string, readonly codes: string[], message: string) {
    super(statusCode, code, { code: codes[0], key: reason }, message);
  }
}

export const barcodeNotExist = (code: string, all: string[] = [code]) =>
  new ScanRefused(404, ErrorCode.NotFound, ScanRefusal.BarcodeNotExist, all, 'This barcode does not exist');
export const notStockedIn = (code: string, all: string[] = [code]) =>
  new ScanRefused(400, ErrorCode.NotAllowed, ScanRefusal.NotStockedIn, all, 'Not allowed to ship out without stock in');
export const alreadyBound = (code: string) =>
  new ScanRefused(400, ErrorCode.NotAllowed, ScanRefusal.AlreadyBound, [code], 'This barcode is already bound to a package');

/**
 * The codes among `codes` that `tenantId` owns (as a client), by code. One index probe per code
 * in the one partition its hash names (codes is partitioned by hash of the code: migration 0031),
 * then the package's primary key. Written as a lateral lookup per code (its `limit 1` keeps the
 * planner from flattening it; a code is unique): `code = any(array)` probed every partition's
 * index with the whole array, 4-10 times slower for a batch of 110 codes (docs/benchmarks.md).
 */
export async function ownedCodes(db: Db, tenantId: number, codes: string[]): Promise<Map<string, CodeKey>> {
  if (codes.length === 0) return new Map();
  const rows = await sql<CodeKey>`
    select c.package_id, c.seq, c.code from unnest(${codes}::text[]) as u(code)
    cross join lateral (select c.package_id, c.seq, c.code from codes c where c.code = u.code limit 1) c
    join code_packages p on p.id = c.package_id
    where p.client_id = ${tenantId} and p.status = ${CodePackageStatus.Generated}`.execute(db);
  return new Map(rows.rows.map((r) => [r.code, { package_id: Number(r.package_id), seq: Number(r.seq), code: r.code }]));
}

/** Every code is owned, else 404 "this barcode does not exist" naming the first that is not (ScanRefused.codes: all). */
export async function requireOwned(db: Db, tenantId: number, codes: string[]): Promise<Map<string, CodeKey>> {
  const found = await ownedCodes(db, tenantId, codes);
  const missing = codes.filter((c) => !found.has(c));
  if (missing.length > 0) throw barcodeNotExist(missing[0], [...new Set(missing)]);
  return found;
}

/** The code as the caller may read it (barcode query): a client its own codes; the operator those it keeps for its role's clients. */
export async function readableCode(db: Db, who: Pick<Caller, 'tenantId' | 'tenantType'>, scope: RoleScope, code: string) {
  let q = db.selectFrom('codes as c').innerJoin('code_packages as p', 'p.id', 'c.package_id')
    .select(['c.package_id', 'c.seq', 'c.code', 'p.client_id', 'p.tenant_id'])
    .where('c.code', '=', code).where('p.status', '=', CodePackageStatus.Generated);
  q = who.tenantType === TenantType.Operator
    ? q.where('p.tenant_id', '=', who.tenantId).where(scopeCondition(scope.clients, 'p.client_id'))
    : q.where('p.client_id', '=', who.tenantId);
  return q.executeTakeFirst();
}

/** The code as the caller may read it, or "this barcode does not exist" (barcode query, its scan export, short addresses). */
export async function readableCodeOrFail(db: Db, who: Caller, code: string) {
  const wanted = code.trim();
  const scope = who.tenantType === TenantType.Operator ? await roleScope(db, who) : { clients: null, brands: null };
  const found = wanted ? await readableCode(db, who, scope, wanted) : undefined;
  if (!found) throw barcodeNotExist(wanted);
  return found;
}

/**
 * The codes scanned and every code packed inside them (at any depth), each once, scanned ones
 * flagged. A recursive walk of code_logistics_parent_idx, then each position's code by its
 * index (a lateral lookup: joined as a set, the planner read the whole code table into a hash
 * when the tree was small; docs/benchmarks.md).
 */
export async function withContents(db: Db, scanned: CodeKey[]): Promise<(CodeKey & { scanned: boolean })[]> {
  if (scanned.length === 0) return [];
  const rows = await sql<{ package_id: number; seq: number; code: string }>`
    with recursive tree(package_id, seq) as (
      select u.p, u.s from unnest(${scanned.map((c) => c.package_id)}::integer[], ${scanned.map((c) => c.seq)}::integer[]) as u(p, s)
      union
      select cl.package_id, cl.seq from code_logistics cl join tree t on cl.parent_package_id = t.package_id and cl.parent_seq = t.seq
    )
    select t.package_id, t.seq, c.code from tree t
    cross join lateral (select c.code from codes c where c.package_id = t.package_id and c.seq = t.seq limit 1) c`.execute(db);
  const direct = new Set(scanned.map((c) => `${c.package_id}:${c.seq}`));
  return rows.rows.map((r) => {
    const key = { package_id: Number(r.package_id), seq: Number(r.seq), code: r.code };
    return { ...key, scanned: direct.has(`${key.package_id}:${key.seq}`) };
  });
}

/** Ids of a list of codes as the two arrays unnest() reads. */
export const keyArrays = (keys: { package_id: number; seq: number }[]) => ({
  pids: keys.map((k) => k.package_id),
  seqs: keys.map((k) => k.seq),
});

// --- Scan batches --------------------------------------------------------------------------

export { ScanBatchKind } from '../../src/domain/enums';

export interface BatchOutcome<A> { answer: A; replayed: boolean }

/**
 * Runs one batch of the app in one transaction, once per (tenant, batchId): the batch row is
 * inserted first (a concurrent retry waits on its unique index); a batch id already used with
 * the same body answers the stored answer and changes nothing; with another body or kind it is
 * refused (code 1 on batchId). A refused batch leaves nothing, so it can be posted again;
 * when it is refused for its codes (ScanRefused), one exception_logs row per refused code is
 * written AFTER the rollback, in its own short transaction (recordExceptions).
 */
export async function runBatch<A>(
  db: AppDeps['db'],
  who: Caller, kind: number, batchId: string, body: unknown,
  work: (trx: Transaction<Database>, batchRowId: number) => Promise<A>,
  opts: { sheetType?: number | null; log?: Pick<FastifyBaseLogger, 'error'> } = {},
): Promise<BatchOutcome<A>> {
  try {
    return await runBatchOnce(db, who, kind, batchId, body, work);
  } catch (err) {
    if (err instanceof ScanRefused) {
      // The refusal stays the answer even when its log cannot be written.
      await recordExceptions(db, who, { kind, sheetType: opts.sheetType ?? null, batchId }, err)
        .catch((e: unknown) => opts.log?.error({ err: e, batchId }, 'exception log not written'));
    }
    throw err;
  }
}

/**
 * The exception log (menu 29): one row per refused code of a refused batch, unique per (tenant,
 * batch id, code), so a retry refused again adds nothing. Its own transaction, after the
 * batch's rollback.
 */
export async function recordExceptions(
  db: AppDeps['db'], who: Caller, batch: { kind: number; sheetType: number | null; batchId: string }, refusal: ScanRefused,
): Promise<void> {
  await db.transaction().execute((trx) => trx.insertInto('exception_logs')
    .values(refusal.codes.map((code) => ({
      tenant_id: who.tenantId, batch_id: batch.batchId, user_id: who.userId, account: who.account,
      kind: batch.kind, sheet_type: batch.sheetType, code, error_code: refusal.code, reason: refusal.reason,
    })))
    .onConflict((oc) => oc.columns(['tenant_id', 'batch_id', 'code']).doNothing())
    .execute());
}

/** JSON with object keys sorted at every depth: a retry whose fields come in another order is the same body. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

async function runBatchOnce<A>(
  db: AppDeps['db'],
  who: Caller, kind: number, batchId: string, body: unknown,
  work: (trx: Transaction<Database>, batchRowId: number) => Promise<A>,
): Promise<BatchOutcome<A>> {
  const bodyHash = crypto.createHash('sha256').update(canonicalJson(body)).digest('hex');
  return db.transaction().execute(async (trx) => {
    const inserted = await trx.insertInto('scan_batches')
      .values({ tenant_id: who.tenantId, batch_id: batchId, user_id: who.userId, kind, body_hash: bodyHash })
      .onConflict((oc) => oc.columns(['tenant_id', 'batch_id']).doNothing())
      .returning('id').executeTakeFirst();
    if (!inserted) {
      const before = await trx.selectFrom('scan_batches').select(['kind', 'body_hash', 'answer'])
        .where('tenant_id', '=', who.tenantId).where('batch_id', '=', batchId).executeTakeFirstOrThrow();
      // (Batches stored before the canonical hash carry the hash of JSON.stringify: still the same batch.)
      const same = before.body_hash === bodyHash || before.body_hash === crypto.createHash('sha256').update(JSON.stringify(body)).digest('hex');
      if (before.kind !== kind || !same) throw badRequest({ batchId: { key: 'batchReused' } });
      return { answer: before.answer as A, replayed: true };
    }
    const answer = await work(trx, inserted.id);
    await trx.updateTable('scan_batches').set({ answer: json(answer) }).where('id', '=', inserted.id).execute();
    return { answer, replayed: false };
  });
}

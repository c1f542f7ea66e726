/**
 * The supply-chain side of codes (issue 16): which codes a tenant owns and may read, and the scan
 * batches of the mobile app (one transaction each, replayed by batch id; the batches themselves:
 * services/appBinding.ts, appSheet.ts).
 *
 * A tenant owns the codes of the Generated code packages made for it (code_packages.client_id);
 * the operator tenant that keeps a package reads them too (barcode query), within its role's
 * clients. A code of another tenant is answered exactly like an unknown one.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type RawBuilder, sql, type Transaction } from 'kysely';
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
 * The `owned(code, package_id, seq)` CTE of a batch's first statement: the codes among `codes`
 * that `tenantId` owns (as a client), read once the batch is claimed. One index probe per code
 * in the one partition its hash names (codes is partitioned by hash of the code: migration
 * 0031), then the package's primary key. Written as a lateral lookup per code (its `limit 1`
 * keeps the planner from flattening it; a code is unique): `code = any(array)` probed every
 * partition's index with the whole array, 4-10 times slower for a batch of 110 codes
 * (docs/benchmarks.md).
 */
export const ownedCte = (tenantId: number, codes: string[], batch: Pick<BatchClaim, 'claimed'>) => sql`owned as (
    select c.code, c.package_id, c.seq from unnest(${codes}::text[]) as u(code)
    cross join lateral (select c.package_id, c.seq, c.code from codes c where c.code = u.code limit 1) c
    join code_packages p on p.id = c.package_id
    where p.client_id = ${tenantId} and p.status = ${CodePackageStatus.Generated} and ${batch.claimed})`;

/**
 * Every code was found (in `found`, by code), else 404 "this barcode does not exist" naming the
 * first that was not (ScanRefused.codes: all).
 */
export function requireFound<V>(codes: string[], found: Map<string, V>): void {
  const missing = codes.filter((c) => !found.has(c));
  if (missing.length > 0) throw barcodeNotExist(missing[0], [...new Set(missing)]);
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

/** Ids of a list of codes as the arrays unnest() reads. */
export const keyArrays = (keys: CodeKey[]) => ({
  pids: keys.map((k) => k.package_id),
  seqs: keys.map((k) => k.seq),
  codes: keys.map((k) => k.code),
});

// --- Scan batches --------------------------------------------------------------------------

export { ScanBatchKind } from '../../src/domain/enums';

export interface BatchOutcome<A> { answer: A; replayed: boolean }

/**
 * The batch's row in scan_batches, claimed by the work's first statement (one round trip less
 * than a statement of its own, issue 27):
 *
 *     with ${batch.claim}, f as (select ... where ... and ${batch.claimed} for share), ...
 *     select (select id from batch_claim) as batch_row, ...
 *
 * then `batch.take(row.batch_row)` before anything else. `claim` inserts the row, so a
 * concurrent retry of the batch waits on its unique index; `claimed` (true once the row is
 * inserted) in the where clause of each CTE that locks makes the locks come after the claim (a
 * CTE runs when first read: two retries cannot lock rows in the other order), and a retry locks
 * nothing. `take(null)` (the row was there: a retry) ends the work: the batch answers its first
 * answer.
 */
export interface BatchClaim {
  claim: RawBuilder<unknown>;
  claimed: RawBuilder<unknown>;
  take(batchRow: number | null): void;
  /** scan_batches.id, once taken. */
  readonly id: number;
  /**
   * The CTE `batch_answer` that stores the batch's answer (a retry answers it), for the work's
   * last statement. If the work does not use it, runBatch stores the answer.
   */
  answered(answer: unknown): RawBuilder<unknown>;
}

/** take(null): the batch id is taken; runBatchOnce answers the first answer. */
class BatchTaken extends Error {}

/**
 * Runs one batch of the app in one transaction, once per (tenant, batchId): the batch row is
 * inserted first, by the work's first statement (BatchClaim; a concurrent retry waits on its
 * unique index); a batch id already used with the same body answers the stored answer and
 * changes nothing; with another body or kind it is refused (code 1 on batchId). A refused batch leaves nothing, so it can be posted again;
 * when it is refused for its codes (ScanRefused), one exception_logs row per refused code is
 * written AFTER the rollback, in its own short transaction (recordExceptions).
 */
export async function runBatch<A>(
  db: AppDeps['db'],
  who: Caller, kind: number, batchId: string, body: unknown,
  work: (trx: Transaction<Database>, batch: BatchClaim) => Promise<A>,
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
  work: (trx: Transaction<Database>, batch: BatchClaim) => Promise<A>,
): Promise<BatchOutcome<A>> {
  const bodyHash = crypto.createHash('sha256').update(canonicalJson(body)).digest('hex');
  return db.transaction().execute(async (trx) => {
    let id: number | null = null;
    let stored = false;
    const batch: BatchClaim = {
      claim: sql`batch_claim as (
        insert into scan_batches (tenant_id, batch_id, user_id, kind, body_hash) values (${who.tenantId}, ${batchId}, ${who.userId}, ${kind}, ${bodyHash})
        on conflict (tenant_id, batch_id) do nothing returning id)`,
      claimed: sql`exists (select 1 from batch_claim)`,
      take(row) {
        if (row === null) throw new BatchTaken();
        id = Number(row);
      },
      get id() {
        if (id === null) throw new Error('the batch row is not taken yet');
        return id;
      },
      answered(a) {
        stored = true;
        return sql`batch_answer as (update scan_batches set answer = ${JSON.stringify(a)}::jsonb where id = ${batch.id})`;
      },
    };
    let answer: A;
    try {
      answer = await work(trx, batch);
    } catch (e) {
      if (!(e instanceof BatchTaken)) throw e;
      const before = await trx.selectFrom('scan_batches').select(['kind', 'body_hash', 'answer'])
        .where('tenant_id', '=', who.tenantId).where('batch_id', '=', batchId).executeTakeFirstOrThrow();
      // (Batches stored before the canonical hash carry the hash of JSON.stringify: still the same batch.)
      const same = before.body_hash === bodyHash || before.body_hash === crypto.createHash('sha256').update(JSON.stringify(body)).digest('hex');
      if (before.kind !== kind || !same) throw badRequest({ batchId: { key: 'batchReused' } });
      return { answer: before.answer as A, replayed: true };
    }
    if (!stored) await trx.updateTable('scan_batches').set({ answer: json(answer) }).where('id', '=', batch.id).execute();
    return { answer, replayed: false };
  });
}

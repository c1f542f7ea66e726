/**
 * Code generation and code export for code packages (server/modules/code/code.ts).
 *
 * Generation, run by the AddCodes job: `generateCodes` inside ONE transaction (PostgreSQL), or
 * `generateCodesInBatches` in batches that each commit (PGlite, one connection: requests get it
 * between two batches; the codes stay invisible until the package is Generated: every read of
 * codes asks for a Generated package, as the export does):
 *  - codes are random over the alphabet of the material's format flags (Number 0-9,
 *    UppercaseLetter A-Z, LowercaseLetter a-z), `code_length` characters, drawn from
 *    crypto.randomBytes with rejection sampling (every character equally likely: unguessable);
 *  - each batch (`codeGeneration.batchSize`, 250,000 on PostgreSQL; `yieldingBatchSize`, 2,000,
 *    on PGlite) is ONE `COPY` in a savepoint (`copyRange`, db/copy.ts, services/codeCopy.ts: the
 *    rows drawn straight into COPY text, sent in the order of their codes' first two
 *    characters); `seq` is the position in the package (1..quantity);
 *  - codes are unique on the whole platform (unique index codes_code_uq, over the hash
 *    partitions of migration 0031): a taken code fails the COPY; the batch then goes
 *    `INSERT ... SELECT FROM unnest($codes::text[]) WITH ORDINALITY ... ON CONFLICT DO NOTHING`
 *    with the same codes (`fillRange`), and exactly the missing positions get new codes, up to
 *    `maxRounds` times, else the job fails; the rest of the package goes that way too;
 *  - all or nothing: PostgreSQL's transaction rolls back; on PGlite a generation given up
 *    deletes its committed codes (`deleteCodes`).
 * A package may only ask for codes when the code space is large enough that a guess rarely
 * hits: alphabet^length >= quantity x UNGUESSABLE_FACTOR (`maxQuantityFor`).
 *
 * Export (`CODE_EXPORT_COLUMNS`, `codeRows`): rows read in pages of bounded seq ranges of the
 * index codes_position_idx (package_id, seq), so a package of 10,000,000 codes is never in memory.
 */
import crypto from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { enumKeyOf, type EnumName } from '../../src/domain/enums';
import type { Lang } from '../../src/domain/lang';
import { resources } from '../../src/locales/index';
import { withCopyTransaction, type CopyRows } from '../db/copy';
import type { Db } from '../db/index';
import type { Database } from '../db/schema';
import { JobFailure } from '../jobs/index';
import { codesOfChunks, copyChunks, keeping, textOfCodes } from './codeCopy';

// --- Texts of exports ------------------------------------------------------------------------

type Tree = Record<string, unknown>;

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Tree)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The interface text of `key` in `lang` (then en, then the key): headers of export files. */
export function exportText(lang: Lang): (key: string) => string {
  return (key) => lookup(resources[lang]?.translation, key) ?? lookup(resources.en.translation, key) ?? key;
}

/** The label of an enum value in `lang` (enums.<Name>.<value>), else the member name. */
export function enumLabel(lang: Lang, name: EnumName, value: unknown): string {
  const key = `enums.${name}.${String(value)}`;
  const text = exportText(lang)(key);
  return text !== key ? text : (enumKeyOf(name, value) ?? String(value ?? ''));
}

// --- Random codes --------------------------------------------------------------------------

/** Characters of each CustomCodeFormat flag. */
export const CODE_ALPHABETS: Record<number, string> = {
  1: '0123456789',
  2: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  4: 'abcdefghijklmnopqrstuvwxyz',
};

/** The alphabet of a format (sum of CustomCodeFormat flags); '' when no flag is set. */
export function alphabetOf(format: number): string {
  return [1, 2, 4].filter((f) => (format & f) === f).map((f) => CODE_ALPHABETS[f]).join('');
}

/** A random code has at most one chance in this many to be one of its package's codes. */
export const UNGUESSABLE_FACTOR = 1000;

/** The largest package a format and length allow (alphabet^length / UNGUESSABLE_FACTOR). */
export function maxQuantityFor(format: number, length: number): number {
  const size = alphabetOf(format).length;
  if (size === 0) return 0;
  return Math.floor(size ** length / UNGUESSABLE_FACTOR);
}

/** `n` random codes of `length` characters of `alphabet` (uniform: rejection sampling). */
export function randomCodes(n: number, alphabet: string, length: number): string[] {
  const k = alphabet.length;
  if (k < 2 || k > 256) throw new Error(`alphabet of ${k} characters`);
  const limit = 256 - (256 % k); // bytes >= limit are dropped so every character is equally likely
  const out: string[] = new Array(n);
  const chars: string[] = new Array(length);
  let pool = crypto.randomBytes(Math.max(64, Math.ceil(n * length * 1.3)));
  let at = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < length; j++) {
      let b: number;
      do {
        if (at >= pool.length) {
          pool = crypto.randomBytes(Math.max(64, Math.ceil((n - i) * length * 1.3)));
          at = 0;
        }
        b = pool[at++];
      } while (b >= limit);
      chars[j] = alphabet[b % k];
    }
    out[i] = chars.join('');
  }
  return out;
}

// --- Generation ----------------------------------------------------------------------------

export interface GenerationSettings {
  /**
   * Codes per batch on PostgreSQL: one COPY in a savepoint (services/codeCopy.ts). Large, because
   * a batch's rows reach the unique index in code order: the index is swept once per batch, so the
   * larger the batch the fewer visits per index page when the index outgrows the database's
   * buffers (tens of millions of codes). ~10 MB of memory per 250,000 codes.
   */
  batchSize: number;
  /**
   * Codes per committed batch on the embedded database (PGlite, one connection): every other
   * request waits for at most one such batch (bench/codes.ts measures an ordinary call during a
   * 1,000,000-code generation). The smaller of this and batchSize is used.
   */
  yieldingBatchSize: number;
  /** Rounds of regenerating the positions whose codes collided before giving up. */
  maxRounds: number;
  /** Tests: runs after each batch (throw to fail mid-generation): inside the transaction, or after its commit on PGlite. */
  afterBatch: ((batch: number, inserted: number) => void | Promise<void>) | null;
  /** Tests: replaces the random source (e.g. to force collisions). */
  source: ((n: number, alphabet: string, length: number) => string[]) | null;
}

export const codeGeneration: GenerationSettings = {
  batchSize: 250_000,
  yieldingBatchSize: 2_000,
  maxRounds: 20,
  afterBatch: null,
  source: null,
};

export interface PackageToGenerate {
  id: number;
  quantity: number;
  code_format: number;
  code_length: number;
}

export interface GenerationResult {
  inserted: number;
  /** Positions that needed a new code after a collision. */
  regenerated: number;
}

export interface GenerationHooks {
  progress?: (done: number, total: number) => void | Promise<void>;
  throwIfAborted?: () => void;
}

/** `n` codes distinct among themselves (a repeat inside a batch is drawn again at once). */
function distinctCodes(n: number, alphabet: string, length: number): string[] {
  const draw = codeGeneration.source ?? randomCodes;
  const set = new Set(draw(n, alphabet, length));
  for (let round = 0; set.size < n && round < 100; round++) {
    for (const c of draw(n - set.size, alphabet, length)) set.add(c);
  }
  return [...set];
}

const affected = (r: { numAffectedRows?: bigint }) => Number(r.numAffectedRows ?? 0);

function alphabetOfPackage(pkg: PackageToGenerate): string {
  const alphabet = alphabetOf(pkg.code_format);
  if (alphabet.length < 2 || pkg.code_length < 1) throw new JobFailure('The packaging material has no code format.');
  return alphabet;
}

/**
 * Fills positions start..end of the package with unique codes (with `trx`); answers how many
 * positions needed a new code after a collision.
 */
async function fillRange(trx: Transaction<Database>, pkg: PackageToGenerate, alphabet: string, start: number, end: number, drawn?: string[]): Promise<number> {
  const n = end - start + 1;
  const codes = drawn ?? distinctCodes(n, alphabet, pkg.code_length);
  let regenerated = 0;
  let inserted = affected(await sql`
    insert into codes (package_id, seq, code)
    select ${pkg.id}::integer, (${start}::integer + u.ord - 1)::integer, u.c
    from unnest(${codes}::text[]) with ordinality as u(c, ord)
    on conflict do nothing`.execute(trx));
  // Collisions (with codes of any package): new codes for exactly the positions left empty.
  for (let round = 0; inserted < n; round++) {
    if (round >= codeGeneration.maxRounds) throw new JobFailure('Could not generate unique codes: the code space of this format and length is nearly used up.');
    const { rows } = await sql<{ seq: number }>`
      select s::integer as seq from generate_series(${start}::integer, ${end}::integer) s
      where not exists (select 1 from codes c where c.package_id = ${pkg.id}::integer and c.seq = s)`.execute(trx);
    if (rows.length === 0) break;
    const seqs = rows.map((r) => Number(r.seq));
    regenerated += seqs.length;
    const fresh = distinctCodes(seqs.length, alphabet, pkg.code_length);
    inserted += affected(await sql`
      insert into codes (package_id, seq, code)
      select ${pkg.id}::integer, u.s, u.c from unnest(${seqs}::integer[], ${fresh}::text[]) as u(s, c)
      on conflict do nothing`.execute(trx));
  }
  return regenerated;
}

/** A batch went the slow way: the later batches of this generation do too (the code space is crowded). */
interface FillState {
  crowded: boolean;
}

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

/**
 * Fills positions start..end like `fillRange`, the fast way when it can: the batch's rows in
 * ONE `COPY` (services/codeCopy.ts draws them straight into COPY text, chunk by chunk) inside
 * a savepoint. A code that is already taken (by any package, or twice in the batch) fails the
 * COPY on codes_code_uq: back to the savepoint, and the same codes go through `fillRange`
 * (insert what is free, new codes for exactly the positions that collided). After that the
 * generation stays on `fillRange`: a crowded code space would fail COPY after COPY.
 */
async function copyRange(trx: Transaction<Database>, copy: CopyRows | null, state: FillState, pkg: PackageToGenerate, alphabet: string, start: number, end: number): Promise<number> {
  if (!copy || state.crowded) return fillRange(trx, pkg, alphabet, start, end);
  const n = end - start + 1;
  const given = codeGeneration.source ? distinctCodes(n, alphabet, pkg.code_length) : null;
  const kept: Buffer[] = [];
  const chunks = given ? [textOfCodes(pkg.id, start, given)] : copyChunks(pkg.id, start, n, alphabet, pkg.code_length);
  await sql`savepoint code_batch`.execute(trx);
  try {
    await copy('copy codes (package_id, seq, code) from', keeping(chunks, kept));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await sql`rollback to savepoint code_batch`.execute(trx);
    state.crowded = true;
    // The codes the COPY was given (those it had not read yet are drawn now: first draws, not collisions).
    const drawn = given ?? codesOfChunks(kept);
    if (drawn.length < n) drawn.push(...distinctCodes(n - drawn.length, alphabet, pkg.code_length));
    return fillRange(trx, pkg, alphabet, start, end, drawn);
  }
  await sql`release savepoint code_batch`.execute(trx);
  return 0;
}

/**
 * Generates the package's codes with `trx` (the caller's transaction: commit keeps them all,
 * rollback none): PostgreSQL, where an open transaction makes no other connection wait.
 * `progress(done, total)` after each batch; `throwIfAborted` between batches.
 */
export async function generateCodes(trx: Transaction<Database>, pkg: PackageToGenerate, hooks: GenerationHooks = {}, copy: CopyRows | null = null): Promise<GenerationResult> {
  const alphabet = alphabetOfPackage(pkg);
  const state: FillState = { crowded: false };
  let regenerated = 0;
  let batch = 0;
  for (let start = 1; start <= pkg.quantity; start += codeGeneration.batchSize) {
    hooks.throwIfAborted?.();
    const end = Math.min(pkg.quantity, start + codeGeneration.batchSize - 1);
    regenerated += await copyRange(trx, copy, state, pkg, alphabet, start, end);
    batch++;
    void hooks.progress?.(end, pkg.quantity);
    await codeGeneration.afterBatch?.(batch, end);
  }
  return { inserted: pkg.quantity, regenerated };
}

/**
 * Generates the package's codes in short transactions of `yieldingBatchSize` codes that each
 * commit: the embedded database (PGlite, one connection) serves other requests between two
 * batches. The codes stay invisible until the caller marks the package Generated (every read
 * of codes asks for a Generated package); the caller deletes them when it gives up
 * (`deleteCodes`).
 *
 * A batch fills its whole range before it commits, so committed positions are always 1..k:
 * a new attempt (after a crash or an error) resumes at k + 1 rather than drawing again what
 * is already stored and unique.
 */
export async function generateCodesInBatches(db: Db, pkg: PackageToGenerate, hooks: GenerationHooks = {}): Promise<GenerationResult> {
  const alphabet = alphabetOfPackage(pkg);
  const size = Math.max(1, Math.min(codeGeneration.batchSize, codeGeneration.yieldingBatchSize));
  const stored = await db.selectFrom('codes').where('package_id', '=', pkg.id)
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('seq').as('last')]).executeTakeFirst();
  let done = Number(stored?.last ?? 0);
  if (Number(stored?.n ?? 0) !== done || done > pkg.quantity) {
    // Not a prefix (should not happen): start over.
    await deleteCodes(db, pkg.id);
    done = 0;
  }
  const state: FillState = { crowded: false };
  let regenerated = 0;
  let batch = 0;
  for (let start = done + 1; start <= pkg.quantity; start += size) {
    hooks.throwIfAborted?.();
    const end = Math.min(pkg.quantity, start + size - 1);
    batch++;
    regenerated += await withCopyTransaction(db, (trx, copy) => copyRange(trx, copy, state, pkg, alphabet, start, end));
    await hooks.progress?.(end, pkg.quantity);
    await codeGeneration.afterBatch?.(batch, end);
  }
  return { inserted: pkg.quantity, regenerated };
}

/**
 * Deletes a package's codes `batchSize` at a time, each statement its own short transaction
 * (a generation given up on the embedded database). Answers how many.
 */
export async function deleteCodes(db: Db, packageId: number, batchSize = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const n = affected(await sql`
      delete from codes where package_id = ${packageId}::integer
        and seq in (select seq from codes where package_id = ${packageId}::integer order by seq desc limit ${batchSize}::integer)`.execute(db));
    total += n;
    if (n === 0) return total;
  }
}

// --- Export --------------------------------------------------------------------------------

/** Column keys of a code export (SPEC.md: at most 30 columns; a key may repeat). */
export const CODE_EXPORT_COLUMNS = [
  'seq', 'code', 'keyword', 'packageId', 'packageType', 'codeType', 'materialNo', 'materialName', 'productName',
  'clientCode', 'clientName', 'createdAt',
] as const;
export type CodeExportColumn = (typeof CODE_EXPORT_COLUMNS)[number];
/** What an export without chosen columns holds. */
export const DEFAULT_CODE_COLUMNS: CodeExportColumn[] = ['seq', 'code'];

/** The keyword of position `seq` (1-based): keyword i marks positions i*interval+1 .. (i+1)*interval. */
export function keywordAt(seq: number, keywords: readonly string[] | null, interval: number | null): string {
  if (!keywords?.length || !interval || interval < 1) return '';
  return keywords[Math.floor((seq - 1) / interval)] ?? '';
}

/**
 * The package's codes in order, `batchSize` positions per query: never all in memory.
 * Positions are dense (a generation fills exactly 1..quantity), so each page is a bounded
 * range of the primary key, `seq between from and from + batchSize - 1`, rather than the
 * open-ended `seq > last order by seq limit n`: its cost does not hang on the planner's
 * statistics. Without statistics on codes (right after a large generation, before
 * autovacuum's ANALYZE; always on PGlite, which has no autovacuum) the open-ended query was
 * planned as a bitmap scan of every remaining code of the package plus a top-N sort, per page:
 * a 1,000,000-code export took 47 s on PostgreSQL, 12 s once ANALYZE had run (bench/codes.ts,
 * docs/benchmarks.md).
 */
export async function* codeRows(db: Db, packageId: number, quantity: number, batchSize = 5000): AsyncGenerator<{ seq: number; code: string }> {
  for (let from = 1; from <= quantity; from += batchSize) {
    const to = Math.min(quantity, from + batchSize - 1);
    yield* await db.selectFrom('codes').select(['seq', 'code'])
      .where('package_id', '=', packageId).where('seq', '>=', from).where('seq', '<=', to)
      .orderBy('seq').execute();
  }
}

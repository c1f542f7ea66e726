/**
 * Issue 27, codes by the tens of millions: the `codes` table becomes a table partitioned by
 * hash of `code` in CODE_PARTITIONS partitions (codes_p00 .. codes_p15).
 *
 *  - `code` stays unique on the whole platform: codes_code_uq is now a partitioned unique index
 *    (allowed because the partition key is the indexed column). Each partition's index holds a
 *    sixteenth of the codes, so at 100,000,000 codes an index is the size of one over 6,250,000,
 *    and vacuum, reindex or a move to another tablespace works a partition at a time.
 *  - The primary key (package_id, seq) cannot stay: a unique index on a partitioned table must
 *    contain the partition key. It becomes the plain index codes_position_idx (package_id, seq)
 *    on every partition; the generation is what keeps positions unique (services/codes.ts: a
 *    position is written once, a batch fills exactly the positions it owns). A lookup by
 *    position (export pages, the logistics tree) reads the 16 partitions' indexes.
 *  - The barcode query (`where code = $1`) reads one partition (pruning by the hash).
 *
 * Existing codes are converted in this migration's transaction: the old table is renamed, its
 * rows copied into the new one, both counted, and the old table dropped only when the counts
 * match (else the migration fails and everything rolls back). The indexes are built after the
 * copy (one sorted build rather than a row-at-a-time insert).
 */
import { sql, type Kysely } from 'kysely';

export const CODE_PARTITIONS = 16;

const partition = (i: number) => `codes_p${String(i).padStart(2, '0')}`;

const UP = [
  `alter table codes rename to codes_unpartitioned`,
  `alter index codes_code_uq rename to codes_unpartitioned_code_uq`,
  `alter table codes_unpartitioned rename constraint codes_pkey to codes_unpartitioned_pkey`,
  `create table codes (
    package_id integer not null,
    seq integer not null,
    code text not null
  ) partition by hash (code)`,
  ...Array.from({ length: CODE_PARTITIONS }, (_, i) =>
    `create table ${partition(i)} partition of codes for values with (modulus ${CODE_PARTITIONS}, remainder ${i})`),
  `insert into codes (package_id, seq, code) select package_id, seq, code from codes_unpartitioned`,
  `do $$
   declare old_n bigint; new_n bigint;
   begin
     select count(*) into old_n from codes_unpartitioned;
     select count(*) into new_n from codes;
     if old_n <> new_n then
       raise exception 'codes: % rows copied of %', new_n, old_n;
     end if;
   end $$`,
  `create unique index codes_code_uq on codes (code)`,
  `create index codes_position_idx on codes (package_id, seq)`,
  `drop table codes_unpartitioned`,
];

const DOWN = [
  `create table codes_unpartitioned (
    package_id integer not null,
    seq integer not null,
    code text not null
  )`,
  `insert into codes_unpartitioned (package_id, seq, code) select package_id, seq, code from codes`,
  `drop table codes`,
  `alter table codes_unpartitioned rename to codes`,
  `alter table codes add primary key (package_id, seq)`,
  `create unique index codes_code_uq on codes (code)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

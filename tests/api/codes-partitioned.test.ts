/**
 * Migration 0031 (issue 27) on both databases: existing codes move into the table partitioned
 * by hash of the code, every row kept; the code stays unique on the whole platform; a barcode
 * lookup reads one partition; a lookup by position still finds its code.
 */
import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import * as m0031 from '../../server/db/migrations/0031_codes_partitioned';
import { describeApi } from './harness';

describeApi('Codes table partitioned by hash of the code (migration 0031)', (h) => {
  it('converts existing codes: every row kept, partitioned, unique, one partition per barcode lookup', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({ package_id: 900_000 + (i % 3), seq: Math.floor(i / 3) + 1, code: `MIG${String(i).padStart(6, '0')}X${(i * 7919) % 1000}` }));
    await h.db.transaction().execute(async (trx) => {
      // Back to the unpartitioned table of 0006 with codes in it, then 0031 again.
      await m0031.down(trx as unknown as Kysely<unknown>);
      const { rows: [before] } = await sql<{ kind: string }>`select c.relkind as kind from pg_class c where c.relname = 'codes'`.execute(trx);
      expect(before.kind).toBe('r');
      await sql`insert into codes (package_id, seq, code) select * from unnest(${rows.map((r) => r.package_id)}::integer[], ${rows.map((r) => r.seq)}::integer[], ${rows.map((r) => r.code)}::text[])`.execute(trx);
      await m0031.up(trx as unknown as Kysely<unknown>);
    });

    const { rows: [table] } = await sql<{ kind: string; parts: number }>`
      select c.relkind as kind, (select count(*)::integer from pg_inherits i where i.inhparent = c.oid) as parts
      from pg_class c where c.relname = 'codes'`.execute(h.db);
    expect(table).toEqual({ kind: 'p', parts: m0031.CODE_PARTITIONS });

    const stored = await h.db.selectFrom('codes').select(['package_id', 'seq', 'code']).where('package_id', '>=', 900_000)
      .orderBy('package_id').orderBy('seq').execute();
    const expected = [...rows].sort((a, b) => a.package_id - b.package_id || a.seq - b.seq);
    expect(stored).toEqual(expected);

    // Unique on the whole platform, across partitions and packages.
    const dup = await sql`insert into codes (package_id, seq, code) values (900999, 1, ${rows[5].code})`.execute(h.db).then(() => null, (err: { code?: string }) => err.code);
    expect(dup).toBe('23505');

    // The barcode lookup reads one partition; a lookup by position finds its code.
    const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`explain select package_id, seq from codes where code = ${rows[10].code}`.execute(h.db);
    const partitions = plan.map((r) => r['QUERY PLAN']).join('\n').match(/codes_p\d\d/g) ?? [];
    expect(new Set(partitions).size).toBe(1);
    const byPosition = await h.db.selectFrom('codes').select('code').where('package_id', '=', rows[10].package_id).where('seq', '=', rows[10].seq).executeTakeFirst();
    expect(byPosition?.code).toBe(rows[10].code);

    await h.db.deleteFrom('codes').where('package_id', '>=', 900_000).execute();
  });
});

/**
 * Bulk data for the list benchmark, straight into the database (not through the API): five
 * General roles and `count` Staff users in one tenant, in one `INSERT ... SELECT
 * generate_series` each, all with the same argon2id hash. Plain SQL both PostgreSQL 15 and
 * PGlite accept.
 *
 * Accounts are `<6 hex chars of md5(n)><n, 6 digits>` (unique, and their order unrelated to
 * insertion order), names `Employee <n>`, created_at one every 30 s going back from now, one
 * user in ten Disabled.
 */
import { sql } from 'kysely';
import { RoleType, UserStatus, UserType } from '../src/domain/enums';
import type { Db } from '../server/db/index';

export interface SeedTimes {
  rolesMs: number;
  usersMs: number;
  analyzeMs: number;
}

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

export async function bulkSeed(db: Db, tenantCode: string, count: number, mimaHash: string): Promise<SeedTimes> {
  const tenant = await db.selectFrom('tenants').select('id').where('code', '=', tenantCode).executeTakeFirstOrThrow();
  const admin = await db.selectFrom('roles').select('functions')
    .where('tenant_id', '=', tenant.id).where('type', '=', RoleType.Admin).executeTakeFirstOrThrow();

  let t = nowMs();
  const roles = await sql<{ id: number }>`
    insert into roles (tenant_id, name, type, functions, customers, brands)
    select ${tenant.id}::int, 'Bench role ' || g, ${sql.lit(RoleType.General)}, ${JSON.stringify(admin.functions)}::jsonb, '[]'::jsonb, '[]'::jsonb
    from generate_series(1, 5) as g
    returning id`.execute(db);
  const rolesMs = nowMs() - t;
  const roleIds = roles.rows.map((r) => Number(r.id));
  if (roleIds.length !== 5 || roleIds.some((id) => !Number.isInteger(id))) throw new Error('bench roles were not created');

  t = nowMs();
  await sql`
    insert into users (tenant_id, account, name, type, status, role_id, mima_hash, mima_status, mima_changed_at,
                       email, created_at, updated_at)
    select ${tenant.id}::int,
           substr(md5(g::text), 1, 6) || lpad(g::text, 6, '0'),
           'Employee ' || g,
           ${sql.lit(UserType.Staff)},
           case when g % 10 = 0 then ${sql.lit(UserStatus.Disabled)} else ${sql.lit(UserStatus.Enabled)} end,
           (${sql.raw(`array[${roleIds.join(',')}]`)})[1 + g % 5],
           ${mimaHash}::text,
           1,
           now() - g * interval '30 seconds',
           'employee' || g || '@example.com',
           now() - g * interval '30 seconds',
           now() - g * interval '30 seconds'
    from generate_series(1, ${count}::int) as g`.execute(db);
  const usersMs = nowMs() - t;

  // What autovacuum would do soon after a bulk load on PostgreSQL; PGlite has no autovacuum.
  t = nowMs();
  await sql`analyze users`.execute(db);
  await sql`analyze roles`.execute(db);
  const analyzeMs = nowMs() - t;
  return { rolesMs, usersMs, analyzeMs };
}

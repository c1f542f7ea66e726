/**
 * The change log: every create, update and delete of a resource writes one change_logs row
 * INSIDE the transaction of the write, so the write and its log commit or roll back together.
 *
 * before/after are the resource as the API shows it (not raw rows), minus anything secret:
 * keys naming a password, a hash or a token are dropped at any depth, so a password hash or a
 * default password can never reach the log even if a caller passes a raw row.
 */
import type { Transaction } from 'kysely';
import type { ChangeAction, Database } from '../db/schema';
import { json } from '../db/schema';

/** Who writes: the caller of the request. */
export interface ChangeContext {
  tenantId: number;
  userId: number;
  account: string;
}

export interface Change {
  /** The declaration's `resource`, e.g. 'role'. */
  resource: string;
  resourceId: number | string;
  action: ChangeAction;
  /** The resource before the write; none for a create. */
  before?: unknown;
  /** The resource after the write; none for a delete. */
  after?: unknown;
}

const SECRET_KEYS = [/mima(?!_?status$|_?changed_?at$)/i, /password|passwd|secret|token|hash/i];

/** Is `key` a field that must never be logged? mimaStatus stays; mimaHash, mima_hash, defaultPassword go. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.some((re) => re.test(key));
}

/** A JSON copy of `value` without secret keys (dates become ISO text). */
export function redact(value: unknown): unknown {
  if (value === undefined) return null;
  const plain = JSON.parse(JSON.stringify(value)) as unknown;
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).filter(([k]) => !isSecretKey(k)).map(([k, x]) => [k, strip(x)]));
  };
  return strip(plain);
}

/** Write the log row of one change; call it with the transaction of the write. */
export async function recordChange(trx: Transaction<Database>, ctx: ChangeContext, change: Change): Promise<void> {
  await trx.insertInto('change_logs').values({
    tenant_id: ctx.tenantId,
    user_id: ctx.userId,
    account: ctx.account,
    resource: change.resource,
    resource_id: String(change.resourceId),
    action: change.action,
    before: change.before === undefined ? null : json(redact(change.before)),
    after: change.after === undefined ? null : json(redact(change.after)),
  }).execute();
}

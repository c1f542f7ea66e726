/**
 * What the e2e run shares between the config, the web server script, the teardown and the
 * specs: the run id (passed by env so every process sees the same one), the database of this
 * run on the PostgreSQL server of E2E_PG_URL, the port and the seeded admin password.
 */
import os from 'node:os';
import path from 'node:path';

export const PG_ADMIN_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * The visual snapshots' server (tests/visual): the same server on a database of its own, seeded
 * with fixed rows before any screenshot, so no other spec's records show in its lists.
 */
export const E2E_VISUAL_PORT = Number(process.env.E2E_VISUAL_PORT ?? E2E_PORT + 1);

/** Which server a process of the run serves or talks to: the specs' (main) or the snapshots' (visual). */
export type ServerKind = 'main' | 'visual';
/**
 * The menu ids the specs' server keeps unreleased (UNRELEASED_MENU_IDS of tests/e2e/server.ts):
 * binding, partners, stock, the exception log, the anti-counterfeiting page and the change log
 * are released there (70-logistics, 71-anti-counterfeit); 37, 41 and 51 stay unreleased.
 */
export const E2E_UNRELEASED_MENU_IDS: readonly number[] = (process.env.UNRELEASED_MENU_IDS ?? '37,41,51').split(',').filter(Boolean).map(Number);

/** The seeded admins' password (ADMIN_INITIAL_PASSWORD; satisfies the password rule). */
export const ADMIN_INITIAL_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'Init1234';

export function runId(): string {
  const id = process.env.E2E_RUN_ID;
  if (!id) throw new Error('E2E_RUN_ID is not set (playwright.config.ts sets it)');
  return id;
}

export function databaseName(id = runId(), kind: ServerKind = 'main'): string {
  return `oioc_e2e_${id.toLowerCase().replace(/[^a-z0-9_]/g, '_')}${kind === 'main' ? '' : `_${kind}`}`;
}

/** Where the e2e server script writes its pid, so the teardown can stop it before the drop. */
export function pidFile(id = runId(), kind: ServerKind = 'main'): string {
  return path.join(os.tmpdir(), `oioc-e2e-${id}${kind === 'main' ? '' : `-${kind}`}.pid`);
}

/** The connection string of this run's database: E2E_PG_URL with its database replaced. */
export function databaseUrl(id = runId(), kind: ServerKind = 'main'): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${databaseName(id, kind)}`;
  return url.toString();
}

/** The one-time code outbox of this run's server (OTP_OUTBOX_FILE, server/services/otpSender.ts). */
export function otpOutboxFile(id = runId(), kind: ServerKind = 'main'): string {
  return path.join(os.tmpdir(), `oioc-e2e-${id}${kind === 'main' ? '' : `-${kind}`}.otp.jsonl`);
}

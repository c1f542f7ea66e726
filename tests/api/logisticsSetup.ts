/**
 * Fixtures of the logistics API tests: the functions released (UNRELEASED_MENU_IDS empty), a
 * client tenant with the logistics function and its users (back office and app), and codes
 * generated for a client through the operator's code package API.
 */
import { expect } from 'vitest';
import { FunctionType } from '../../src/domain/enums';
import { testSettings, type Harness } from './harness';
import { clientTenant, jobDone, materialOf, ok, operatorUser } from './productSetup';

/** Binding (3, 20-24), logistics (5, 26-30), report (8, 43). */
export const LOGISTICS_FUNCTIONS = [3, 20, 21, 22, 23, 24, 5, 26, 27, 28, 29, 30];

/** Call in the describe body (before beforeAll starts the app): every menu id released. */
export function releaseEverything(h: Harness) {
  h.settings = testSettings({ unreleasedMenuIds: [] });
}

/** A client tenant with the logistics function and a back-office user holding the logistics menus. */
export async function logisticsClient(h: Harness, functionFlags = 1) {
  const tenant = await clientTenant(h, functionFlags);
  const user = await h.signedInUser({ tenant: tenant.code, functions: LOGISTICS_FUNCTIONS });
  return { tenant, user, token: user.token };
}

/** A staff account of the tenant whose role has "use app for stock in/out", signed in from the app. */
export async function appUser(h: Harness, tenantCode: string, opts: { appStock?: boolean; functions?: number[] } = {}) {
  const user = await h.createUser({ tenant: tenantCode, functions: opts.functions ?? [] });
  await h.db.updateTable('roles').set({ app_stock: opts.appStock ?? true }).where('id', '=', user.roleId).execute();
  const res = await h.call('POST', 'Identity/token', { body: { tenantCode, account: user.account, mima: h.encrypt(user.password), functionType: FunctionType.App } });
  return { ...user, res, token: res.statusCode === 200 ? (res.json() as { token: string }).token : '' };
}

/** Where the app scans, set up in the back office by `token`: a factory with a line and its shift, and a warehouse. */
export async function scanPlace(h: Harness, token: string) {
  const factory = await ok<{ id: number }>(h, 'POST', 'Binding/factory', token, { name: 'Plant 1' });
  const line = await ok<{ id: number }>(h, 'POST', 'Binding/line', token, { factoryId: factory.id, name: 'Line 1' });
  const shift = await ok<{ id: number }>(h, 'POST', 'Binding/shift', token, { lineId: line.id, name: 'Day' });
  const warehouse = await ok<{ id: number }>(h, 'POST', 'Binding/warehouse', token, { name: 'Main store', type: 2 });
  return { factory, line, shift, warehouse };
}

let operator: { token: string } | undefined;
let operatorOf: Harness | undefined;

/** `quantity` codes generated for the client (one code package; the job run by `jobs`). */
export async function codesFor(h: Harness, clientId: number, quantity: number, codeType = 1): Promise<string[]> {
  if (!operator || operatorOf !== h) {
    operator = await operatorUser(h);
    operatorOf = h;
  }
  const material = await materialOf(h, operator.token, { clientId, codeType, codeLength: 12, codeFormat: 3 });
  const pkg = await ok<{ id: number; jobId: number }>(h, 'POST', 'Code/package', operator.token, { clientId, packagingMaterialId: material.id, type: 1, quantity });
  const job = await jobDone(h, pkg.jobId);
  expect(job.status, String(job.message)).toBe(3);
  const rows = await h.db.selectFrom('codes').select('code').where('package_id', '=', pkg.id).orderBy('seq').execute();
  return rows.map((r) => r.code);
}

/**
 * First-start data: the operator tenant `platform` and the demo client tenant `demo`, each
 * with an Admin role holding the tenant's whole grantable menu and an `admin` account whose
 * default password must be changed at first sign-in (mimaStatus 2).
 *
 * Idempotent and safe on several nodes at once: a tenant, its role and its admin are created
 * in one transaction only when the tenant code did not exist yet; an existing tenant is never
 * touched again (a renamed or removed admin is not brought back).
 */
import { ClientFunction, TenantType } from '../src/domain/enums';
import type { Names } from '../src/domain/lang';
import { checkPasswordRule } from '../src/domain/password';
import type { Db } from './db/index';
import { generatePassword, hashPassword } from './security/passwords';
import { ADMIN_ACCOUNT, createTenantWithAdmin } from './services/tenants';
import type { Settings } from './settings';

interface SeedTenant {
  code: string;
  type: number;
  names: Required<Names>;
  functionFlags: number;
}

export const SEED_TENANTS: readonly SeedTenant[] = [
  { code: 'platform', type: TenantType.Operator, names: { zh_TW: '平台營運商', zh_CN: '平台运营商', en: 'Platform operator' }, functionFlags: 0 },
  {
    code: 'demo', type: TenantType.Client, names: { zh_TW: '示範客戶', zh_CN: '示范客户', en: 'Demo client' },
    functionFlags: ClientFunction.Logistics | ClientFunction.Marketing | ClientFunction.Member,
  },
];

export const SEED_ADMIN_ACCOUNT = ADMIN_ACCOUNT;

export interface SeedResult {
  /** Tenant codes whose admin was created in this run. */
  createdTenants: string[];
  /** The generated password, when one was generated in this run (print it once). */
  generatedPassword: string | null;
}

export async function seed(db: Db, settings: Pick<Settings, 'adminInitialPassword' | 'unreleasedMenuIds'>): Promise<SeedResult> {
  const existing = new Set((await db.selectFrom('tenants').select('code').execute()).map((t) => t.code));
  const missing = SEED_TENANTS.filter((t) => !existing.has(t.code));
  if (missing.length === 0) return { createdTenants: [], generatedPassword: null };

  let password = settings.adminInitialPassword;
  if (password !== null && checkPasswordRule(password)) {
    throw new Error('ADMIN_INITIAL_PASSWORD must satisfy the password rule: 8 to 20 characters, a lowercase letter, an uppercase letter and a digit; only letters, digits and @$!%*?&');
  }
  const generated = password === null;
  password ??= generatePassword();

  const createdTenants: string[] = [];
  for (const spec of missing) {
    const mimaHash = await hashPassword(password);
    // Another node may seed the same code meanwhile: then nothing is written here.
    const created = await db.transaction().execute((trx) => createTenantWithAdmin(trx, spec, { mimaHash }, settings));
    if (created) createdTenants.push(spec.code);
  }
  return { createdTenants, generatedPassword: generated && createdTenants.length > 0 ? password : null };
}

/** The one-time sign-in notice; the password itself appears only when it was generated. */
export function signInInstructions(result: SeedResult, port: number): string | null {
  if (result.createdTenants.length === 0) return null;
  const secret = result.generatedPassword ?? '(the value of ADMIN_INITIAL_PASSWORD)';
  const rule = '================================================================';
  const lines = [
    '', rule,
    ' First start: accounts created. Sign in at',
    ...result.createdTenants.map((code) => `   http://localhost:${port}/login?code=${code}   account: ${SEED_ADMIN_ACCOUNT}`),
    `   password: ${secret}`,
    ' The first sign-in asks for a new password.',
  ];
  if (result.generatedPassword) lines.push(' This password is shown only this once: keep it now.');
  lines.push(rule, '');
  return lines.join('\n');
}

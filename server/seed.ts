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
  /**
   * The generated passwords of this run, one per created tenant (print them once); empty when
   * ADMIN_INITIAL_PASSWORD gave the password. No two tenants share a generated password.
   */
  generatedPasswords: Record<string, string>;
}

export async function seed(db: Db, settings: Pick<Settings, 'adminInitialPassword' | 'unreleasedMenuIds'>): Promise<SeedResult> {
  const existing = new Set((await db.selectFrom('tenants').select('code').execute()).map((t) => t.code));
  const missing = SEED_TENANTS.filter((t) => !existing.has(t.code));
  if (missing.length === 0) return { createdTenants: [], generatedPasswords: {} };

  const given = settings.adminInitialPassword;
  if (given !== null && checkPasswordRule(given)) {
    throw new Error('ADMIN_INITIAL_PASSWORD must satisfy the password rule: 8 to 20 characters, a lowercase letter, an uppercase letter and a digit; only letters, digits and @$!%*?&');
  }

  const createdTenants: string[] = [];
  const generatedPasswords: Record<string, string> = {};
  for (const spec of missing) {
    // Each tenant its own password unless the operator chose one for all (issue 25).
    const password = given ?? generatePassword();
    const mimaHash = await hashPassword(password);
    // Another node may seed the same code meanwhile: then nothing is written here.
    const created = await db.transaction().execute((trx) => createTenantWithAdmin(trx, spec, { mimaHash }, settings));
    if (created) {
      createdTenants.push(spec.code);
      if (given === null) generatedPasswords[spec.code] = password;
    }
  }
  return { createdTenants, generatedPasswords };
}

/**
 * The one-time sign-in notice, on the standard output (never the JSON log): each created
 * tenant's address, account and password; a password appears only when it was generated.
 */
export function signInInstructions(result: SeedResult, port: number): string | null {
  if (result.createdTenants.length === 0) return null;
  const generated = Object.keys(result.generatedPasswords).length > 0;
  const rule = '================================================================';
  const lines = [
    '', rule,
    ' First start: accounts created. Sign in at',
    ...result.createdTenants.map((code) => `   http://localhost:${port}/login?code=${code}   account: ${SEED_ADMIN_ACCOUNT}   password: ${result.generatedPasswords[code] ?? '(the value of ADMIN_INITIAL_PASSWORD)'}`),
    ' The first sign-in asks for a new password.',
  ];
  if (generated) lines.push(' Each client has its own password, shown only this once: keep them now.');
  lines.push(rule, '');
  return lines.join('\n');
}

/**
 * What a qualification (lotteries, point activities) may name and offer: the caller's brand
 * products and order packages or shipment sheets within their tenant and role's brands
 * (services/scope.ts), as ids to check and as options for the forms; the brand products'
 * names for the lottery's result download (GET Report/SMYproductName).
 */
import type { Transaction } from 'kysely';
import { offeredOptions, type QualificationOption } from '../../src/domain/activity/lottery';
import { QualificationType } from '../../src/domain/enums';
import { pickName, type Lang, type Names } from '../../src/domain/lang';
import type { Caller } from '../auth';
import type { AppDeps } from '../context';
import type { Database } from '../db/schema';
import { roleScope, scopeCondition } from './scope';

type Db = AppDeps['db'] | Transaction<Database>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Which of these brand products the caller may name: the tenant's, of the brands their role
 * manages (services/scope.ts; qualification ids of lotteries and point activities).
 */
export async function productIds(db: Db, who: Scoped, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await scopedProducts(db, who, await roleScope(db, who)).select('b.id').where('b.id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Which of these order (code) packages or shipment sheets the caller may name (the tenant's; order packages of their brands). */
export async function packageIds(db: Db, who: Scoped, type: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const scope = await roleScope(db, who);
  const rows = type === QualificationType.OrderPackage
    ? await scopedCodePackages(db, who, scope).select('c.id').where('c.id', 'in', ids).execute()
    : await db.selectFrom('logistic_sheets').select('id').where('tenant_id', '=', who.tenantId).where('sheet_type', 'in', [4, 5, 6]).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export const numberList = (v: unknown): number[] => (Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v]).map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** What a qualification may name: the caller's tenant and the brands their role manages. */
export type Scoped = Pick<Caller, 'tenantId' | 'roleId'>;
type Scope = Awaited<ReturnType<typeof roleScope>>;

/** The tenant's brand products within the role's brands. */
const scopedProducts = (db: Db, who: Scoped, scope: Scope) =>
  db.selectFrom('brand_products as b').where('b.tenant_id', '=', who.tenantId).where(scopeCondition(scope.brands, 'b.brand_id'));

/**
 * The tenant's code packages; for a role limited to some brands, those whose packaging
 * material belongs to a brand product of those brands (brand_product_materials).
 */
const scopedCodePackages = (db: Db, who: Scoped, scope: Scope) => {
  const q = db.selectFrom('code_packages as c').where('c.client_id', '=', who.tenantId);
  return scope.brands === null ? q : q.where((eb) => eb.exists(eb.selectFrom('brand_product_materials as bpm')
    .innerJoin('brand_products as bp', 'bp.id', 'bpm.brand_product_id')
    .select('bpm.material_id').whereRef('bpm.material_id', '=', 'c.packaging_material_id')
    .where('bp.tenant_id', '=', who.tenantId).where(scopeCondition(scope.brands, 'bp.brand_id'))));
};

/** The brand products within the caller's tenant and brands, named in `lang` (the marketing name, else the product's). */
async function namedProducts(db: Db, who: Scoped, lang: Lang) {
  const rows = await scopedProducts(db, who, await roleScope(db, who))
    .leftJoin('marketing_brand_products as m', (j) => j.onRef('m.brand_product_id', '=', 'b.id').on('m.tenant_id', '=', who.tenantId))
    .select(['b.id', 'b.name', 'm.names', 'm.enable']).orderBy('b.name').orderBy('b.id').limit(1000).execute();
  return rows.map((r) => ({ id: r.id, name: pickName((r.names ?? {}) as Names, lang) || r.name, enable: r.enable !== false }));
}

export async function productOptions(db: Db, who: Scoped, lang: Lang, selected: number[]): Promise<QualificationOption[]> {
  const rows = await namedProducts(db, who, lang);
  const found = new Set(rows.map((r) => r.id));
  const options: QualificationOption[] = rows.map((r) => ({ value: r.id, label: r.name, enable: r.enable }));
  // A chosen product that no longer exists shows as deleted.
  for (const id of selected) if (!found.has(id)) options.push({ value: id, label: `#${id}`, deleted: true });
  return offeredOptions(options, selected);
}

export async function packageOptions(db: Db, who: Scoped, type: number, selected: number[]): Promise<QualificationOption[]> {
  let options: QualificationOption[];
  if (type === QualificationType.OrderPackage) {
    const rows = await scopedCodePackages(db, who, await roleScope(db, who)).innerJoin('packaging_materials as m', 'm.id', 'c.packaging_material_id')
      .select(['c.id', 'c.quantity', 'c.status', 'c.failed', 'm.no', 'm.name', 'c.created_at'])
      .orderBy('c.id', 'desc').limit(1000).execute();
    options = rows.map((r) => ({ value: r.id, label: `#${r.id} ${r.no} ${r.name} (${r.quantity})`, enable: !r.failed && r.status === 2 }));
  } else {
    const rows = await db.selectFrom('logistic_sheets').select(['id', 'sheet_type', 'code_count', 'created_at']).where('tenant_id', '=', who.tenantId)
      .where('sheet_type', 'in', [4, 5, 6]).orderBy('id', 'desc').limit(1000).execute();
    options = rows.map((r) => ({ value: r.id, label: `#${r.id} ${iso(r.created_at)!.slice(0, 10)} (${r.code_count})` }));
  }
  const found = new Set(options.map((o) => o.value));
  for (const id of selected) if (!found.has(id)) options.push({ value: id, label: `#${id}`, codePackageDeleted: true });
  return offeredOptions(options, selected);
}

/**
 * SPEC 7 GET Report/SMYproductName: the brand products (id, name in `lang`) within the caller's
 * tenant and brands, disabled marketing products too (their past records stay reportable).
 */
export async function productNames(db: Db, who: Scoped, lang: Lang): Promise<{ id: number; name: string }[]> {
  return (await namedProducts(db, who, lang)).map(({ id, name }) => ({ id, name }));
}

/**
 * Packaging categories and packaging materials (menu 18, the operator), declared by
 * src/schemas/product/packaging-category.json and packaging-material.json (one screen, two tabs).
 *
 *   GET    Product/packagingCategory           list { items, total } (keyword: name contains)
 *   GET    Product/packagingCategory/options   [{ value, label }]
 *   POST   Product/packagingCategory           without `id` creates (201), with `id` edits (200);
 *                                              a name the tenant already has (any case): 400 2202
 *   DELETE Product/packagingCategory/{id}      204; 400 code 2201 while materials use it
 *
 *   GET    Product/packaging                   list { items, total } (keyword: name or number
 *                                              contains; clientId; categoryId; codeType)
 *   GET    Product/packaging/options           grouped by client: { groupName, groupItems:
 *                                              [{ value, label: 'no name', clientId, codeFormat,
 *                                              codeLength }] } (menus 18 and 25)
 *   GET    Product/packaging/{id}              the material with relatedMaterialIds
 *   POST   Product/packaging                   201 + the material
 *   PUT    Product/packaging                   body carries id; the client is fixed once created
 *   DELETE Product/packaging/{id}              204; 400 2203 while a code package uses it,
 *                                              400 3501 while brand products are linked to it
 *   POST   Product/packaging/file              the list's filters (+ format csv|txt|xlsx, lang):
 *                                              an export job (ExportPackages 1) -> { id, reportId }
 *
 * Materials are the operator tenant's rows for one client each. Every call sees only the
 * clients the caller's role manages (services/scope.ts): another client's material is 404.
 * Server rules after the declaration: the client is an active client the role manages, the
 * product is a client product of that client, the category is the tenant's (code 1 oneOf on
 * the field); the material number is unique per client whatever its case (400 7310); the
 * related materials are other materials of the same client, without repeats (the declaration's
 * checkRepeatName on `relatedMaterialIds.<i>`; the server answers the same), kept in order.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import { declaration } from '../../../src/domain/declarations';
import { JobCategory, splitFlags } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { pickName, type Names } from '../../../src/domain/lang';
import { caller, type Caller } from '../../auth';
import type { AppDeps } from '../../context';
import { containsPattern } from '../../db/list';
import type { Database } from '../../db/schema';
import { ApiError, badRequest } from '../../errors';
import { defineOptions } from '../../resource/options';
import { defineResource, isReferenced, takenIgnoringCase } from '../../resource/define';
import { defineExport } from '../../resource/export';
import { KEYWORD_FILTER } from '../../resource/schemas';
import { isDbId } from '../../services/resource';
import { roleScope, scopeCondition, type RoleScope } from '../../services/scope';
import { enumLabel } from '../../services/codes';
import { CODE_PACKAGE_MENU_ID, PACKAGING_MENU_ID } from '../../services/menuIds';
import { clientNameSort, isManagedClient } from '../../services/clients';

const CATEGORY_DECL = declaration('product.packaging-category');

const DECL = declaration('product.packaging-material');

/** Code lengths the generator accepts (the declaration says the same). */
export const CODE_LENGTH_MIN = 8;
export const CODE_LENGTH_MAX = 32;

type Db = AppDeps['db'] | Transaction<Database>;

// --- Categories ----------------------------------------------------------------------------

export interface PackagingCategoryDto {
  id: number;
  name: string;
  materialCount: number;
  createdAt: string;
  updatedAt: string;
}

const categoryQuery = (db: Db) => db.selectFrom('packaging_categories as c')
  .select(['c.id', 'c.name', 'c.created_at', 'c.updated_at'])
  .select((eb) => eb.selectFrom('packaging_materials as m').select(eb.fn.countAll().as('n')).whereRef('m.category_id', '=', 'c.id').as('materialCount'));

type CategoryRow = Awaited<ReturnType<ReturnType<typeof categoryQuery>['executeTakeFirstOrThrow']>>;

const duplicateCategory = () => new ApiError(400, ErrorCode.DuplicateCategoryName);

const categories = defineResource<CategoryRow, PackagingCategoryDto, { name: string }, { keyword?: string }>({
  declaration: CATEGORY_DECL,
  table: 'packaging_categories',
  alias: 'c',
  columns: { name: sql`lower(c.name)`, createdAt: 'c.created_at' },
  query: categoryQuery,
  filterSchema: KEYWORD_FILTER,
  filter: (q, { keyword }) => (keyword?.trim() ? q.where('c.name', 'ilike', containsPattern(keyword.trim())) : q),
  toDto: (c) => ({
    id: c.id,
    name: c.name,
    materialCount: Number(c.materialCount ?? 0),
    createdAt: c.created_at.toISOString(),
    updatedAt: c.updated_at.toISOString(),
  }),
  values: async ({ trx, who }, body, before) => {
    const name = body.name.trim();
    if (await takenIgnoringCase(trx, 'packaging_categories', 'name', name, { tenant_id: who.tenantId }, before?.id ?? null)) throw duplicateCategory();
    return { name };
  },
  // The lock makes a concurrent material save with this category wait (it reads it FOR SHARE).
  beforeRemove: async ({ trx }, before) => {
    if (await isReferenced(trx, 'packaging_materials', 'category_id', before.id)) throw new ApiError(400, ErrorCode.PackagingCategoryHasMaterials);
  },
  uniqueErrors: { packaging_categories_name_uq: duplicateCategory },
  errors: { create: [ErrorCode.DuplicateCategoryName], update: [ErrorCode.DuplicateCategoryName], remove: [ErrorCode.PackagingCategoryHasMaterials] },
});

// --- Materials -----------------------------------------------------------------------------

export interface PackagingMaterialListItem {
  id: number;
  clientId: number;
  clientName: Names;
  productId: number;
  productName: string;
  categoryId: number;
  categoryName: string;
  name: string;
  no: string;
  codeType: number;
  bindingSheetType: number;
  codeFormat: number;
  codeLength: number;
  createdAt: string;
  updatedAt: string;
}

export interface PackagingMaterialDto extends PackagingMaterialListItem {
  relatedMaterialIds: number[];
}

/** What a material's form sends: the list item's own fields (no names or times), related materials optional. */
type MaterialBody = Pick<PackagingMaterialListItem, 'clientId' | 'productId' | 'categoryId' | 'name' | 'no' | 'codeType' | 'bindingSheetType' | 'codeFormat' | 'codeLength'>
  & { relatedMaterialIds?: number[] };

export interface MaterialFilters {
  keyword?: string;
  clientId?: number;
  categoryId?: number;
  codeType?: number;
}

const materialQuery = (db: Db) => db.selectFrom('packaging_materials as m')
    .innerJoin('tenants as t', 't.id', 'm.client_id')
    .innerJoin('client_products as p', 'p.id', 'm.product_id')
    .innerJoin('packaging_categories as c', 'c.id', 'm.category_id')
    .select([
      'm.id', 'm.client_id', 't.names as clientNames', 't.code as clientCode', 'm.product_id', 'p.name as productName',
      'm.category_id', 'c.name as categoryName', 'm.name', 'm.no', 'm.code_type', 'm.binding_sheet_type', 'm.code_format',
      'm.code_length', 'm.created_at', 'm.updated_at',
    ]);

type MaterialRow = Awaited<ReturnType<ReturnType<typeof materialQuery>['executeTakeFirstOrThrow']>>;

function applyFilters<Q extends SelectQueryBuilder<any, any, MaterialRow>>(q: Q, f: MaterialFilters): Q {
  let out = q;
  if (f.keyword?.trim()) {
    const pattern = containsPattern(f.keyword.trim());
    out = out.where((eb) => eb.or([eb('m.name', 'ilike', pattern), eb('m.no', 'ilike', pattern)])) as Q;
  }
  if (f.clientId !== undefined) out = out.where('m.client_id', '=', f.clientId) as Q;
  if (f.categoryId !== undefined) out = out.where('m.category_id', '=', f.categoryId) as Q;
  if (f.codeType !== undefined) out = out.where('m.code_type', '=', f.codeType) as Q;
  return out;
}

const listItem = (m: MaterialRow): PackagingMaterialListItem => ({
  id: m.id,
  clientId: m.client_id,
  clientName: m.clientNames ?? {},
  productId: m.product_id,
  productName: m.productName,
  categoryId: m.category_id,
  categoryName: m.categoryName,
  name: m.name,
  no: m.no,
  codeType: m.code_type,
  bindingSheetType: m.binding_sheet_type,
  codeFormat: m.code_format,
  codeLength: m.code_length,
  createdAt: m.created_at.toISOString(),
  updatedAt: m.updated_at.toISOString(),
});

async function relatedIds(db: Db, id: number): Promise<number[]> {
  const rows = await db.selectFrom('packaging_material_relations').select('related_id')
    .where('material_id', '=', id).orderBy('position').execute();
  return rows.map((r) => r.related_id);
}

/** The server rules beyond the declaration; answers the column values. */
async function checkMaterial(trx: Transaction<Database>, who: Caller, scope: RoleScope, body: MaterialBody, clientId: number, selfId: number | null) {
  const fields: Record<string, { key: string }> = {};
  const product = isDbId(body.productId)
    ? await trx.selectFrom('client_products').select('id')
      .where('id', '=', body.productId).where('tenant_id', '=', who.tenantId).where('client_id', '=', clientId)
      .forShare().executeTakeFirst()
    : undefined;
  if (!product) fields.productId = { key: 'oneOf' };
  const category = isDbId(body.categoryId)
    ? await trx.selectFrom('packaging_categories').select('id')
      .where('id', '=', body.categoryId).where('tenant_id', '=', who.tenantId).forShare().executeTakeFirst()
    : undefined;
  if (!category) fields.categoryId = { key: 'oneOf' };
  if (!(body.codeFormat >= 1 && body.codeFormat <= 7)) fields.codeFormat = { key: 'required' };

  const related = body.relatedMaterialIds ?? [];
  const seen = new Set<number>();
  related.forEach((r, i) => {
    if (seen.has(r)) fields[`relatedMaterialIds.${i}`] = { key: 'checkRepeatName' };
    seen.add(r);
  });
  if (related.length > 0 && !Object.keys(fields).some((k) => k.startsWith('relatedMaterialIds'))) {
    const valid = related.every(isDbId) && !related.includes(selfId ?? -1)
      ? await trx.selectFrom('packaging_materials').select('id')
        .where('id', 'in', related).where('tenant_id', '=', who.tenantId).where('client_id', '=', clientId)
        .where(scopeCondition(scope.clients, 'client_id'))
        .forShare().execute()
      : [];
    if (valid.length !== related.length) fields.relatedMaterialIds = { key: 'oneOf' };
  }
  if (Object.keys(fields).length > 0) throw badRequest(fields);

  const no = body.no.trim();
  let taken = trx.selectFrom('packaging_materials').select('id')
    .where('tenant_id', '=', who.tenantId).where('client_id', '=', clientId)
    .where((eb) => eb(eb.fn('lower', ['no']), '=', no.toLowerCase()));
  if (selfId !== null) taken = taken.where('id', '!=', selfId);
  if (await taken.executeTakeFirst()) throw duplicateNo();

  return {
    values: {
      product_id: body.productId,
      category_id: body.categoryId,
      name: body.name.trim(),
      no,
      code_type: body.codeType,
      binding_sheet_type: body.bindingSheetType,
      code_format: body.codeFormat,
      code_length: body.codeLength,
    },
    related,
  };
}

async function writeRelations(trx: Transaction<Database>, id: number, related: number[]) {
  await trx.deleteFrom('packaging_material_relations').where('material_id', '=', id).execute();
  if (related.length > 0) {
    await trx.insertInto('packaging_material_relations')
      .values(related.map((r, i) => ({ material_id: id, related_id: r, position: i })))
      .execute();
  }
}

const duplicateNo = () => new ApiError(400, ErrorCode.DuplicatePackageMaterialNo);

const materials = defineResource<MaterialRow, PackagingMaterialDto, MaterialBody, MaterialFilters, PackagingMaterialListItem>({
  declaration: DECL,
  table: 'packaging_materials',
  alias: 'm',
  columns: { no: sql`lower(m.no)`, name: sql`lower(m.name)`, clientName: clientNameSort('t'), codeType: 'm.code_type', createdAt: 'm.created_at' },
  query: materialQuery,
  scope: { clients: 'm.client_id' },
  filter: applyFilters,
  listItem,
  toDto: (m) => ({ ...listItem(m), relatedMaterialIds: [] }),
  details: async (db, dto) => ({ ...dto, relatedMaterialIds: await relatedIds(db, dto.id) }),
  values: async ({ trx, who, scope }, body, before) => {
    if (!before && !(await isManagedClient(trx, scope, body.clientId))) throw badRequest({ clientId: { key: 'oneOf' } });
    const clientId = before?.clientId ?? body.clientId;
    const { values } = await checkMaterial(trx, who, scope, body, clientId, before?.id ?? null);
    return before ? values : { ...values, client_id: clientId };
  },
  afterWrite: ({ trx }, id, body) => writeRelations(trx, id, body.relatedMaterialIds ?? []),
  // The lock makes a concurrent code package or brand-product link to it wait (FOR SHARE).
  beforeRemove: async ({ trx }, before) => {
    if (await isReferenced(trx, 'code_packages', 'packaging_material_id', before.id)) throw new ApiError(400, ErrorCode.LinkedToCodePackage);
    if (await isReferenced(trx, 'brand_product_materials', 'material_id', before.id)) throw new ApiError(400, ErrorCode.LinkedBrandProducts);
    // Other materials naming it as related lose it (relations cascade).
  },
  uniqueErrors: { packaging_materials_no_uq: duplicateNo },
  errors: {
    create: [ErrorCode.DuplicatePackageMaterialNo],
    update: [ErrorCode.DuplicatePackageMaterialNo],
    remove: [ErrorCode.LinkedToCodePackage, ErrorCode.LinkedBrandProducts],
  },
});

// --- Export --------------------------------------------------------------------------------

type ExportRow = MaterialRow & { related: string | null };

/** POST Product/packaging/file: the filtered materials (ExportPackages 1). */
const materialExport = defineExport<ExportRow, MaterialFilters>({
  declaration: DECL,
  category: JobCategory.ExportPackages,
  rows: {
    resource: materials,
    select: (q) => q.select((eb) => eb.selectFrom('packaging_material_relations as rel')
      .innerJoin('packaging_materials as rm', 'rm.id', 'rel.related_id')
      .select(sql<string>`string_agg(rm.no, ', ' order by rel.position)`.as('x'))
      .whereRef('rel.material_id', '=', 'm.id').as('related')),
    keyset: 'm.id',
  },
  columns: [
    { grid: 'no', key: 'no' },
    { grid: 'name', key: 'name' },
    { grid: 'clientName', value: (r, { lang }) => pickName(r.clientNames, lang) || r.clientCode },
    { grid: 'productName', key: 'productName' },
    { grid: 'categoryName', key: 'categoryName' },
    { grid: 'codeType', value: (r, { lang }) => enumLabel(lang, 'PackagingCodeType', r.code_type) },
    { grid: 'bindingSheetType', value: (r, { lang }) => enumLabel(lang, 'PackagingBindingSheetType', r.binding_sheet_type) },
    { grid: 'codeFormat', value: (r, { lang }) => splitFlags('CustomCodeFormat', r.code_format).map((f) => enumLabel(lang, 'CustomCodeFormat', f)).join(', ') },
    { grid: 'codeLength', key: 'code_length' },
    { label: 'screens.packagingMaterial.relatedMaterials', value: (r) => r.related ?? '' },
    { grid: 'createdAt', key: 'created_at' },
  ],
  fileName: 'screens.packagingMaterial.exportTitle',
});

// --- Routes --------------------------------------------------------------------------------

const categoryOptions = defineOptions({
  path: 'Product/packagingCategory/options', menuId: PACKAGING_MENU_ID, summary: 'Packaging categories (options)',
  query: (db) => db.selectFrom('packaging_categories').select(['id', 'name']).orderBy(sql`lower(name)`).orderBy('id'),
  tenant: 'tenant_id', option: (c) => ({ value: c.id, label: c.name }),
});

export default async function packagingRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;

  // Categories.
  categories.routes(app, deps);

  categoryOptions.routes(app, deps);

  // Materials.
  materials.routes(app, deps);

  app.get('/Product/packaging/options', { config: { menuId: [PACKAGING_MENU_ID, CODE_PACKAGE_MENU_ID] } }, async (req) => {
    const who = caller(req);
    const scope = await roleScope(db, who);
    const rows = await db.selectFrom('packaging_materials as m')
      .innerJoin('tenants as t', 't.id', 'm.client_id')
      .select(['m.id', 'm.no', 'm.name', 'm.client_id', 'm.code_format', 'm.code_length', 'm.code_type', 't.names', 't.code'])
      .where('m.tenant_id', '=', who.tenantId)
      .where('t.deleted_at', 'is', null)
      .where(scopeCondition(scope.clients, 'm.client_id'))
      .orderBy('t.code').orderBy(sql`lower(m.no)`).orderBy('m.id')
      .execute();
    const groups = new Map<number, { groupName: Names | string; groupItems: unknown[] }>();
    for (const r of rows) {
      let g = groups.get(r.client_id);
      if (!g) groups.set(r.client_id, (g = { groupName: Object.keys(r.names ?? {}).length ? r.names : r.code, groupItems: [] }));
      g.groupItems.push({ value: r.id, label: `${r.no} ${r.name}`, clientId: r.client_id, codeType: r.code_type, codeFormat: r.code_format, codeLength: r.code_length });
    }
    return [...groups.values()];
  });

  materialExport.routes(app, deps);
}


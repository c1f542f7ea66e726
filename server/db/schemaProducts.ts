/** Row types of the product, packaging, brand, code package, code and scan log tables (migrations 0006, 0009). */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './schema';

/** Migration 0006: products, packaging, code packages (server/modules/product/*, server/modules/code/code.ts). */
export interface ClientProductTable {
  id: Generated<number>;
  /** The operator tenant that keeps it. */
  tenant_id: number;
  /** The client tenant it belongs to. */
  client_id: number;
  name: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface PackagingCategoryTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface PackagingMaterialTable {
  id: Generated<number>;
  tenant_id: number;
  client_id: number;
  product_id: number;
  category_id: number;
  name: string;
  /** The material number, unique per client whatever its case (7310). */
  no: string;
  /** PackagingCodeType. */
  code_type: number;
  /** PackagingBindingSheetType. */
  binding_sheet_type: number;
  /** CustomCodeFormat flags. */
  code_format: number;
  code_length: number;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface PackagingMaterialRelationTable {
  material_id: number;
  related_id: number;
  position: number;
}

export interface CodePackageTable {
  id: Generated<number>;
  tenant_id: number;
  client_id: number;
  packaging_material_id: number;
  /** CodePackageType. */
  type: number;
  /** Copied from the material when the package is created (PackagingCodeType). */
  code_type: number;
  code_format: number;
  code_length: number;
  quantity: number;
  keywords: ColumnType<string[] | null, string | null | undefined, string | null>;
  keyword_interval: ColumnType<number | null, number | null | undefined, number | null>;
  /** CodePackageStatus: Init 1 (generating), Generated 2. */
  status: Generated<number>;
  progress: Generated<number>;
  /** The generation gave up (no codes were kept). */
  failed: Generated<boolean>;
  message: ColumnType<string | null, string | null | undefined, string | null>;
  job_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_by: ColumnType<number | null, number | null | undefined, number | null>;
  generated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface CodeTable {
  package_id: number;
  /** 1-based position in the package (generation order). */
  seq: number;
  code: string;
}

export interface BrandTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface BrandProductTable {
  id: Generated<number>;
  tenant_id: number;
  brand_id: number;
  name: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface BrandProductMaterialTable {
  brand_product_id: number;
  material_id: number;
}

/** One scan of a code (migrations/0009_scan_logs.ts). */
export interface ScanLogTable {
  /** bigint: a string from pg, a number from PGlite. */
  id: ColumnType<string | number, never, never>;
  tenant_id: number;
  package_id: number;
  seq: number;
  code: string;
  /** Consumer 1, App 2 (SCAN_SOURCE). */
  source: number;
  /** SPEC scan log type: PC 1, Mobile 2. */
  type: number;
  scanned_at: CreatedAt;
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
  location: ColumnType<string | null, string | null | undefined, string | null>;
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProductTables {
  client_products: ClientProductTable;
  packaging_categories: PackagingCategoryTable;
  packaging_materials: PackagingMaterialTable;
  packaging_material_relations: PackagingMaterialRelationTable;
  code_packages: CodePackageTable;
  codes: CodeTable;
  brands: BrandTable;
  brand_products: BrandProductTable;
  brand_product_materials: BrandProductMaterialTable;
  scan_logs: ScanLogTable;
}

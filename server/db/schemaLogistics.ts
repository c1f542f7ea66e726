/** Row types of the logistics tables (migrations/0011_logistics.ts). */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json } from './schema';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface FactoryTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  address: Nullable<string>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ProductionLineTable {
  id: Generated<number>;
  tenant_id: number;
  factory_id: number;
  name: string;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ShiftTable {
  id: Generated<number>;
  tenant_id: number;
  factory_id: number;
  line_id: number;
  name: string;
  /** 'HH:mm', local time of the factory. */
  start_time: Nullable<string>;
  end_time: Nullable<string>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface WarehouseTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** WarehouseType: Share 1, Client 2, Distributor 3, Supplier 4. */
  type: number;
  address: Nullable<string>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** One level of a package ratio, innermost first: its PackageUnit and how many of the level below it holds (1 for level one). */
export interface RatioUnit {
  unit: number;
  quantity: number;
}

export interface PackageRatioTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** PackageLevel 1-5: the number of levels. */
  level: number;
  units: Json<RatioUnit[]>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface CodeLogisticsTable {
  package_id: number;
  seq: number;
  /** The code at (package_id, seq), copied from `codes` (migration 0033). */
  code: string;
  tenant_id: number;
  parent_package_id: Nullable<number>;
  parent_seq: Nullable<number>;
  level: Nullable<number>;
  ratio_id: Nullable<number>;
  factory_id: Nullable<number>;
  line_id: Nullable<number>;
  shift_id: Nullable<number>;
  bound_at: Nullable<Date>;
  bound_by: Nullable<number>;
  /** CodeStockStatus (src/domain/logistics.ts): none 0, in stock 1, shipped 2. */
  status: Generated<number>;
  warehouse_id: Nullable<number>;
  moved_at: Nullable<Date>;
}

export interface ScanBatchTable {
  id: Generated<number>;
  tenant_id: number;
  batch_id: string;
  user_id: Nullable<number>;
  /** ScanBatchKind: Binding 1, Stock 2, Ship 3. */
  kind: number;
  body_hash: string;
  answer: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface LogisticSheetTable {
  id: Generated<number>;
  tenant_id: number;
  batch_id: number;
  /** LogisticSheetType 1-6. */
  sheet_type: number;
  warehouse_id: number;
  to_warehouse_id: Nullable<number>;
  user_id: Nullable<number>;
  account: string;
  scanned_count: number;
  code_count: number;
  created_at: CreatedAt;
}

export interface LogisticMovementTable {
  id: ColumnType<string | number, never, never>;
  tenant_id: number;
  sheet_id: number;
  package_id: number;
  seq: number;
  code: string;
  scanned: boolean;
  created_at: CreatedAt;
}

/** A refused code of a scan batch (migrations/0012_exception_logs.ts). */
export interface ExceptionLogTable {
  id: ColumnType<string | number, never, never>;
  tenant_id: number;
  batch_id: string;
  user_id: Nullable<number>;
  account: string;
  /** ScanBatchKind: Binding 1, Stock 2, Ship 3. */
  kind: number;
  /** LogisticSheetType 1-6; null for a binding. */
  sheet_type: Nullable<number>;
  code: string;
  /** The catalogue code answered (2 or 3). */
  error_code: number;
  /** ScanRefusal: the answer's data.key. */
  reason: string;
  created_at: CreatedAt;
}

/** A warehouse a supplier or distributor may use (migrations/0019_partners.ts). */
export interface PartnerWarehouseTable {
  user_id: number;
  warehouse_id: number;
  tenant_id: number;
}

export interface ShortUrlTable {
  token: string;
  tenant_id: number;
  package_id: number;
  seq: number;
  code: string;
  created_by: Nullable<number>;
  created_at: CreatedAt;
}

export interface AntiCounterfeitPageTable {
  tenant_id: number;
  enable: Generated<boolean>;
  title: Json<Partial<Record<'zh_TW' | 'zh_CN' | 'en', string>>>;
  content: Json<Partial<Record<'zh_TW' | 'zh_CN' | 'en', string>>>;
  images: Json<string[]>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** A scanned code's count, newest scan and the one before it (migrations/0030_scan_log_partitions.ts). */
export interface CodeScanCountTable {
  package_id: number;
  seq: number;
  /** bigint: a string from pg, a number from PGlite. */
  scans: ColumnType<string | number, number, number>;
  last_at: ColumnType<Date, Date | string, Date | string>;
  last_location: Nullable<string>;
  last_latitude: Nullable<number>;
  last_longitude: Nullable<number>;
  prev_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  prev_location: Nullable<string>;
  prev_latitude: Nullable<number>;
  prev_longitude: Nullable<number>;
}

export interface LogisticsTables {
  factories: FactoryTable;
  production_lines: ProductionLineTable;
  shifts: ShiftTable;
  warehouses: WarehouseTable;
  package_ratios: PackageRatioTable;
  code_logistics: CodeLogisticsTable;
  scan_batches: ScanBatchTable;
  logistic_sheets: LogisticSheetTable;
  logistic_movements: LogisticMovementTable;
  exception_logs: ExceptionLogTable;
  partner_warehouses: PartnerWarehouseTable;
  short_urls: ShortUrlTable;
  code_scan_counts: CodeScanCountTable;
  anti_counterfeit_pages: AntiCounterfeitPageTable;
}

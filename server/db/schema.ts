/**
 * Row types of the tables (Kysely's view of migrations/). jsonb columns are written as JSON
 * text (`json(value)`): node-postgres would turn a JS array into a PostgreSQL array literal.
 * Counts and bigint come back as strings from pg and numbers from PGlite: wrap with Number().
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Names } from '../../src/domain/lang';
import type { LogisticsTables } from './schemaLogistics';
import type { MemberTables } from './schemaMembers';
import type { StorageTables } from './schemaStorage';
import type { LotteryTables } from './schemaLotteries';
import type { ActivityTables } from './schemaActivity';
import type { ProductTables } from './schemaProducts';
import type { MarketingTables } from './schemaMarketing';

/** A jsonb column: read as T, written as JSON text. */
export type Json<T> = ColumnType<T, string, string>;
/** A timestamptz column with a default. */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface TenantTable {
  id: Generated<number>;
  code: string;
  /** TenantType: 1 operator, 2 client. */
  type: number;
  names: Json<Names>;
  /** ClientFunction flags: Logistics 1, Marketing 2, Member 4. */
  function_flags: Generated<number>;
  default_language: Generated<string>;
  excluded_menu_ids: Json<number[]>;
  /** Set when the client is deleted; an active client tenant has none. */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  // Client fields (migration 0004); the hint, logo and login background are text keys now.
  /** UserStatus Enabled 1 / Disabled 2: a disabled or deleted tenant's users cannot sign in. */
  status: Generated<number>;
  /** ClientProxyType: All 1, Partial 2. */
  proxy_type: Generated<number>;
  /** ClientLayout flags: A 1, B 2, C 4. */
  layouts: Generated<number>;
  /** ClientDomainType: General 1, SubDomain 2, CustomDomain 3 (domain set unless General). */
  domain_type: Generated<number>;
  domain: ColumnType<string | null, string | null | undefined, string | null>;
  contacts: ColumnType<ClientContacts, string | undefined, string>;
  /** A location id of the config (a country). */
  country_id: ColumnType<number | null, number | null | undefined, number | null>;
  address: ColumnType<string | null, string | null | undefined, string | null>;
  /** sha256 (hex) of the activation code, which is shown once at creation. */
  activation_code_hash: ColumnType<string | null, string | null | undefined, string | null>;
  delete_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ClientContact {
  name?: string;
  phoneCountryCode?: string;
  phone?: string;
  email?: string;
}

/** A client's contacts: primary required, secondary optional. */
export interface ClientContacts {
  primary?: ClientContact;
  secondary?: ClientContact;
}

export interface RoleTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** RoleType: 1 Admin, 2 General. */
  type: number;
  /** Menu ids (groups and children) the role grants. */
  functions: Json<number[]>;
  manage_clients: Generated<boolean>;
  manage_brands: Generated<boolean>;
  app_stock: Generated<boolean>;
  customers: Json<number[]>;
  brands: Json<number[]>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface UserTable {
  id: Generated<number>;
  tenant_id: number;
  account: string;
  name: string;
  /** UserType: Admin 1, Staff 2, Supplier 3, Distributor 4. */
  type: number;
  /** UserStatus: Enabled 1, Disabled 2, Locked 3. */
  status: Generated<number>;
  /** Null only for a supplier or distributor (migration 0019): their menu follows from app_functions. */
  role_id: ColumnType<number, number | null, number | null>;
  /** argon2id PHC string; never the password. */
  mima_hash: string;
  /** MimaStatus: 1 normal, 2 must change. */
  mima_status: Generated<number>;
  mima_changed_at: CreatedAt;
  failed_signins: Generated<number>;
  /** SupplierFunction flags the account holds in the mobile app (A 1 production scan, B 2 stock and shipment scan); migration 0011. */
  app_functions: Generated<number>;
  phone_country_code: string | null;
  phone: string | null;
  email: string | null;
  /** A supplier's or distributor's landline (migration 0019). */
  telephone: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SessionTable {
  id: Generated<number>;
  /** sha256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  tenant_id: number;
  created_at: CreatedAt;
  last_seen_at: CreatedAt;
  /** Absolute end; idle expiry is checked from last_seen_at. */
  expires_at: Timestamp;
}

export interface ServerSecretTable {
  name: string;
  value: string;
}

/** contents: per language { title, content }. */
export type AnnouncementContents = Partial<Record<keyof Names, { title?: string; content?: string }>>;

export interface AnnouncementTable {
  id: Generated<number>;
  tenant_id: number;
  category_id: number | null;
  contents: Json<AnnouncementContents>;
  start_time: Timestamp;
  /** null: in force until removed. */
  end_time: Timestamp | null;
  timezone_id: number | null;
  /** AnnouncementTarget: Internal 1, AllClients 2, AllDistributors 3, AllSuppliers 4, DistributorCategory 5. */
  target: number;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface ExportReportTable {
  id: Generated<number>;
  tenant_id: number;
  /** null once the user who asked for it is deleted. */
  user_id: number | null;
  function_type: number;
  progress: Generated<number>;
  /** Report export status: Preparing 1, Processing 2, Completed 3, Error 4. */
  status: Generated<number>;
  downloaded: Generated<boolean>;
  /** The address the SPA downloads from (/v1/Report/exportReport/{id}/file) once Completed. */
  file_url: ColumnType<string | null, string | null | undefined, string | null>;
  // Migration 0005 (server/jobs): the written file and why it failed.
  /** The name offered to the browser (Content-Disposition). */
  file_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** FileStore key of the written file; not in `files`, so never public. */
  file_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why it ended in Error. */
  message: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** A durable job (migration 0005, server/jobs): claimed with FOR UPDATE SKIP LOCKED under a lease. */
export interface JobTable {
  id: Generated<number>;
  tenant_id: number;
  /** null once the user who asked for it is deleted. */
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** JobCategory. */
  category: number;
  payload: ColumnType<unknown, string | undefined, string>;
  /** ReportExportStatus values: Preparing 1 (queued), Processing 2, Completed 3, Error 4. */
  status: Generated<number>;
  progress: Generated<number>;
  /** Claims so far (a claim counts even when its worker dies). */
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  /** Not claimed before this (retry back-off). */
  run_after: CreatedAt;
  /** The claim's fencing token: only its holder may renew, report or finish. */
  lock_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** Lease end; a running job past it is taken again (or ends in Error after max_attempts). */
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  report_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** What the handler answered (e.g. { url }). */
  result: ColumnType<unknown, string | null | undefined, string | null>;
  /** Why it ended in Error (shown to the user). */
  message: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: CreatedAt;
}

export type ChangeAction = 'create' | 'update' | 'delete';

/** One write: who, what, and the resource before and after (never a password hash). */
export interface ChangeLogTable {
  /** bigint: pg answers a string, PGlite a number or bigint; read with Number(). */
  id: ColumnType<string | number | bigint, never, never>;
  tenant_id: number;
  /** null once that user is deleted; account keeps who it was. */
  user_id: number | null;
  account: string;
  /** The declaration's `resource`, e.g. 'role', 'employee'. */
  resource: string;
  resource_id: string;
  action: ChangeAction;
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
  created_at: CreatedAt;
}

/** One uploaded file; its row is what makes the stored bytes servable (GET /files/:key). */
export interface FileTable {
  id: Generated<number>;
  tenant_id: number;
  /** The storage key (random hex plus extension), unique; the address is /files/<key>. */
  key: string;
  /** The original file name as uploaded (path parts and control characters removed). */
  name: string;
  /** Bytes. */
  size: number;
  /** MIME type sniffed from the bytes. */
  type: string;
  width: number | null;
  height: number | null;
  /** null once that user is deleted. */
  created_by: number | null;
  created_at: CreatedAt;
}

export interface AnnouncementCategoryTable {
  id: Generated<number>;
  tenant_id: number;
  names: Json<Names>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** The tenant's other settings (menu 16): at most one row per tenant; the values are text keys. */
export interface OtherSettingTable {
  id: Generated<number>;
  tenant_id: number;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** A typed text-key entry (src/domain/textKeys.ts): settings and help documents. */
export interface TextKeyTable {
  id: Generated<number>;
  tenant_id: number;
  key: string;
  /** TextKeyType: SingleText 1, TextArea 2, Numeric 3, PdfUrl 4, ImageUrl 5. */
  type: number;
  /** null: one value for the tenant; else per language. */
  lang: string | null;
  value: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}


export interface Database extends LogisticsTables, MemberTables, ActivityTables, LotteryTables, StorageTables, ProductTables, MarketingTables {
  tenants: TenantTable;
  roles: RoleTable;
  users: UserTable;
  sessions: SessionTable;
  server_secrets: ServerSecretTable;
  announcements: AnnouncementTable;
  export_reports: ExportReportTable;
  jobs: JobTable;
  change_logs: ChangeLogTable;
  files: FileTable;
  announcement_categories: AnnouncementCategoryTable;
  other_settings: OtherSettingTable;
  text_keys: TextKeyTable;
}

export type Tenant = Selectable<TenantTable>;
export type Role = Selectable<RoleTable>;
export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;

/** JSON text for a jsonb column. */
export function json(value: unknown): string {
  return JSON.stringify(value);
}

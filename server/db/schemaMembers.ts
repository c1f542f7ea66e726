/** Row types of the member and activity tables (migrations 0013_members, 0014_game_templates). */
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json } from './schema';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A timestamptz column read as a Date, written as a Date or an ISO string. */
type Instant = ColumnType<Date, Date | string, Date | string>;

export interface MemberTier { name: string; points: number }

export interface MemberSettingTable {
  tenant_id: number;
  required_info: Generated<number>;
  point_calculation_type: Generated<number>;
  login_platforms: Json<number[]>;
  tiers: Json<MemberTier[]>;
  /** Reward rules; their shape is the member settings declaration's (src/schemas/member). */
  reward_rules: Json<Record<string, unknown>[]>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MemberTable {
  id: Generated<number>;
  tenant_id: number;
  /** Null for a shopper who joined through a platform (0029_member_social). */
  phone_country_code: Nullable<string>;
  phone: Nullable<string>;
  name: Nullable<string>;
  gender: Nullable<number>;
  /** 'YYYY-MM-DD' */
  birth: Nullable<string>;
  email: Nullable<string>;
  address: Nullable<string>;
  line_id: Nullable<string>;
  discount_code: Nullable<string>;
  password_hash: Nullable<string>;
  /** Wrong passwords in a row (0024_member_signin_lock). */
  failed_signins: Generated<number>;
  /** Password sign-ins are refused until then (8152). */
  locked_until: Nullable<Date>;
  enabled: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MemberOtpTable {
  id: Generated<number>;
  tenant_id: number;
  phone_country_code: string;
  phone: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Instant;
  used_at: Nullable<Date | string>;
  created_at: CreatedAt;
}

export interface MemberSessionTable {
  token_hash: string;
  member_id: number;
  tenant_id: number;
  expires_at: Instant;
  created_at: CreatedAt;
}

export interface PointProductTable {
  id: Generated<number>;
  tenant_id: number;
  product_id: number;
  starts_at: Instant;
  ends_at: Instant;
  timezone_id: number;
  points: number;
  stock: number;
  enable: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MemberOrderTable {
  id: Generated<number>;
  tenant_id: number;
  member_id: number;
  order_no: string;
  status: Generated<number>;
  points: number;
  recipient: Json<Record<string, unknown>>;
  note: Nullable<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface MemberOrderItemTable {
  id: Generated<number>;
  order_id: number;
  point_product_id: number;
  product_id: number;
  quantity: number;
  points: number;
}

export interface MemberPointTable {
  /** bigint: pg answers a string, PGlite a number or bigint; read with Number(). */
  id: ColumnType<string | number | bigint, never, never>;
  tenant_id: number;
  member_id: number;
  type: number;
  points: number;
  code: Nullable<string>;
  order_id: Nullable<number>;
  memo: Nullable<string>;
  expires_at: Nullable<Date | string>;
  /** The point activity that credited the row (migration 0023), else null. */
  point_activity_id: Nullable<number>;
  created_at: CreatedAt;
  /** A point activity's draw not opened yet by the shopper (0027): outside balance and history. */
  pending: Generated<boolean>;
}

export interface GameTemplateTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  game_type: number;
  cover_url: Nullable<string>;
  core: Json<Record<string, unknown>>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** A tenant's OAuth client of a login platform (0029_member_social); the secret never leaves the server. */
export interface MemberLoginClientTable {
  tenant_id: number;
  platform: number;
  client_id: string;
  client_secret: string;
  updated_at: CreatedAt;
}

/** A platform account linked to a member. */
export interface MemberIdentityTable {
  id: Generated<number>;
  tenant_id: number;
  member_id: number;
  platform: number;
  subject: string;
  email: Nullable<string>;
  created_at: CreatedAt;
}

/** A social sign-in under way (state hash, PKCE verifier, nonce), used once. */
export interface MemberSocialStateTable {
  state_hash: string;
  tenant_id: number;
  platform: number;
  member_id: Nullable<number>;
  code_verifier: string;
  nonce: Nullable<string>;
  redirect_uri: string;
  return_path: string;
  expires_at: Instant;
  created_at: CreatedAt;
}

export interface MemberTables {
  member_settings: MemberSettingTable;
  members: MemberTable;
  member_otps: MemberOtpTable;
  member_sessions: MemberSessionTable;
  member_login_clients: MemberLoginClientTable;
  member_identities: MemberIdentityTable;
  member_social_states: MemberSocialStateTable;
  point_products: PointProductTable;
  member_orders: MemberOrderTable;
  member_order_items: MemberOrderItemTable;
  member_points: MemberPointTable;
  game_templates: GameTemplateTable;
}

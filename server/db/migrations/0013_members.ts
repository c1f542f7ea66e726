/**
 * The member module (issue 14, menu 7: setting 38, point products 39, member orders 40) and the
 * member side of the consumer page. Every row belongs to a client tenant (tenant_id).
 *
 *  - member_settings: one row per tenant: required-info flags (MemberRequiredInfo bits), the
 *    point calculation type (expiry), login platforms (AccountLinkType, at most 4), tiers
 *    ([{ name, points }], 2 to 10, thresholds strictly increasing) and reward rules (at most 10);
 *  - members: shoppers of a tenant, one per phone number (country code + national number);
 *  - member_otps: one-time codes sent to a phone (hash only), for joining and signing in;
 *  - member_sessions: a signed-in shopper's bearer token (hash only);
 *  - member_points: the points ledger. The balance is the sum of `points`; a row is never
 *    edited. type is PointChangeLogType (ScanCode 1, Redeem 2, Expiry 3, OrderAdjustIncrease 4,
 *    OrderAdjustDecrease 5); a ScanCode row names its code, once per tenant and code;
 *    expires_at is set on earned points when the calculation type makes them expire;
 *  - point_products: a marketing product offered for points in a period, with its stock;
 *  - member_orders / member_order_items: a redemption of point products (order_no is shown to
 *    the shopper and used by the CSV status import), status MemberOrderStatus.
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `create table member_settings (
    tenant_id integer primary key references tenants (id),
    required_info integer not null default 1 check (required_info between 0 and 255),
    point_calculation_type smallint not null default 1 check (point_calculation_type in (1, 2, 3)),
    login_platforms jsonb not null default '[]',
    tiers jsonb not null default '[]',
    reward_rules jsonb not null default '[]',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,

  `create table members (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    phone_country_code text not null,
    phone text not null,
    name text,
    gender smallint check (gender in (1, 2, 3)),
    birth date,
    email text,
    address text,
    line_id text,
    discount_code text,
    password_hash text,
    enabled boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index members_phone_uq on members (tenant_id, phone_country_code, phone)`,
  `create index members_tenant_idx on members (tenant_id, created_at)`,

  `create table member_otps (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    phone_country_code text not null,
    phone text not null,
    purpose text not null,
    code_hash text not null,
    attempts integer not null default 0,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index member_otps_phone_idx on member_otps (tenant_id, phone_country_code, phone, created_at)`,

  `create table member_sessions (
    token_hash text primary key,
    member_id integer not null references members (id) on delete cascade,
    tenant_id integer not null references tenants (id),
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  `create index member_sessions_member_idx on member_sessions (member_id)`,

  `create table point_products (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    product_id integer not null references marketing_products (id),
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    timezone_id integer not null,
    points integer not null check (points > 0),
    stock integer not null check (stock >= 0),
    enable boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (ends_at >= starts_at)
  )`,
  `create index point_products_tenant_idx on point_products (tenant_id, starts_at, ends_at)`,

  `create table member_orders (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    member_id integer not null references members (id),
    order_no text not null,
    status smallint not null default 1 check (status in (1, 2, 3, 4)),
    points integer not null check (points >= 0),
    recipient jsonb not null default '{}',
    note text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index member_orders_no_uq on member_orders (tenant_id, order_no)`,
  `create index member_orders_tenant_idx on member_orders (tenant_id, created_at)`,
  `create index member_orders_member_idx on member_orders (member_id, created_at)`,

  `create table member_order_items (
    id integer generated always as identity primary key,
    order_id integer not null references member_orders (id) on delete cascade,
    point_product_id integer not null references point_products (id),
    product_id integer not null references marketing_products (id),
    quantity integer not null check (quantity > 0),
    points integer not null check (points >= 0)
  )`,
  `create index member_order_items_order_idx on member_order_items (order_id)`,

  `create table member_points (
    id bigint generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    member_id integer not null references members (id),
    type smallint not null check (type between 1 and 5),
    points integer not null,
    code text,
    order_id integer references member_orders (id),
    memo text,
    expires_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index member_points_member_idx on member_points (member_id, created_at)`,
  `create unique index member_points_code_uq on member_points (tenant_id, code) where type = 1`,
];

const DOWN = [
  `drop table if exists member_points`,
  `drop table if exists member_order_items`,
  `drop table if exists member_orders`,
  `drop table if exists point_products`,
  `drop table if exists member_sessions`,
  `drop table if exists member_otps`,
  `drop table if exists members`,
  `drop table if exists member_settings`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

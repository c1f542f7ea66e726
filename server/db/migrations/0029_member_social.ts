/**
 * Members' social sign-in (issue 29, SPEC AccountLinkType: Line 1, Wechat 2, Facebook 3, Google 4):
 *  - member_login_clients: a tenant's OAuth client per platform (client id, and the secret that is
 *    never sent back to a browser);
 *  - member_identities: a platform account (its subject) linked to a member, once per tenant and
 *    subject (8122 when another member holds it) and once per member and platform (8121);
 *  - member_social_states: a sign-in under way: the state's hash, the PKCE verifier and the
 *    nonce, the member who links (null: sign in or join), used once and short-lived;
 *  - members.phone_country_code and phone may be null: a shopper who joins through a platform has
 *    no phone until they give one (the phone stays unique per tenant when present).
 */
import { sql, type Kysely } from 'kysely';

const UP = [
  `alter table members alter column phone_country_code drop not null, alter column phone drop not null`,
  `create table member_login_clients (
    tenant_id integer not null references tenants (id),
    platform smallint not null check (platform between 1 and 4),
    client_id text not null check (length(client_id) between 1 and 200),
    client_secret text not null check (length(client_secret) between 1 and 500),
    updated_at timestamptz not null default now(),
    primary key (tenant_id, platform)
  )`,
  `create table member_identities (
    id integer generated always as identity primary key,
    tenant_id integer not null references tenants (id),
    member_id integer not null references members (id) on delete cascade,
    platform smallint not null check (platform between 1 and 4),
    subject text not null,
    email text,
    created_at timestamptz not null default now(),
    constraint member_identities_subject_uq unique (tenant_id, platform, subject),
    constraint member_identities_member_uq unique (member_id, platform)
  )`,
  `create table member_social_states (
    state_hash text primary key,
    tenant_id integer not null references tenants (id),
    platform smallint not null,
    member_id integer references members (id) on delete cascade,
    code_verifier text not null,
    nonce text,
    redirect_uri text not null,
    return_path text not null,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
  `create index member_social_states_expiry_idx on member_social_states (expires_at)`,
];

const DOWN = [
  `drop table if exists member_social_states`,
  `drop table if exists member_identities`,
  `drop table if exists member_login_clients`,
  `delete from members where phone is null or phone_country_code is null`,
  `alter table members alter column phone_country_code set not null, alter column phone set not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}

/**
 * What the code-package benchmark needs before it asks for codes, straight in the database: a
 * client tenant of the operator `platform`, its product, a packaging category and a material
 * whose codes are CODE_FORMAT (digits and uppercase letters) of CODE_LENGTH characters, and an
 * operator user with an Admin role (every client, the operator's whole menu) whose password
 * needs no change. `signIn` then signs that user in through the real route, as the SPA does
 * (password RSA-OAEP SHA-256 encrypted with the tenant config's public key).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CustomCodeFormat, MimaStatus, RoleType, TenantType, UserStatus, UserType } from '../src/domain/enums';
import type { Db } from '../server/db/index';
import { json } from '../server/db/schema';
import { hashPassword } from '../server/security/passwords';

export const OPERATOR = 'platform';
export const ACCOUNT = 'codebench';
const PASSWORD = 'Bench2024ok';
export const MATERIAL_NO = 'BENCH-CODES';
export const CODE_FORMAT = CustomCodeFormat.Number | CustomCodeFormat.UppercaseLetter;
export const CODE_LENGTH = 16;
export const CODE_PATTERN = /^[0-9A-Z]{16}$/;

export interface Fixture {
  clientId: number;
  materialId: number;
}

export async function createFixture(db: Db): Promise<Fixture> {
  const operator = await db.selectFrom('tenants').select('id').where('code', '=', OPERATOR).executeTakeFirstOrThrow();
  const adminRole = await db.selectFrom('roles').select('functions')
    .where('tenant_id', '=', operator.id).where('type', '=', RoleType.Admin).executeTakeFirstOrThrow();
  const client = await db.insertInto('tenants').values({
    code: 'codebench', type: TenantType.Client, names: json({ en: 'Code bench client' }), function_flags: 7,
    excluded_menu_ids: json([]),
  }).returning('id').executeTakeFirstOrThrow();
  const product = await db.insertInto('client_products').values({ tenant_id: operator.id, client_id: client.id, name: 'Bench product' })
    .returning('id').executeTakeFirstOrThrow();
  const category = await db.insertInto('packaging_categories').values({ tenant_id: operator.id, name: 'Bench category' })
    .returning('id').executeTakeFirstOrThrow();
  const material = await db.insertInto('packaging_materials').values({
    tenant_id: operator.id, client_id: client.id, product_id: product.id, category_id: category.id, name: 'Bench label', no: MATERIAL_NO,
    code_type: 2, binding_sheet_type: 1, code_format: CODE_FORMAT, code_length: CODE_LENGTH,
  }).returning('id').executeTakeFirstOrThrow();
  const role = await db.insertInto('roles').values({
    tenant_id: operator.id, name: 'Code bench', type: RoleType.Admin, functions: json(adminRole.functions), customers: json([]), brands: json([]),
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('users').values({
    tenant_id: operator.id, account: ACCOUNT, name: 'Code bench', type: UserType.Staff, status: UserStatus.Enabled, role_id: role.id,
    mima_hash: await hashPassword(PASSWORD), mima_status: MimaStatus.Normal,
  }).execute();
  return { clientId: client.id, materialId: material.id };
}

export async function findFixture(db: Db): Promise<Fixture> {
  const m = await db.selectFrom('packaging_materials').select(['id', 'client_id']).where('no', '=', MATERIAL_NO).executeTakeFirstOrThrow();
  return { clientId: m.client_id, materialId: m.id };
}

/** A session token of the bench user, through GET /v1/Config/tenant and POST /v1/Identity/token. */
export async function signIn(app: FastifyInstance): Promise<string> {
  const config = await app.inject({ method: 'GET', url: `/v1/Config/tenant/${OPERATOR}` });
  const key = (config.json() as { passwordPublicKey?: string }).passwordPublicKey;
  if (!key) throw new Error(`no passwordPublicKey in the tenant config: ${config.body.slice(0, 200)}`);
  const mima = crypto.publicEncrypt({ key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(PASSWORD, 'utf8'))
    .toString('base64');
  const res = await app.inject({ method: 'POST', url: '/v1/Identity/token', payload: { tenantCode: OPERATOR, account: ACCOUNT, mima } });
  if (res.statusCode !== 200) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

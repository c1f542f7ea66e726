/**
 * Profile and password: GET System/user, PUT System/user (phone, optionally with a password
 * change, one transaction), PUT System/mima. All three are open to a user who must still
 * change the default password.
 */
import type { FastifyInstance } from 'fastify';
import type { FieldErrors, MimaChange, Profile, ProfileUpdate } from '../../../src/domain/api';
import { normalizeCallingCode, normalizeNullish } from '../../../src/domain/phone';
import { validateProfileUpdate } from '../../../src/domain/profile';
import { caller, type Caller } from '../../auth';
import type { AppDeps } from '../../context';
import { badRequest, unauthorized } from '../../errors';
import { applyPasswordChange, decryptPair, preparePasswordChange, type PasswordChange } from '../../services/mima';

type ProfileBody = ProfileUpdate & Partial<MimaChange>;

const nullableText = (maxLength: number) => ({ type: ['string', 'null'], maxLength });
const mimaText = { type: 'string', maxLength: 1024 } as const;

const profileSchema = {
  type: 'object',
  required: ['phoneCountryCode', 'phone'],
  properties: {
    phoneCountryCode: nullableText(8),
    phone: nullableText(30),
    originalMima: mimaText,
    newMima: mimaText,
  },
} as const;

const mimaSchema = {
  type: 'object',
  required: ['originalMima', 'newMima'],
  properties: { originalMima: { ...mimaText, minLength: 1 }, newMima: { ...mimaText, minLength: 1 } },
} as const;

async function loadProfile(deps: AppDeps, who: Caller): Promise<Profile> {
  const row = await deps.db.selectFrom('users as u')
    // A supplier or distributor holds no role (migration 0019): roleName is empty.
    .leftJoin('roles as r', (j) => j.onRef('r.id', '=', 'u.role_id').onRef('r.tenant_id', '=', 'u.tenant_id'))
    .select(['u.account', 'u.name', 'r.name as roleName', 'u.phone_country_code', 'u.phone', 'u.email', 'u.mima_changed_at'])
    .where('u.id', '=', who.userId).where('u.tenant_id', '=', who.tenantId)
    .executeTakeFirst();
  if (!row) throw unauthorized();
  return {
    account: row.account,
    name: row.name,
    roleName: row.roleName ?? '',
    phoneCountryCode: row.phone_country_code,
    phone: row.phone,
    email: row.email,
    mimaChangedAt: row.mima_changed_at.toISOString(),
  };
}

const given = (v: unknown): v is string => typeof v === 'string' && v !== '';

export default async function profileRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const config = { allowMustChange: true };

  app.get('/System/user', { config }, async (req): Promise<Profile> => loadProfile(deps, caller(req)));

  app.put<{ Body: ProfileBody }>('/System/user', { config, schema: { body: profileSchema } }, async (req): Promise<Profile> => {
    const who = caller(req);
    const body = req.body;
    const fields: FieldErrors = { ...validateProfileUpdate(body) };
    const withPassword = given(body.originalMima) || given(body.newMima);
    if (withPassword && !given(body.originalMima)) fields.originalMima = { key: 'required' };
    if (withPassword && !given(body.newMima)) fields.newMima = { key: 'required' };
    if (Object.keys(fields).length > 0) throw badRequest(fields);

    let change: PasswordChange | null = null;
    if (withPassword) {
      const { original, next } = decryptPair(deps, body.originalMima!, body.newMima!);
      change = await preparePasswordChange(deps, who, original, next);
    }
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users')
        .set({ phone_country_code: normalizeCallingCode(body.phoneCountryCode), phone: normalizeNullish(body.phone), updated_at: new Date() })
        .where('id', '=', who.userId).where('tenant_id', '=', who.tenantId)
        .execute();
      if (change) await applyPasswordChange(trx, who, change);
    });
    return loadProfile(deps, who);
  });

  app.put<{ Body: MimaChange }>('/System/mima', { config, schema: { body: mimaSchema } }, async (req, reply) => {
    const who = caller(req);
    const { original, next } = decryptPair(deps, req.body.originalMima, req.body.newMima);
    const change = await preparePasswordChange(deps, who, original, next);
    await db.transaction().execute((trx) => applyPasswordChange(trx, who, change));
    return reply.code(204).send();
  });
}

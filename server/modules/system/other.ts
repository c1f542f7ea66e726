/**
 * Other settings (menu 16, every tenant), declared by src/schemas/system/other.json (a form):
 *   GET  System/other   { id, forgotPasswordHint, loginBackground, logo } of the caller's
 *                       tenant; id null (and the rest null) while none was saved
 *   POST System/other   saves them: without `id` it creates the tenant's settings (201); with
 *                       the id GET answered it updates them (200)
 * A tenant has at most one settings row (unique tenant_id): a POST without id while the
 * tenant already has one (someone saved meanwhile, or a stale form) answers 400 code 1801 and
 * changes nothing; an id that is not the tenant's settings answers 404 code 2.
 *
 * The values are text keys (src/domain/textKeys.ts): the hint TextArea (the form allows 500
 * characters), loginBackground and logo ImageUrl. An image is uploaded first (POST /v1/Files
 * with kind=image, width, height, maxMB=2) and its url saved here; a changed image is checked
 * again against the tenant's files table: not its upload or not an image: code 1 on the
 * field; recorded pixels not exactly 1280x768 (background) or 162x38 (logo): 101; recorded
 * size over 2 MB: 102 (data: the field and the rule). An empty value clears the setting.
 * Config/tenant/{code} answers the values (logo, loginBackground, forgotPasswordHint).
 */
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { declaration, resolveForm } from '../../../src/domain/declarations';
import { ErrorCode } from '../../../src/domain/errors';
import { IMAGE_MAX_MB, LOGIN_BACKGROUND_SIZE, LOGO_SIZE } from '../../../src/domain/limits';
import { OTHER_SETTING_FIELDS, OTHER_SETTING_KEYS, type OtherSettingField } from '../../../src/domain/textKeys';
import type { FileRule } from '../../../src/domain/validation/files';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import type { Database } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { recordChange } from '../../services/changelog';
import { isUniqueViolation, objectBody, validated, withoutKeys } from '../../services/resource';
import { checkEntry, loadOtherSettingValues, writeEntry, type OtherSettingValues } from '../../services/textKeys';

export const OTHER_MENU_ID = 16;

const DECL = declaration('system.other');
const FORM = DECL.form!;
const RESOURCE = DECL.resource ?? 'otherSetting';
const READ_ONLY = ['createdAt', 'updatedAt'];

/** The stored image each image setting must be. */
const IMAGE_RULES: Partial<Record<OtherSettingField, FileRule>> = {
  loginBackground: { kind: 'image', maxMB: IMAGE_MAX_MB, ...LOGIN_BACKGROUND_SIZE },
  logo: { kind: 'image', maxMB: IMAGE_MAX_MB, ...LOGO_SIZE },
};

export interface OtherSettingsDto extends OtherSettingValues {
  id: number | null;
}

type OtherBody = { id?: number } & Partial<Record<OtherSettingField, string>>;

const alreadyExists = () => new ApiError(400, ErrorCode.TenantHasOtherSetting);

async function loadSettings(db: AppDeps['db'] | Transaction<Database>, tenantId: number, lock = false): Promise<OtherSettingsDto> {
  let q = db.selectFrom('other_settings').select('id').where('tenant_id', '=', tenantId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return { id: row?.id ?? null, ...(await loadOtherSettingValues(db, tenantId)) };
}

export default async function otherRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const config = { menuId: OTHER_MENU_ID };

  app.get('/System/other', { config }, async (req): Promise<OtherSettingsDto> => loadSettings(db, caller(req).tenantId));

  app.post('/System/other', { config }, async (req, reply) => {
    const who = caller(req);
    const body = validated<OtherBody>(resolveForm(FORM), withoutKeys(objectBody(req.body), READ_ONLY));
    let created = false;
    try {
      const after = await db.transaction().execute(async (trx) => {
        const before = await loadSettings(trx, who.tenantId, true);
        const now = new Date();
        let id: number;
        if (body.id === undefined) {
          if (before.id !== null) throw alreadyExists();
          ({ id } = await trx.insertInto('other_settings').values({ tenant_id: who.tenantId, created_at: now, updated_at: now })
            .returning('id').executeTakeFirstOrThrow());
          created = true;
        } else {
          if (before.id !== body.id) throw notFound();
          id = before.id;
          await trx.updateTable('other_settings').set({ updated_at: now }).where('id', '=', id).where('tenant_id', '=', who.tenantId).execute();
        }
        for (const field of OTHER_SETTING_FIELDS) {
          const value = body[field]?.trim() || null;
          if (value === before[field]) continue;
          if (value !== null) await checkEntry(trx, who.tenantId, field, OTHER_SETTING_KEYS[field], value, IMAGE_RULES[field] ?? null);
          await writeEntry(trx, who.tenantId, OTHER_SETTING_KEYS[field], null, value);
        }
        const after = await loadSettings(trx, who.tenantId);
        await recordChange(trx, who, {
          resource: RESOURCE, resourceId: id, action: created ? 'create' : 'update',
          ...(created ? {} : { before }), after,
        });
        return after;
      });
      return reply.code(created ? 201 : 200).send(after);
    } catch (err) {
      // Two first saves at once: the second meets the unique tenant_id.
      if (isUniqueViolation(err, 'other_settings_tenant_uq')) throw alreadyExists();
      throw err;
    }
  });
}

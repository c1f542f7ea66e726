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
import { declaration } from '../../../src/domain/declarations';
import { ErrorCode } from '../../../src/domain/errors';
import { IMAGE_MAX_MB, LOGIN_BACKGROUND_SIZE, LOGO_SIZE } from '../../../src/domain/limits';
import { OTHER_SETTING_FIELDS, OTHER_SETTING_KEYS, type OtherSettingField } from '../../../src/domain/textKeys';
import type { FileRule } from '../../../src/domain/validation/files';
import type { AppDeps } from '../../context';
import { ApiError } from '../../errors';
import type { Db } from '../../resource/define';
import { defineForm } from '../../resource/form';
import { checkEntry, loadOtherSettingValues, writeEntry, type OtherSettingValues } from '../../services/textKeys';

export const OTHER_MENU_ID = 16;

/** The stored image each image setting must be. */
const IMAGE_RULES: Partial<Record<OtherSettingField, FileRule>> = {
  loginBackground: { kind: 'image', maxMB: IMAGE_MAX_MB, ...LOGIN_BACKGROUND_SIZE },
  logo: { kind: 'image', maxMB: IMAGE_MAX_MB, ...LOGO_SIZE },
};

export interface OtherSettingsDto extends OtherSettingValues {
  id: number | null;
}

type OtherBody = { id?: number } & Partial<Record<OtherSettingField, string>>;

async function loadSettings(db: Db, tenantId: number): Promise<OtherSettingsDto> {
  const row = await db.selectFrom('other_settings').select('id').where('tenant_id', '=', tenantId).executeTakeFirst();
  return { id: row?.id ?? null, ...(await loadOtherSettingValues(db, tenantId)) };
}

const otherSettings = defineForm<OtherSettingsDto, OtherBody>({
  declaration: declaration('system.other'),
  table: 'other_settings',
  save: 'id',
  exists: () => new ApiError(400, ErrorCode.TenantHasOtherSetting),
  load: loadSettings,
  readOnly: ['createdAt', 'updatedAt'],
  // The row holds no value of its own: the values are text keys, each checked by its entry's
  // type and then, for an image, the stored upload (checkEntry).
  values: async () => ({}),
  ownUploads: true,
  afterWrite: async ({ trx, who }, body, before) => {
    for (const field of OTHER_SETTING_FIELDS) {
      const value = body[field]?.trim() || null;
      if (value === before[field]) continue;
      if (value !== null) await checkEntry(trx, who.tenantId, field, OTHER_SETTING_KEYS[field], value, IMAGE_RULES[field] ?? null);
      await writeEntry(trx, who.tenantId, OTHER_SETTING_KEYS[field], null, value);
    }
  },
  menuId: OTHER_MENU_ID,
  errors: [ErrorCode.TenantHasOtherSetting, ErrorCode.ImageResolution, ErrorCode.ImageSize],
});

export default async function otherRoutes(app: FastifyInstance, deps: AppDeps) {
  otherSettings.routes(app, deps);
}

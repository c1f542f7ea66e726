/**
 * Typed text-key entries (text_keys, src/domain/textKeys.ts) of a tenant: reading the other
 * settings and the help documents, and writing one entry (set or clear) after the shared
 * check of its type. Stored files named by a value are checked again against the files table
 * (files.ts checkStoredUpload): the tenant's own upload, its recorded type, size and pixels.
 */
import type { Transaction } from 'kysely';
import { TenantType } from '../../src/domain/enums';
import { ErrorCode } from '../../src/domain/errors';
import type { Lang, Names } from '../../src/domain/lang';
import { isLang } from '../../src/domain/lang';
import type { RuleResult } from '../../src/domain/rules';
import {
  checkTextKeyValue, documentMenuId, DOCUMENT_KEY_PREFIX, OTHER_SETTING_KEYS, type OtherSettingField, type TextKeyDefinition,
} from '../../src/domain/textKeys';
import type { FileRule } from '../../src/domain/validation/files';
import type { Db } from '../db/index';
import type { Database } from '../db/schema';
import { ApiError, badRequest } from '../errors';
import { checkStoredUpload } from './uploads';

type Reader = Db | Transaction<Database>;

export type OtherSettingValues = Record<OtherSettingField, string | null>;

/** The tenant's other settings (null where none is set). */
export async function loadOtherSettingValues(db: Reader, tenantId: number): Promise<OtherSettingValues> {
  const keys = Object.values(OTHER_SETTING_KEYS).map((d) => d.key);
  const rows = await db.selectFrom('text_keys').select(['key', 'value'])
    .where('tenant_id', '=', tenantId).where('key', 'in', keys).where('lang', 'is', null)
    .execute();
  const out = {} as OtherSettingValues;
  for (const [field, def] of Object.entries(OTHER_SETTING_KEYS) as [OtherSettingField, TextKeyDefinition][]) {
    out[field] = rows.find((r) => r.key === def.key)?.value ?? null;
  }
  return out;
}

/**
 * The help documents of the platform: menu id -> url per language. Documents are written by the
 * operator (menu 15 exists only there) and shown to every tenant; with several operator
 * tenants the oldest one's entry wins per function and language.
 */
export async function loadHelpDocuments(db: Reader): Promise<Record<string, Names>> {
  const rows = await db.selectFrom('text_keys as k')
    .innerJoin('tenants as t', 't.id', 'k.tenant_id')
    .select(['k.key', 'k.lang', 'k.value'])
    .where('t.type', '=', TenantType.Operator)
    .where('k.key', 'like', `${DOCUMENT_KEY_PREFIX}%`)
    .orderBy('t.id', 'desc')
    .execute();
  const out: Record<string, Names> = {};
  for (const r of rows) {
    const menuId = documentMenuId(r.key);
    if (menuId === null || !isLang(r.lang)) continue;
    (out[String(menuId)] ??= {})[r.lang] = r.value; // the oldest tenant comes last and wins
  }
  return out;
}

/** The upload rule a stored file of this entry must meet (null: not a file entry). */
export type StoredFileRule = FileRule | null;

/**
 * A field's failure as the API answers it: the recorded pixels wrong -> 101, the recorded
 * size too large -> 102, anything else (not the tenant's upload, wrong type) -> code 1.
 */
export function storedFileFailure(field: string, result: NonNullable<RuleResult>): ApiError {
  const data = { [field]: result.params ? { key: result.key, params: result.params } : { key: result.key } };
  if (result.key === 'dimensions') return new ApiError(400, ErrorCode.ImageResolution, data);
  if (result.key === 'size') return new ApiError(400, ErrorCode.ImageSize, data);
  return badRequest(data);
}

/**
 * Checks `value` for the entry: the type's shared rule (code 1 on `field`), then, for a file
 * rule, the stored file (see storedFileFailure). Throws; answers nothing when it passes.
 */
export async function checkEntry(trx: Transaction<Database>, tenantId: number, field: string, def: TextKeyDefinition, value: string, fileRule: StoredFileRule): Promise<void> {
  const result = checkTextKeyValue(def.type, value);
  if (result) throw badRequest({ [field]: result.params ? { key: result.key, params: result.params } : { key: result.key } });
  if (!fileRule) return;
  const stored = await checkStoredUpload(trx, tenantId, value, fileRule);
  if (stored) throw storedFileFailure(field, stored);
}

/** Sets (value) or clears (null) one entry of the tenant. */
export async function writeEntry(trx: Transaction<Database>, tenantId: number, def: TextKeyDefinition, lang: Lang | null, value: string | null): Promise<void> {
  if (value === null) {
    let q = trx.deleteFrom('text_keys').where('tenant_id', '=', tenantId).where('key', '=', def.key);
    q = lang === null ? q.where('lang', 'is', null) : q.where('lang', '=', lang);
    await q.execute();
    return;
  }
  const now = new Date();
  await trx.insertInto('text_keys')
    .values({ tenant_id: tenantId, key: def.key, type: def.type, lang, value, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['tenant_id', 'key', 'lang']).doUpdateSet({ type: def.type, value, updated_at: now }))
    .execute();
}

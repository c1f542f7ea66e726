/**
 * The member back office (issue 14, menu 38 "member settings"; SPEC 7 Member row), for client
 * tenants with the Member function (the menu guard: ids 7 and 38 are hidden otherwise, so
 * every route here answers 403 code 3 to other tenants, the operator included):
 *
 *   GET  member                 the settings (MemberSettingDto); every field null while none is saved
 *   POST member                 saves them: without id creates (201; 7101 when they exist),
 *                               with the id GET answered updates (200). Catalogue codes first
 *                               (src/domain/member/settings.ts): 7103 platforms, 7104 tiers
 *                               removed, 7102 tier count; then the form's field errors
 *                               (pointLarger on tiers, at most 10 reward rules, ...). A reward
 *                               rule's brand products must be the tenant's (code 1 on the field).
 *   GET  member/brand-products  options of the reward rules: the tenant's brand products
 *   GET  member/list            members: phone / name filters, sort by phone, name, balance,
 *                               createdAt, paged in the database; balance is the ledger's sum
 *                               after expiry (a subquery), tierName from the settings' tiers
 *   GET  member/list/{id}       one member with its latest 200 ledger rows (history)
 *   POST member/file            export of the filtered members (job ExportMemberData 13)
 *   POST Report/member/file     the same export as the member report (CustomerExportMemberData 16)
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Page } from '../../../src/domain/api';
import { declaration } from '../../../src/domain/declarations';
import { JobCategory } from '../../../src/domain/enums';
import { ErrorCode } from '../../../src/domain/errors';
import { memberSettingFault, tierOf, type MemberSettingBody, type MemberSettingDto, type MemberTierSetting, type RewardRule } from '../../../src/domain/member/settings';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { defineExport, type NoExtra } from '../../resource/export';
import { defineForm } from '../../resource/form';
import { containsPattern, listPage, listRoute, listSpec, type ListParams } from '../../db/list';
import { json, type Database } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../errors';
import { exportPhone, memberPhoneText } from '../../../src/domain/phone';
import { enumLabel } from '../../services/codes';
import { balanceSql } from '../../services/memberPoints';
import { idParams } from '../../services/resource';
import { loadMemberSettings, pointHistory } from '../../services/memberSettings';
import { checkClientPlatforms, loginClientDtos, saveLoginClients } from '../../services/social/clients';

export const MEMBER_SETTING_MENU_ID = 38;

const SETTING_DECL = declaration('member.setting');
const MEMBER_DECL = declaration('member.member');

type Db = Kysely<Database> | Transaction<Database>;


// --- Settings ------------------------------------------------------------------------------

/** The settings as GET answers them: only `id: null` and nulls while none is saved, so the form starts from its declared defaults (add mode). */
async function settingsView(db: Db, tenantId: number): Promise<MemberSettingDto> {
  const s = await loadMemberSettings(db, tenantId);
  // Issue 29: the login clients without their secrets (`secretSet`), in the change log too.
  return s.id === null ? Object.fromEntries(Object.keys(s).map((k) => [k, null])) as unknown as MemberSettingDto : { ...s, loginClients: await loginClientDtos(db, tenantId) };
}

const settings = defineForm<MemberSettingDto, MemberSettingBody>({
  declaration: SETTING_DECL,
  table: 'member_settings',
  save: 'id',
  key: 'tenant_id',
  exists: () => new ApiError(400, ErrorCode.MemberSettingExists),
  load: settingsView,
  readOnly: ['createdAt', 'updatedAt'],
  // Catalogue codes first (7103 platforms, 7104 tiers removed, 7102 tier count), then the form's field errors.
  check: (raw, before) => memberSettingFault(raw as Partial<MemberSettingBody>, before),
  values: async ({ trx, who }, body) => {
    const rules = (body.rewardRules ?? []).map((r) => ({
      name: r.name.trim(), earnType: r.earnType, brandProductIds: r.brandProductIds ?? [], points: r.points, memoType: r.memoType, memo: r.memo?.trim() ?? '',
    }));
    await checkBrandProducts(trx, who.tenantId, rules);
    // Issue 29: a client saved without a new secret keeps the stored one.
    const clients = (body.loginClients ?? []).map((c) => ({ platform: c.platform, clientId: c.clientId, clientSecret: c.clientSecret }));
    checkClientPlatforms(clients);
    await saveLoginClients(trx, who.tenantId, clients);
    return {
      // Phone is the member's key: always required.
      required_info: body.requiredInfo | 1,
      point_calculation_type: body.pointCalculationType,
      login_platforms: json(body.loginPlatforms ?? []),
      tiers: json((body.tiers ?? []).map((t) => ({ name: t.name.trim(), points: t.points }))),
      reward_rules: json(rules),
    };
  },
  errors: [ErrorCode.MemberSettingExists, ErrorCode.MemberTierCount, ErrorCode.LoginPlatformLimit, ErrorCode.TierCannotBeDisabled],
});

async function checkBrandProducts(db: Db, tenantId: number, rules: RewardRule[]): Promise<void> {
  const ids = [...new Set(rules.flatMap((r) => r.brandProductIds ?? []))];
  if (ids.length === 0) return;
  const found = new Set((await db.selectFrom('brand_products').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute()).map((r) => r.id));
  const fields: Record<string, { key: string }> = {};
  rules.forEach((r, i) => { if ((r.brandProductIds ?? []).some((id) => !found.has(id))) fields[`rewardRules.${i}.brandProductIds`] = { key: 'invalid' }; });
  if (Object.keys(fields).length) throw badRequest(fields);
}

// --- Members -------------------------------------------------------------------------------

const SPEC = listSpec(MEMBER_DECL, {
  phone: 'm.phone',
  name: sql`lower(m.name)`,
  balance: balanceSql(sql`m.id`),
  createdAt: 'm.created_at',
}, 'm.id');

export interface MemberFilters { phone?: string; name?: string }

interface MemberRow {
  id: number;
  phone_country_code: string | null;
  phone: string | null;
  name: string | null;
  gender: number | null;
  birth: string | Date | null;
  email: string | null;
  address: string | null;
  line_id: string | null;
  discount_code: string | null;
  enabled: boolean;
  created_at: Date;
  balance: number | string;
}

export interface MemberItem {
  id: number;
  phoneCountryCode: string | null;
  /** As shown: '+886 912345678' (the list sorts by the national number); '' for a member who joined through a platform. */
  phone: string;
  name: string | null;
  balance: number;
  tierName: string | null;
  enabled: boolean;
  createdAt: string;
}

function membersQuery(db: Db, tenantId: number, f: MemberFilters) {
  let q = db.selectFrom('members as m')
    .select(['m.id', 'm.phone_country_code', 'm.phone', 'm.name', 'm.gender', 'm.birth', 'm.email', 'm.address', 'm.line_id', 'm.discount_code', 'm.enabled', 'm.created_at'])
    .select(balanceSql(sql`m.id`).as('balance'))
    .where('m.tenant_id', '=', tenantId);
  const digits = f.phone?.replace(/\D/g, '').replace(/^0+/, '');
  if (digits) q = q.where('m.phone', 'like', containsPattern(digits));
  if (f.name?.trim()) q = q.where('m.name', 'ilike', containsPattern(f.name.trim()));
  return q as unknown as SelectQueryBuilder<Database & { m: Database['members'] }, 'm', MemberRow>;
}

const birthText = (b: string | Date | null) => (b === null ? null : typeof b === 'string' ? b.slice(0, 10) : b.toISOString().slice(0, 10));

function toItem(r: MemberRow, tiers: MemberTierSetting[]): MemberItem {
  const balance = Number(r.balance);
  return {
    id: r.id, phoneCountryCode: r.phone_country_code, phone: memberPhoneText(r.phone_country_code, r.phone), name: r.name, balance,
    tierName: tierOf(tiers, balance)?.name ?? null, enabled: r.enabled, createdAt: new Date(r.created_at).toISOString(),
  };
}

// --- Export --------------------------------------------------------------------------------

/** The members' file (the list's filters), as ExportMemberData or filed as the member report. */
const memberExport = (category: number, call?: string) => defineExport<MemberRow, MemberFilters, NoExtra, MemberTierSetting[]>({
  declaration: MEMBER_DECL,
  category,
  call,
  ...(call ? { summary: 'The member report: the filtered members exported (a job: CustomerExportMemberData)' } : {}),
  rows: { query: (db, { tenantId, filters }) => membersQuery(db, tenantId, filters), keyset: 'm.id' },
  prepare: async (db, { tenantId }) => (await loadMemberSettings(db, tenantId)).tiers,
  columns: [
    { grid: 'phone', value: (r) => exportPhone(r.phone_country_code, r.phone) },
    { grid: 'name', value: (r) => r.name ?? '' },
    { label: 'screens.member.gender', value: (r, { lang }) => (r.gender === null ? '' : enumLabel(lang, 'Gender', r.gender)) },
    { label: 'screens.member.birth', value: (r) => birthText(r.birth) ?? '' },
    { label: 'screens.member.email', value: (r) => r.email ?? '' },
    { label: 'screens.member.address', value: (r) => r.address ?? '' },
    { label: 'screens.member.lineId', value: (r) => r.line_id ?? '' },
    { label: 'screens.member.discountCode', value: (r) => r.discount_code ?? '' },
    { grid: 'balance', value: (r) => Number(r.balance) },
    { grid: 'tierName', value: (r, { prepared }) => tierOf(prepared, Number(r.balance))?.name ?? '' },
    { grid: 'createdAt', value: (r) => new Date(r.created_at) },
  ],
  fileName: 'screens.member.title',
});
const memberExports = [
  memberExport(JobCategory.ExportMemberData),
  // SPEC 7 POST Report/member/file: the same file, filed as the member report (CustomerExportMemberData 16).
  memberExport(JobCategory.CustomerExportMemberData, 'POST Report/member/file'),
];

// --- Routes --------------------------------------------------------------------------------

export default async function memberRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const config = { menuId: MEMBER_SETTING_MENU_ID };

  settings.routes(app, deps);

  app.get('/member/brand-products', { config }, async (req) => {
    const who = caller(req);
    const rows = await db.selectFrom('brand_products as bp').innerJoin('brands as b', 'b.id', 'bp.brand_id')
      .select(['bp.id', 'bp.name', 'b.name as brandName'])
      .where('bp.tenant_id', '=', who.tenantId).orderBy(sql`lower(b.name)`).orderBy(sql`lower(bp.name)`).orderBy('bp.id').limit(1000).execute();
    return rows.map((r) => ({ value: r.id, label: `${r.brandName} ${r.name}` }));
  });

  app.get<{ Querystring: MemberFilters & ListParams }>('/member/list', { config, ...listRoute(SPEC, MEMBER_DECL.filters?.schema) }, async (req): Promise<Page<MemberItem>> => {
    const who = caller(req);
    const [page, settings] = await Promise.all([
      listPage(membersQuery(db, who.tenantId, req.query), SPEC, req.query),
      loadMemberSettings(db, who.tenantId),
    ]);
    return { items: page.items.map((r) => toItem(r as MemberRow, settings.tiers)), total: page.total };
  });

  app.get<{ Params: { id: number } }>('/member/list/:id', { config, schema: { params: idParams } }, async (req) => {
    const who = caller(req);
    const row = await membersQuery(db, who.tenantId, {}).where('m.id', '=', req.params.id).executeTakeFirst();
    if (!row) throw notFound();
    const settings = await loadMemberSettings(db, who.tenantId);
    return {
      ...toItem(row, settings.tiers),
      gender: row.gender, birth: birthText(row.birth), email: row.email, address: row.address, lineId: row.line_id, discountCode: row.discount_code,
      history: await pointHistory(db, row.id),
    };
  });

  for (const e of memberExports) e.routes(app, deps);
}

/**
 * Marketing layout (menu 31; services/marketing.ts has the area's contract):
 *   GET    marketing/layout                        { current, comingSoon } (null when none)
 *   POST   marketing/layout                        save them (coming soon: 6101 when its date passed)
 *   GET    marketing/layout/effective-info         { effectiveDate, timezoneId, live }
 *   GET    marketing/layout/TitleDisplayName/{lang} { lang, names, name }
 *   POST   marketing/layout/updateTitleDisplayName { names } -> { names }
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ErrorCode } from '../../../src/domain/errors';
import { LANGS, type Lang, type Names } from '../../../src/domain/lang';
import { PREVIEW_DEFAULTS } from '../../../src/domain/marketing/page';
import { timezoneById } from '../../../src/domain/reference/timezones';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { json } from '../../db/schema';
import { badRequest } from '../../errors';
import { declaredBody } from '../../resource/body';
import type { RouteDocs } from '../../resource/define';
import { bodySchema } from '../../resource/schemas';
import { recordChange } from '../../services/changelog';
import { validated } from '../../services/resource';
import { checkDeclaredUploads } from '../../services/formUploads';
import { cleanNames } from '../../services/names';
import { apiDeclaration, declaredForm, declaredUploads, iso, layoutInfo, layoutRows, MARKETING_MENU, requireCodeRules, titleDisplayName, type Fields, type LayoutInfo } from '../../services/marketing';

interface LayoutBody {
  layout: number;
  colorCode: string;
  logoUrl?: string;
  navigatorFunctions: number;
  queryPageFunctions: number;
  scanGeneralMessage?: string;
  scanExceptionMessage?: string;
  privacyInfo?: { title?: string; content?: string; version?: number; force?: boolean };
  copyright?: string;
  safeScanCount?: number;
  effectiveDate?: string;
  timezoneId?: number;
}

function layoutValues(b: LayoutBody) {
  return {
    layout: b.layout, color_code: b.colorCode, logo_url: b.logoUrl ?? null,
    navigator_functions: b.navigatorFunctions, query_page_functions: b.queryPageFunctions,
    scan_general_message: b.scanGeneralMessage ?? '', scan_exception_message: b.scanExceptionMessage ?? '',
    privacy_title: b.privacyInfo?.title ?? '', privacy_content: b.privacyInfo?.content ?? '',
    privacy_version: b.privacyInfo?.version ?? 1, privacy_force: b.privacyInfo?.force ?? false,
    copyright: b.copyright ?? '', safe_scan_count: b.safeScanCount ?? PREVIEW_DEFAULTS.safeScanCount,
  };
}

/**
 * The screens' forms are the bodies (one source): checked by the routes' validators; the coded
 * rule (6101, an effective date not after now) and the logos' upload rule by the handler.
 */
const LAYOUT_FORM = declaredForm('marketing.layout');
const LAYOUT_UPLOADS = declaredUploads('marketing.layout');
/** What GET answers in a layout and the form sends back, but the server keeps (the current layout has no date). */
const ANSWERED: Record<string, string[]> = { current: ['updatedAt', 'effectiveDate', 'timezoneId'], comingSoon: ['updatedAt'] };
const LAYOUT_BODY = declaredBody(bodySchema(apiDeclaration('marketing.layout', 'marketing-layout'), 'create'), (raw) => {
  const body = { ...raw };
  for (const [slot, keys] of Object.entries(ANSWERED)) {
    const layout = body[slot];
    if (layout && typeof layout === 'object' && !Array.isArray(layout)) body[slot] = Object.fromEntries(Object.entries(layout).filter(([k]) => !keys.includes(k)));
  }
  return validated<{ current?: LayoutBody; comingSoon?: LayoutBody }>(LAYOUT_FORM, body);
});
const TITLE_FORM = declaredForm('marketing.layout-title');
const TITLE_BODY = declaredBody(bodySchema(apiDeclaration('marketing.layout-title', 'marketing-title-display-name'), 'create'), (raw) => validated<{ names?: Names }>(TITLE_FORM, raw));

const LAYOUT_DOCS_RESPONSE = { type: 'object', properties: { current: { type: ['object', 'null'] }, comingSoon: { type: ['object', 'null'] } } };
const LANG_PARAMS = { type: 'object', required: ['lang'], properties: { lang: { type: 'string', enum: [...LANGS] } } };

export default async function marketingLayoutRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  // Banner and product writes take form data (SPEC 7); oversized parts answer 102, not 413.
  // Every marketing plugin registers it, as the one plugin they were before.
  await app.register(multipart, { throwFileSizeLimit: false });

  // --- Layout ---
  const layoutConfig = (docs: RouteDocs) => ({ menuId: MARKETING_MENU.layout, docs });

  app.get('/marketing/layout', { config: layoutConfig({ summary: 'The current and coming-soon layouts', response: LAYOUT_DOCS_RESPONSE }) }, async (req): Promise<LayoutInfo> => {
    const { current, comingSoon } = await layoutInfo(db, caller(req).tenantId, new Date());
    return { current, comingSoon };
  });

  app.post('/marketing/layout', {
    ...LAYOUT_BODY,
    config: layoutConfig({ summary: 'Save the layouts (comingSoon absent: none)', response: LAYOUT_DOCS_RESPONSE, errors: [ErrorCode.EffectiveDatePassed, ErrorCode.ImageResolution, ErrorCode.ImageSize] }),
  }, async (req): Promise<LayoutInfo> => {
    const who = caller(req);
    const body = req.body as { current?: LayoutBody; comingSoon?: LayoutBody };
    return db.transaction().execute(async (trx) => {
      const now = new Date();
      const before = await layoutInfo(trx, who.tenantId, now, true);
      if (before.promote) {
        await trx.deleteFrom('marketing_layouts').where('tenant_id', '=', who.tenantId).where('slot', '=', 'current').execute();
        await trx.updateTable('marketing_layouts').set({ slot: 'current' }).where('tenant_id', '=', who.tenantId).where('slot', '=', 'coming_soon').execute();
      }
      const fields: Fields = {};
      for (const [slot, b] of [['current', body.current], ['comingSoon', body.comingSoon]] as const) {
        if (b && !timezoneById(b.timezoneId ?? PREVIEW_DEFAULTS.timezoneId)) fields[`${slot}.timezoneId`] = { key: 'oneOf' };
      }
      if (Object.keys(fields).length) throw badRequest(fields);
      // 6101: the form's coded rule (an effective date later than now), as the browser checks it.
      await requireCodeRules(trx, who.tenantId, LAYOUT_FORM, body);
      await checkDeclaredUploads(trx, who.tenantId, LAYOUT_UPLOADS, body);
      const upsert = async (slot: 'current' | 'coming_soon', b: LayoutBody) => {
        const values = {
          ...layoutValues(b),
          effective_at: slot === 'coming_soon' ? new Date(b.effectiveDate!) : null,
          timezone_id: b.timezoneId ?? PREVIEW_DEFAULTS.timezoneId,
          updated_at: now,
        };
        await trx.insertInto('marketing_layouts').values({ tenant_id: who.tenantId, slot, created_at: now, ...values })
          .onConflict((oc) => oc.columns(['tenant_id', 'slot']).doUpdateSet(values)).execute();
      };
      if (body.current) await upsert('current', body.current);
      if (body.comingSoon) await upsert('coming_soon', body.comingSoon);
      else await trx.deleteFrom('marketing_layouts').where('tenant_id', '=', who.tenantId).where('slot', '=', 'coming_soon').execute();
      const after = await layoutInfo(trx, who.tenantId, now);
      const result = { current: after.current, comingSoon: after.comingSoon };
      await recordChange(trx, who, {
        resource: 'marketing-layout', resourceId: who.tenantId, action: before.current || before.comingSoon ? 'update' : 'create',
        ...(before.current || before.comingSoon ? { before: { current: before.current, comingSoon: before.comingSoon } } : {}), after: result,
      });
      return result;
    });
  });

  app.get('/marketing/layout/effective-info', { config: layoutConfig({ summary: 'When the coming-soon layout becomes live' }) }, async (req) => {
    const now = new Date();
    const rows = await layoutRows(db, caller(req).tenantId).where('slot', '=', 'coming_soon').execute();
    const soon = rows[0];
    if (!soon?.effective_at) return { effectiveDate: null, timezoneId: null, live: false };
    return { effectiveDate: iso(soon.effective_at), timezoneId: soon.timezone_id, live: new Date(soon.effective_at).getTime() <= now.getTime() };
  });

  app.get<{ Params: { lang: Lang } }>('/marketing/layout/TitleDisplayName/:lang', {
    schema: { params: LANG_PARAMS },
    config: layoutConfig({ summary: "The consumer page's title (client display name) in a language" }),
  }, async (req) => {
    const who = caller(req);
    return titleDisplayName(db, who.tenantId, req.params.lang);
  });

  app.post('/marketing/layout/updateTitleDisplayName', {
    ...TITLE_BODY,
    config: layoutConfig({ summary: "Set the consumer page's title per language" }),
  }, async (req) => {
    const who = caller(req);
    const body = req.body as { names?: Names };
    const names = cleanNames(body.names);
    return db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('marketing_settings').select('title_display_name').where('tenant_id', '=', who.tenantId).forUpdate().executeTakeFirst();
      const now = new Date();
      await trx.insertInto('marketing_settings').values({ tenant_id: who.tenantId, title_display_name: json(names), updated_at: now })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ title_display_name: json(names), updated_at: now })).execute();
      await recordChange(trx, who, {
        resource: 'marketing-title-display-name', resourceId: who.tenantId, action: before ? 'update' : 'create',
        ...(before ? { before: { names: before.title_display_name } } : {}), after: { names },
      });
      return { names };
    });
  });
}

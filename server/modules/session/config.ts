/**
 * Config area: GET Config/tenant (the platform config, tenant fields null) and
 * GET Config/tenant/:code (a tenant's public config; unknown or deleted code: 404 code 2;
 * logo, loginBackground and forgotPasswordHint from the tenant's other settings, `document`
 * the help documents of every function) and GET Config/reference (the reference lists: dial
 * codes, locations, time zones, currencies; built once, the same for every tenant, cached by
 * the browser). No session. Sign-in reads only the first, a few hundred bytes.
 */
import type { FastifyInstance } from 'fastify';
import type { ReferenceLists, TenantConfig } from '../../../src/domain/api';
import { DEFAULT_LANG, LANGS, isLang, type Names } from '../../../src/domain/lang';
import { CURRENCIES } from '../../../src/domain/reference/currencies';
import { buildDialCodes, buildLocations } from '../../../src/domain/reference/dialCodes';
import { TIMEZONES } from '../../../src/domain/reference/timezones';
import type { AppDeps } from '../../context';
import type { Tenant } from '../../db/schema';
import { notFound } from '../../errors';
import { loadHelpDocuments, loadOtherSettingValues, type OtherSettingValues } from '../../services/textKeys';

let reference: ReferenceLists | null = null;
function referenceLists(): ReferenceLists {
  reference ??= { dialCodes: buildDialCodes(), locations: buildLocations(), timezoneInfo: [...TIMEZONES], currencies: [...CURRENCIES] };
  return reference;
}

/** What a tenant's config adds from its text keys (other settings) and the help documents. */
export interface TenantConfigExtras {
  other: OtherSettingValues;
  document: Record<string, Names>;
}

const NO_EXTRAS: TenantConfigExtras = { other: { forgotPasswordHint: null, loginBackground: null, logo: null }, document: {} };

export function tenantConfig(deps: AppDeps, tenant: Tenant | null, extras: TenantConfigExtras = NO_EXTRAS): TenantConfig {
  const lang = tenant && isLang(tenant.default_language) ? tenant.default_language : DEFAULT_LANG;
  return {
    tenant: tenant
      ? {
          id: tenant.id,
          code: tenant.code,
          type: tenant.type,
          names: tenant.names,
          functions: tenant.function_flags,
          excludedMenuIds: Array.isArray(tenant.excluded_menu_ids) ? tenant.excluded_menu_ids : [],
        }
      : null,
    languages: [...LANGS],
    defaultLanguage: lang,
    defaultDomains: deps.settings.defaultDomains,
    staticHost: deps.settings.staticHost,
    logo: extras.other.logo,
    loginBackground: extras.other.loginBackground,
    forgotPasswordHint: extras.other.forgotPasswordHint,
    document: extras.document,
    passwordPublicKey: deps.keys.publicKeyPem,
    unreleasedMenuIds: deps.settings.unreleasedMenuIds,
  };
}

export default async function configRoutes(app: FastifyInstance, deps: AppDeps) {
  const config = { public: true, allowMustChange: true };

  // The lists change only with a new release: a day in the browser's cache.
  app.get('/Config/reference', { config }, async (_req, reply): Promise<ReferenceLists> => {
    reply.header('cache-control', 'public, max-age=86400');
    return referenceLists();
  });

  app.get('/Config/tenant', { config }, async (): Promise<TenantConfig> => tenantConfig(deps, null));

  app.get<{ Params: { code: string } }>('/Config/tenant/:code', {
    config,
    schema: { params: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1, maxLength: 50 } } } },
  }, async (req): Promise<TenantConfig> => {
    // A deleted client is unknown here: its users can no longer sign in.
    const tenant = await deps.db.selectFrom('tenants').selectAll()
      .where('code', '=', req.params.code).where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!tenant) throw notFound();
    const [other, document] = await Promise.all([loadOtherSettingValues(deps.db, tenant.id), loadHelpDocuments(deps.db)]);
    return tenantConfig(deps, tenant, { other, document });
  });
}

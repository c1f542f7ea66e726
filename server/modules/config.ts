/**
 * Config area: GET Config/tenant (the platform config, tenant fields null) and
 * GET Config/tenant/:code (a tenant's public config; unknown code: 404 code 2). No session.
 * The reference lists (dial codes, locations, time zones, currencies) are built once.
 */
import type { FastifyInstance } from 'fastify';
import type { TenantConfig } from '../../src/domain/api';
import { DEFAULT_LANG, LANGS, isLang } from '../../src/domain/lang';
import { CURRENCIES } from '../../src/domain/reference/currencies';
import { buildDialCodes, buildLocations } from '../../src/domain/reference/dialCodes';
import { TIMEZONES } from '../../src/domain/reference/timezones';
import type { AppDeps } from '../context';
import type { Tenant } from '../db/schema';
import { notFound } from '../errors';

type Reference = Pick<TenantConfig, 'dialCodes' | 'locations' | 'timezoneInfo' | 'currencies'>;
let reference: Reference | null = null;
function referenceLists(): Reference {
  reference ??= { dialCodes: buildDialCodes(), locations: buildLocations(), timezoneInfo: [...TIMEZONES], currencies: [...CURRENCIES] };
  return reference;
}

export function tenantConfig(deps: AppDeps, tenant: Tenant | null): TenantConfig {
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
    ...referenceLists(),
    defaultDomains: deps.settings.defaultDomains,
    staticHost: deps.settings.staticHost,
    logo: tenant?.logo_url ?? null,
    loginBackground: tenant?.login_background_url ?? null,
    forgotPasswordHint: tenant?.forgot_password_hint ?? null,
    passwordPublicKey: deps.keys.publicKeyPem,
    unreleasedMenuIds: deps.settings.unreleasedMenuIds,
  };
}

export default async function configRoutes(app: FastifyInstance, deps: AppDeps) {
  const config = { public: true, allowMustChange: true };

  app.get('/Config/tenant', { config }, async (): Promise<TenantConfig> => tenantConfig(deps, null));

  app.get<{ Params: { code: string } }>('/Config/tenant/:code', {
    config,
    schema: { params: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1, maxLength: 50 } } } },
  }, async (req): Promise<TenantConfig> => {
    const tenant = await deps.db.selectFrom('tenants').selectAll().where('code', '=', req.params.code).executeTakeFirst();
    if (!tenant) throw notFound();
    return tenantConfig(deps, tenant);
  });
}

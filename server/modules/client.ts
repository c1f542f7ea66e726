/**
 * Client area (schema-engine part): GET system/client/GetActiveClient — the active client
 * tenants (type 2, not deleted) as options `{ value, label, names, code }`, for the role
 * form's authorized customers. Only the operator manages clients: a client tenant gets [].
 * `label` is the name in `?lang=` (default zh_TW) with the fallback zh_TW, zh_CN, en, then
 * the tenant code. Needs role settings (9) or client settings (11).
 */
import type { FastifyInstance } from 'fastify';
import { TenantType } from '../../src/domain/enums';
import { DEFAULT_LANG, LANGS, isLang, pickName, type Names } from '../../src/domain/lang';
import { caller } from '../auth';
import type { AppDeps } from '../context';

const ROLE_MENU_ID = 9;
const CLIENT_MENU_ID = 11;

export interface ClientOption {
  value: number;
  label: string;
  code: string;
  names: Names;
}

export default async function clientRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Querystring: { lang?: string } }>('/system/client/GetActiveClient', {
    config: { menuId: [ROLE_MENU_ID, CLIENT_MENU_ID] },
    schema: { querystring: { type: 'object', properties: { lang: { type: 'string', enum: [...LANGS] } } } },
  }, async (req): Promise<ClientOption[]> => {
    const who = caller(req);
    if (who.tenantType !== TenantType.Operator) return [];
    const lang = isLang(req.query.lang) ? req.query.lang : DEFAULT_LANG;
    const rows = await deps.db.selectFrom('tenants').select(['id', 'code', 'names'])
      .where('type', '=', TenantType.Client).where('deleted_at', 'is', null)
      .orderBy('code').orderBy('id')
      .execute();
    return rows.map((t) => ({ value: t.id, label: pickName(t.names, lang) || t.code, code: t.code, names: t.names ?? {} }));
  });
}

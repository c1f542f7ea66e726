/**
 * Help documents (menu 15, the operator only), declared by src/schemas/system/document.json
 * (a custom pane, 'helpDocuments'):
 *   GET  System/document   the functions that can carry a document (the menu tree less ids 3,
 *                          12, 13, 26, 27, 29, 30, 43), groups with their screens, each screen
 *                          with its PDF url per language: [{ id, path, names, children:
 *                          [{ id, path, names, urls: { zh_TW?, zh_CN?, en? } }] }]
 *   POST System/document   { menuId, lang, url }: sets that document; url left out or empty
 *                          clears it. Answers the function { id, path, names, urls }.
 * The url must be a PDF the operator uploaded (POST /v1/Files): checked as a PdfUrl text key,
 * then against the tenant's files (not its upload, or not a PDF: code 1 on url). A menu id that
 * is not a screen of the list: code 1 on menuId.
 *
 * Every signed-in user finds the document of the screen they are on in the config:
 * GET Config/tenant/{code} answers `document` (menu id -> urls per language) and the SPA picks
 * the user's language with the fallback zh_TW, zh_CN, en (pickDocument). Documents are stored
 * as text keys `document.<menuId>` (type PdfUrl, per language) of the operator tenant.
 */
import type { FastifyInstance } from 'fastify';
import { declaration, resolveForm } from '../../../src/domain/declarations';
import { helpDocumentMenu, helpDocumentMenuIds } from '../../../src/domain/helpDocuments';
import type { Lang, Names } from '../../../src/domain/lang';
import type { MenuNode } from '../../../src/domain/menu';
import { documentKey, DOCUMENT_KEY_PREFIX, documentMenuId } from '../../../src/domain/textKeys';
import { caller } from '../../auth';
import type { AppDeps } from '../../context';
import { badRequest } from '../../errors';
import { recordChange } from '../../services/changelog';
import { objectBody, validated } from '../../services/resource';
import { checkEntry, writeEntry } from '../../services/textKeys';
import type { Db } from '../../db/index';

export const DOCUMENT_MENU_ID = 15;

const DECL = declaration('system.document');
const FORM = DECL.form!;
const RESOURCE = DECL.resource ?? 'document';

export interface HelpDocumentFunction {
  id: number;
  path: string;
  names: Required<Names>;
  urls: Names;
}

export interface HelpDocumentGroup {
  id: number;
  path: string;
  names: Required<Names>;
  children: HelpDocumentFunction[];
}

interface DocumentBody {
  menuId: number;
  lang: Lang;
  url?: string;
}

/** The tenant's documents: menu id -> urls per language. */
async function tenantDocuments(db: Db, tenantId: number, menuId?: number): Promise<Map<number, Names>> {
  let q = db.selectFrom('text_keys').select(['key', 'lang', 'value']).where('tenant_id', '=', tenantId);
  q = menuId === undefined ? q.where('key', 'like', `${DOCUMENT_KEY_PREFIX}%`) : q.where('key', '=', documentKey(menuId).key);
  const out = new Map<number, Names>();
  for (const r of await q.execute()) {
    const id = documentMenuId(r.key);
    if (id === null || !r.lang) continue;
    const urls = out.get(id) ?? {};
    urls[r.lang as Lang] = r.value;
    out.set(id, urls);
  }
  return out;
}

function findScreen(menuId: number): MenuNode | undefined {
  for (const g of helpDocumentMenu()) for (const c of g.children ?? []) if (c.id === menuId) return c;
  return undefined;
}

export default async function documentRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const config = { menuId: DOCUMENT_MENU_ID };

  app.get('/System/document', { config }, async (req): Promise<HelpDocumentGroup[]> => {
    const who = caller(req);
    const docs = await tenantDocuments(db, who.tenantId);
    return helpDocumentMenu().map((g) => ({
      id: g.id, path: g.path, names: g.names,
      children: (g.children ?? []).map((c) => ({ id: c.id, path: c.path, names: c.names, urls: docs.get(c.id) ?? {} })),
    }));
  });

  app.post('/System/document', { config }, async (req): Promise<HelpDocumentFunction> => {
    const who = caller(req);
    const body = validated<DocumentBody>(resolveForm(FORM), objectBody(req.body));
    if (!helpDocumentMenuIds().includes(body.menuId)) throw badRequest({ menuId: { key: 'oneOf' } });
    const screen = findScreen(body.menuId)!;
    const def = documentKey(body.menuId);
    const url = body.url?.trim() || null;
    const urls = await db.transaction().execute(async (trx) => {
      const before = (await tenantDocuments(trx, who.tenantId, body.menuId)).get(body.menuId) ?? {};
      if ((before[body.lang] ?? null) === url) return before;
      if (url !== null) await checkEntry(trx, who.tenantId, 'url', def, url, { kind: 'file' });
      await writeEntry(trx, who.tenantId, def, body.lang, url);
      const after = (await tenantDocuments(trx, who.tenantId, body.menuId)).get(body.menuId) ?? {};
      const action = before[body.lang] === undefined ? 'create' : url === null ? 'delete' : 'update';
      await recordChange(trx, who, {
        resource: RESOURCE, resourceId: body.menuId, action,
        ...(action === 'create' ? {} : { before: { menuId: body.menuId, urls: before } }),
        ...(action === 'delete' ? {} : { after: { menuId: body.menuId, urls: after } }),
      });
      return after;
    });
    return { id: screen.id, path: screen.path, names: screen.names, urls };
  });
}

import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import type { TenantConfig } from '../../src/domain/api';
import { HELP_DOCUMENT_EXCLUDED_MENU_IDS, pickDocument } from '../../src/domain/helpDocuments';
import { describeApi, expectFailure, type Harness } from './harness';

interface Fn { id: number; path: string; names: Record<string, string>; urls: Record<string, string> }
interface Group { id: number; path: string; names: Record<string, string>; children: Fn[] }

/** A stored file row of the tenant (what POST /v1/Files leaves behind), answered as its url. */
async function storedFile(h: Harness, tenantId: number, ext: 'pdf' | 'png', extra: { size?: number; width?: number; height?: number } = {}) {
  const key = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
  await h.db.insertInto('files').values({
    tenant_id: tenantId, key, name: `manual.${ext}`, size: extra.size ?? 1000, type: ext === 'pdf' ? 'application/pdf' : 'image/png',
    width: extra.width ?? null, height: extra.height ?? null,
  }).execute();
  return `/files/${key}`;
}

describeApi('Help documents: System/document', (h) => {
  const operator = () => h.signedInUser({ tenant: 'platform', functions: [1, 15] });

  it('lists the functions that can carry a document, less the excluded ids', async () => {
    const op = await operator();
    const res = await h.call('GET', 'System/document', { token: op.token });
    expect(res.statusCode, res.body).toBe(200);
    const groups = res.json() as Group[];
    const ids = groups.flatMap((g) => [g.id, ...g.children.map((c) => c.id)]);
    for (const id of HELP_DOCUMENT_EXCLUDED_MENU_IDS) expect(ids).not.toContain(id);
    for (const id of [20, 21, 22, 23, 24]) expect(ids).not.toContain(id); // the binding group goes with 3
    expect(ids).toEqual(expect.arrayContaining([1, 9, 10, 11, 14, 15, 16, 2, 17, 19, 4, 25, 5, 28, 6, 31, 7, 38, 48, 49, 51, 8, 42]));
    expect(groups[0]).toMatchObject({ id: 1, path: '/system', names: { en: 'System' } });
    expect(groups[0].children.find((c) => c.id === 14)).toMatchObject({ path: '/system/announcement', urls: {} });
  });

  it('sets and clears a document per function and language; every user finds it in the config with the fallback', async () => {
    const op = await operator();
    const platformId = await h.tenantId('platform');
    const tw = await storedFile(h, platformId, 'pdf');
    const en = await storedFile(h, platformId, 'pdf');
    const set = async (body: unknown) => {
      const res = await h.call('POST', 'System/document', { token: op.token, body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Fn;
    };
    expect(await set({ menuId: 14, lang: 'zh_TW', url: tw })).toMatchObject({ id: 14, urls: { zh_TW: tw } });
    expect(await set({ menuId: 14, lang: 'en', url: en })).toMatchObject({ id: 14, urls: { zh_TW: tw, en } });
    const listed = (await h.call('GET', 'System/document', { token: op.token })).json() as Group[];
    expect(listed[0].children.find((c) => c.id === 14)?.urls).toEqual({ zh_TW: tw, en });

    // Any tenant's config carries the operator's documents; the SPA picks with the fallback.
    const config = (await h.call('GET', 'Config/tenant/demo')).json() as TenantConfig;
    expect(config.document?.['14']).toEqual({ zh_TW: tw, en });
    expect(pickDocument(config.document, 14, 'en')).toBe(en);
    expect(pickDocument(config.document, 14, 'zh_CN')).toBe(tw);
    expect(pickDocument(config.document, 9, 'en')).toBeNull();

    // Clearing zh_TW: zh_CN users fall back to en.
    expect(await set({ menuId: 14, lang: 'zh_TW', url: '' })).toMatchObject({ urls: { en } });
    const after = (await h.call('GET', 'Config/tenant/platform')).json() as TenantConfig;
    expect(pickDocument(after.document, 14, 'zh_CN')).toBe(en);
    expect(await set({ menuId: 14, lang: 'en' })).toMatchObject({ urls: {} });
    expect(((await h.call('GET', 'Config/tenant/demo')).json() as TenantConfig).document?.['14']).toBeUndefined();

    const logs = await h.db.selectFrom('change_logs').select(['action']).where('resource', '=', 'document').where('resource_id', '=', '14').orderBy('id').execute();
    expect(logs.map((l) => l.action)).toEqual(['create', 'create', 'delete', 'delete']);
  });

  it('takes only a PDF the operator uploaded, for a listed function (code 1)', async () => {
    const op = await operator();
    const platformId = await h.tenantId('platform');
    const demoId = await h.tenantId('demo');
    const pdf = await storedFile(h, platformId, 'pdf');
    const fields = async (body: unknown) => expectFailure(await h.call('POST', 'System/document', { token: op.token, body }), 400, 1).data;
    expect(await fields({ menuId: 3, lang: 'en', url: pdf })).toEqual({ menuId: { key: 'oneOf' } });
    expect(await fields({ menuId: 12, lang: 'en', url: pdf })).toEqual({ menuId: { key: 'oneOf' } });
    expect(await fields({ menuId: 1, lang: 'en', url: pdf })).toEqual({ menuId: { key: 'oneOf' } });
    expect(await fields({ menuId: 14, lang: 'fr', url: pdf })).toEqual({ lang: { key: 'oneOf' } });
    expect(await fields({ menuId: 14, lang: 'en', url: 'https://example.com/a.pdf' })).toEqual({ url: { key: 'invalid' } });
    expect(await fields({ menuId: 14, lang: 'en', url: await storedFile(h, platformId, 'png', { width: 1, height: 1 }) })).toEqual({ url: { key: 'ext' } });
    expect(await fields({ menuId: 14, lang: 'en', url: await storedFile(h, demoId, 'pdf') })).toEqual({ url: { key: 'invalid' } });
    expect(await fields({ menuId: 14, lang: 'en', url: `/files/${'0'.repeat(32)}.pdf` })).toEqual({ url: { key: 'invalid' } });
    expect(await fields({ menuId: 14, lang: 'en', url: pdf, extra: 1 })).toEqual({ extra: { key: 'unknownField' } });
    expect(((await h.call('GET', 'Config/tenant/platform')).json() as TenantConfig).document?.['14']).toBeUndefined();
  });

  it('is the operator\'s alone (menu 15): a client tenant gets 403', async () => {
    const demo = await h.signedInUser({ tenant: 'demo', functions: [1, 15, 16] });
    expectFailure(await h.call('GET', 'System/document', { token: demo.token }), 403, 3);
    expectFailure(await h.call('POST', 'System/document', { token: demo.token, body: { menuId: 14, lang: 'en' } }), 403, 3);
  });
});

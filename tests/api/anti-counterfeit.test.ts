/**
 * The anti-counterfeiting page (issue 16, menu 30, released here), on both databases: saved per
 * client tenant with its uploads, logged, and delivered with the consumer page data in the
 * visit's language while enabled (the page shows it under a genuine code: tests/ui/consumer-page).
 */
import { expect, it } from 'vitest';
import { ErrorCode } from '../../src/domain/errors';
import { MARKETING_API_BASE } from '../../server/modules/public/marketingPublic';
import { describeApi, expectFailure } from './harness';
import { releaseEverything } from './logisticsSetup';
import { generatedCodes, marketingClient, uploaded } from './marketingSetup';

describeApi('The anti-counterfeiting page', (h) => {
  releaseEverything(h);
  const client = () => marketingClient(h, { functions: [5, 30] });
  const save = (token: string, body: unknown) => h.call('POST', 'Logistics/anti-counterfeiting', { token, body });
  const page = async (tenant: string, code: string, lang = 'en') => {
    const res = await h.app.inject({ method: 'GET', url: `${MARKETING_API_BASE}/page/${tenant}?c=${code}&lang=${lang}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { authenticity: { title: string; content: string; images: string[] } | null; query: { exists: boolean; warning: boolean } };
  };

  it('saves the page with its images, logs the change, and the consumer page shows it under a genuine code', async () => {
    const c = await client();
    expect(await (await h.call('GET', 'Logistics/anti-counterfeiting', { token: c.token })).json()).toEqual({ enable: true, title: {}, content: {}, images: [], updatedAt: null });
    const [unsaved] = await generatedCodes(h, c.id, 1);
    expect((await page(c.code, unsaved)).authenticity ?? null).toBeNull();
    const image = await uploaded(h.app, c.token, 300, 200);
    const res = await save(c.token, { title: { zh_TW: '正品保證', en: ' Genuine ' }, content: { en: 'Sealed at the farm.' }, images: [image] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ enable: true, title: { zh_TW: '正品保證', en: 'Genuine' }, content: { en: 'Sealed at the farm.' }, images: [image] });
    const log = await h.db.selectFrom('change_logs').select(['resource', 'action']).where('tenant_id', '=', c.id).where('resource', '=', 'antiCounterfeitPage').execute();
    expect(log).toEqual([{ resource: 'antiCounterfeitPage', action: 'create' }]);

    const [code] = await generatedCodes(h, c.id, 1);
    const en = await page(c.code, code);
    expect(en.query.exists).toBe(true);
    expect(en.authenticity).toEqual({ title: 'Genuine', content: 'Sealed at the farm.', images: [image] });
    // A language without a title falls back (zh_TW, zh_CN, en).
    expect((await page(c.code, code, 'zh_CN')).authenticity?.title).toBe('正品保證');

    // Disabled: gone from the consumer page.
    expect((await save(c.token, { enable: false, title: { zh_TW: '正品保證' } })).statusCode).toBe(200);
    expect((await page(c.code, code)).authenticity ?? null).toBeNull();
    expect((await h.call('GET', 'Logistics/anti-counterfeiting', { token: c.token })).json()).toMatchObject({ enable: false, images: [] });
  });

  it('refuses a missing title, more than 4 images and another tenant\'s upload, and saves nothing', async () => {
    const c = await client();
    const other = await client();
    expect(expectFailure(await save(c.token, { content: { en: 'x' } }), 400, ErrorCode.BadRequest).data).toHaveProperty(['title.zh_TW']);
    const mine = await uploaded(h.app, c.token, 10, 10);
    expectFailure(await save(c.token, { title: { zh_TW: 't' }, images: [mine, mine, mine, mine, mine] }), 400, ErrorCode.BadRequest);
    const theirs = await uploaded(h.app, other.token, 10, 10);
    expect(expectFailure(await save(c.token, { title: { zh_TW: 't' }, images: [theirs] }), 400, ErrorCode.BadRequest).data).toHaveProperty(['images.0']);
    expect(await h.db.selectFrom('anti_counterfeit_pages').select('tenant_id').where('tenant_id', '=', c.id).execute()).toEqual([]);
  });

  it('is menu 30: a user without it is refused; each tenant sees its own page', async () => {
    const c = await client();
    const other = await client();
    expect((await save(c.token, { title: { zh_TW: 'A' } })).statusCode).toBe(200);
    expect((await h.call('GET', 'Logistics/anti-counterfeiting', { token: other.token })).json()).toMatchObject({ title: {}, updatedAt: null });
    const plain = await marketingClient(h, { functions: [5, 28] });
    expectFailure(await h.call('GET', 'Logistics/anti-counterfeiting', { token: plain.token }), 403, ErrorCode.NotAllowed);
    expectFailure(await save(plain.token, { title: { zh_TW: 'x' } }), 403, ErrorCode.NotAllowed);
  });
});

/**
 * Issue 23: the contact info's platform addresses are http(s) or the platform's own scheme
 * (src/domain/marketing/links.ts); javascript: and the like answer code 1 on the field, on both
 * databases, and nothing is stored.
 */
import { expect, it } from 'vitest';
import { MarketingPlatform } from '../../src/domain/enums';
import { describeApi, expectFailure } from './harness';
import { call, marketingClient, ok } from './marketingSetup';

describeApi('Contact platform links', (h) => {
  it('refuses javascript:, data: and schemes of another platform with code 1 on the url; keeps http(s) and the platform\'s own', async () => {
    const c = await marketingClient(h);
    const save = (platforms: { type: number; url: string }[]) => call(h, h.app, 'POST', 'marketing/contact-info', c.token, { platforms });
    const refused = expectFailure(await save([
      { type: MarketingPlatform.Facebook, url: 'javascript:alert(1)' },
      { type: MarketingPlatform.Custom, url: ' JAVASCRIPT:alert(1)' },
      { type: MarketingPlatform.Instagram, url: 'data:text/html,<script>alert(1)</script>' },
      { type: MarketingPlatform.Facebook, url: 'line://ti/p/@acme' },
      { type: MarketingPlatform.Line, url: 'https://line.me/R/ti/p/@acme' },
    ]), 400, 1);
    expect(refused.data).toEqual({
      'platforms.0.url': { key: 'url' }, 'platforms.1.url': { key: 'url' }, 'platforms.2.url': { key: 'url' }, 'platforms.3.url': { key: 'url' },
    });
    expect(await h.db.selectFrom('marketing_contacts').select('tenant_id').where('tenant_id', '=', c.id).execute()).toEqual([]);

    const saved = await ok<{ platforms: { url: string }[] }>(h, h.app, 'POST', 'marketing/contact-info', c.token, {
      platforms: [
        { type: MarketingPlatform.Line, url: 'line://ti/p/@acme' },
        { type: MarketingPlatform.Wechat, url: 'weixin://dl/chat' },
        { type: MarketingPlatform.Email, url: 'service@example.com' },
        { type: MarketingPlatform.Facebook, url: 'https://facebook.com/acme' },
        { type: MarketingPlatform.Custom, url: 'example.com/shop' },
      ],
    });
    expect(saved.platforms.map((p) => p.url)).toEqual(['line://ti/p/@acme', 'weixin://dl/chat', 'service@example.com', 'https://facebook.com/acme', 'example.com/shop']);
  });
});

/** The consumer page's pure rules (src/domain/marketing/consumer.ts). */
import { describe, expect, it } from 'vitest';
import {
  acceptPreviewMessage, contrastRatio, inkOnWhite, langOfTag, mergePreview, needsConsent, parseConsent,
  phoneLink, pickPageLang, platformHref, textOn,
} from '../../src/domain/marketing/consumer';
import { LayoutColor, MarketingPlatform } from '../../src/domain/enums';
import { PREVIEW_DEFAULTS } from '../../src/domain/marketing/page';
import { fixturePage } from '../ui/consumerFixtures';

describe('page language', () => {
  it('takes the lang parameter first, in either spelling', () => {
    expect(pickPageLang('en', ['zh-CN'])).toBe('en');
    expect(pickPageLang('zh_CN', ['en-US'])).toBe('zh_CN');
    expect(pickPageLang('zh-TW', ['en-US'])).toBe('zh_TW');
  });
  it('falls back to the browser languages, then zh_TW', () => {
    expect(pickPageLang(null, ['fr-FR', 'zh-CN', 'en'])).toBe('zh_CN');
    expect(pickPageLang('xx', ['en-GB'])).toBe('en');
    expect(pickPageLang(null, ['fr', 'de'])).toBe('zh_TW');
    expect(pickPageLang(undefined, [])).toBe('zh_TW');
  });
  it('maps Chinese scripts and regions', () => {
    expect(langOfTag('zh-Hant-HK')).toBe('zh_TW');
    expect(langOfTag('zh-HK')).toBe('zh_TW');
    expect(langOfTag('zh-Hans')).toBe('zh_CN');
    expect(langOfTag('zh-SG')).toBe('zh_CN');
    expect(langOfTag('zh')).toBe('zh_TW');
    expect(langOfTag('ja')).toBeNull();
  });
});

describe('text on the layout colour', () => {
  it('is white on dark colours and black on light ones', () => {
    expect(textOn(LayoutColor.Red)).toBe('ffffff');
    expect(textOn(LayoutColor.Blue)).toBe('ffffff');
    expect(textOn(LayoutColor.Black)).toBe('ffffff');
    expect(textOn(LayoutColor.Purple)).toBe('ffffff');
    expect(textOn(LayoutColor.Yellow)).toBe('000000');
    expect(textOn(LayoutColor.Orange)).toBe('000000');
    expect(textOn(LayoutColor.Cyan)).toBe('000000');
  });
  it('reaches at least 4.5:1 on each of the 11 colours', () => {
    for (const c of Object.values(LayoutColor)) expect(contrastRatio(c, textOn(c))).toBeGreaterThanOrEqual(4.5);
  });
  it('darkens a colour used as text on white until it reads (4.5:1)', () => {
    for (const c of Object.values(LayoutColor)) expect(contrastRatio(inkOnWhite(c), 'ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(inkOnWhite(LayoutColor.Blue)).toBe(LayoutColor.Blue);
    expect(inkOnWhite(LayoutColor.Yellow)).not.toBe(LayoutColor.Yellow);
  });
});

describe('privacy consent', () => {
  const privacy = { title: 'Privacy', content: 'We keep little.', version: 3, force: true };
  it('asks a shopper who never agreed', () => {
    expect(needsConsent(privacy, null)).toBe(true);
    expect(needsConsent({ ...privacy, force: false }, null)).toBe(true);
  });
  it('asks again for a newer version only when forced', () => {
    expect(needsConsent(privacy, { version: 2, at: '' })).toBe(true);
    expect(needsConsent({ ...privacy, force: false }, { version: 2, at: '' })).toBe(false);
    expect(needsConsent(privacy, { version: 3, at: '' })).toBe(false);
  });
  it('asks nothing without a privacy text', () => {
    expect(needsConsent(null, null)).toBe(false);
    expect(needsConsent({ ...privacy, title: '', content: ' ' }, null)).toBe(false);
  });
  it('reads back only what it stored', () => {
    expect(parseConsent('{"version":2,"at":"x"}')).toEqual({ version: 2, at: 'x' });
    expect(parseConsent('nonsense')).toBeNull();
    expect(parseConsent('{"v":1}')).toBeNull();
    expect(parseConsent(null)).toBeNull();
  });
});

describe('preview merge', () => {
  it('shows the preview defaults with nothing posted', () => {
    const p = mergePreview('acme', null, null);
    expect(p.tenant.code).toBe('acme');
    expect(p.layoutInfo).toMatchObject({
      layout: PREVIEW_DEFAULTS.layout, colorCode: PREVIEW_DEFAULTS.colorCode, navigatorFunctions: 7, queryPageFunctions: 15,
      timezoneId: 103, safeScanCount: 10,
    });
    expect(p.query).toMatchObject({ exists: true, price: 100, currency: 'TWD' });
  });
  it('lays the draft over the saved data field by field', () => {
    const saved = fixturePage();
    const p = mergePreview('acme', saved, { layoutInfo: { colorCode: LayoutColor.Blue, layout: 4 } });
    expect(p.layoutInfo.colorCode).toBe(LayoutColor.Blue);
    expect(p.layoutInfo.layout).toBe(4);
    expect(p.layoutInfo.clientDisplayName).toBe(saved.layoutInfo.clientDisplayName);
    expect(p.popularProducts).toHaveLength(saved.popularProducts.length);
  });
  it('replaces lists whole and keeps what a null field of the draft hides', () => {
    const saved = fixturePage();
    const p = mergePreview('acme', saved, { popularProducts: [], layoutInfo: { logoUrl: null, copyright: 'draft ©' } });
    expect(p.popularProducts).toEqual([]);
    expect(p.layoutInfo.logoUrl).toBe(saved.layoutInfo.logoUrl);
    expect(p.layoutInfo.copyright).toBe('draft ©');
  });
  it('falls back to the defaults for values out of range', () => {
    const p = mergePreview('acme', null, { layoutInfo: { layout: 3, colorCode: 'not a colour', safeScanCount: 0 } });
    expect(p.layoutInfo.layout).toBe(1);
    expect(p.layoutInfo.colorCode).toBe('b83a24');
    expect(p.layoutInfo.safeScanCount).toBe(10);
  });
  it('gives a posted product without a price the demo price', () => {
    const p = mergePreview('acme', null, { query: { productNames: { en: 'Tea' }, price: null } });
    expect(p.query).toMatchObject({ productNames: { en: 'Tea' }, price: 100, currency: 'TWD', exists: true });
  });
});

describe('preview messages', () => {
  const msg = { type: 'oioc-preview', kind: 'layout', data: {} };
  it('accepts a preview post of the same origin only', () => {
    expect(acceptPreviewMessage('https://a.example', 'https://a.example', msg)).toBe(true);
    expect(acceptPreviewMessage('https://evil.example', 'https://a.example', msg)).toBe(false);
  });
  it('refuses other messages', () => {
    expect(acceptPreviewMessage('https://a.example', 'https://a.example', { type: 'other', data: {} })).toBe(false);
    expect(acceptPreviewMessage('https://a.example', 'https://a.example', { type: 'oioc-preview', data: 'x' })).toBe(false);
    expect(acceptPreviewMessage('https://a.example', 'https://a.example', 'oioc-preview')).toBe(false);
  });
});

describe('links', () => {
  it('writes a phone with its calling code and a dialable link', () => {
    expect(phoneLink('886', '02-2345-6789')).toEqual({ text: '+886 02-2345-6789', href: 'tel:+886223456789' });
    expect(phoneLink('+86', '138 0013 8000')).toEqual({ text: '+86 138 0013 8000', href: 'tel:+8613800138000' });
    expect(phoneLink(null, '0800-123')).toEqual({ text: '0800-123', href: 'tel:0800123' });
    expect(phoneLink('886', '')).toBeNull();
  });
  it('never lets a platform url run script: only http(s) or the platform\'s own scheme is a link', () => {
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', 'file:///etc/passwd', 'java\tscript:alert(1)', 'http://']) {
      expect(platformHref(bad), bad).toBeNull();
      expect(platformHref(bad, MarketingPlatform.Line), bad).toBeNull();
    }
    expect(platformHref('example.com/x')).toBe('https://example.com/x');
    expect(platformHref('https://line.me/x', MarketingPlatform.Line)).toBe('https://line.me/x');
    expect(platformHref('line://ti/p/@shop', MarketingPlatform.Line)).toBe('line://ti/p/@shop');
    expect(platformHref('line://ti/p/@shop', MarketingPlatform.Facebook)).toBeNull();
    expect(platformHref('weixin://dl/chat', MarketingPlatform.Wechat)).toBe('weixin://dl/chat');
    expect(platformHref('a@b.co', MarketingPlatform.Email)).toBe('mailto:a@b.co');
    expect(platformHref('mailto:a@b.co', MarketingPlatform.Email)).toBe('mailto:a@b.co');
    expect(platformHref('mailto:a@b.co')).toBeNull();
  });
});

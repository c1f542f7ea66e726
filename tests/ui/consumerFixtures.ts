/**
 * PageData fixtures of the consumer page (render tests, the screenshot script
 * scripts/consumer-shots.ts). Image urls point to /fixture-img/..., which the screenshot script
 * answers with drawn SVGs; jsdom never loads them.
 */
import type { PageData } from '../../src/domain/marketing/page';
import { LayoutColor, MarketingPlatform, PageLayout } from '../../src/domain/enums';

export function fixturePage(over: { layout?: number; colorCode?: string } = {}): PageData {
  return {
    tenant: { code: 'acme', name: '青田茶園', logoUrl: null },
    layoutInfo: {
      logoUrl: '/fixture-img/logo.svg',
      layout: over.layout ?? PageLayout.A,
      colorCode: over.colorCode ?? LayoutColor.Green,
      navigatorFunctions: 1 | 2 | 4,
      queryPageFunctions: 1 | 2 | 4 | 8,
      scanGeneralMessage: '感謝您選購青田茶園的茶葉。每一罐都有獨一無二的條碼，掃描即可確認來源。',
      scanExceptionMessage: '此條碼已被查詢多次，可能為仿冒品。請撥打客服專線 0800-123-456 確認。',
      timezoneId: 103,
      privacyInfo: { title: '隱私權政策', content: '我們只會蒐集查詢時間、條碼與您同意提供的位置，用於防偽與改善服務，不會提供給第三方。', version: 2, force: true },
      copyright: '© 2026 青田茶園股份有限公司',
      clientDisplayName: '青田茶園',
      safeScanCount: 10,
    },
    banners: [
      { id: 1, from: '2026-11-01T00:00:00Z', to: '2026-12-31T00:00:00Z', timezoneId: 103, images: { small: '/fixture-img/banner-s-1.svg', large: '/fixture-img/banner-1.svg' } },
      { id: 2, from: '2026-11-01T00:00:00Z', to: '2026-12-31T00:00:00Z', timezoneId: 103, images: { small: null, large: '/fixture-img/banner-2.svg' } },
      { id: 3, from: '2026-11-01T00:00:00Z', to: '2026-12-31T00:00:00Z', timezoneId: 103, images: { small: '/fixture-img/banner-s-3.svg', large: null } },
    ],
    activities: [
      { id: 11, name: '冬季新茶品茗會', imageUrl: '/fixture-img/act-1.svg', url: 'https://example.com/events/winter', from: '2026-12-01T02:00:00Z', to: '2026-12-20T10:00:00Z' },
      { id: 12, name: '掃碼集點換好禮', imageUrl: '/fixture-img/act-2.svg', url: null, from: '2026-11-15T00:00:00Z', to: '2027-01-31T00:00:00Z' },
    ],
    contactInfo: {
      company: {
        name: '青田茶園股份有限公司',
        mapImage: '/fixture-img/map.svg',
        phone: '02-2345-6789',
        phoneCountryCode: '886',
        fax: '02-2345-6790',
        faxCountryCode: '886',
        addr: '台北市信義區松高路 1 號 8 樓',
        businessHours: '週一至週五 09:00–18:00\n週六 10:00–16:00',
        subsidiaries: '台中門市：台中市西屯區台灣大道三段 99 號\n高雄門市：高雄市前鎮區中山二路 5 號',
      },
      moreInfo: [
        { name: '品牌故事', url: 'https://example.com/story' },
        { name: '沖泡指南', url: 'example.com/brew' },
        { name: '常見問題', url: 'https://example.com/faq' },
        { name: '線上商店', url: 'https://example.com/shop' },
        { name: 'A fifth link that is never shown', url: 'https://example.com/5' },
      ],
      platforms: [
        { type: MarketingPlatform.Email, url: 'service@example.com', priority: 5, iconImage: null },
        { type: MarketingPlatform.Line, url: 'https://line.me/R/ti/p/@acme', priority: 1, iconImage: null },
        { type: MarketingPlatform.Facebook, url: 'https://facebook.com/acme', priority: 3, iconImage: null },
        { type: MarketingPlatform.Instagram, url: 'https://instagram.com/acme', priority: 4, iconImage: null },
        { type: MarketingPlatform.Wechat, url: 'https://weixin.qq.com/r/acme', priority: 2, iconImage: null },
        { type: MarketingPlatform.CustomImage, url: 'https://shop.example.com', priority: 7, iconImage: '/fixture-img/shop-icon.svg' },
        { type: MarketingPlatform.Custom, url: 'https://example.com', priority: 6, iconImage: null },
      ],
    },
    popularProducts: [
      { id: 21, productId: 1, names: { zh_TW: '阿里山高山烏龍', zh_CN: '阿里山高山乌龙', en: 'Alishan High Mountain Oolong' }, price: 880, currency: 'TWD', url: 'https://example.com/p/1', image: '/fixture-img/prod-1.svg', from: '2026-11-01T00:00:00Z', to: '2026-12-31T00:00:00Z' },
      { id: 22, productId: 2, names: { zh_TW: '東方美人茶', en: 'Oriental Beauty' }, price: 1200, currency: 'TWD', url: null, image: '/fixture-img/prod-2.svg', from: '2026-11-01T00:00:00Z', to: '2026-12-31T00:00:00Z' },
      { id: 23, productId: 3, names: { zh_TW: '日月潭紅玉紅茶', zh_CN: '日月潭红玉红茶', en: 'Sun Moon Lake Ruby Black Tea' }, price: 650, currency: 'TWD', url: 'https://example.com/p/3', image: '/fixture-img/prod-3.svg', from: '2026-11-01T00:00:00Z', to: '2026-12-31T00:00:00Z' },
      { id: 24, productId: 4, names: { zh_TW: '文山包種茶', en: 'Wenshan Pouchong' }, price: 540, currency: 'TWD', url: null, image: null, from: '2026-11-01T00:00:00Z', to: '2026-12-31T00:00:00Z' },
    ],
    productBanners: [],
    query: {
      code: 'QT8F3K2M9X4P',
      exists: true,
      scannedCount: 3,
      latestScan: { at: '2026-11-20T06:30:00Z', location: '台北市信義區', latitude: 25.03, longitude: 121.56 },
      price: 880,
      currency: 'TWD',
      productNames: { zh_TW: '阿里山高山烏龍 150g', zh_CN: '阿里山高山乌龙 150g', en: 'Alishan High Mountain Oolong 150 g' },
      brandName: '青田茶園',
      warning: false,
    },
  };
}

export function unknownCodePage(): PageData {
  const p = fixturePage();
  p.query = { code: 'NOPE123', exists: false, scannedCount: 0, latestScan: null, price: null, currency: null, productNames: null, brandName: null, warning: false };
  return p;
}

export function warningPage(): PageData {
  const p = fixturePage();
  p.query = { ...p.query!, scannedCount: 14, warning: true };
  return p;
}

/** The preview's mapping from a marketing form's unsaved data to the consumer page's data. */
import { describe, expect, it } from 'vitest';
import { PREVIEW_DEFAULTS } from '../../src/domain/marketing/page';
import { contactInfoOf, platformsOf, previewData, previewMessage, previewPath, previewedLayout } from '../../src/domain/marketing/preview';

const layoutForm = {
  current: {
    layout: 2,
    colorCode: '1fa9b5',
    navigatorFunctions: 5,
    queryPageFunctions: 2,
    scanGeneralMessage: 'Genuine',
    scanExceptionMessage: 'Scanned often',
    logoUrl: '/files/logo.png',
    privacyInfo: { title: 'Privacy', content: 'We keep little.', version: 3, force: true },
    copyright: '© Brand',
  },
  comingSoon: {},
};

describe('layout preview', () => {
  it('previews the current layout with every field the page shows', () => {
    expect(previewData('layout', layoutForm, { clientDisplayName: 'Brand' })).toEqual({
      layoutInfo: {
        logoUrl: '/files/logo.png',
        layout: 2,
        colorCode: '1fa9b5',
        navigatorFunctions: 5,
        queryPageFunctions: 2,
        scanGeneralMessage: 'Genuine',
        scanExceptionMessage: 'Scanned often',
        timezoneId: PREVIEW_DEFAULTS.timezoneId,
        privacyInfo: { title: 'Privacy', content: 'We keep little.', version: 3, force: true },
        copyright: '© Brand',
        clientDisplayName: 'Brand',
        safeScanCount: PREVIEW_DEFAULTS.safeScanCount,
      },
    });
  });

  it('previews the coming-soon layout once it has an effective date', () => {
    const form = { ...layoutForm, comingSoon: { effectiveDate: '2030-01-01T00:00:00.000Z', timezoneId: 100, layout: 4, colorCode: '7b4fb0', safeScanCount: 3 } };
    expect(previewedLayout(form)).toBe(form.comingSoon);
    const info = previewData('layout', form).layoutInfo!;
    expect(info).toMatchObject({ layout: 4, colorCode: '7b4fb0', timezoneId: 100, logoUrl: null, privacyInfo: null, safeScanCount: 3 });
  });

  it('takes the preview defaults where the draft is empty or wrong', () => {
    const info = previewData('layout', { current: { colorCode: 'not a colour' } }).layoutInfo!;
    expect(info).toMatchObject({
      layout: PREVIEW_DEFAULTS.layout,
      colorCode: PREVIEW_DEFAULTS.colorCode,
      navigatorFunctions: 1 | 2 | 4,
      queryPageFunctions: 1 | 2 | 4 | 8,
      timezoneId: 103,
    });
    // The title display name is not the layout form's: the saved one stays.
    expect(info).not.toHaveProperty('clientDisplayName');
  });

  it('accepts a colour written with # and in capitals', () => {
    expect(previewData('layout', { current: { colorCode: '#E0628F' } }).layoutInfo!.colorCode).toBe('e0628f');
  });
});

describe('product, banner and popular product previews', () => {
  it('shows a brand product as the answer for a scanned code, demo price when none', () => {
    expect(previewData('brandProduct', { names: { en: 'Tea', zh_TW: '' }, brandName: 'Leaf' }).query).toMatchObject({
      exists: true, price: 100, currency: 'TWD', productNames: { en: 'Tea' }, brandName: 'Leaf', warning: false,
    });
    expect(previewData('brandProduct', { price: '12.5', currency: 'USD' }).query).toMatchObject({ price: 12.5, currency: 'USD', productNames: null });
  });

  it('shows a banner with both images in the page and product banners', () => {
    const data = previewData('banner', { id: 4, from: '2025-01-01T00:00:00.000Z', to: '2025-02-01T00:00:00.000Z', timezoneId: 103, images: { small: '/files/s.png', large: '' } });
    const banner = { id: 4, from: '2025-01-01T00:00:00.000Z', to: '2025-02-01T00:00:00.000Z', timezoneId: 103, images: { small: '/files/s.png', large: null } };
    expect(data).toEqual({ banners: [banner], productBanners: [banner] });
  });

  it('shows a popular product; a new one has id 0 and a price gets the demo currency', () => {
    expect(previewData('popularProduct', { productId: 9, names: { zh_TW: '茶' }, price: 80, url: 'https://x.test', from: 'a', to: 'b' })).toEqual({
      popularProducts: [{ id: 0, productId: 9, names: { zh_TW: '茶' }, price: 80, currency: 'TWD', url: 'https://x.test', image: null, from: 'a', to: 'b' }],
    });
    expect(previewData('popularProduct', {}).popularProducts![0]).toMatchObject({ price: null, currency: null });
  });

  it('maps the member product to the page\'s point products', () => {
    const form = { id: 4, productId: 7, productNames: { zh_TW: '保溫杯', en: '' }, points: '300', stock: 5, from: '2026-01-01T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z', timezoneId: 107 };
    expect(previewData('memberProduct', form)).toEqual({
      pointProducts: [{ id: 4, productId: 7, names: { zh_TW: '保溫杯' }, image: null, points: 300, stock: 5, from: form.from, to: form.to, timezoneId: 107 }],
    });
    expect(previewData('memberProduct', {}).pointProducts![0]).toMatchObject({ id: 0, points: 0, timezoneId: 103 });
  });
});

describe('contact info preview', () => {
  it('orders platforms by priority, keeps the icon of a custom image and drops rows without a type', () => {
    expect(
      platformsOf([
        { type: 5, url: 'a@b.test', priority: 3 },
        { type: 7, url: 'https://shop.test', priority: 1, iconImage: '/files/i.png' },
        { url: 'no type', priority: 2 },
        { type: 1, url: 'line', priority: 2 },
      ]),
    ).toEqual([
      { type: 7, url: 'https://shop.test', priority: 1, iconImage: '/files/i.png' },
      { type: 1, url: 'line', priority: 2, iconImage: null },
      { type: 5, url: 'a@b.test', priority: 3, iconImage: null },
    ]);
  });

  it('keeps at most 4 more-info links and no empty company', () => {
    const info = contactInfoOf({ company: { name: '' }, moreInfo: [1, 2, 3, 4, 5].map((n) => ({ name: `n${n}`, url: `https://x.test/${n}` })) });
    expect(info.company).toBeNull();
    expect(info.moreInfo.map((m) => m.name)).toEqual(['n1', 'n2', 'n3', 'n4']);
    expect(contactInfoOf({ company: { name: 'Co', phone: '0223456789', phoneCountryCode: '886' } }).company).toMatchObject({ name: 'Co', phone: '0223456789', fax: null });
  });
});

describe('message and address', () => {
  it('wraps the data in the PreviewMessage the page listens for', () => {
    expect(previewMessage('contactInfo', {})).toEqual({ type: 'oioc-preview', kind: 'contactInfo', data: { contactInfo: { company: null, moreInfo: [], platforms: [] } } });
  });
  it('opens the tenant page in preview mode', () => {
    expect(previewPath('demo co')).toBe('/m/demo%20co?mode=preview');
  });
});

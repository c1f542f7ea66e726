/**
 * The public consumer page (src/consumer) rendered in jsdom from PageData fixtures: layouts,
 * the scan's answer, languages, failures, privacy consent, and the preview's messages.
 * The Marketing API is a fake fetch answering the fixture (the server part is another branch).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { mountConsumer, type ConsumerEnv } from '../../src/consumer/app';
import type { PageData } from '../../src/domain/marketing/page';
import { LayoutColor, MarketingPlatform, PageLayout } from '../../src/domain/enums';
import { fixturePage, unknownCodePage, warningPage } from './consumerFixtures';
import { act } from 'preact/test-utils';
import { preactSettled, trackPreactEffects } from './preactSettled';

// Preact 11 runs an unmounted page's effect cleanups after the next frame: each is awaited
// (preactSettled) while the test window still exists.
trackPreactEffects();
const ORIGIN = 'https://brand.example';
let unmount: (() => void) | null = null;

afterEach(async () => {
  unmount?.();
  unmount = null;
  document.body.innerHTML = '';
  await preactSettled();
});

type Answer = PageData | 404 | 'offline';

function fakeFetch(...answers: Answer[]) {
  const calls: string[] = [];
  const fn = vi.fn(async (url: string) => {
    // The member section's own calls (tests/ui/consumer-member.test.tsx): a tenant without members.
    if (url.startsWith('/mapi/v1/member/')) return new Response(JSON.stringify({ code: 2, message: 'not found' }), { status: 404 });
    // The lottery offer of a genuine code (tests/ui/consumer-lottery.test.tsx): none here.
    if (url.startsWith('/mapi/v1/lottery/')) return new Response(JSON.stringify({ code: 'x', activities: [] }), { status: 200 });
    calls.push(url);
    const a = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (a === 'offline') throw new TypeError('Failed to fetch');
    if (a === 404) return new Response(JSON.stringify({ code: 2, message: 'not found' }), { status: 404 });
    return new Response(JSON.stringify(a), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

function open(path: string, fetchImpl: typeof fetch, over: Partial<ConsumerEnv> = {}) {
  const root = document.createElement('div');
  document.body.appendChild(root);
  const env: ConsumerEnv = {
    href: `${ORIGIN}${path}`, origin: ORIGIN, fetch: fetchImpl, storage: localStorage, languages: ['zh-TW'],
    win: window, geolocation: null, permissions: null, replaceUrl: () => {}, doc: document, ...over,
  };
  unmount = mountConsumer(root, env);
  return root;
}

/** A shopper who already agreed to the fixture's privacy text. */
const agreed = () => localStorage.setItem('oioc-consent:acme', JSON.stringify({ version: 2, at: '' }));

describe('the consumer page (live)', () => {
  it('shows a banner of the scanned product once, though it is among the tenant\'s banners too', async () => {
    agreed();
    const page = fixturePage();
    page.productBanners = [page.banners[1]!];
    const api = fakeFetch(page);
    open('/m/acme?c=QT8F3K2M9X4P', api.fn);
    await screen.findByRole('heading', { level: 1, name: '青田茶園' });
    const slides = document.querySelectorAll('.carousel-slide');
    expect(slides).toHaveLength(3);
    // The product's banner first.
    expect(slides[0]!.querySelector('img')!.getAttribute('src')).toContain('banner-2.svg');
  });

  it('renders layout A: the brand, the scan\'s answer per the query-page flags, lists, contact and platforms in priority order', async () => {
    agreed();
    const api = fakeFetch(fixturePage());
    open('/m/acme?c=QT8F3K2M9X4P', api.fn);
    expect(await screen.findByRole('heading', { level: 1, name: '青田茶園' })).toBeInTheDocument();
    expect(api.calls).toEqual(['/mapi/v1/page/acme?c=QT8F3K2M9X4P&lang=zh_TW']);
    expect(document.documentElement.lang).toBe('zh-Hant-TW');
    await waitFor(() => expect(document.documentElement.dataset.state).toBe('ready'));
    const query = screen.getByRole('region', { name: '查詢結果' });
    expect(within(query).getByText('條碼查詢成功')).toBeInTheDocument();
    expect(within(query).getByText('阿里山高山烏龍 150g')).toBeInTheDocument();
    expect(within(query).getByText('QT8F3K2M9X4P')).toBeInTheDocument();
    expect(within(query).getByText('3')).toBeInTheDocument();
    expect(within(query).getByText('台北市信義區')).toBeInTheDocument();
    expect(within(query).getByText(/880/)).toBeInTheDocument();
    expect(within(query).getByText(/感謝您選購/)).toBeInTheDocument();
    // A: an in-page menu and lists
    expect(screen.getByRole('navigation', { name: '頁面區塊' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '最新活動' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /冬季新茶品茗會/ })).toHaveAttribute('href', 'https://example.com/events/winter');
    expect(screen.getByText('東方美人茶')).toBeInTheDocument();
    // Contact: a dialable phone with its calling code, at most 4 more-info links, platforms by priority
    expect(screen.getByRole('link', { name: '+886 02-2345-6789' })).toHaveAttribute('href', 'tel:+886223456789');
    const more = screen.getByRole('navigation', { name: '更多資訊' });
    expect(within(more).getAllByRole('link')).toHaveLength(4);
    expect(within(more).getByRole('link', { name: /沖泡指南/ })).toHaveAttribute('href', 'https://example.com/brew');
    const follow = screen.getByRole('heading', { name: '關注我們' }).parentElement!;
    expect(within(follow).getAllByRole('link').map((a) => a.textContent?.trim())).toEqual(['LINE', '微信', 'Facebook', 'Instagram', 'Email', '網站', '連結']);
    expect(within(follow).getByRole('link', { name: 'Email' })).toHaveAttribute('href', 'mailto:service@example.com');
    expect(follow.querySelector('img.platform-img')).toHaveAttribute('src', '/fixture-img/shop-icon.svg');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2026 青田茶園股份有限公司');
  });

  it('renders no link for an address that is not http(s) or the platform\'s own scheme (javascript: stored before issue 23)', async () => {
    agreed();
    const page = fixturePage();
    page.contactInfo!.moreInfo = [{ name: 'Evil', url: 'javascript:alert(1)' }, { name: 'Fine', url: 'https://example.com/fine' }];
    page.contactInfo!.platforms = [
      { type: MarketingPlatform.Facebook, url: 'javascript:alert(document.cookie)', priority: 1, iconImage: null },
      { type: MarketingPlatform.Custom, url: 'data:text/html,<script>alert(1)</script>', priority: 2, iconImage: null },
      { type: MarketingPlatform.Line, url: 'line://ti/p/@acme', priority: 3, iconImage: null },
    ];
    page.activities = page.activities.map((a) => ({ ...a, url: 'javascript:alert(2)' }));
    open('/m/acme?c=QT8F3K2M9X4P', fakeFetch(page).fn);
    const followHeading = await screen.findByRole('heading', { name: '關注我們' });
    const hrefs = [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!);
    expect(hrefs.filter((h) => !/^(https?:|tel:|line:|#)/.test(h))).toEqual([]);
    expect(hrefs).toContain('line://ti/p/@acme');
    const more = screen.getByRole('navigation', { name: '更多資訊' });
    expect(within(more).getAllByRole('link').map((a) => a.textContent?.trim())).toEqual(['Fine']);
    expect(within(more).getByText('Evil')).toBeInTheDocument();
    const follow = followHeading.parentElement!;
    expect(within(follow).getAllByRole('link').map((a) => a.textContent?.trim())).toEqual(['LINE']);
    expect(within(follow).getByText('Facebook')).toBeInTheDocument();
  });

  it('picks white or black text by contrast on the layout colour', async () => {
    agreed();
    const root = open('/m/acme?c=X', fakeFetch(fixturePage({ colorCode: LayoutColor.Yellow })).fn);
    await screen.findByRole('heading', { level: 1 });
    const style = (root.firstElementChild as HTMLElement).style;
    expect(style.getPropertyValue('--brand')).toBe('#e8c31c');
    expect(style.getPropertyValue('--on-brand')).toBe('#000000');
  });

  it('renders layout B as tabs of the navigator functions, usable by keyboard', async () => {
    agreed();
    open('/m/acme?c=X', fakeFetch(fixturePage({ layout: PageLayout.B })).fn);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['查詢結果', '最新活動', '熱門商品']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByText('東方美人茶')).toBeNull();
    fireEvent.click(tabs[2]!);
    expect(await screen.findByText('東方美人茶')).toBeVisible();
    expect(screen.getByRole('tab', { name: '熱門商品' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(screen.getByRole('tab', { name: '熱門商品' }), { key: 'ArrowRight' });
    await waitFor(() => expect(screen.getByRole('tab', { name: '查詢結果' })).toHaveAttribute('aria-selected', 'true'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '查詢結果' }));
    expect(screen.getByText('QT8F3K2M9X4P')).toBeInTheDocument();
  });

  it('renders layout C as a hero with the logo and picture cards', async () => {
    agreed();
    const root = open('/m/acme?c=X', fakeFetch(fixturePage({ layout: PageLayout.C })).fn);
    expect(await screen.findByRole('img', { name: '青田茶園' })).toHaveAttribute('src', '/fixture-img/logo.svg');
    expect(root.querySelector('.layout-C .hero')).not.toBeNull();
    expect(screen.getByRole('region', { name: '熱門商品' }).querySelector('ul.tiles')).not.toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('shows only the sections and query facts the flags allow', async () => {
    agreed();
    const page = fixturePage();
    page.layoutInfo.navigatorFunctions = 1;
    page.layoutInfo.queryPageFunctions = 8; // the code only
    open('/m/acme?c=X', fakeFetch(page).fn);
    const query = await screen.findByRole('region', { name: '查詢結果' });
    expect(within(query).getByText('QT8F3K2M9X4P')).toBeInTheDocument();
    expect(within(query).queryByText('查詢次數')).toBeNull();
    expect(within(query).queryByText('建議售價')).toBeNull();
    expect(within(query).queryByText('上次查詢')).toBeNull();
    expect(screen.queryByRole('heading', { name: '最新活動' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '熱門商品' })).toBeNull();
  });

  it('says "this barcode does not exist" for an unknown code', async () => {
    agreed();
    open('/m/acme?c=NOPE123', fakeFetch(unknownCodePage()).fn);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('此條碼不存在');
    expect(alert).toHaveTextContent('NOPE123');
    expect(screen.queryByText('條碼查詢成功')).toBeNull();
  });

  it('warns with the exception message when the code was scanned too often', async () => {
    agreed();
    open('/m/acme?c=X', fakeFetch(warningPage()).fn);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('請注意');
    expect(alert).toHaveTextContent('此條碼已被查詢多次，可能為仿冒品');
    expect(screen.getByText('14')).toBeInTheDocument();
    expect(screen.queryByText(/感謝您選購/)).toBeNull();
  });

  it('speaks the lang parameter, names falling back to zh_TW', async () => {
    agreed();
    const api = fakeFetch(fixturePage());
    open('/m/acme?c=X&lang=zh_CN', api.fn, { languages: ['en-US'] });
    expect(await screen.findByRole('heading', { name: '热门商品' })).toBeInTheDocument();
    expect(screen.getByText('阿里山高山乌龙 150g')).toBeInTheDocument();
    expect(screen.getByText('東方美人茶')).toBeInTheDocument(); // no zh_CN name: zh_TW's
    expect(api.calls[0]).toContain('lang=zh_CN');
  });

  it('follows the browser language without a lang parameter, and switches language without a second scan', async () => {
    agreed();
    const api = fakeFetch(fixturePage());
    const replaced: string[] = [];
    open('/m/acme?c=X', api.fn, { languages: ['en-GB', 'zh-TW'], replaceUrl: (u) => replaced.push(u) });
    expect(await screen.findByRole('heading', { name: 'Popular products' })).toBeInTheDocument();
    expect(screen.getByText('Alishan High Mountain Oolong 150 g')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    fireEvent.click(screen.getByRole('button', { name: '繁中' }));
    expect(await screen.findByRole('heading', { name: '熱門商品' })).toBeInTheDocument();
    expect(replaced).toEqual(['/m/acme?c=X&lang=zh_TW']);
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls[1]).toBe('/mapi/v1/page/acme?lang=zh_TW');
    expect(screen.getByText('QT8F3K2M9X4P')).toBeInTheDocument();
  });

  it('tells an unknown tenant apart from a network failure, which offers a retry', async () => {
    open('/m/nobody?c=X', fakeFetch(404).fn);
    expect(await screen.findByRole('heading', { name: '找不到這個品牌頁面' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /重試/ })).toBeNull();
    unmount!();
    document.body.innerHTML = '';

    agreed();
    const api = fakeFetch('offline', fixturePage());
    open('/m/acme?c=X&lang=en', api.fn);
    expect(await screen.findByRole('heading', { name: 'The page could not be loaded' })).toBeInTheDocument();
    // The document's state is set by an effect, after paint.
    await waitFor(() => expect(document.documentElement.dataset.state).toBe('error'));
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('Code found')).toBeInTheDocument();
    expect(api.calls).toHaveLength(2);
  });

  it('copes with page data missing its lists, and keeps a query without a price priceless', async () => {
    agreed();
    const page = fixturePage();
    const sparse = { tenant: page.tenant, layoutInfo: { ...page.layoutInfo, privacyInfo: null }, query: { ...page.query!, price: null } } as unknown as PageData;
    open('/m/acme?c=X', fakeFetch(sparse).fn);
    expect(await screen.findByText('條碼查詢成功')).toBeInTheDocument();
    expect(screen.queryByText('建議售價')).toBeNull();
    expect(screen.getAllByText('目前沒有內容。')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: '聯絡我們' })).toBeNull();
  });

  it('shows a loading skeleton until the data arrives', async () => {
    let release!: (r: Response) => void;
    const pending = new Promise<Response>((r) => { release = r; });
    open('/m/acme?c=X', (() => pending) as unknown as typeof fetch);
    expect(await screen.findByRole('status')).toHaveTextContent('載入中');
    await waitFor(() => expect(document.documentElement.dataset.state).toBe('loading'));
    agreed();
    release(new Response(JSON.stringify(fixturePage())));
    expect(await screen.findByText('條碼查詢成功')).toBeInTheDocument();
  });

  it('sends the position with the page call only when the shopper already allowed it', async () => {
    agreed();
    const api = fakeFetch(fixturePage());
    const geolocation = { getCurrentPosition: vi.fn((ok: PositionCallback) => ok({ coords: { latitude: 25.033964, longitude: 121.564468 } } as GeolocationPosition)) } as unknown as Geolocation;
    open('/m/acme?c=X', api.fn, { geolocation, permissions: { query: async () => ({ state: 'granted' }) as PermissionStatus } });
    await screen.findByText('條碼查詢成功');
    expect(api.calls[0]).toBe('/mapi/v1/page/acme?c=X&lang=zh_TW&lat=25.033964&lng=121.564468');
    expect(screen.queryByRole('button', { name: /分享我的位置/ })).toBeNull(); // already shared
    unmount!();
    document.body.innerHTML = '';

    const api2 = fakeFetch(fixturePage());
    const asked = vi.fn();
    open('/m/acme?c=X', api2.fn, { geolocation: { getCurrentPosition: asked } as unknown as Geolocation, permissions: { query: async () => ({ state: 'prompt' }) as PermissionStatus } });
    await screen.findByText('條碼查詢成功');
    expect(api2.calls[0]).toBe('/mapi/v1/page/acme?c=X&lang=zh_TW');
    expect(asked).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: /分享我的位置/ }));
    expect(asked).toHaveBeenCalledTimes(1);
    (asked.mock.calls[0]![0] as PositionCallback)({ coords: { latitude: 1, longitude: 2 } } as GeolocationPosition);
    expect(await screen.findByText(/已允許定位/)).toBeInTheDocument();
    expect(api2.calls).toHaveLength(1); // the scan is not recorded again
  });
});

describe('privacy consent', () => {
  it('asks a first-time shopper and remembers the agreed version per tenant', async () => {
    open('/m/acme?c=X', fakeFetch(fixturePage()).fn);
    const dialog = await screen.findByRole('dialog', { name: '隱私權政策' });
    expect(dialog).toHaveTextContent('我們只會蒐集');
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: '我同意' })));
    fireEvent.click(within(dialog).getByRole('button', { name: '我同意' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(localStorage.getItem('oioc-consent:acme')!)).toMatchObject({ version: 2 });
    // The footer link shows the text again, closable.
    const link = screen.getByRole('button', { name: '隱私權政策' });
    link.focus();
    fireEvent.click(link);
    const view = await screen.findByRole('dialog');
    expect(document.querySelector('.page')).toHaveAttribute('inert'); // the page behind is out of reach
    await waitFor(() => expect(view.contains(document.activeElement)).toBe(true)); // the focus is in the dialog
    // Where the focus is at the moment the dialog leaves the page (a mutation observer runs
    // right after the commit that removes it): back on the link, not a frame later.
    const focusWhenClosed = new Promise<Element | null>((resolve) => {
      const seen = new MutationObserver(() => {
        if (view.isConnected) return;
        seen.disconnect();
        resolve(document.activeElement);
      });
      seen.observe(document.body, { childList: true, subtree: true });
    });
    fireEvent.keyDown(view, { key: 'Escape' });
    expect(await focusWhenClosed).toBe(screen.getByRole('button', { name: '隱私權政策' }));
  });

  it('asks again for a newer forced version, not for a newer unforced one', async () => {
    localStorage.setItem('oioc-consent:acme', JSON.stringify({ version: 1, at: '' }));
    open('/m/acme?c=X', fakeFetch(fixturePage()).fn);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    unmount!();
    document.body.innerHTML = '';

    const unforced = fixturePage();
    unforced.layoutInfo.privacyInfo!.force = false;
    open('/m/acme?c=X', fakeFetch(unforced).fn);
    await screen.findByText('條碼查詢成功');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the anti-counterfeiting page (menu 30)', () => {
  const AUTH = { title: '正品保證', content: '每瓶皆於茶園封口。', images: ['/files/seal.png'] };

  it('shows under a genuine code\'s answer, with its images', async () => {
    agreed();
    open('/m/acme?c=QT8F3K2M9X4P', fakeFetch({ ...fixturePage(), authenticity: AUTH }).fn);
    const block = await screen.findByTestId('authenticity');
    expect(within(block).getByRole('heading', { name: '正品保證' })).toBeInTheDocument();
    expect(block).toHaveTextContent('每瓶皆於茶園封口。');
    expect(block.querySelector('img')).toHaveAttribute('src', '/files/seal.png');
  });

  it('is not shown for a code scanned too often, nor for an unknown code', async () => {
    agreed();
    open('/m/acme?c=QT8F3K2M9X4P', fakeFetch({ ...warningPage(), authenticity: AUTH }).fn);
    await screen.findByText(/.+/, { selector: '.query-warning strong' });
    expect(screen.queryByTestId('authenticity')).toBeNull();
    unmount!();
    unmount = null;
    open('/m/acme?c=NOPE', fakeFetch({ ...unknownCodePage(), authenticity: AUTH }).fn);
    await waitFor(() => expect(document.querySelector('.query-unknown')).not.toBeNull());
    expect(screen.queryByTestId('authenticity')).toBeNull();
  });
});

describe('preview (mode=preview)', () => {
  const post = (data: unknown, origin = ORIGIN) => window.dispatchEvent(new MessageEvent('message', { data, origin }));

  it('renders the preview defaults at once, with a preview ribbon, and reads the saved data without a scan', async () => {
    const api = fakeFetch(404);
    open('/m/acme?c=QT8F3K2M9X4P&mode=preview', api.fn);
    expect(screen.getByRole('status')).toHaveTextContent('預覽');
    expect(screen.getByText('DEMO0000000001')).toBeInTheDocument();
    expect(screen.getByText('$100')).toBeInTheDocument();
    const root = document.querySelector('.root') as HTMLElement;
    expect(root.style.getPropertyValue('--brand')).toBe('#b83a24');
    await waitFor(() => expect(api.calls).toEqual(['/mapi/v1/page/acme?lang=zh_TW']));
    expect(document.documentElement.dataset.state).toBe('ready');
    expect(document.title).toContain('[預覽]');
  });

  it('renders each posted draft over the saved data, and says preview in the shopper\'s language', async () => {
    open('/m/acme?mode=preview&lang=en', fakeFetch(fixturePage()).fn);
    expect(await screen.findByRole('heading', { level: 1, name: '青田茶園' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Preview');
    post({ type: 'oioc-preview', kind: 'layout', data: { layoutInfo: { clientDisplayName: 'Draft brand', layout: PageLayout.B, colorCode: LayoutColor.Cyan } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft brand' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(3);
    expect((document.querySelector('.root') as HTMLElement).style.getPropertyValue('--on-brand')).toBe('#000000');
    // saved data still under the draft: the popular products tab lists the saved products
    fireEvent.click(screen.getByRole('tab', { name: 'Popular products' }));
    expect(await screen.findByText('Oriental Beauty')).toBeInTheDocument();
    // a second post re-renders
    post({ type: 'oioc-preview', kind: 'popularProduct', data: { popularProducts: [{ id: 9, productId: 9, names: { en: 'Brand new tea' }, price: 99, currency: 'TWD', url: null, image: null, from: '', to: '' }] } });
    expect(await screen.findByText('Brand new tea')).toBeInTheDocument();
    expect(screen.queryByText('Oriental Beauty')).toBeNull();
  });

  it('refuses posts from another origin and messages of another type', async () => {
    const api = fakeFetch(404);
    open('/m/acme?mode=preview', api.fn);
    await waitFor(() => expect(api.calls).toHaveLength(1)); // listening
    post({ type: 'oioc-preview', kind: 'layout', data: { layoutInfo: { clientDisplayName: 'Mine' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mine' })).toBeInTheDocument();
    // The listener runs as each post is dispatched; act draws whatever they changed.
    await act(async () => {
      post({ type: 'oioc-preview', kind: 'layout', data: { layoutInfo: { clientDisplayName: 'Evil' } } }, 'https://evil.example');
      post({ type: 'something-else', data: { layoutInfo: { clientDisplayName: 'Other' } } });
      post({ type: 'oioc-preview', kind: 'layout', data: 'not an object' });
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Mine');
  });

  it('does not ask for consent in a preview', async () => {
    open('/m/acme?mode=preview', fakeFetch(fixturePage()).fn);
    await screen.findByRole('heading', { level: 1, name: '青田茶園' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

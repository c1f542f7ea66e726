/**
 * The parts of the marketing screens no declaration expresses, over a faked /v1:
 *  - the colour picker of the 11 layout colours: named swatches in a radio group, one tab
 *    stop, arrow keys choose, the chosen one is saved;
 *  - the platform list of the contact info: add (each platform once), reorder by priority,
 *    remove, the icon upload of a custom image, priorities saved in list order;
 *  - the preview: a new window on /m/{tenantCode}?mode=preview, the UNSAVED form data posted
 *    four times at 2 s to the back office's own origin, nothing more, nothing saved;
 *  - popular products: a save in edit mode reopens the record in view mode;
 *  - the marketing routes resolve to their declared screens.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { declaration } from '../../src/domain/declarations';
import type { PreviewMessage } from '../../src/domain/marketing/page';
import { CrudView } from '../../src/engine/crud/CrudScreen';
import { FormView } from '../../src/engine/crud/FormScreen';
import { screenPaths } from '../../src/app/registerAll';
import { openPreview } from '../../src/marketing/previewPoster';
import { sessionStore } from '../../src/engine/session/store';
import { config, fakeFetch, signedIn, withProviders } from './harness';

const layoutDecl = declaration('marketing.layout')!;
const contactDecl = declaration('marketing.contact-info')!;
const popularDecl = declaration('marketing.popular-product')!;

const LAYOUT = {
  current: { layout: 1, colorCode: 'b83a24', navigatorFunctions: 7, queryPageFunctions: 15, copyright: '© Demo', effectiveDate: null, updatedAt: '2025-01-01T00:00:00.000Z', privacyInfo: null },
  comingSoon: null,
};

function stub(record: Record<string, unknown>, path: string) {
  return fakeFetch((method, full, init) => {
    const p = full.split('?')[0];
    if (p.startsWith('Config/')) return { status: 200, body: config() };
    if (method === 'GET' && p === path) return { status: 200, body: record };
    if (method === 'POST' && p === path) return { status: 200, body: JSON.parse(String(init.body)) };
    if (method === 'GET') return { status: 200, body: [] };
    return undefined;
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStore.clear();
  localStorage.clear();
});

describe('colour picker', () => {
  it('offers the 11 colours by name in one radio group and saves the chosen one', async () => {
    signedIn(null, { tenantCode: 'demo', tenantType: 2 });
    const { calls } = stub(LAYOUT, 'marketing/layout');
    withProviders(<FormView decl={layoutDecl} />);
    const group = await screen.findByTestId('color-picker-current.colorCode');
    expect(group).toHaveAttribute('role', 'radiogroup');
    const swatches = within(group).getAllByRole('radio');
    expect(swatches.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Red #b83a24', 'Cyan #1fa9b5', 'Pink #e0628f', 'Orange #f08c1c', 'Light blue #4fa3e0', 'Gray #7d7d7d',
      'Yellow #e8c31c', 'Blue #1f5fbf', 'Black #222222', 'Green #3a9a4b', 'Purple #7b4fb0',
    ]);
    // One tab stop: the chosen swatch.
    expect(swatches.filter((s) => s.tabIndex === 0)).toEqual([within(group).getByRole('radio', { name: 'Red #b83a24' })]);
    const red = within(group).getByRole('radio', { name: 'Red #b83a24' });
    red.focus();
    fireEvent.keyDown(red, { key: 'ArrowRight' });
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Cyan #1fa9b5' })).toBeChecked());
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: 'Cyan #1fa9b5' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Purple #7b4fb0' })).toBeChecked());
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Red #b83a24' })).toBeChecked());
    fireEvent.click(within(group).getByRole('radio', { name: 'Green #3a9a4b' }));
    expect(within(group).getByTestId('color-picker-chosen')).toHaveTextContent('Green #3a9a4b');
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.method === 'POST')!.body!);
    expect(body.current.colorCode).toBe('3a9a4b');
    // What the server answers but never takes stays home; no coming-soon layout is sent.
    expect(body.current).not.toHaveProperty('updatedAt');
    expect(body.current).not.toHaveProperty('effectiveDate');
    expect(body).not.toHaveProperty('comingSoon');
  });
});

describe('platform list', () => {
  it('adds each platform once, reorders by priority, removes, and saves priorities in list order', async () => {
    signedIn(null, { tenantCode: 'demo', tenantType: 2 });
    const { calls } = stub({ company: { name: 'Demo Co' } }, 'marketing/contact-info');
    withProviders(<FormView decl={contactDecl} />);
    const list = await screen.findByTestId('platform-list');
    expect(within(list).getByText(/No platform yet/)).toBeInTheDocument();
    fireEvent.click(within(list).getByTestId('platform-add'));
    fireEvent.click(within(list).getByTestId('platform-add'));
    fireEvent.click(within(list).getByTestId('platform-add'));
    // LINE, WeChat, Facebook: the next free platform each time.
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const url = (i: number) => list.querySelector<HTMLInputElement>(`input[name="platforms.${i}.url"]`)!;
    fireEvent.change(url(0), { target: { value: 'https://line.me/demo' } });
    fireEvent.change(url(1), { target: { value: 'demo-wechat' } });
    fireEvent.change(url(2), { target: { value: 'https://facebook.com/demo' } });
    // Facebook first, then LINE dropped.
    fireEvent.click(within(list).getByRole('button', { name: 'Move Facebook up' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Move Facebook up' }));
    expect(within(list).getByRole('button', { name: 'Move Facebook up' })).toBeDisabled();
    fireEvent.click(within(list).getByRole('button', { name: 'Remove LINE' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.method === 'POST')!.body!);
    expect(body.platforms).toEqual([
      { type: 3, url: 'https://facebook.com/demo', priority: 1 },
      { type: 2, url: 'demo-wechat', priority: 2 },
    ]);
  });

  it('lists the more-info links as numbered items with labelled buttons in the interface language, up to 4', async () => {
    signedIn(null, { tenantCode: 'demo', tenantType: 2 });
    const { calls } = stub({ company: { name: 'Demo Co' }, moreInfo: [{ name: 'Shop', url: 'https://shop.example.com' }] }, 'marketing/contact-info');
    withProviders(<FormView decl={contactDecl} />, 'zh_TW');
    const add = await screen.findByTestId('array-add-moreInfo');
    // A section heading like the form's others, no item titled "<list>-1".
    const section = add.closest('section')!;
    expect(within(section).getByRole('heading', { level: 3 })).toHaveTextContent('更多資訊');
    expect(section.textContent).not.toMatch(/-1/);
    expect(add).toHaveTextContent('新增 1 / 4');
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByTestId('array-add-moreInfo'));
    await waitFor(() => expect(section.querySelectorAll('[data-array-item]')).toHaveLength(4));
    // At the limit the add button goes; each item has its remove button, named in Chinese.
    expect(screen.queryByTestId('array-add-moreInfo')).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: '移除第 4 項' }));
    fireEvent.click(within(section).getByRole('button', { name: '移除第 3 項' }));
    fireEvent.click(within(section).getByRole('button', { name: '移除第 2 項' }));
    await waitFor(() => expect(section.querySelectorAll('[data-array-item]')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('form-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!).moreInfo).toEqual([{ name: 'Shop', url: 'https://shop.example.com' }]);
  });

  it('asks a custom image platform for its icon, and refuses to save it without one', async () => {
    signedIn(null, { tenantCode: 'demo', tenantType: 2 });
    const { calls } = stub({ company: { name: 'Demo Co' }, platforms: [{ type: 1, url: 'line', priority: 1 }] }, 'marketing/contact-info');
    withProviders(<FormView decl={contactDecl} />);
    const list = await screen.findByTestId('platform-list');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).queryByTestId('platform-0-icon')).toBeNull();
    fireEvent.mouseDown(within(list).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Custom image' }));
    expect(await within(list).findByTestId('platform-0-icon')).toHaveTextContent('Icon image');
    fireEvent.click(screen.getByTestId('form-save'));
    expect(await screen.findByTestId('alert-modal')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('preview', () => {
  it('posts the message four times at 2 s to its own origin, and stops when the window closes', () => {
    vi.useFakeTimers();
    const posted: [unknown, string][] = [];
    const target = { closed: false, postMessage: (m: unknown, o: string) => posted.push([m, o]) };
    const open = vi.fn(() => target);
    const message: PreviewMessage = { type: 'oioc-preview', kind: 'layout', data: {} };
    const timers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) };
    expect(openPreview('demo', message, { open, origin: 'https://bo.test', ...timers })).toBe(true);
    expect(open).toHaveBeenCalledWith('https://bo.test/m/demo?mode=preview', 'oioc-preview-demo');
    expect(posted).toHaveLength(0);
    vi.advanceTimersByTime(1999);
    expect(posted).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(posted).toEqual([[message, 'https://bo.test']]);
    vi.advanceTimersByTime(6000);
    expect(posted).toHaveLength(4);
    vi.advanceTimersByTime(20_000);
    expect(posted).toHaveLength(4);
    expect(posted.every(([, origin]) => origin === 'https://bo.test')).toBe(true);

    const early: unknown[] = [];
    const closing = { closed: false, postMessage: (m: unknown) => early.push(m) };
    openPreview('demo', message, { open: () => closing, origin: 'https://bo.test', ...timers });
    vi.advanceTimersByTime(4000);
    closing.closed = true;
    vi.advanceTimersByTime(10_000);
    expect(early).toHaveLength(2);
    expect(openPreview('demo', message, { open: () => null, origin: 'https://bo.test', ...timers })).toBe(false);
  });

  it('sends the unsaved layout to /m/{tenantCode}?mode=preview and saves nothing', async () => {
    signedIn(null, { tenantCode: 'demo', tenantType: 2 });
    const { calls } = stub(LAYOUT, 'marketing/layout');
    const posted: [PreviewMessage, string][] = [];
    const open = vi.fn(() => ({ closed: false, postMessage: (m: PreviewMessage, o: string) => posted.push([m, o]) }));
    vi.stubGlobal('open', open);
    withProviders(<FormView decl={layoutDecl} />);
    const group = await screen.findByTestId('color-picker-current.colorCode');
    fireEvent.click(within(group).getByRole('radio', { name: 'Blue #1f5fbf' }));
    fireEvent.change(document.querySelector('input[name="current.copyright"]')!, { target: { value: '© Draft' } });
    vi.useFakeTimers();
    fireEvent.click(screen.getByTestId('preview-action'));
    expect(open).toHaveBeenCalledWith(`${window.location.origin}/m/demo?mode=preview`, 'oioc-preview-demo');
    act(() => vi.advanceTimersByTime(8000));
    expect(posted).toHaveLength(4);
    const [message, origin] = posted[0];
    expect(origin).toBe(window.location.origin);
    expect(message).toMatchObject({ type: 'oioc-preview', kind: 'layout', data: { layoutInfo: { colorCode: '1f5fbf', copyright: '© Draft', layout: 1 } } });
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('gets the brand products list and the first one\'s detail (SPEC 7), and previews it as the scanned product', async () => {
    signedIn(null, { tenantCode: 'demo', tenantType: 2 });
    const product = { id: 42, brandId: 3, brandName: 'Leaf', name: 'Green tea', completed: true, enable: true, currency: 'JPY', price: 350, names: { zh_TW: '綠茶', en: 'Green tea' } };
    const { calls } = fakeFetch((method, full) => {
      const p = full.split('?')[0];
      if (p.startsWith('Config/')) return { status: 200, body: config() };
      if (method === 'GET' && p === 'marketing/layout') return { status: 200, body: LAYOUT };
      if (method === 'GET' && p === 'marketing/product/brand') return { status: 200, body: { items: [{ id: 42, name: 'Green tea' }, { id: 43, name: 'Oolong' }], total: 2 } };
      if (method === 'GET' && p === 'marketing/product/brand/42') return { status: 200, body: product };
      if (method === 'GET') return { status: 200, body: [] };
      return undefined;
    });
    const posted: PreviewMessage[] = [];
    const target = { closed: false, postMessage: (m: PreviewMessage) => posted.push(m) };
    vi.stubGlobal('open', vi.fn(() => target));
    withProviders(<FormView decl={layoutDecl} />);
    fireEvent.click(await screen.findByTestId('preview-action'));
    await waitFor(() => expect(posted.length).toBeGreaterThanOrEqual(2), { timeout: 15_000 });
    target.closed = true;
    const gets = calls.filter((c) => c.method === 'GET' && c.path.startsWith('marketing/product/brand')).map((c) => c.path);
    expect(gets).toEqual(['marketing/product/brand?page=1&pageSize=1', 'marketing/product/brand/42']);
    expect(posted.at(-1)).toMatchObject({
      kind: 'layout',
      data: { layoutInfo: { layout: 1 }, query: { exists: true, price: 350, currency: 'JPY', brandName: 'Leaf', productNames: { zh_TW: '綠茶', en: 'Green tea' } } },
    });
  }, 30_000);

  it('tells the user when the browser blocks the window', async () => {
    signedIn(null, { tenantCode: 'demo', tenantType: 2 });
    stub(LAYOUT, 'marketing/layout');
    vi.stubGlobal('open', vi.fn(() => null));
    withProviders(<FormView decl={layoutDecl} />);
    fireEvent.click(await screen.findByTestId('preview-action'));
    expect(await screen.findByTestId('alert-modal')).toHaveTextContent(/blocked the preview window/);
  });
});

describe('popular products', () => {
  it('reopens the record in view mode after an edit is saved', async () => {
    signedIn(null, { tenantCode: 'demo', tenantType: 2 });
    const row = { id: 5, productId: 1, timezoneId: 103, from: '2025-01-01T00:00:00.000Z', to: '2025-02-01T00:00:00.000Z', names: { zh_TW: '茶', en: 'Tea' }, price: 80, currency: 'TWD', createdAt: '2025-01-01T00:00:00.000Z' };
    const { calls } = fakeFetch((method, full, init) => {
      const p = full.split('?')[0];
      if (p.startsWith('Config/')) return { status: 200, body: config({ timezoneInfo: [{ id: 103, zone: 'Asia/Taipei', offset: 480, names: { zh_TW: '台北', zh_CN: '台北', en: 'Taipei' } }] }) };
      if (method === 'GET' && p === 'marketing/product/popular') return { status: 200, body: { items: [row], total: 1 } };
      if (method === 'POST' && p === 'marketing/product/popular') return { status: 200, body: { ...row, ...JSON.parse(String(init.body)) } };
      if (method === 'GET') return { status: 200, body: [{ value: 1, names: { en: 'Tea leaves' } }] };
      return undefined;
    });
    withProviders(<CrudView decl={popularDecl} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByTestId('crud-form');
    fireEvent.change(dialog.querySelector('input[name="price"]')!, { target: { value: '95' } });
    fireEvent.click(within(dialog).getByTestId('crud-form-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('crud-form').querySelector('[data-mode]')).toHaveAttribute('data-mode', 'view'));
    expect(screen.getByTestId('crud-form').querySelector<HTMLInputElement>('input[name="price"]')!.value).toBe('95');
  });
});

describe('routes', () => {
  it('puts a declared screen on every marketing route', () => {
    const declared = [...screenPaths('crud'), ...screenPaths('form')];
    for (const path of ['/marketing/layout', '/marketing/brand-product', '/marketing/banner', '/marketing/product', '/marketing/popular-product', '/marketing/contact-info']) {
      expect(declared).toContain(path);
    }
  });
});

/**
 * The marketing back office end to end (src/schemas/marketing/*.json on the engine, the /v1
 * marketing API, the consumer page's preview), on the real server and database, checked in
 * the DATABASE after each save, on a client of its own (made in beforeAll) with the Marketing
 * function, like the seeded demo client; its admin role holds menus 31-36.
 *  - layout: colour (swatch), logo 162x38 and copyright; the preview window opens on
 *    /m/{tenant}?mode=preview and shows the UNSAVED colour and copyright (posted to the same
 *    origin); nothing is stored until Save; then the title display name;
 *  - product master: a product before any category says so and links to the categories tab;
 *    a category, then a product with its image;
 *  - product info of a brand product (so it can carry banners), previewed, then saved;
 *  - a banner with its two images of exactly 600x150 and 660x352;
 *  - a popular product (add closes the dialog; an edit reopens the view);
 *  - contact info with platforms in priority order, previewed, then saved.
 * Screenshots of every screen at 1440 px and 390 px go to tests/e2e/artifacts/.
 */
import { expect, test } from './test';
import { png } from '../support/png';
import { query } from './db';
import { fullClient } from './fixtures';
import { choose, openTab, screenshot, screenshotsAtWidths, signInAsNewUser, taipeiDigits, typeDateTime } from './helpers';

const stamp = Date.now().toString(36);
const state = {
  tenant: '',
  tenantId: 0,
  brandProductId: 0,
  brandProductName: `青田烏龍 ${stamp}`,
  categoryName: `茶葉 ${stamp}`,
  productName: `高山烏龍 ${stamp}`,
  popularName: `本月推薦 ${stamp}`,
};

test.describe.configure({ mode: 'serial' });
// The layout test adds an init script to its context: this file's tests get pages of their own.
test.use({ freshPage: true });

const image = (width: number, height: number) => ({
  name: `image-${width}x${height}.png`,
  mimeType: 'image/png',
  buffer: png(width, height, { fill: (x, y) => ((x + y) % 40 < 20 ? [0x3a, 0x9a, 0x4b] : [0xf3, 0xf0, 0xe6]) }),
});

test.beforeAll(async () => {
  const { tenant, clientId } = await fullClient('mkt', { zh_TW: '行銷測試客戶', zh_CN: '营销测试客户', en: 'Marketing client' });
  state.tenant = tenant;
  state.tenantId = clientId;
  // A brand product of the client (the product module's screens are tested elsewhere).
  const [brand] = await query<{ id: number }>(`insert into brands (tenant_id, name) values ($1, $2) returning id`, [state.tenantId, `青田茶園 ${stamp}`]);
  const [product] = await query<{ id: number }>(`insert into brand_products (tenant_id, brand_id, name) values ($1, $2, $3) returning id`, [state.tenantId, brand.id, state.brandProductName]);
  state.brandProductId = product.id;
});

test('layout: colour, logo and copyright previewed unsaved in the consumer page, then saved; the title display name', async ({ page, context }) => {
  // Every window of the test records the preview posts it receives (origin and data).
  await context.addInitScript(() => {
    const w = window as unknown as { __previewPosts: { origin: string; data: unknown }[] };
    w.__previewPosts = [];
    window.addEventListener('message', (e) => w.__previewPosts.push({ origin: e.origin, data: e.data }));
  });
  await signInAsNewUser(page, state.tenant, {}, '/marketing/layout');
  await expect(page.getByTestId('page-title')).toHaveText('版型設定');
  const screen = page.getByTestId('form-marketing.layout');
  const green = screen.locator('input[name="current.colorCode"][value="3a9a4b"]');
  await green.check();
  await expect(green).toBeChecked();
  await screen.locator('input[type="file"][name="current.logoUrl"]').setInputFiles(image(162, 38));
  await expect(screen.getByTestId('upload-current.logoUrl').getByTestId('upload-item')).toHaveCount(1);
  const copyright = `© 青田茶園 ${stamp}`;
  await screen.locator('input[name="current.copyright"]').fill(copyright);
  await screenshot(page, 'marketing-layout-edited-zh_TW');

  // Preview: a new window on the tenant's page in preview mode gets the unsaved layout.
  const [popup] = await Promise.all([page.waitForEvent('popup'), screen.getByTestId('preview-action').click()]);
  await expect(popup).toHaveURL(new RegExp(`/m/${state.tenant}\\?mode=preview$`));
  await expect
    .poll(() => popup.evaluate(() => (window as unknown as { __previewPosts: unknown[] }).__previewPosts.length))
    .toBeGreaterThanOrEqual(2);
  const posts = await popup.evaluate(() => (window as unknown as { __previewPosts: { origin: string; data: { type: string; kind: string; data: { layoutInfo: Record<string, unknown> } } }[] }).__previewPosts);
  const origin = new URL(page.url()).origin;
  for (const post of posts) {
    expect(post.origin).toBe(origin);
    expect(post.data).toMatchObject({ type: 'oioc-preview', kind: 'layout', data: { layoutInfo: { colorCode: '3a9a4b', copyright } } });
    expect(String(post.data.data.layoutInfo.logoUrl)).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
  }
  // The consumer page renders the draft: its copyright and colour.
  await expect(popup.getByText(copyright)).toBeVisible();
  await expect(popup.locator('.root')).toHaveAttribute('style', /--brand: ?#3a9a4b/);
  await popup.setViewportSize({ width: 390, height: 844 });
  await screenshot(popup, 'marketing-layout-preview-390');
  // Nothing was saved by the preview.
  expect(await query(`select id from marketing_layouts where tenant_id = $1`, [state.tenantId])).toHaveLength(0);
  await popup.close();

  await screen.getByTestId('form-save').click();
  await expect(page.getByTestId('toast')).toContainText('儲存成功');
  const [row] = await query<{ color_code: string; logo_url: string; copyright: string; layout: number; navigator_functions: number }>(
    `select color_code, logo_url, copyright, layout, navigator_functions from marketing_layouts where tenant_id = $1 and slot = 'current'`,
    [state.tenantId],
  );
  expect(row).toMatchObject({ color_code: '3a9a4b', copyright, layout: 1, navigator_functions: 7 });
  expect(row.logo_url).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
  expect(await query(`select id from marketing_layouts where tenant_id = $1 and slot = 'coming_soon'`, [state.tenantId])).toHaveLength(0);

  // The title display name, on the same page.
  const title = page.getByTestId('form-marketing.layout-title');
  await title.locator('input[name="names.zh_TW"]').fill(`青田茶園 ${stamp}`);
  await title.locator('input[name="names.en"]').fill(`Green Field Tea ${stamp}`);
  await title.getByTestId('form-save').click();
  await expect(page.getByTestId('toast').last()).toContainText('儲存成功');
  // The layout's toast may still show: wait for the row rather than for a toast.
  const titleNames = async () =>
    (await query<{ title_display_name: Record<string, string> }>(`select title_display_name from marketing_settings where tenant_id = $1`, [state.tenantId]))[0]?.title_display_name;
  await expect.poll(titleNames).toEqual({ zh_TW: `青田茶園 ${stamp}`, en: `Green Field Tea ${stamp}` });
  await screenshotsAtWidths(page, 'marketing-layout', { path: '/marketing/layout' });
});

test('product master: no product before a category (with a link to create one), then a category and a product', async ({ page }) => {
  await signInAsNewUser(page, state.tenant);
  expect(await query(`select id from marketing_categories where tenant_id = $1`, [state.tenantId])).toHaveLength(0);
  await page.goto('/marketing/product');
  await expect(page.getByTestId('crud-marketing.product')).toBeVisible();
  await page.getByTestId('crud-add').click();
  let form = page.getByTestId('crud-form');
  await expect(form.getByTestId('empty-hint')).toBeVisible();
  await screenshot(page, 'marketing-product-no-category-zh_TW');
  await form.getByTestId('empty-link').click();
  await expect(page).toHaveURL(/\/marketing\/product\?tab=marketing\.product-category$/);

  await page.getByTestId('crud-add').click();
  form = page.getByTestId('crud-form');
  await form.locator('input[name="names.zh_TW"]').fill(state.categoryName);
  await form.locator('input[name="names.en"]').fill(`Tea ${stamp}`);
  await form.getByTestId('crud-form-save').click();
  await expect(page.getByTestId('crud-form')).toHaveCount(0);
  await expect(page.getByTestId('toast')).toContainText('新增成功');
  const [category] = await query<{ id: number; names: Record<string, string>; enable: boolean }>(`select id, names, enable from marketing_categories where tenant_id = $1`, [state.tenantId]);
  expect(category).toMatchObject({ names: { zh_TW: state.categoryName, en: `Tea ${stamp}` }, enable: true });

  await openTab(page, 'marketing.product');
  await page.getByTestId('crud-add').click();
  form = page.getByTestId('crud-form');
  await form.locator('input[name="names.zh_TW"]').fill(state.productName);
  // The category is named in English too, so its products must be (6401).
  await form.locator('input[name="names.en"]').fill(`High mountain oolong ${stamp}`);
  await choose(form, page, 'categoryId', '茶葉', state.categoryName);
  await form.locator('input[type="file"][name="image"]').setInputFiles(image(400, 400));
  await expect(form.getByTestId('upload-image').getByTestId('upload-item')).toHaveCount(1);
  await form.getByTestId('crud-form-save').click();
  await expect(page.getByTestId('crud-form')).toHaveCount(0);
  await expect(page.getByTestId('toast').last()).toContainText('新增成功');
  const [product] = await query<{ names: Record<string, string>; category_id: number; image: string; enable: boolean }>(`select names, category_id, image, enable from marketing_products where tenant_id = $1`, [state.tenantId]);
  expect(product).toMatchObject({ names: { zh_TW: state.productName, en: `High mountain oolong ${stamp}` }, category_id: category.id, enable: true });
  expect(product.image).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
  await expect(page.locator('.MuiDataGrid-row').first()).toContainText(state.productName);
  await screenshotsAtWidths(page, 'marketing-product', { path: '/marketing/product' });
  await screenshotsAtWidths(page, 'marketing-product-category', { path: '/marketing/product?tab=marketing.product-category' });
});

test('product info of a brand product, previewed then saved; a banner with its two images', async ({ page }) => {
  await signInAsNewUser(page, state.tenant, {}, '/marketing/brand-product');
  await expect(page.getByTestId('crud-marketing.brand-product')).toBeVisible();
  const row = page.locator('.MuiDataGrid-row', { hasText: state.brandProductName });
  await row.locator('[data-testid^="row-edit-"]').click();
  const form = page.getByTestId('crud-form');
  // Not filled in yet: the declared defaults (single-choice qualification Distinct, TWD), not enabled.
  await expect(form.locator('input[name="qualification"][value="1"]')).toBeChecked();
  await form.locator('input[name="enable"]').check();
  await form.locator('input[name="names.zh_TW"]').fill(`青田烏龍茶 ${stamp}`);
  await choose(form, page, 'currency', 'TWD', /^TWD/);
  await form.locator('input[name="price"]').fill('680');
  await form.locator('input[name="firstPage"][value="4"]').check();
  await screenshot(page, 'marketing-brand-product-edit-zh_TW');
  const [popup] = await Promise.all([page.waitForEvent('popup'), form.getByTestId('preview-action').click()]);
  await expect(popup).toHaveURL(new RegExp(`/m/${state.tenant}\\?mode=preview$`));
  await expect(popup.getByText(`青田烏龍茶 ${stamp}`).first()).toBeVisible();
  await popup.close();
  expect(await query(`select id from marketing_brand_products where brand_product_id = $1`, [state.brandProductId])).toHaveLength(0);
  await form.getByTestId('crud-form-save').click();
  await expect(page.getByTestId('crud-form')).toHaveCount(0);
  await expect(page.getByTestId('toast')).toContainText('儲存成功');
  const [info] = await query<{ names: Record<string, string>; currency: string; price: string; first_page: number; qualification: number; enable: boolean }>(
    `select names, currency, price, first_page, qualification, enable from marketing_brand_products where brand_product_id = $1`,
    [state.brandProductId],
  );
  expect(info).toMatchObject({ names: { zh_TW: `青田烏龍茶 ${stamp}` }, currency: 'TWD', first_page: 4, qualification: 1, enable: true });
  expect(Number(info.price)).toBe(680);
  await screenshotsAtWidths(page, 'marketing-brand-product', { path: '/marketing/brand-product' });

  // A banner for it: only completed products are offered; both images at their exact size.
  await page.goto('/marketing/banner');
  await expect(page.getByTestId('crud-marketing.banner')).toBeVisible();
  await page.getByTestId('crud-add').click();
  const banner = page.getByTestId('crud-form');
  await choose(banner, page, 'productId', '青田', state.brandProductName);
  const now = Date.now();
  await typeDateTime(banner, page, 'from', taipeiDigits(new Date(now + 3_600_000)));
  await typeDateTime(banner, page, 'to', taipeiDigits(new Date(now + 30 * 86_400_000)));
  await banner.locator('input[type="file"][name="images.small"]').setInputFiles(image(600, 150));
  await banner.locator('input[type="file"][name="images.large"]').setInputFiles(image(660, 352));
  await expect(banner.getByTestId('upload-images.small').getByTestId('upload-item')).toHaveCount(1);
  await expect(banner.getByTestId('upload-images.large').getByTestId('upload-item')).toHaveCount(1);
  await screenshot(page, 'marketing-banner-add-zh_TW');
  await banner.getByTestId('crud-form-save').click();
  await expect(page.getByTestId('crud-form')).toHaveCount(0);
  await expect(page.getByTestId('toast').last()).toContainText('新增成功');
  const [saved] = await query<{ brand_product_id: number; image_small: string; image_large: string; starts_at: Date; ends_at: Date; timezone_id: number }>(
    `select brand_product_id, image_small, image_large, starts_at, ends_at, timezone_id from marketing_banners where tenant_id = $1`,
    [state.tenantId],
  );
  expect(saved).toMatchObject({ brand_product_id: state.brandProductId, timezone_id: 103 });
  expect(saved.image_small).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
  expect(saved.image_large).toMatch(/^\/files\/[0-9a-f]{32}\.png$/);
  expect(Math.abs(new Date(saved.starts_at).getTime() - (now + 3_600_000))).toBeLessThan(120_000);
  await screenshotsAtWidths(page, 'marketing-banner', { path: '/marketing/banner' });
});

test('a popular product: add closes the dialog, an edit reopens the view', async ({ page }) => {
  await signInAsNewUser(page, state.tenant, {}, '/marketing/popular-product');
  await expect(page.getByTestId('crud-marketing.popular-product')).toBeVisible();
  await page.getByTestId('crud-add').click();
  const form = page.getByTestId('crud-form');
  await choose(form, page, 'productId', '高山', state.productName);
  const now = Date.now();
  await typeDateTime(form, page, 'from', taipeiDigits(new Date(now - 3_600_000)));
  await typeDateTime(form, page, 'to', taipeiDigits(new Date(now + 14 * 86_400_000)));
  await form.locator('input[name="names.zh_TW"]').fill(state.popularName);
  await form.locator('input[name="price"]').fill('450');
  await form.locator('input[name="url"]').fill('https://shop.example.com/oolong');
  await screenshot(page, 'marketing-popular-add-zh_TW');
  await form.getByTestId('crud-form-save').click();
  await expect(page.getByTestId('toast')).toContainText('新增成功');
  await expect(page.getByTestId('crud-form')).toHaveCount(0);
  const [popular] = await query<{ id: number; names: Record<string, string>; price: string; currency: string; url: string }>(
    `select id, names, price, currency, url from marketing_popular_products where tenant_id = $1`,
    [state.tenantId],
  );
  expect(popular).toMatchObject({ names: { zh_TW: state.popularName }, currency: 'TWD', url: 'https://shop.example.com/oolong' });
  expect(Number(popular.price)).toBe(450);

  await page.locator('.MuiDataGrid-row', { hasText: state.popularName }).locator('[data-testid^="row-edit-"]').click();
  const edit = page.getByTestId('crud-form');
  await edit.locator('input[name="price"]').fill('420');
  await edit.getByTestId('crud-form-save').click();
  await expect(page.getByTestId('toast')).toContainText('儲存成功');
  await expect(page.getByTestId('crud-form').locator('[data-mode]')).toHaveAttribute('data-mode', 'view');
  await expect(page.getByTestId('crud-form').locator('input[name="price"]')).toHaveValue('420');
  const [edited] = await query<{ price: string }>(`select price from marketing_popular_products where id = $1`, [popular.id]);
  expect(Number(edited.price)).toBe(420);
  await page.getByTestId('crud-form-close').click();
  await screenshotsAtWidths(page, 'marketing-popular-product', { path: '/marketing/popular-product' });
});

test('contact info: company and platforms in priority order, previewed then saved', async ({ page }) => {
  await signInAsNewUser(page, state.tenant, {}, '/marketing/contact-info');
  const screen = page.getByTestId('form-marketing.contact-info');
  await screen.locator('input[name="company.name"]').fill(`青田茶園股份有限公司 ${stamp}`);
  await choose(screen, page, 'company.phoneCountryCode', '886', /886/);
  await screen.locator('input[name="company.phone"]').fill('0223456789');
  await screen.locator('input[name="company.addr"]').fill('臺北市信義區松高路 1 號');
  const list = screen.getByTestId('platform-list');
  await list.getByTestId('platform-add').click();
  await list.getByTestId('platform-add').click();
  await list.locator('input[name="platforms.0.url"]').fill('https://line.me/R/ti/p/@greenfield');
  await list.locator('input[name="platforms.1.url"]').fill('greenfield-tea');
  // WeChat first.
  await list.getByTestId('platform-1').getByRole('button', { name: /上移/ }).click();
  await expect(list.locator('input[name="platforms.0.url"]')).toHaveValue('greenfield-tea');
  await screenshot(page, 'marketing-contact-edited-zh_TW');

  const [popup] = await Promise.all([page.waitForEvent('popup'), screen.getByTestId('preview-action').click()]);
  await expect(popup.getByText(`青田茶園股份有限公司 ${stamp}`).first()).toBeVisible();
  await popup.close();

  await screen.getByTestId('form-save').click();
  await expect(page.getByTestId('toast')).toContainText('儲存成功');
  const [contact] = await query<{ company: Record<string, string>; platforms: { type: number; url: string; priority: number }[] }>(
    `select company, platforms from marketing_contacts where tenant_id = $1`,
    [state.tenantId],
  );
  expect(contact.company).toMatchObject({ name: `青田茶園股份有限公司 ${stamp}`, phone: '0223456789', phoneCountryCode: '886' });
  expect(contact.platforms.map((p) => [p.type, p.url, p.priority])).toEqual([
    [2, 'greenfield-tea', 1],
    [1, 'https://line.me/R/ti/p/@greenfield', 2],
  ]);
  await screenshotsAtWidths(page, 'marketing-contact-info', { path: '/marketing/contact-info' });
});

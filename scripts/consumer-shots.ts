/**
 * Screenshots of the consumer page (/m/{tenantCode}) rendering the fixtures of
 * tests/ui/consumerFixtures.ts, in the three languages at 390 px and 1440 px, for a person to
 * look at. The page and its assets come from a running server of this tree (npx vite build,
 * then the server); the Marketing API answers and the images are faked in the browser.
 *
 *   npx tsx scripts/consumer-shots.ts [baseUrl=http://127.0.0.1:8401] [outDir=/tmp/consumer-shots]
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { fixturePage, unknownCodePage, warningPage } from '../tests/ui/consumerFixtures';
import { LayoutColor, PageLayout } from '../src/domain/enums';
import type { PageData } from '../src/domain/marketing/page';

const base = process.argv[2] ?? 'http://127.0.0.1:8401';
const out = process.argv[3] ?? '/tmp/consumer-shots';
fs.mkdirSync(out, { recursive: true });

function svg(name: string): string {
  const w = (width: number, height: number, body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
  const font = 'font-family="Noto Sans CJK TC, sans-serif"';
  if (name.startsWith('logo')) return w(120, 120, `<circle cx="60" cy="60" r="56" fill="#2f6b3a"/><path d="M60 24c22 14 26 44 0 72-26-28-22-58 0-72z" fill="#9ed39a"/><path d="M60 34v58" stroke="#2f6b3a" stroke-width="4"/>`);
  if (name.startsWith('banner-s')) return w(600, 150, `<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#1e5631"/><stop offset="1" stop-color="#a4de02"/></linearGradient></defs><rect width="600" height="150" fill="url(#g)"/><text x="30" y="90" ${font} font-size="40" fill="#fff" font-weight="700">會員日 全館 9 折</text>`);
  if (name.startsWith('banner-1')) return w(660, 352, `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f3d2e"/><stop offset="1" stop-color="#4c9a2a"/></linearGradient></defs><rect width="660" height="352" fill="url(#g)"/><circle cx="520" cy="180" r="120" fill="#d8f3dc" opacity=".25"/><circle cx="520" cy="180" r="70" fill="#d8f3dc" opacity=".35"/><text x="40" y="150" ${font} font-size="48" fill="#fff" font-weight="800">冬季新茶上市</text><text x="40" y="210" ${font} font-size="26" fill="#d8f3dc">高山烏龍 限時 8 折</text>`);
  if (name.startsWith('banner-2')) return w(660, 352, `<rect width="660" height="352" fill="#7a3e1d"/><rect x="0" y="250" width="660" height="102" fill="#5a2a12"/><text x="40" y="160" ${font} font-size="46" fill="#ffe8cc" font-weight="800">東方美人 典藏禮盒</text><text x="40" y="215" ${font} font-size="24" fill="#ffd6a5">送禮自用兩相宜</text>`);
  if (name.startsWith('act')) return w(300, 300, `<rect width="300" height="300" fill="${name.includes('1') ? '#ffe5b4' : '#cde7f0'}"/><circle cx="150" cy="150" r="80" fill="${name.includes('1') ? '#e07a1f' : '#2a7fa8'}"/><text x="150" y="165" text-anchor="middle" ${font} font-size="40" fill="#fff">${name.includes('1') ? '品茗' : '集點'}</text>`);
  if (name.startsWith('prod')) {
    const colors: Record<string, string[]> = { '1': ['#e8f5e9', '#2e7d32'], '2': ['#fff3e0', '#b85c00'], '3': ['#fce4ec', '#8e1b3a'] };
    const [bg, fg] = colors[name.replace(/\D/g, '')] ?? ['#eee', '#555'];
    return w(300, 300, `<rect width="300" height="300" fill="${bg}"/><rect x="95" y="70" width="110" height="170" rx="14" fill="${fg}"/><rect x="95" y="110" width="110" height="50" fill="#fff" opacity=".85"/><rect x="110" y="55" width="80" height="22" rx="6" fill="${fg}" opacity=".7"/>`);
  }
  if (name.startsWith('map')) return w(600, 360, `<rect width="600" height="360" fill="#e8eef1"/><path d="M0 120h600M0 250h600M180 0v360M420 0v360" stroke="#fff" stroke-width="14"/><path d="M0 40l600 260" stroke="#ffd166" stroke-width="10"/><circle cx="300" cy="170" r="16" fill="#d62828"/><circle cx="300" cy="170" r="6" fill="#fff"/>`);
  if (name.startsWith('shop-icon')) return w(48, 48, `<rect width="48" height="48" rx="10" fill="#ff6f00"/><path d="M12 18h24l-2 18H14z" fill="#fff"/><path d="M18 18a6 6 0 0 1 12 0" stroke="#fff" stroke-width="3" fill="none"/>`);
  return w(10, 10, '');
}

type Scenario = { name: string; tenant: string; query?: string; data: PageData | 'unknown' | 'error'; consent?: boolean; preview?: boolean };

const withLayout = (layout: number, colorCode: string) => fixturePage({ layout, colorCode });
const only = process.env.SHOT_ONLY?.split(',');
const all: Scenario[] = [
  { name: 'A-green', tenant: 'acme', data: withLayout(PageLayout.A, LayoutColor.Green) },
  { name: 'B-purple', tenant: 'acme', data: withLayout(PageLayout.B, LayoutColor.Purple) },
  { name: 'C-yellow', tenant: 'acme', data: withLayout(PageLayout.C, LayoutColor.Yellow) },
  { name: 'C-red', tenant: 'acme', data: withLayout(PageLayout.C, LayoutColor.Red) },
  { name: 'warning', tenant: 'acme', data: warningPage() },
  { name: 'unknown-code', tenant: 'acme', data: unknownCodePage() },
  { name: 'unknown-tenant', tenant: 'nobody', data: 'unknown' },
  { name: 'network-error', tenant: 'acme', data: 'error' },
  { name: 'consent', tenant: 'acme', data: withLayout(PageLayout.A, LayoutColor.Blue), consent: true },
  { name: 'preview', tenant: 'acme', data: 'unknown', preview: true },
];
const scenarios = only ? all.filter((s) => only.includes(s.name)) : all;

async function prepare(page: Page, s: Scenario) {
  await page.route('**/fixture-img/**', (route) => route.fulfill({ contentType: 'image/svg+xml', body: svg(path.basename(new URL(route.request().url()).pathname)) }));
  await page.route('**/mapi/v1/**', (route) => {
    if (s.data === 'error') return route.abort('internetdisconnected');
    if (s.data === 'unknown') return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ code: 2, message: 'not found' }) });
    return route.fulfill({ contentType: 'application/json', body: JSON.stringify(s.data) });
  });
  if (!s.consent) await page.addInitScript(() => localStorage.setItem('oioc-consent:acme', JSON.stringify({ version: 99, at: '' })));
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const langs = ['zh_TW', 'zh_CN', 'en'] as const;
for (const s of scenarios) {
  for (const [vw, vh] of [[390, 844], [1440, 900]] as const) {
    for (const lang of s.name.startsWith('A-') || s.name === 'preview' ? langs : (['zh_TW'] as const)) {
      const context = await browser.newContext({ viewport: { width: vw, height: vh }, deviceScaleFactor: 1, locale: 'zh-TW', timezoneId: 'Asia/Taipei' });
      const page = await context.newPage();
      await prepare(page, s);
      const q = new URLSearchParams({ c: 'QT8F3K2M9X4P', lang });
      if (s.preview) q.set('mode', 'preview');
      await page.goto(`${base}/m/${s.tenant}?${q}`);
      await page.waitForFunction(() => document.documentElement.dataset.state && document.documentElement.dataset.state !== 'loading');
      if (s.preview) {
        await page.screenshot({ path: path.join(out, `${s.name}-defaults-${vw}-${lang}.png`), fullPage: true });
        const draft = { layoutInfo: { layout: PageLayout.B, colorCode: LayoutColor.Cyan, clientDisplayName: '草稿品牌', scanGeneralMessage: '這是尚未儲存的草稿訊息。' }, popularProducts: fixturePage().popularProducts };
        await page.evaluate((d) => window.postMessage({ type: 'oioc-preview', kind: 'layout', data: d }, location.origin), draft);
        await page.waitForTimeout(300);
      }
      // Lazy images load once scrolled near.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += vh) { await page.evaluate((top) => window.scrollTo(0, top), y); await page.waitForTimeout(80); }
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(out, `${s.name}-${vw}-${lang}.png`), fullPage: true });
      if (process.env.SHOT_PARTS) {
        for (let y = 0, i = 0; y < height; y += vh, i++) {
          await page.screenshot({ path: path.join(out, `part-${s.name}-${vw}-${lang}-${i}.png`), fullPage: true, clip: { x: 0, y, width: vw, height: Math.min(vh, height - y) } });
        }
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(`screenshots in ${out}`);

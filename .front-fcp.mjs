import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const urls = process.argv.slice(2);
const res = Object.fromEntries(urls.map((u) => [u, []]));
for (let i = 0; i < 7; i++) for (const u of urls) {
  const ctx = await b.newContext({ viewport: { width: 1440, height: 900 } });
  const p = await ctx.newPage();
  await p.goto('http://127.0.0.1:8294' + u);
  await p.waitForTimeout(400);
  res[u].push(await p.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime));
  await ctx.close();
}
for (const u of urls) { const a = res[u].sort((x, y) => x - y); console.log(u.padEnd(40), 'median', a[3], a.join(' ')); }
await b.close();

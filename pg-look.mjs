import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
page.on('console', (m) => m.type() !== 'log' && console.log('console', m.type(), m.text().slice(0, 600)));
page.on('pageerror', (e) => console.log('pageerror', e.message.slice(0, 800)));
await page.goto('http://127.0.0.1:9060/login?code=platform');
await page.locator('input[name="account"]').fill('admin');
await page.locator('input[name="mima"]').fill('Admin12345');
await page.getByTestId('sign-in').click();
const forced = page.getByTestId('default-password-modal');
await page.waitForTimeout(2500);
if (await forced.isVisible()) {
  await forced.getByTestId('modal-confirm').click();
  const d = page.getByTestId('password-dialog');
  await d.locator('input[name="originalMima"]').fill('Admin1234');
  await d.locator('input[name="newMima"]').fill('Admin12345');
  await d.locator('input[name="confirmNewMima"]').fill('Admin12345');
  await d.getByTestId('password-save').click();
}
await page.waitForTimeout(5000);
console.log(page.url());
console.log((await page.locator('main').innerHTML()).slice(0, 1500));
await page.screenshot({ path: '/tmp/pg-look.png' });
await browser.close();

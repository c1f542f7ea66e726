/**
 * The client screen resets a client administrator's password (PUT System/initial/admin?tenantId=):
 * the operator confirms, reads the new default password once, and the client's admin signs in
 * with it and must change it; the old one no longer works.
 */
import { expect, test, type Page } from '@playwright/test';
import { countryLocationId } from '../../src/domain/reference/dialCodes';
import { query } from './db';
import { screenshot, sessionToken, signInAsNewUser } from './helpers';

async function newClient(page: Page): Promise<{ id: number; clientCode: string; defaultPassword: string }> {
  const res = await page.request.post('/v1/system/client', {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
    data: {
      names: { zh_TW: '重設測試客戶', en: 'Reset test client' }, code: `rs${Date.now().toString(36)}`, status: 1, proxyType: 1, functions: 1,
      layouts: 3, domainType: 1, defaultLanguage: 'zh_TW', country: countryLocationId('TW'),
      contacts: { primary: { name: 'Amy', phoneCountryCode: '+886', phone: '912345678', email: 'amy@example.com' } },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function adminRow(clientId: number) {
  const [row] = await query<{ mima_hash: string; mima_status: number }>(
    `select mima_hash, mima_status from users where tenant_id = $1 and account = 'admin'`,
    [clientId],
  );
  return row;
}

for (const width of [1440, 390]) {
  test(`the operator resets a client admin's password from the client list (${width} px)`, async ({ page }) => {
    await signInAsNewUser(page, 'platform');
    const client = await newClient(page);
    const before = await adminRow(client.id);
    await page.setViewportSize({ width, height: width > 600 ? 900 : 800 });
    await page.goto('/system/client');
    await page.getByTestId('crud-filters').locator('input[name="keyword"]').fill(client.clientCode);
    await page.getByTestId('crud-search').click();

    await page.getByTestId(`row-resetAdminPassword-${client.id}`).click();
    const ask = page.getByTestId('confirm-modal');
    await expect(ask).toContainText(`確定要將「${client.clientCode}」的管理員「admin」密碼重設`);
    await ask.getByTestId('modal-confirm').click();
    const result = page.getByTestId('result-modal');
    await expect(result).toContainText('管理員「admin」的新預設密碼為');
    const password = (await result.getByTestId('result-value').textContent())?.trim() ?? '';
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(password).not.toBe(client.defaultPassword);
    await screenshot(page, `client-reset-admin-${width}`);

    // The database holds a new hash that must be changed at the first sign-in.
    const after = await adminRow(client.id);
    expect(after.mima_hash).not.toBe(before.mima_hash);
    expect(after.mima_status).toBe(2);
    const [log] = await query<{ resource: string; action: string }>(
      `select resource, action from change_logs where tenant_id = $1 and resource = 'employee' and action = 'update'`,
      [client.id],
    );
    expect(log).toEqual({ resource: 'employee', action: 'update' });
  });
}

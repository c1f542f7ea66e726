/** SPEC.md section 2 "Entry and guards", plus the login form's own checks. */
import { expect, test } from './test';
import { createUser, query, uniqueAccount, userRow } from './db';
import { fullClient } from './fixtures';
import { fillLogin, signInAsNewUser, STRONG_PASSWORD } from './helpers';

test.describe('entry and guards', () => {
  test('/ goes to /login, and /login without a code goes to /forbidden', async ({ page }) => {
    const seen: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) seen.push(new URL(f.url()).pathname);
    });
    await page.goto('/');
    await expect(page).toHaveURL(/\/forbidden$/);
    await expect(page.getByTestId('forbidden')).toBeVisible();
    await expect(page).toHaveTitle(/無法存取 - 一物一碼管理系統/);
    // The SPA replaced / by /login, then /login by /forbidden.
    expect(seen[0]).toBe('/');
  });

  test('/login?code shows the tenant; /home without a session goes back to that login page', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/forbidden$/); // no tenant known yet: /login -> /forbidden

    await page.goto('/login?code=platform');
    await expect(page.getByTestId('tenant-name')).toHaveText('平台營運商');
    await expect(page.locator('input[name="account"]')).toBeVisible();
    await expect(page.locator('input[name="mima"]')).toHaveAttribute('type', 'password');
    await expect(page.getByTestId('forgot-hint')).toContainText('請聯繫您的系統管理員');
    await expect(page).toHaveTitle('登入 - 一物一碼管理系統');

    await page.goto('/home');
    await expect(page).toHaveURL(/\/login\?code=platform$/);
  });

  test('unknown paths go to / and on to the login route', async ({ page }) => {
    const { tenant } = await fullClient('guard', { zh_TW: '守門客戶', zh_CN: '守门客户', en: 'Guard client' });
    const login = new RegExp(`/login\\?code=${tenant}$`);
    await page.goto(`/login?code=${tenant}`);
    await expect(page.getByTestId('tenant-name')).toHaveText('守門客戶');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(login);
    await page.goto('/system/role/unknown-child');
    await expect(page).toHaveURL(login);
  });

  test('an unknown tenant code shows the Fail modal with code 2', async ({ page }) => {
    await page.goto('/login?code=nope&lang=en');
    const fail = page.getByTestId('fail-modal');
    await expect(fail).toBeVisible();
    await expect(fail).toContainText('Fail');
    await expect(fail.getByTestId('app-modal-message')).toHaveText('The requested data was not found. (2)');
    await expect(fail.getByTestId('modal-cancel')).toHaveCount(0);
    // Not closable by Escape.
    await page.keyboard.press('Escape');
    await expect(fail).toBeVisible();
    await fail.getByTestId('modal-confirm').click();
    await expect(fail).toBeHidden();
    await expect(page.getByTestId('tenant-unknown')).toBeVisible();
    await expect(page.getByTestId('sign-in')).toBeDisabled();
  });

  test('the login form validates on submit first, and a wrong password fails with code 14', async ({ page }) => {
    await page.goto('/login?code=platform&lang=en');
    await page.getByTestId('sign-in').click();
    const notice = page.getByTestId('alert-modal');
    await expect(notice).toContainText('Some fields fail validation');
    await expect(notice.getByTestId('modal-cancel')).toHaveCount(0);
    await notice.getByTestId('modal-confirm').click();
    await expect(page.locator('input[aria-invalid="true"]')).toHaveCount(2);
    await expect(page.locator('input[name="account"]')).toBeFocused();

    await fillLogin(page, 'platform', 'nobody', 'Whatever123');
    const fail = page.getByTestId('fail-modal');
    await expect(fail.getByTestId('app-modal-message')).toHaveText('Sign-in failed: wrong account or password. (14)');
    await fail.getByTestId('modal-confirm').click();
    await expect(page).toHaveURL(/\/login\?code=platform$/);
  });

  test('before the page\'s script runs the prerendered form sends nothing, so the password never goes into the address', async ({ page }) => {
    const account = uniqueAccount();
    const id = await createUser({ tenantCode: 'platform', account, password: STRONG_PASSWORD });
    // The prerendered form, its script held back (a slow network; it loads after the form's first paint).
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => { await held; await route.continue(); });
    // Every request and navigation of the page: a sent form would show in either the moment it goes.
    const sent: string[] = [];
    page.on('request', (r) => sent.push(r.url()));
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) sent.push(f.url()); });
    await page.goto('/login?code=platform', { waitUntil: 'domcontentloaded' });
    await page.locator('input[name="account"]').fill(account);
    await page.locator('input[name="mima"]').fill(STRONG_PASSWORD);
    await expect(page.getByTestId('sign-in')).toBeDisabled();
    await page.locator('input[name="mima"]').press('Enter');
    // The script arrives: the page the script hydrates is still this one (a sent form would have
    // left it for an address without the code), with what was typed, and the form works.
    release();
    await expect(page.getByTestId('tenant-name')).toHaveText('平台營運商');
    await expect(page).toHaveURL(/\/login\?code=platform$/);
    expect(sent.filter((u) => u.includes('mima') || u.includes(account))).toEqual([]);
    await expect(page.locator('input[name="mima"]')).toHaveValue(STRONG_PASSWORD);
    await page.getByTestId('sign-in').click();
    await expect(page.getByTestId('home').or(page.getByTestId('default-password-modal'))).toBeVisible();
    expect(sent.filter((u) => u.includes('mima') || u.includes(account))).toEqual([]);
    expect((await userRow('platform', account)).id).toBe(id);
    expect(Number((await query<{ n: string }>('select count(*) as n from sessions where user_id = $1', [id]))[0].n)).toBe(1);
  });

  test('section routes: parents go to their first child, paths outside the menu go to /home', async ({ page }) => {
    await signInAsNewUser(page, 'platform');
    // With a session, /login goes to /home.
    await page.goto('/login?code=platform');
    await expect(page).toHaveURL(/\/home$/);

    await page.goto('/system');
    await expect(page).toHaveURL(/\/system\/role$/);
    await expect(page.getByTestId('page-title')).toHaveText('員工角色設定');
    await expect(page).toHaveTitle('員工角色設定 - 一物一碼管理系統');

    // The operator's menu holds neither marketing nor the activities nor the unreleased binding.
    for (const path of ['/marketing/layout', '/marketing', '/activity/lottery-activity', '/binding/factory', '/system/supplier']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/home$/);
    }
    // Reachable functions stay.
    await page.goto('/system/client');
    await expect(page).toHaveURL(/\/system\/client$/);
    await expect(page.getByTestId('page-title')).toHaveText('客戶帳號設定');
  });
});

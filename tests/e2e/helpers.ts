/** Page helpers shared by the specs. */
import crypto from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { createUser, uniqueAccount } from './db';

export const STRONG_PASSWORD = 'E2ePass123';

/** Goes to the login page of a tenant (optionally with ?lang) and signs in. */
export async function fillLogin(page: Page, tenant: string, account: string, password: string, lang?: string): Promise<void> {
  await page.goto(`/login?code=${tenant}${lang ? `&lang=${lang}` : ''}`);
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="mima"]').fill(password);
  await page.getByTestId('sign-in').click();
}

/**
 * Signs in and lands on /home whatever the account's mimaStatus: when the change-default-
 * password dialog appears, the password is changed to `newPassword` first.
 */
export async function signIn(page: Page, tenant: string, account: string, password: string, newPassword = STRONG_PASSWORD): Promise<string> {
  await fillLogin(page, tenant, account, password);
  const forced = page.getByTestId('default-password-modal');
  await expect(forced.or(page.getByTestId('home'))).toBeVisible();
  if (await forced.isVisible()) {
    await forced.getByTestId('modal-confirm').click();
    const dialog = page.getByTestId('password-dialog');
    await dialog.locator('input[name="originalMima"]').fill(password);
    await dialog.locator('input[name="newMima"]').fill(newPassword);
    await dialog.locator('input[name="confirmNewMima"]').fill(newPassword);
    await dialog.getByTestId('password-save').click();
    await expect(page.getByTestId('home')).toBeVisible();
    return newPassword;
  }
  return password;
}

/**
 * A fresh user of the tenant (admin role, normal password status), signed in on /home, or on
 * the page `at` (a path, with its query) when the test starts there: the app then loads once.
 * The sign-in goes through the API as the login page does (RSA-encrypted password, POST
 * Identity/token) and the session is stored where the login page stores it: the login form
 * itself is tested by 01-guards, 02-first-login and 04-profile, and skipping its page load
 * here saves seconds on every test.
 */
export async function signInAsNewUser(page: Page, tenant: string, extra: Partial<Parameters<typeof createUser>[0]> = {}, at = '/home'): Promise<{ account: string; id: number }> {
  const account = uniqueAccount();
  const id = await createUser({ tenantCode: tenant, account, password: STRONG_PASSWORD, ...extra });
  const config = await page.request.get(`/v1/Config/tenant/${tenant}`);
  expect(config.status()).toBe(200);
  const { passwordPublicKey } = (await config.json()) as { passwordPublicKey: string };
  const mima = crypto
    .publicEncrypt({ key: passwordPublicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(STRONG_PASSWORD, 'utf8'))
    .toString('base64');
  const res = await page.request.post('/v1/Identity/token', { data: { tenantCode: tenant, account, mima } });
  expect(res.status(), await res.text()).toBe(200);
  const user = (await res.json()) as { tenantCode?: string };
  // A small static file of the origin, so localStorage is the app's without loading the app twice.
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([session, code]) => {
      localStorage.setItem('oioc.session', session);
      localStorage.setItem('oioc.tenant', code);
    },
    [JSON.stringify({ user: { ...user, tenantCode: user.tenantCode || tenant }, menu: null }), tenant] as const,
  );
  await page.goto(at);
  await expect(page.getByTestId(new URL(at, 'http://x').pathname === '/home' ? 'home' : 'main')).toBeVisible();
  return { account, id };
}

/**
 * The page at rest: its fonts loaded and every finite animation or transition (MUI's dialogs and
 * collapses, ~225-300 ms) finished; endless ones (spinners, skeleton pulses) are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    for (let round = 0; round < 5; round++) {
      const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      await new Promise((r) => requestAnimationFrame(() => r(undefined)));
    }
  });
}

/**
 * Screenshots for a developer to look at (tests/e2e/artifacts/<name>.png), taken only with
 * E2E_SHOTS=1: nothing compares them (the visual project compares every screen with its
 * committed baseline), and in the test command they cost page loads, PNG encoding and disk
 * for nobody. `fullPage` takes the whole scrolling page too (<name>-full.png).
 */
export const SHOTS = process.env.E2E_SHOTS === '1';

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean; idle?: boolean } = {}): Promise<void> {
  if (!SHOTS) return;
  if (options.idle) await page.waitForLoadState('networkidle');
  await settled(page);
  await page.screenshot({ path: `tests/e2e/artifacts/${name}.png`, animations: 'disabled', caret: 'hide' });
  if (options.fullPage) await page.screenshot({ path: `tests/e2e/artifacts/${name}-full.png`, fullPage: true, animations: 'disabled', caret: 'hide' });
}

/**
 * Screenshots of a screen at 1440 and 390 px (<name>-1440, <name>-390; E2E_SHOTS=1 only): the
 * page at `path` opened afresh at each width, or the page as it is; the window then back to the
 * journeys' size.
 */
export async function screenshotsAtWidths(page: Page, name: string, options: { path?: string; fullPage?: boolean } = {}): Promise<void> {
  if (!SHOTS) return;
  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    await page.setViewportSize({ width, height });
    if (options.path) {
      await page.goto(options.path);
      await expect(page.getByTestId('page-title')).toBeVisible();
    }
    await screenshot(page, `${name}-${width}`, { fullPage: options.fullPage, idle: true });
  }
  await page.setViewportSize({ width: 1366, height: 820 });
}

/** Types a date-time field's digits (YYYYMMDDHHmm) into its picker's sections, from the first. */
export async function typeDateTime(scope: Locator | Page, page: Page, name: string, digits: string): Promise<void> {
  const field = scope.locator(`input[name="${name}"]`).locator('xpath=..');
  await field.locator('[role="spinbutton"]').first().click();
  await page.keyboard.type(digits);
}

/** The digits (YYYYMMDDHHmm) of `at` on Taipei's wall clock, as typed into a date-time field. */
export function taipeiDigits(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Taipei', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}`;
}

/** Picks an option of an Autocomplete (select, country, dial code, timezone) by typing part of its label. */
export async function choose(scope: Locator, page: Page, name: string, typed: string, option: RegExp | string): Promise<void> {
  await scope.locator(`input[name="${name}"]`).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * Opens a tab of a screen with several lists and waits until that list is the one shown, so a
 * following click (add, export) reaches the new list and not the one being replaced.
 */
export async function openTab(page: Page, declarationId: string): Promise<void> {
  const tab = page.getByTestId(`crud-tab-${declarationId}`);
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId(`crud-${declarationId}`)).toBeVisible();
}

/** The signed-in page's session token (what the app sends as its bearer token). */
export async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('oioc.session') ?? '{}').user?.token as string);
}

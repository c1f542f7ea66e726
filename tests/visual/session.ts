/**
 * Where the visual setup keeps the two signed-in sessions (Playwright storage states) and the
 * side menu of each, for the visual tests of the same run; and the page preparation every
 * visual test shares: its clock fixed, its language chosen, its fonts loaded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { runId } from '../e2e/env';
import { CLIENT, FIXED_NOW } from './data';

export type MenuPaths = Record<'platform' | typeof CLIENT, string[]>;

export function stateDir(): string {
  return path.join(os.tmpdir(), `oioc-e2e-${runId()}-visual-state`);
}

export function statePath(name: string): string {
  return path.join(stateDir(), `${name}.json`);
}

/** The tenant whose menu holds a path (the operator's first), or undefined. */
export function tenantOf(menuPath: string): 'platform' | typeof CLIENT | undefined {
  const menus = JSON.parse(fs.readFileSync(statePath('menus'), 'utf8')) as MenuPaths;
  return (['platform', CLIENT] as const).find((t) => menus[t].includes(menuPath));
}

export interface Shot { width: number; height: number; lang: 'zh_TW' | 'en' }

export const WIDE_ZH: Shot = { width: 1440, height: 900, lang: 'zh_TW' };
export const PHONE_EN: Shot = { width: 390, height: 844, lang: 'en' };

/**
 * A page signed in as the tenant's visual account (or none), at a size, its clock fixed. The
 * context and its page are made once per worker for each tenant and size and kept for the
 * worker's next tests (the browser is the worker's too): its HTTP cache then holds the app's
 * chunks, so a screen opens without downloading and compiling them again, and no new page
 * process starts. Every test opens its screen with a navigation (a new document, the app
 * started afresh); what a context keeps between tests is the session, the tenant code and the
 * language, and every test sets the language in its URL. Tests leave the page open.
 */
const kept = new Map<string, Promise<{ context: BrowserContext; page: Page }>>();

export async function visualContext(browser: Browser, tenant: 'platform' | typeof CLIENT | null, shot: Shot): Promise<{ context: BrowserContext; page: Page }> {
  const key = `${tenant}|${shot.width}x${shot.height}|${shot.lang}`;
  let made = kept.get(key);
  if (!made) {
    const phone = shot.width < 600;
    const context = browser.newContext({
      storageState: tenant ? statePath(tenant) : undefined,
      viewport: { width: shot.width, height: shot.height },
      isMobile: phone,
      hasTouch: phone,
      locale: shot.lang === 'en' ? 'en-US' : 'zh-TW',
      timezoneId: 'Asia/Taipei',
    });
    // Math.random seeded the same on every page (a Park-Miller generator): the games that
    // scatter or shuffle their pieces (the puzzle, the guess card) lay them out the same way.
    made = context.then(async (c) => {
      await c.addInitScript(() => {
        let seed = 20260615;
        Math.random = () => {
          seed = (seed * 16807) % 2147483647;
          return (seed - 1) / 2147483646;
        };
      });
      const page = await c.newPage();
      // The context's clock (page.clock is the context's): fixed for every navigation.
      await page.clock.setFixedTime(FIXED_NOW);
      return { context: c, page };
    });
    kept.set(key, made);
  }
  return made;
}

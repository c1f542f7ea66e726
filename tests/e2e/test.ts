/**
 * The journeys' `test`: Playwright's, with the page and its context kept for the worker's next
 * tests (per set of context options), reset between tests instead of made again.
 *
 * Why: a new page is a new renderer process, which downloads, parses and compiles the app's
 * JavaScript again on its first load; a kept page navigates to the next test's screens in the
 * same process, with the chunks in its context's HTTP cache and V8's compilation cache warm
 * (the visual snapshots keep theirs for the same reason, tests/visual/session.ts).
 *
 * What a test leaves behind is taken away before the next one, so each test still starts as a
 * new visitor: the document (the page goes to a small static file of the origin first, which
 * ends the app), the origin's storage (local, session, IndexedDB, caches) and cookies, routes,
 * permissions, offline mode, the viewport, listeners added to the page or the context, and
 * every other page of the context (popups). A test that failed gives its page up: the next test
 * gets a new one.
 *
 * A spec that needs what cannot be taken away (page.clock, exposeFunction, init scripts) sets
 * `test.use({ freshPage: true })`: its tests get Playwright's own context and page, as before.
 * E2E_FRESH_PAGES=1 does that for every test (for a local trace of a failure: the kept pages
 * record none).
 */
import { test as base, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

interface Kept { context: BrowserContext; page: Page; listeners: Baseline; contextListeners: Baseline }
type Emitter = { eventNames(): (string | symbol)[]; listeners(event: string | symbol): unknown[]; removeListener(event: string | symbol, fn: never): unknown };
type Baseline = Map<string | symbol, Set<unknown>>;

/** The worker's kept pages, by their context options. */
const kept = new Map<string, Kept>();

const baseline = (e: Emitter): Baseline => new Map(e.eventNames().map((n) => [n, new Set(e.listeners(n))]));

/** Removes the listeners added since `before` (Playwright's own stay). */
function removeAdded(e: Emitter, before: Baseline): void {
  for (const name of e.eventNames()) {
    const had = before.get(name);
    for (const fn of e.listeners(name)) if (!had?.has(fn)) e.removeListener(name, fn as never);
  }
}

async function make(browser: Browser, options: BrowserContextOptions): Promise<Kept> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  return { context, page, listeners: baseline(page as unknown as Emitter), contextListeners: baseline(context as unknown as Emitter) };
}

/** The kept page, as a new visitor would find it (see above). */
async function reset(k: Kept, options: BrowserContextOptions): Promise<void> {
  const { context, page } = k;
  for (const other of context.pages()) if (other !== page) await other.close();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  removeAdded(page as unknown as Emitter, k.listeners);
  removeAdded(context as unknown as Emitter, k.contextListeners);
  await context.setOffline(false);
  await context.clearPermissions();
  if (options.viewport) await page.setViewportSize(options.viewport);
  // End the previous test's app first (a static file of the origin), then forget what it kept.
  await page.goto('/favicon.svg');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(page.url()).origin,
    storageTypes: 'local_storage,session_storage,indexeddb,cache_storage,service_workers,cookies',
  });
  await cdp.detach();
  await context.clearCookies();
}

export const test = base.extend<{ freshPage: boolean }>({
  freshPage: [process.env.E2E_FRESH_PAGES === '1', { option: true }],

  context: async ({ context, freshPage, browser, baseURL, viewport, locale, timezoneId, isMobile, hasTouch, userAgent, reducedMotion }, use, testInfo) => {
    if (freshPage) {
      await use(context);
      return;
    }
    const options: BrowserContextOptions = { baseURL, viewport, locale, timezoneId, isMobile, hasTouch, userAgent, reducedMotion };
    const key = JSON.stringify(options);
    let k = kept.get(key);
    if (k?.page.isClosed()) {
      await k.context.close().catch(() => undefined);
      k = undefined;
    }
    if (k) await reset(k, options);
    else {
      k = await make(browser, options);
      kept.set(key, k);
    }
    await use(k.context);
    // A failed test may have left anything (a dialog open, a navigation hung): the next one starts anew.
    if (testInfo.status !== testInfo.expectedStatus) {
      kept.delete(key);
      await k.context.close().catch(() => undefined);
    }
  },

  page: async ({ context, freshPage }, use) => {
    if (freshPage) {
      await use(await context.newPage());
      return;
    }
    const k = [...kept.values()].find((v) => v.context === context);
    if (!k) throw new Error('the kept page of this context is gone');
    await use(k.page);
  },
});

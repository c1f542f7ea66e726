/** A visual test's page at rest before its screenshot: nothing loading, fonts in, animations done. */
import { expect, type Page } from '@playwright/test';
import { settled } from '../e2e/helpers';

/**
 * What shows while data or a chunk loads (spinners, skeletons, the screens' loading boxes, a
 * date input whose picker chunk is still on its way, a list's first rows drawn before the app).
 */
const LOADING = '.MuiCircularProgress-indeterminate, .MuiLinearProgress-indeterminate, .MuiSkeleton-root, [data-testid$="-loading"], [data-date-filter-loading], [data-testid="first-rows"]';

export async function atRest(page: Page): Promise<void> {
  await expect(page.locator(LOADING).filter({ visible: true })).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Every image of the page (logos, prize pictures) loaded, lazy ones too: one loading later,
  // as the page scrolls to an element, would move what is below it.
  await page.evaluate(() => { for (const i of document.images) if (i.loading === 'lazy') i.loading = 'eager'; });
  await expect.poll(() => page.evaluate(() => [...document.images].every((i) => i.complete))).toBe(true);
  await settled(page);
  // Nothing animates out of sight: an endless animation (a spinner) on an element the user cannot
  // see still runs every frame. The loading mask's, kept mounted while hidden, cost a third of a
  // core on every screen at rest. An exit transition may still be ending: poll, with a deadline.
  await expect.poll(() => page.evaluate(hiddenEndlessAnimations), { message: 'endless animations out of sight' }).toEqual([]);
}

/** The endless animations running on elements out of sight (hidden, transparent, unrendered). */
function hiddenEndlessAnimations(): string[] {
  return document.getAnimations()
    .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime === Infinity)
    .map((a) => ({ a, el: (a.effect as KeyframeEffect | null)?.target }))
    .filter(({ el }) => el && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
    .map(({ a, el }) => `${(a as CSSAnimation).animationName ?? 'animation'} on ${el?.tagName.toLowerCase()}.${String(el?.getAttribute('class') ?? '').split(' ')[0]} in ${el?.closest('[data-testid]')?.getAttribute('data-testid') ?? 'the page'}`);
}

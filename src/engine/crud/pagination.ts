/**
 * Page numbers of a list footer (SPEC.md section 2 "Tables"): with more than 7 pages the
 * first and last page are always shown, with a window of 5 pages in the middle around the
 * current one, and an ellipsis on each side where pages are left out. Clicking an ellipsis
 * jumps by the window size (5 pages) in its direction. Pure functions, no React.
 */

import { PAGER_ELLIPSIS_ABOVE, PAGER_WINDOW } from '../../domain/limits';

/** The most pages shown without any ellipsis (7). */
export const MAX_PLAIN_PAGES = PAGER_ELLIPSIS_ABOVE;
/** Pages in the middle window, and the jump of an ellipsis (5). */
export const PAGE_WINDOW = PAGER_WINDOW;

export type PageItem = number | 'prev-more' | 'next-more';

/** The number of pages for a total; at least 1 (an empty list still shows page 1). */
export function pageCountOf(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(pageSize) || pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / Math.floor(pageSize)));
}

/** `page` made an integer within 1..pageCount. */
export function clampPage(page: number, pageCount: number): number {
  const count = Math.max(1, Math.floor(Number.isFinite(pageCount) ? pageCount : 1));
  const p = Math.floor(Number.isFinite(page) ? page : 1);
  return Math.min(Math.max(p, 1), count);
}

/**
 * The items of the footer for `page` (1-based) of `pageCount` pages: page numbers in order,
 * 'prev-more' between 1 and the window when pages are left out there, 'next-more' between
 * the window and the last page likewise. Up to 7 pages: every page, no ellipsis.
 */
export function paginationWindow(page: number, pageCount: number): PageItem[] {
  const count = Math.max(1, Math.floor(Number.isFinite(pageCount) ? pageCount : 1));
  const current = clampPage(page, count);
  if (count <= MAX_PLAIN_PAGES) return Array.from({ length: count }, (_, i) => i + 1);

  const half = Math.floor(PAGE_WINDOW / 2);
  // The window stays between page 2 and page count-1, centred on the current page where it can.
  const start = Math.min(Math.max(current - half, 2), count - PAGE_WINDOW);
  const end = start + PAGE_WINDOW - 1;
  const items: PageItem[] = [1];
  if (start > 2) items.push('prev-more');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < count - 1) items.push('next-more');
  items.push(count);
  return items;
}

/** The page an ellipsis leads to: PAGE_WINDOW pages back or forward, within the pages. */
export function ellipsisTarget(item: 'prev-more' | 'next-more', page: number, pageCount: number): number {
  const current = clampPage(page, pageCount);
  return clampPage(item === 'prev-more' ? current - PAGE_WINDOW : current + PAGE_WINDOW, pageCount);
}

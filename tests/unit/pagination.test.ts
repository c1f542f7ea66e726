/**
 * The list footer's page numbers (SPEC.md section 2 "Tables"): first and last page always,
 * a window of 5 in the middle, ellipses when there are more than 7 pages.
 */
import { describe, expect, it } from 'vitest';
import { clampPage, ellipsisTarget, MAX_PLAIN_PAGES, PAGE_WINDOW, pageCountOf, paginationWindow, type PageItem } from '../../src/engine/crud/pagination';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('paginationWindow', () => {
  it('uses the SPEC numbers: 7 pages without ellipsis, a window of 5', () => {
    expect(MAX_PLAIN_PAGES).toBe(7);
    expect(PAGE_WINDOW).toBe(5);
  });

  it('an empty list or a single page shows page 1 only', () => {
    expect(paginationWindow(1, 0)).toEqual([1]);
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(5, 1)).toEqual([1]);
  });

  it.each([2, 3, 4, 5, 6, 7])('up to 7 pages shows every page (%i pages), wherever the current page is', (count) => {
    for (let page = 1; page <= count; page++) expect(paginationWindow(page, count)).toEqual(range(1, count));
  });

  it('8 pages: the window sits next to the end it is near, one ellipsis stands for the pages left out', () => {
    expect(paginationWindow(1, 8)).toEqual([1, 2, 3, 4, 5, 6, 'next-more', 8]);
    expect(paginationWindow(4, 8)).toEqual([1, 2, 3, 4, 5, 6, 'next-more', 8]);
    expect(paginationWindow(5, 8)).toEqual([1, 'prev-more', 3, 4, 5, 6, 7, 8]);
    expect(paginationWindow(8, 8)).toEqual([1, 'prev-more', 3, 4, 5, 6, 7, 8]);
  });

  it('many pages: near the start, in the middle (centred), near the end', () => {
    expect(paginationWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'next-more', 20]);
    expect(paginationWindow(3, 20)).toEqual([1, 2, 3, 4, 5, 6, 'next-more', 20]);
    expect(paginationWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'next-more', 20]);
    expect(paginationWindow(5, 20)).toEqual([1, 'prev-more', 3, 4, 5, 6, 7, 'next-more', 20]);
    expect(paginationWindow(10, 20)).toEqual([1, 'prev-more', 8, 9, 10, 11, 12, 'next-more', 20]);
    expect(paginationWindow(16, 20)).toEqual([1, 'prev-more', 14, 15, 16, 17, 18, 'next-more', 20]);
    expect(paginationWindow(17, 20)).toEqual([1, 'prev-more', 15, 16, 17, 18, 19, 20]);
    expect(paginationWindow(20, 20)).toEqual([1, 'prev-more', 15, 16, 17, 18, 19, 20]);
  });

  it('every answer holds the first, the last and the current page, 5 middle pages, in order, at most 9 items', () => {
    for (let count = 8; count <= 40; count++) {
      for (let page = 1; page <= count; page++) {
        const items = paginationWindow(page, count);
        const pages = items.filter((i): i is number => typeof i === 'number');
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(count);
        expect(pages).toContain(page);
        expect(pages.length).toBe(7);
        expect([...pages].sort((a, b) => a - b)).toEqual(pages);
        expect(new Set(pages).size).toBe(pages.length);
        expect(items.length).toBeLessThanOrEqual(9);
        // An ellipsis stands exactly where pages are left out.
        items.forEach((item, i) => {
          if (typeof item === 'number') return;
          const before = items[i - 1] as number;
          const after = items[i + 1] as number;
          expect(after - before, `${page}/${count}`).toBeGreaterThan(1);
          expect(item).toBe(i === 1 ? 'prev-more' : 'next-more');
        });
        for (let i = 1; i < items.length; i++) {
          const a = items[i - 1];
          const b = items[i];
          if (typeof a === 'number' && typeof b === 'number') expect(b - a).toBe(1);
        }
      }
    }
  });

  it('clamps a page outside the pages and tolerates odd input', () => {
    expect(paginationWindow(0, 20)).toEqual(paginationWindow(1, 20));
    expect(paginationWindow(-3, 20)).toEqual(paginationWindow(1, 20));
    expect(paginationWindow(99, 20)).toEqual(paginationWindow(20, 20));
    expect(paginationWindow(10.7, 20)).toEqual(paginationWindow(10, 20));
    expect(paginationWindow(Number.NaN, 20)).toEqual(paginationWindow(1, 20));
    expect(paginationWindow(3, Number.NaN)).toEqual([1]);
    expect(paginationWindow(3, -5)).toEqual([1]);
    expect(paginationWindow(3, 8.9)).toEqual(paginationWindow(3, 8));
  });
});

describe('ellipsisTarget', () => {
  it('jumps 5 pages in its direction, within the pages', () => {
    expect(ellipsisTarget('next-more', 1, 20)).toBe(6);
    expect(ellipsisTarget('next-more', 10, 20)).toBe(15);
    expect(ellipsisTarget('next-more', 18, 20)).toBe(20);
    expect(ellipsisTarget('prev-more', 10, 20)).toBe(5);
    expect(ellipsisTarget('prev-more', 5, 20)).toBe(1);
    expect(ellipsisTarget('prev-more', 3, 20)).toBe(1);
  });

  it('the page it leads to is shown after the jump', () => {
    for (let count = 8; count <= 30; count++) {
      for (let page = 1; page <= count; page++) {
        for (const item of paginationWindow(page, count).filter((i): i is Exclude<PageItem, number> => typeof i !== 'number')) {
          const target = ellipsisTarget(item, page, count);
          expect(paginationWindow(target, count)).toContain(target);
          expect(item === 'prev-more' ? target < page : target > page).toBe(true);
        }
      }
    }
  });
});

describe('pageCountOf and clampPage', () => {
  it('counts pages of a total, at least one', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(1, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
    expect(pageCountOf(25, 10)).toBe(3);
    expect(pageCountOf(-4, 10)).toBe(1);
    expect(pageCountOf(25, 0)).toBe(1);
    expect(pageCountOf(Number.NaN, 10)).toBe(1);
  });

  it('keeps a page within 1..count', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(4, 3)).toBe(3);
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(2, 0)).toBe(1);
    expect(clampPage(Number.POSITIVE_INFINITY, 3)).toBe(1);
  });
});

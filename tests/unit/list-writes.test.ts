/** Which cached reads a write through a list refreshes (src/engine/crud/listKey.ts). */
import { describe, expect, it } from 'vitest';
import { listKey, writeTouches, writtenThrough } from '../../src/engine/crud/listKey';

describe('the reads a list write touches', () => {
  it('reads below and beside the list path, not the list\'s own pages or other modules', () => {
    const list = 'marketing/product/category';
    expect(writeTouches(list, 'marketing/product/category/options')).toBe(true);
    expect(writeTouches(list, 'marketing/product/category-detail')).toBe(true);
    expect(writeTouches(list, ['marketing/product', { query: {} }])).toBe(false);
    expect(writeTouches(list, listKey(list, { page: 1 }))).toBe(false);
    expect(writeTouches(list, 'marketing/brand-product')).toBe(false);
    expect(writeTouches('System/Role', 'system/role/options')).toBe(true);
    expect(writeTouches(list, null)).toBe(false);
  });

  it('from a form page or a wizard: the list\'s own pages as well', () => {
    const touched = writtenThrough('member/point-activity');
    expect(touched(listKey('member/point-activity', { page: 2 }))).toBe(true);
    expect(touched('member/point-product/options')).toBe(true);
    expect(touched('system/role/options')).toBe(false);
    expect(writtenThrough(null)('member/point-activity/options')).toBe(false);
  });
});

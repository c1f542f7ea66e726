/**
 * The head script asks a list's first page from the first bytes of the page (issue 27): the
 * URL it asks must be the one the list asks (crud/useCrudList.ts through api/client.ts), else
 * the answer is never taken and the call is made twice. A menu click asks the same way ahead.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askEarly, EARLY_GLOBAL, EARLY_TTL_MS, firstPageQuery, takeEarly } from '../../src/engine/api/early';
import { firstPageCalls } from '../../scripts/route-preload';
import { buildUrl } from '../../src/engine/api/client';
import { callPath } from '../../src/engine/crud/apiCall';
import { defaultSortOf } from '../../src/domain/listSort';
import { PAGE_SIZE } from '../../src/domain/limits';
import type { ScreenDeclaration } from '../../src/domain/declarations';

const root = path.resolve(__dirname, '../..');
const declarations = (): ScreenDeclaration[] =>
  fs.readdirSync(path.join(root, 'src/schemas'), { withFileTypes: true }).filter((d) => d.isDirectory())
    .flatMap((d) => fs.readdirSync(path.join(root, 'src/schemas', d.name)).filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(root, 'src/schemas', d.name, f), 'utf8')) as ScreenDeclaration));

describe('the early first page of a list', () => {
  const calls = firstPageCalls(root);

  it('is the URL the list asks, for every path showing one declared list', () => {
    const byPath = new Map<string, ScreenDeclaration[]>();
    for (const d of declarations().filter((x) => x.kind && typeof x.path === 'string')) byPath.set(d.path!, [...(byPath.get(d.path!) ?? []), d]);
    const single = [...byPath].filter(([, ds]) => ds.length === 1 && ds[0].kind === 'crud');
    expect(single.length).toBeGreaterThan(10);
    for (const [menuPath, [decl]] of single) {
      const sort = defaultSortOf(decl);
      const asked = buildUrl(callPath(decl.api.list)!, { page: 1, pageSize: PAGE_SIZE, sort: sort.key, order: sort.order });
      expect(`/v1/${calls[menuPath]}`, menuPath).toBe(asked);
      // The same query, with the same types, is the swr key a menu click's answer is cached under.
      expect(firstPageQuery(decl), menuPath).toEqual({ page: 1, pageSize: PAGE_SIZE, sort: sort.key, order: sort.order });
    }
  });

  it('is not asked on a path with tabs or a pane (its first list is not known from the files)', () => {
    expect(calls['/member/setting']).toBeUndefined();
    expect(calls['/system/employee']).toBe('system/employee?page=1&pageSize=10&sort=createdAt&order=desc');
  });
});

describe('a first page asked ahead (a menu click, askEarly)', () => {
  const URL = '/v1/system/role?page=1&pageSize=10&sort=createdAt&order=desc';
  const asked: string[] = [];
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    asked.length = 0;
    globalThis.fetch = ((url: string) => {
      asked.push(url);
      return Promise.resolve(new Response('{"items":[],"total":0}'));
    }) as typeof fetch;
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    vi.useRealTimers();
    delete (globalThis as Record<string, unknown>)[EARLY_GLOBAL];
  });

  it('is asked once however often the entry is clicked, and taken once with the same token', async () => {
    askEarly(URL, 'tok');
    askEarly(URL, 'tok');
    expect(asked).toEqual([URL]);
    expect(takeEarly(URL, 'other')).toBeNull();
    askEarly(URL, 'tok');
    const answer = takeEarly(URL, 'tok');
    expect(await (await answer!).json()).toEqual({ items: [], total: 0 });
    expect(takeEarly(URL, 'tok')).toBeNull();
  });

  it('is not taken once older than EARLY_TTL_MS (the list asks afresh), and is asked again by a later click', () => {
    askEarly(URL, 'tok');
    vi.setSystemTime(Date.now() + EARLY_TTL_MS + 1);
    expect(takeEarly(URL, 'tok')).toBeNull();
    askEarly(URL, 'tok');
    vi.setSystemTime(Date.now() + EARLY_TTL_MS + 1);
    askEarly(URL, 'tok');
    expect(asked).toHaveLength(3);
    expect(takeEarly(URL, 'tok')).not.toBeNull();
  });
});

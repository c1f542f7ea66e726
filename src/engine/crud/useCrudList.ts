/**
 * The state of a declared list (SPEC.md section 2 "Tables"): page (from 1, size 10), sort
 * (grid.defaultSort, else createdAt descending), applied filters; the page is read from the
 * api through swr (paging, sorting and filtering happen on the server). Applying filters,
 * changing the sort or any write brings the list back to page 1.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { Page } from '../../domain/api';
import type { GridRefreshDeclaration, ScreenDeclaration, SortOrder } from '../../domain/declarations';
import { PAGE_SIZE } from '../../domain/limits';
import { defaultSortOf } from '../../domain/listSort';
import type { QueryValue } from '../api/client';
import { useApi } from '../api/swr';
import { callPath } from './apiCall';
import { listKey } from './listKey';
import { clampPage, pageCountOf } from './pagination';

export type Row = Record<string, unknown>;
export type Filters = Record<string, unknown>;

export interface SortState {
  key: string;
  order: SortOrder;
}

/** Filters without empty values, as query parameters. */
export function filterQuery(filters: Filters): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'string' && v.trim() === '') continue;
    if (Array.isArray(v)) {
      if (v.length) out[k] = v as (string | number | boolean)[];
      continue;
    }
    out[k] = typeof v === 'string' ? v.trim() : (v as QueryValue);
  }
  return out;
}

/**
 * The declared refresh period of a list page (grid.refresh): activeEveryMs while the server's
 * count of activeWhileCount is above 0 (`count`), or, without it, while a row of the page
 * matches every field of activeWhen; else everyMs; 0 means no timer.
 */
export function refreshIntervalOf(spec: GridRefreshDeclaration, rows: readonly Row[], count?: number): number {
  const when = spec.activeWhen;
  const active = spec.activeWhileCount
    ? (count ?? 0) > 0
    : !!when && rows.some((r) => Object.entries(when).every(([k, v]) => r[k] === v));
  return (active ? spec.activeEveryMs : spec.everyMs) ?? spec.everyMs ?? 0;
}

const countOf = (answer: { amount: number } | number | undefined): number | undefined =>
  typeof answer === 'number' ? answer : answer?.amount;

export function useCrudList(decl: ScreenDeclaration, pageSize = PAGE_SIZE) {
  const listPath = callPath(decl.api.list);
  const [page, setPageState] = useState(1);
  const [sort, setSortState] = useState<SortState>(() => defaultSortOf(decl));
  const [filters, setFiltersState] = useState<Filters>({});
  const { mutate: globalMutate } = useSWRConfig();

  const query = useMemo(
    () => ({ page, pageSize, sort: sort.key, order: sort.order, ...filterQuery(filters) }),
    [page, pageSize, sort, filters],
  );
  const key = listPath ? listKey(listPath, query) : null;
  const refreshSpec = decl.grid?.refresh;
  // The server's count that keeps the list on its short period (export reports not downloaded,
  // code packages generating): the same silent, unmasked read as the side menu's, so one request
  // serves both. It is read on the same periods (activeEveryMs while above 0, so work started on
  // another page or by someone else is seen, else everyMs) and again after every write of this list.
  const countPath = callPath(refreshSpec?.activeWhileCount);
  const countKey = countPath ? ([countPath, { silent: true, noMask: true }] as const) : null;
  const { data: countAnswer } = useApi<{ amount: number } | number>(countKey, {
    ...(refreshSpec ? { refreshInterval: (latest?: { amount: number } | number) => refreshIntervalOf(refreshSpec, [], countOf(latest)) } : {}),
  });
  const count = countOf(countAnswer);
  const { data, error, isLoading, isValidating, mutate } = useApi<Page<Row>>(key, {
    keepPreviousData: true,
    ...(refreshSpec ? { refreshInterval: (latest?: Page<Row>) => refreshIntervalOf(refreshSpec, latest?.items ?? [], count) } : {}),
  });
  // The count fell to 0 (the work ended): the page is read once more, so it shows the end.
  const lastCount = useRef(count);
  useEffect(() => {
    if ((lastCount.current ?? 0) > 0 && count === 0) void mutate();
    lastCount.current = count;
  }, [count, mutate]);

  const total = data?.total ?? 0;
  const pageCount = pageCountOf(total, pageSize);

  // The data changed under the page (rows deleted elsewhere): back to page 1.
  useEffect(() => {
    if (data && page > pageCount) setPageState(1);
  }, [data, page, pageCount]);

  const setPage = useCallback((p: number) => setPageState(Math.max(1, Math.floor(p))), []);
  const setSort = useCallback((s: SortState) => {
    setSortState(s);
    setPageState(1);
  }, []);
  const applyFilters = useCallback((f: Filters) => {
    setFiltersState(f);
    setPageState(1);
  }, []);
  /**
   * After a write: back to page 1, every cached page of this list read again. The count is read
   * before the list: work that ends between the two reads shows in the list, and work still
   * running when the list is read keeps the count above 0, whose fall reads the list again. Read
   * side by side, a job that ended between them (a 10-code package) left the count at 0 and the
   * list showing "generating", with no timer left to correct it.
   */
  const refresh = useCallback(async () => {
    setPageState(1);
    if (countPath !== null) await globalMutate((k) => Array.isArray(k) && k[0] === countPath);
    await globalMutate((k) => Array.isArray(k) && k[0] === listPath);
  }, [globalMutate, listPath, countPath]);
  /** After a write: read the list again once more grid.refresh.afterWriteMs later (if declared). */
  const afterWriteMs = refreshSpec?.afterWriteMs;
  const refreshAfterWrite = useCallback(() => {
    if (afterWriteMs === undefined) return;
    setTimeout(() => void globalMutate((k) => Array.isArray(k) && k[0] === listPath), afterWriteMs);
  }, [afterWriteMs, globalMutate, listPath]);

  return {
    rows: data?.items ?? [],
    total,
    page: clampPage(page, pageCount),
    pageCount,
    pageSize,
    sort,
    filters,
    loading: isLoading || isValidating,
    loaded: data !== undefined,
    failed: Boolean(error),
    setPage,
    setSort,
    applyFilters,
    refresh,
    refreshAfterWrite,
  };
}

export type CrudList = ReturnType<typeof useCrudList>;

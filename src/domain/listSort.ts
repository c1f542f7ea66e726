/**
 * The sort of a declared list before its user picks one (SPEC.md section 2 "Tables"): the
 * declaration's grid.defaultSort, else the newest first. One rule for the server's list query
 * (server/db/list.ts), the list's state (engine/crud/useCrudList.ts), its first page asked
 * early (engine/api/early.ts) and its rows drawn before the app (engine/firstRows/view.ts).
 * Pure: the build's head script loads it in Node.
 */
export function defaultSortOf<O extends string = 'asc' | 'desc'>(decl: { grid?: { defaultSort?: { key: string; order: O } } }): { key: string; order: O | 'desc' } {
  return decl.grid?.defaultSort ?? { key: 'createdAt', order: 'desc' };
}

/**
 * The reference lists (GET Config/reference: dial codes, locations, time zones, currencies),
 * read the first time a form needs them and kept for the session: they change only with a
 * release (the server lets the browser cache them for a day too).
 */
import type { ReferenceLists } from '../../domain/api';
import { useApi, type ApiKey } from '../api/swr';

export const REFERENCE_KEY: ApiKey = ['Config/reference', { noMask: true }];

export function useReferenceLists() {
  return useApi<ReferenceLists>(REFERENCE_KEY, { revalidateIfStale: false });
}

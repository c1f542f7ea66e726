/**
 * The side menu of the signed-in user: GET system/menu/nested ({ Backend: MenuItem[] }), kept
 * in the session (SPEC.md section 6) and refreshed whenever the shell mounts.
 */
import { useMemo } from 'react';
import type { MenuItem } from '../../domain/api';
import { flattenMenuPaths } from '../../domain/menu';
import { useApi } from '../api/swr';
import { sessionStore, useSession } from './store';

export const MENU_KEY = 'system/menu/nested';

export interface NestedMenu {
  Backend: MenuItem[];
}

/** Loads the menu from the server and stores it in the session. */
export function useMenuSync(): void {
  const session = useSession();
  useApi<NestedMenu>(session ? MENU_KEY : null, {
    onSuccess: (data) => {
      if (data && Array.isArray(data.Backend)) sessionStore.setMenu(data.Backend);
    },
  });
}

/** The user's menu (null until loaded) and its flattened path allow-list. */
export function useUserMenu(): { menu: MenuItem[] | null; paths: Set<string> } {
  const session = useSession();
  const menu = session?.menu ?? null;
  const paths = useMemo(() => new Set(menu ? flattenMenuPaths(menu) : []), [menu]);
  return { menu, paths };
}

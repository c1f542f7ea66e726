/**
 * Menu area: GET system/menu/nested (the caller's side menu) and GET system/menu (what the
 * caller may grant to a role, for the role screen's function tree: their own functions,
 * src/domain/grants.ts; needs the role menu, 9).
 * Both answer { Backend: MenuItem[] }.
 */
import type { FastifyInstance } from 'fastify';
import type { MenuItem } from '../../src/domain/api';
import { userMenu, type MenuNode } from '../../src/domain/menu';
import { caller, menuInput } from '../auth';
import type { AppDeps } from '../context';

export function toMenuItems(tree: readonly MenuNode[]): MenuItem[] {
  return tree.map((g) => ({
    id: g.id,
    path: g.path,
    names: g.names,
    children: (g.children ?? []).map((c) => ({ id: c.id, path: c.path, names: c.names })),
  }));
}

/** Menu id of the role settings screen, whose editor lists the grantable functions. */
const ROLE_MENU_ID = 9;

export default async function menuRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/system/menu/nested', async (req): Promise<{ Backend: MenuItem[] }> => {
    const who = caller(req);
    return { Backend: toMenuItems(userMenu(menuInput(who, deps), who.roleFunctions)) };
  });

  app.get('/system/menu', { config: { menuId: ROLE_MENU_ID } }, async (req): Promise<{ Backend: MenuItem[] }> => {
    const who = caller(req);
    // The same tree as the side menu: a role grants only what its holder sees.
    return { Backend: toMenuItems(userMenu(menuInput(who, deps), who.roleFunctions)) };
  });
}

/**
 * Menu area: GET system/menu/nested (the caller's side menu) and GET system/menu (what the
 * caller may grant to a role, for the role screen's function tree: their own functions,
 * src/domain/grants.ts; needs the role menu, 9).
 * Both answer { Backend: MenuItem[] }.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MenuItem } from '../../../src/domain/api';
import type { MenuNode } from '../../../src/domain/menu';
import { caller, callerMenu, perCaller } from '../../auth';
import type { AppDeps } from '../../context';

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
  // The answer depends on the caller's session alone: serialized once per cached session
  // (auth.ts perCaller; a write of this process or the session cache's few seconds renew it).
  const answer = (req: FastifyRequest, reply: FastifyReply) => {
    const who = caller(req);
    const body = perCaller(who, deps, 'menu', () => JSON.stringify({ Backend: toMenuItems(callerMenu(who, deps)) }));
    return reply.type('application/json; charset=utf-8').send(body);
  };

  app.get('/system/menu/nested', answer);

  // The same tree as the side menu: a role grants only what its holder sees.
  app.get('/system/menu', { config: { menuId: ROLE_MENU_ID } }, answer);
}

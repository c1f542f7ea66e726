/**
 * The guards of SPEC.md section 2 "Entry and guards".
 * - / goes to the login route (keeping its query; adding the known tenant code when missing).
 * - /login needs ?code (else /forbidden); with a session it goes to /home.
 * - /home and every section route need a session (else /login, keeping the tenant code).
 * - A section route needs its path in the user's flattened menu (else /home).
 * - A section parent goes to its first child present in the user's menu.
 * - /playground is for operator Admins only (else /home).
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import type { MenuNode } from '../../domain/menu';
import { knownTenantCode, loginPath, useSession } from '../session/store';
import { useUserMenu } from '../session/menu';
import { PageLoader } from '../pages/PageLoader';
import { canUsePlayground } from '../playground/access';

export function RootRedirect() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const code = knownTenantCode();
  if (!params.get('code') && code) params.set('code', code);
  const qs = params.toString();
  return <Navigate to={`/login${qs ? `?${qs}` : ''}`} replace />;
}

export function LoginGuard({ children, onShown }: { children: (code: string) => ReactNode; onShown?: () => void }) {
  const [params] = useSearchParams();
  const session = useSession();
  const code = params.get('code');
  const showing = Boolean(code && !session);
  useEffect(() => {
    if (!showing || !onShown) return;
    const timer = setTimeout(onShown, 200);
    return () => clearTimeout(timer);
  }, [showing, onShown]);
  if (!code) return <Navigate to="/forbidden" replace />;
  if (session) return <Navigate to="/home" replace />;
  return <>{children(code)}</>;
}

export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to={loginPath()} replace />;
  return <>{children}</>;
}

/** A menu route: reachable only when its path is in the user's flattened menu. */
export function RequireMenu({ path, children }: { path: string; children: ReactNode }) {
  const { menu, paths } = useUserMenu();
  if (!menu) return <PageLoader />;
  if (!paths.has(path)) return <Navigate to="/home" replace />;
  return <>{children}</>;
}

/** A section parent: its first child present in the user's menu, else /home. */
export function SectionIndex({ group }: { group: MenuNode }) {
  const { menu, paths } = useUserMenu();
  if (!menu) return <PageLoader />;
  const first = (group.children ?? []).find((c) => paths.has(c.path));
  return <Navigate to={first && paths.has(group.path) ? first.path : '/home'} replace />;
}

/** The screen playground: operator Admins only, others go to /home. */
export function RequirePlayground({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!canUsePlayground(session?.user)) return <Navigate to="/home" replace />;
  return <>{children}</>;
}

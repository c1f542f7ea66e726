/** The route table: entry routes, the shell with /home and every section route of MENU_TREE. */
import { Suspense } from 'react';
import { lazyChunk } from '../lazy/lazyChunk';
import { Navigate, type RouteObject } from 'react-router-dom';
import { MENU_TREE, type MenuNode } from '../../domain/menu';
import { LoginPage } from '../pages/LoginPage';
import { ForbiddenPage } from '../pages/ForbiddenPage';
import { PageLoader } from '../pages/PageLoader';
import { LoginGuard, RequireMenu, RequirePlayground, RequireSession, RootRedirect, SectionIndex } from './guards';
import { PLAYGROUND_PATH } from '../playground/access';
import { RootLayout } from './RootLayout';
import type { RouteHandle } from './meta';
import { screensReady } from './screens';
import { SUB_ROUTES } from './subRoutes';

// The signed-in half (shell, home, section screens) loads after the sign-in page painted.
const loadShell = () => import('../shell/Shell');
const loadHome = () => import('../pages/HomePage');
const Shell = lazyChunk(() => loadShell().then((m) => ({ default: m.Shell })));
const HomePage = lazyChunk(() => loadHome().then((m) => ({ default: m.HomePage })));

/** Fetches the shell and the home page while the user types the credentials. */
export function prefetchSignedIn(): void {
  void Promise.all([loadShell(), loadHome()]).catch(() => {});
}
const SectionScreen = lazyChunk(() => screensReady().then(() => import('./SectionScreen')));
// The screen playground (CodeMirror, the declaration checks) is a chunk of its own.
const PlaygroundPage = lazyChunk(() => import('../playground/PlaygroundPage'));

function Screen({ node }: { node: MenuNode }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <SectionScreen node={node} />
    </Suspense>
  );
}

function sectionRoutes(): RouteObject[] {
  return MENU_TREE.flatMap((group) => [
    { path: group.path, element: <SectionIndex group={group} />, handle: { menuPath: group.path } satisfies RouteHandle },
    ...(group.children ?? []).flatMap((child) => [child.path, ...(SUB_ROUTES[child.path] ?? []).map((step) => `${child.path}/${step}`)].map((path) => ({
      path,
      element: (
        <RequireMenu path={child.path}>
          <Screen node={child} />
        </RequireMenu>
      ),
      handle: { menuPath: child.path } satisfies RouteHandle,
    }))),
  ]);
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: <RootRedirect /> },
        {
          path: '/login',
          element: <LoginGuard onShown={prefetchSignedIn}>{(code) => <LoginPage code={code} />}</LoginGuard>,
          handle: { titleKey: 'page.login' } satisfies RouteHandle,
        },
        { path: '/forbidden', element: <ForbiddenPage />, handle: { titleKey: 'page.forbidden' } satisfies RouteHandle },
        {
          element: (
            <RequireSession>
              <Suspense fallback={<PageLoader />}>
                <Shell />
              </Suspense>
            </RequireSession>
          ),
          children: [{ path: '/home', element: <Suspense fallback={<PageLoader />}><HomePage /></Suspense>, handle: { titleKey: 'page.home' } satisfies RouteHandle },
            {
              path: PLAYGROUND_PATH,
              element: <RequirePlayground><Suspense fallback={<PageLoader />}><PlaygroundPage /></Suspense></RequirePlayground>,
              handle: { titleKey: 'page.playground' } satisfies RouteHandle,
            },
            ...sectionRoutes()],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

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

// The signed-in half (shell, home, section screens) loads after the sign-in page painted.
const loadShell = () => import('../shell/Shell');
const loadHome = () => import('../pages/HomePage');
// The shell and the screens show their spinner themselves (lazyChunk `fallback`): each then
// renders as soon as its chunk is there, not 300 ms after the spinner before it appeared.
const Shell = lazyChunk(() => loadShell().then((m) => ({ default: m.Shell })), { fallback: <PageLoader /> });
const HomePage = lazyChunk(() => loadHome().then((m) => ({ default: m.HomePage })), { fallback: <PageLoader /> });

/** Fetches the shell and the home page while the user types the credentials. */
export function prefetchSignedIn(): void {
  void Promise.all([Shell.preload(), HomePage.preload()]).catch(() => {});
}
const loadSectionScreen = () => screensReady().then(() => import('./SectionScreen'));
const SectionScreen = lazyChunk(loadSectionScreen, { fallback: <PageLoader /> });

/** The menu path of a section route (a menu child or one of its steps), else null. */
function sectionPathOf(pathname: string): string | null {
  const p = pathname.replace(/\/+$/, '');
  for (const group of MENU_TREE) {
    for (const child of group.children ?? []) {
      if (p === child.path || p.startsWith(`${child.path}/`)) return child.path;
    }
  }
  return null;
}

/**
 * The page opened directly (a reload, a link): its chunks start loading early — the shell, the
 * screens' registry, the section screen and the screen of the path together — rather than
 * each after the one that renders it (issue 10 section 4). Nothing waits on these:
 * the routes load the same modules when they render, already there or on their way.
 */
export function preloadRoute(pathname: string): void {
  const quiet = (p: Promise<unknown>) => void p.catch(() => {});
  const path = sectionPathOf(pathname);
  if (pathname.replace(/\/+$/, '') === '/home') {
    quiet(Shell.preload());
    quiet(HomePage.preload());
  } else if (path) {
    // The shell, the screens' registry, the section screen and the screen of the path, all at
    // once: the head script has already asked for the shell's chunks (scripts/route-preload.ts),
    // so the screens no longer queue before them, and the shell rendering while they arrive
    // no longer delays asking for them.
    quiet(Shell.preload());
    quiet(SectionScreen.preload());
    quiet(screensReady().then((m) => (m as { preloadScreen?: (p: string) => Promise<unknown> } | undefined)?.preloadScreen?.(path)));
  }
}
// The screen playground (CodeMirror, the declaration checks) is a chunk of its own.
// It shows the registered declarations with their texts: both load before it renders.
const PlaygroundPage = lazyChunk(() =>
  screensReady()
    .then(() => import('../playground/files'))
    .then((m) => m.loadDeclarationTexts())
    .then(() => import('../playground/PlaygroundPage')),
);

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
    // A menu screen's child routes come from its declarations (subRoutes.ts), registered after
    // this table is built: every `<path>/:step` renders the screen, which sends an undeclared
    // step to / (SectionScreen).
    ...(group.children ?? []).flatMap((child) => [child.path, `${child.path}/:step`].map((path) => ({
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

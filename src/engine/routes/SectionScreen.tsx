/**
 * The screen of a section route: the registered screen of its menu path (see screens.tsx),
 * else the 'coming soon' panel; on a child route the declarations do not declare, a redirect to
 * /. Loaded after the screens registered (routes.tsx).
 */
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { MenuNode } from '../../domain/menu';
import { ComingSoon } from '../pages/ComingSoon';
import { PageLoader } from '../pages/PageLoader';
import { screenFor } from './declaredScreens';
import { isDeclaredRoute } from './subRoutes';

export default function SectionScreen({ node }: { node: MenuNode }) {
  const { pathname } = useLocation();
  const Component = screenFor(node.path) ?? ComingSoon;
  // A step the declarations of the path do not declare is not a route (as before: to /).
  if (!isDeclaredRoute(node.path, pathname)) return <Navigate to="/" replace />;
  // One screen per menu path: moving from one list to another starts the new one afresh (its page,
  // sort and filters, and no rows of the previous list under the new columns while its call runs).
  return (
    <Suspense fallback={<PageLoader />}>
      <Component key={node.path} node={node} />
    </Suspense>
  );
}

/**
 * The screen of a section route: the registered screen of its menu path (see screens.tsx),
 * else the 'coming soon' panel. Loaded after the screens registered (routes.tsx).
 */
import { Suspense } from 'react';
import type { MenuNode } from '../../domain/menu';
import { ComingSoon } from '../pages/ComingSoon';
import { PageLoader } from '../pages/PageLoader';
import { screenFor } from './declaredScreens';

export default function SectionScreen({ node }: { node: MenuNode }) {
  const Component = screenFor(node.path) ?? ComingSoon;
  return (
    <Suspense fallback={<PageLoader />}>
      <Component node={node} />
    </Suspense>
  );
}

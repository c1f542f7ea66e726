/**
 * The screen of a section route: the registered screen of its menu path (every declaration,
 * see crud/registerAll), else the 'coming soon' panel. Its own chunk, with the declarations:
 * the sign-in page loads none of them.
 */
import { Suspense } from 'react';
import type { MenuNode } from '../../domain/menu';
import '../crud/registerAll';
import { ComingSoon } from '../pages/ComingSoon';
import { PageLoader } from '../pages/PageLoader';
import { screenFor } from './screens';

export default function SectionScreen({ node }: { node: MenuNode }) {
  const Component = screenFor(node.path) ?? ComingSoon;
  return (
    <Suspense fallback={<PageLoader />}>
      <Component node={node} />
    </Suspense>
  );
}

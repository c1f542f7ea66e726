/**
 * Pane `lotteryWizard` (Activity / lottery activities, menu 49; src/schemas/activity/
 * lottery-activity.json): the list at the menu path and its steps (SPEC.md 2, 4):
 * create (step 1, a game template), config (step 2, settings, prizes and the redemption form,
 * saved as a draft), info (step 3, review the draft, then create or update), detail.
 */
import { useLocation } from 'react-router-dom';
import { subRouteOf } from '../../engine/routes/subRoutes';
import type { PaneProps } from '../../engine/registry/panes';
import LotteryConfigStep from './LotteryConfigStep';
import LotteryDetail from './LotteryDetail';
import LotteryList from './LotteryList';
import LotteryTemplateStep from './LotteryTemplateStep';

export default function LotteryPane({ decl, node }: PaneProps) {
  const { pathname } = useLocation();
  const step = subRouteOf(node.path, pathname);
  if (step === 'create') return <LotteryTemplateStep />;
  if (step === 'config') return <LotteryConfigStep />;
  if (step === 'info') return <LotteryDetail decl={decl} mode="info" />;
  if (step === 'detail') return <LotteryDetail decl={decl} mode="detail" />;
  return <LotteryList decl={decl} />;
}

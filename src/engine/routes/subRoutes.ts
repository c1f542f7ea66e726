/**
 * Child routes of a menu screen (SPEC.md 2 "Activity children"): the screen's own steps under
 * its menu path, e.g. /activity/lottery-activity/create. They render the menu screen (guarded
 * by the same menu entry); the screen reads the step from the location. Other paths under a
 * menu path stay unknown (redirect to /).
 */
export const SUB_ROUTES: Readonly<Record<string, readonly string[]>> = {
  '/activity/lottery-activity': ['create', 'config', 'info', 'detail'],
  // A crud declaration's `formPage` (point activities: list and config).
  '/activity/point-activity': ['config'],
  // Check-in activities (51): list and config (issue 29), like point activities.
  '/activity/check-in-activity': ['config'],
};

/** The step of a location under a menu path ('' for the menu path itself). */
export function subRouteOf(menuPath: string, pathname: string): string {
  if (!pathname.startsWith(`${menuPath}/`)) return '';
  const step = pathname.slice(menuPath.length + 1).replace(/\/+$/, '');
  return (SUB_ROUTES[menuPath] ?? []).includes(step) ? step : '';
}

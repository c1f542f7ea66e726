/**
 * Child routes of a menu screen (SPEC.md 2 "Activity children"): the screen's own steps under
 * its menu path, e.g. /activity/lottery-activity/create, declared by its declarations (a crud
 * declaration's `wizard` steps and view page, and its `formPage`). They render the menu screen (guarded by the same menu
 * entry); the screen reads the step from the location. Other paths under a menu path stay
 * unknown (redirect to /). Read once the declarations are registered (declarations/catalogue.ts).
 */
import { declarationsOn } from '../declarations/catalogue';
import { wizardRoutes } from '../wizard/steps';

/** The child routes the declarations on a menu path declare. */
export function childRoutesOf(menuPath: string): string[] {
  const steps = declarationsOn(menuPath).flatMap((d) => [...wizardRoutes(d), ...(d.formPage ? [d.formPage] : [])]);
  return [...new Set(steps)];
}

/** The step of a location under a menu path ('' for the menu path itself or an unknown step). */
export function subRouteOf(menuPath: string, pathname: string): string {
  if (!pathname.startsWith(`${menuPath}/`)) return '';
  const step = pathname.slice(menuPath.length + 1).replace(/\/+$/, '');
  return childRoutesOf(menuPath).includes(step) ? step : '';
}

/** True when a location is the menu path itself or one of its declared child routes. */
export function isDeclaredRoute(menuPath: string, pathname: string): boolean {
  const p = pathname.replace(/\/+$/, '');
  return p === menuPath || subRouteOf(menuPath, p) !== '';
}

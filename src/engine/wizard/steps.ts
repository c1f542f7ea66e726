/**
 * The routes of a crud declaration's wizard (screen.schema.json `wizard`): each step a child
 * route of the screen's path, its state in the query; the view page of a row. Without React.
 */
import type { ScreenDeclaration, WizardStepDeclaration } from '../../domain/declarations';

export type StepQuery = Record<string, string | number>;

/** The child routes a wizard adds under its screen's path (its steps, then its view page). */
export function wizardRoutes(decl: Pick<ScreenDeclaration, 'wizard'>): string[] {
  const w = decl.wizard;
  return w ? [...w.steps.map((s) => s.route), ...(w.view ? [w.view.route] : [])] : [];
}

/** The address of a route of the screen with its query. */
export function routeHref(decl: Pick<ScreenDeclaration, 'path'>, route: string, query: StepQuery = {}): string {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `${decl.path}/${route}${q ? `?${q}` : ''}`;
}

/** The step of a route (and its position), or null. */
export function stepOf(decl: Pick<ScreenDeclaration, 'wizard'>, route: string): { step: WizardStepDeclaration; index: number } | null {
  const index = decl.wizard?.steps.findIndex((s) => s.route === route) ?? -1;
  return index < 0 ? null : { step: decl.wizard!.steps[index], index };
}

/** Where add, edit and view of a row open (the first step, the edit step with ?id=, the view page with ?id=). */
export function wizardHref(decl: Pick<ScreenDeclaration, 'path' | 'wizard'>, mode: 'add' | 'edit' | 'view', id?: unknown): string {
  const w = decl.wizard!;
  if (mode === 'add') return routeHref(decl, w.steps[0].route);
  const route = mode === 'view' && w.view ? w.view.route : (w.edit ?? w.steps[0].route);
  return routeHref(decl, route, id === undefined || id === null ? {} : { id: String(id) });
}

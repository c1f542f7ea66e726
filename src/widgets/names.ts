/**
 * Names of the registered widgets: the keys of the loader maps of src/widgets/index.ts (no
 * twin list to keep in step). `ui:widget` of a declaration must be one of them or a built-in
 * RJSF widget alias (BUILTIN_WIDGET_NAMES, the engine's: src/engine/registry/widgets.ts).
 */
import { BUILTIN_WIDGET_NAMES } from '../domain/widgetNames';
import { FIELD_WIDGETS, WIDGETS } from './index';

export const WIDGET_NAMES = Object.keys(WIDGETS) as (keyof typeof WIDGETS)[];

/** Widgets whose value is an object, registered as RJSF fields. */
export const FIELD_WIDGET_NAMES = Object.keys(FIELD_WIDGETS) as (keyof typeof FIELD_WIDGETS)[];

export { BUILTIN_WIDGET_NAMES };

export function isKnownWidget(name: unknown): boolean {
  return typeof name === 'string' && ([...WIDGET_NAMES, ...FIELD_WIDGET_NAMES, ...BUILTIN_WIDGET_NAMES] as readonly string[]).includes(name);
}

/**
 * The engine's one registry shape (issue 24): for each kind of part, a map of lazy loaders; the
 * names are the map's keys. The app (src/app, the composition root) fills it; the engine asks it
 * by name and imports none of the parts itself. Without React: the schema tests and the
 * declaration checks read the names only.
 *
 *   registerParts('pane', { helpDocuments: () => import(<the pane's module>) });
 *   partNames('pane')            // ['helpDocuments']
 *   loadPart('pane', 'helpDocuments')
 */

/** A lazy loader: resolves to the part (usually a module with a default export). */
export type Loader<T = unknown> = () => Promise<T>;
/** A map of lazy loaders; its keys are the names a declaration may use. */
export type Loaders<T = unknown> = Readonly<Record<string, Loader<T>>>;

/**
 * The kinds of parts:
 * - `screen`: the screen of a declaration kind (crud, form, custom);
 * - `pane`: the named part of a custom screen (`"pane": "<name>"`);
 * - `widget`, `field`: the RJSF widgets and fields a form's `ui:widget` names (registry/widgets.ts);
 * - `input`: a plain input the engine shows outside a form (`date`: the filters' date picker);
 * - `formAction`: an action beside Save of a declared form (`preview`);
 * - `playground`: the raw texts of the declarations (the screen playground);
 * - `icon`: the icons a row action may name (`"icon": "LockReset"`);
 * - `step`: a wizard's step or its view page (`wizard.steps[].part`, engine/wizard);
 * - `dialog`: the dialog of a row action that asks what its call needs (`"dialog": "lotteryReport"`).
 */
export type PartKind = 'screen' | 'pane' | 'widget' | 'field' | 'input' | 'formAction' | 'playground' | 'icon' | 'step' | 'dialog';

const parts = new Map<PartKind, Record<string, Loader>>();

/** Adds (or replaces) the loaders of `kind`. */
export function registerParts(kind: PartKind, loaders: Loaders): void {
  parts.set(kind, { ...(parts.get(kind) ?? {}), ...loaders });
}

/** The names registered for `kind`, in registration order. */
export function partNames(kind: PartKind): string[] {
  return Object.keys(parts.get(kind) ?? {});
}

/** The loader of a name, or undefined when none is registered. */
export function partLoader<T = unknown>(kind: PartKind, name: string | undefined): Loader<T> | undefined {
  if (!name) return undefined;
  const map = parts.get(kind);
  return map && Object.hasOwn(map, name) ? (map[name] as Loader<T>) : undefined;
}

/** Loads a registered part; rejects when the name is unknown. */
export function loadPart<T = unknown>(kind: PartKind, name: string): Promise<T> {
  const load = partLoader<T>(kind, name);
  return load ? load() : Promise.reject(new Error(`no ${kind} "${name}" is registered`));
}

/**
 * Actions beside Save of a declared form that only code can hold (a declaration's `preview`):
 * registered by the app as `formAction` parts (registry.ts), each a lazy chunk that loads as
 * soon as a form naming it opens, not with the engine.
 */
import { Suspense, type ComponentType } from 'react';
import { lazyChunk, type LazyChunk } from '../lazy/lazyChunk';
import { partLoader, partNames } from './registry';

export interface FormActionProps {
  /** What the declaration names (the preview's kind). */
  kind: string;
  /** The form's current (unsaved) data, read when the action runs. */
  data: () => Record<string, unknown>;
  disabled?: boolean;
}

const components = new Map<string, LazyChunk<FormActionProps>>();
/** Actions already loaded (preloadFormActions): rendered at once, without a Suspense pass. */
const ready = new Map<string, ComponentType<FormActionProps>>();

/** Loads every registered form action (with the form's widgets, registry/widgets.ts). */
export function preloadFormActions(): Promise<unknown> {
  return Promise.all(
    partNames('formAction').map((n) =>
      partLoader<{ default: ComponentType<FormActionProps> }>('formAction', n)!().then((m) => ready.set(n, m.default)),
    ),
  );
}

/** The lazy component of a registered form action, its load started; undefined when none is. */
export function formActionFor(name: string): LazyChunk<FormActionProps> | undefined {
  let c = components.get(name);
  const load = partLoader<{ default: ComponentType<FormActionProps> }>('formAction', name);
  if (!c && load) {
    c = lazyChunk(load, { variant: 'dialog' });
    components.set(name, c);
  }
  void c?.preload().catch(() => {});
  return c;
}

/** The action `name` of a form (nothing while its chunk loads or when none is registered). */
export function FormAction({ name, ...props }: FormActionProps & { name: string }) {
  const Loaded = ready.get(name);
  if (Loaded) return <Loaded {...props} />;
  const Action = formActionFor(name);
  if (!Action) return null;
  return (
    <Suspense fallback={null}>
      <Action {...props} />
    </Suspense>
  );
}

/**
 * The form widgets, as the app registered them (registry.ts kinds `widget` and `field`: lazy
 * loaders of RJSF widgets and fields, the names their keys). The form engine loads them all
 * once, with the first form (they used to be one static import of the form chunk), and hands
 * RJSF the components; the names alone (no loading) decide which `ui:widget` a declaration may
 * use.
 */
import { useEffect, useState, type ComponentType } from 'react';
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { BUILTIN_WIDGET_NAMES } from '../../domain/widgetNames';
import { preloadFormActions } from './formActions';
import { loadPart, partNames } from './registry';

/** True when a declaration may name `name` as `ui:widget` (a registered widget or field, or RJSF's own). */
export function isKnownWidget(name: unknown): boolean {
  return typeof name === 'string' && [...partNames('widget'), ...partNames('field'), ...BUILTIN_WIDGET_NAMES].includes(name);
}

/** True when `name` is registered as an RJSF field (its value an object). */
export function isFieldWidget(name: unknown): boolean {
  return typeof name === 'string' && partNames('field').includes(name);
}

export interface FormWidgets {
  widgets: RegistryWidgetsType;
  fields: RegistryFieldsType;
}

let loaded: FormWidgets | null = null;
let pending: Promise<FormWidgets> | null = null;

async function loadAll(kind: 'widget' | 'field'): Promise<Record<string, ComponentType<never>>> {
  const names = partNames(kind);
  const parts = await Promise.all(names.map((n) => loadPart<ComponentType<never>>(kind, n)));
  return Object.fromEntries(names.map((n, i) => [n, parts[i]]));
}

/** Loads every registered widget and field (once; a failed load is tried again next time). */
export function loadFormWidgets(): Promise<FormWidgets> {
  if (loaded) return Promise.resolve(loaded);
  // Nothing registered yet: nothing to keep (the app registers before its first form).
  if (partNames('widget').length === 0 && partNames('field').length === 0) return Promise.resolve({ widgets: {}, fields: {} });
  // The form actions (the preview beside Save) come with them: a form opens whole.
  const actions = () => preloadFormActions();
  pending ??= Promise.all([loadAll('widget'), loadAll('field'), actions()]).then(
    ([widgets, fields]) => (loaded = { widgets: widgets as RegistryWidgetsType, fields: fields as RegistryFieldsType }),
    (e) => {
      pending = null;
      throw e;
    },
  );
  return pending;
}

/** The loaded widgets, or null while they load (the form shows nothing until then). */
export function useFormWidgets(): FormWidgets | null {
  const [widgets, setWidgets] = useState<FormWidgets | null>(loaded);
  useEffect(() => {
    if (widgets) return;
    let live = true;
    loadFormWidgets().then((w) => live && setWidgets(w), () => {});
    return () => {
      live = false;
    };
  }, [widgets]);
  return widgets;
}

/**
 * A lazy chunk's loader that resolves once the form's widgets are there too: a form chunk
 * (CrudForm, FormView, the row-action input) opens with its fields, as when the widgets were
 * part of it.
 */
export function withFormWidgets<M>(load: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([load(), loadFormWidgets().catch(() => null)]).then(([m]) => m);
}

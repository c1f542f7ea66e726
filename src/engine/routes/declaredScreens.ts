/**
 * The screen of a menu path: the screen part (registry.ts, kind `screen`) of the kind of the
 * registered declarations on it (declarations/catalogue.ts):
 *  - `crud`: the list and its form dialog, form page or wizard (CrudScreen; several on one path
 *    show as tabs);
 *  - `form`: one record edited in place (FormScreen, e.g. other settings);
 *  - `custom`: the page frame and the named pane (CustomScreen), one per path.
 * Each screen is a lazy chunk: RJSF, the validator and the DataGrid load only when a screen
 * opens. Reads the JSON declarations only (no validator).
 */
import { createElement, type ComponentType } from 'react';
import type { MenuNode } from '../../domain/menu';
import { declarationFiles } from '../declarations/catalogue';
import { lazyChunk, type LazyChunk } from '../lazy/lazyChunk';
import { PageLoader } from '../pages/PageLoader';
import { partLoader, partNames } from '../registry/registry';

/** The declaration kinds with a screen of their own, in registration order. */
export type RegisteredKind = 'crud' | 'form' | 'custom';

type ScreenModule = { default: ComponentType<{ node: MenuNode }> };
const components = new Map<string, LazyChunk<{ node: MenuNode }>>();

/** The lazy screen of a kind (one per kind), each with its own spinner while it loads. */
function screenOfKind(kind: string) {
  let c = components.get(kind);
  const load = partLoader<ScreenModule>('screen', kind);
  if (!c && load) {
    c = lazyChunk(load, { fallback: createElement(PageLoader) });
    components.set(kind, c);
  }
  return c;
}

interface DeclarationHead {
  kind?: unknown;
  path?: unknown;
}

/**
 * The menu paths of the declarations of a kind (each path once). A path holding crud
 * declarations is the crud screen's, its form declarations among the tabs (member settings).
 */
export function screenPaths(kind: RegisteredKind, files: readonly unknown[] = declarationFiles()): string[] {
  const heads = files.map((f) => f as DeclarationHead);
  const crud = new Set(heads.filter((d) => d.kind === 'crud').map((d) => d.path));
  const paths = heads
    .filter((d) => d.kind === kind && typeof d.path === 'string' && (kind !== 'form' || !crud.has(d.path)))
    .map((d) => d.path as string);
  return [...new Set(paths)];
}

/** The menu paths of the crud declarations. */
export function crudPaths(files: readonly unknown[] = declarationFiles()): string[] {
  return screenPaths('crud', files);
}

/** The kind whose screen shows `path`: the last registered kind with a declaration there. */
function kindOn(path: string): RegisteredKind | undefined {
  return (partNames('screen') as RegisteredKind[]).filter((k) => screenPaths(k).includes(path)).at(-1);
}

/** The screen of a menu path, or undefined (the section shows 'coming soon'). */
export function screenFor(path: string): LazyChunk<{ node: MenuNode }> | undefined {
  const kind = kindOn(path);
  return kind ? screenOfKind(kind) : undefined;
}

/**
 * Starts loading the chunk of the screen of `path`, so a section route opened directly does not
 * wait for the section screen to render before asking for it (routes.tsx preloadRoute).
 */
export function preloadScreen(path: string): Promise<unknown> {
  return screenFor(path)?.preload() ?? Promise.resolve();
}

/**
 * Registers the screen of every declaration (src/schemas/index.ts) on its menu path, by kind:
 *  - `crud`: the list and its form dialog (CrudScreen; several on one path show as tabs);
 *  - `form`: one record edited in place (FormScreen, e.g. other settings);
 *  - `custom`: the page frame and the named pane of the pane registry (CustomScreen); registered
 *    last, so a path with a custom screen and crud lists shows the pane with the lists as tabs.
 * Each screen is a lazy chunk: RJSF, the validator and the DataGrid load only when a screen
 * opens. Imported once by src/main.tsx; reads the JSON registry only (no validator).
 */
import { createElement, type ComponentType } from 'react';
import type { MenuNode } from '../../domain/menu';
import { lazyChunk } from '../lazy/lazyChunk';
import { PageLoader } from '../pages/PageLoader';
import { DECLARATION_FILES } from '../../schemas/index';
import { registerScreen } from '../routes/screens';
import '../panes/index';

const LOADERS = {
  crud: () => import('./CrudScreen'),
  form: () => import('./FormScreen'),
  custom: () => import('./CustomScreen'),
} as const;

export type RegisteredKind = keyof typeof LOADERS;

// Each shows its own spinner while it loads (lazyChunk `fallback`, no Suspense throttle).
const screen = <M extends { default: ComponentType<{ node: MenuNode }> }>(load: () => Promise<M>) => lazyChunk(load, { fallback: createElement(PageLoader) });
const SCREENS = { crud: screen(LOADERS.crud), form: screen(LOADERS.form), custom: screen(LOADERS.custom) } as const;

interface DeclarationHead {
  kind?: unknown;
  path?: unknown;
}

/**
 * The menu paths of the declarations of a kind (each path once). A path holding crud
 * declarations is the crud screen's, its form declarations among the tabs (member settings).
 */
export function screenPaths(kind: RegisteredKind, files: readonly unknown[] = DECLARATION_FILES): string[] {
  const heads = files.map((f) => f as DeclarationHead);
  const crud = new Set(heads.filter((d) => d.kind === 'crud').map((d) => d.path));
  const paths = heads
    .filter((d) => d.kind === kind && typeof d.path === 'string' && (kind !== 'form' || !crud.has(d.path)))
    .map((d) => d.path as string);
  return [...new Set(paths)];
}

/** The menu paths of the crud declarations. */
export function crudPaths(files: readonly unknown[] = DECLARATION_FILES): string[] {
  return screenPaths('crud', files);
}

export function registerDeclaredScreens(): void {
  for (const kind of Object.keys(SCREENS) as RegisteredKind[]) {
    for (const path of screenPaths(kind)) registerScreen(path, SCREENS[kind]);
  }
}

/**
 * Starts loading the chunk of the screen registered on `path` (the last kind registered there
 * wins, as in registerDeclaredScreens), so a section route opened directly does not wait for
 * the section screen to render before asking for it (routes.tsx preloadRoute).
 */
export function preloadScreen(path: string): Promise<unknown> {
  const kind = (Object.keys(LOADERS) as RegisteredKind[]).filter((k) => screenPaths(k).includes(path)).at(-1);
  return kind ? SCREENS[kind].preload() : Promise.resolve();
}

/** @deprecated the name of the first version: registers every kind now. */
export const registerCrudScreens = registerDeclaredScreens;

registerDeclaredScreens();

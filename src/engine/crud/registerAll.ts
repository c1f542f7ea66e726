/**
 * Registers the screen of every `kind: "crud"` declaration (src/schemas/index.ts) on its menu
 * path. The screen is a lazy chunk: RJSF, the validator and the DataGrid load only when a
 * list is opened. Imported once by src/main.tsx; reads the JSON registry only (no validator).
 */
import { lazy } from 'react';
import { DECLARATION_FILES } from '../../schemas/index';
import { registerScreen } from '../routes/screens';

const CrudScreen = lazy(() => import('./CrudScreen'));

interface DeclarationHead {
  kind?: unknown;
  path?: unknown;
}

/** The menu paths of the crud declarations. */
export function crudPaths(files: readonly unknown[] = DECLARATION_FILES): string[] {
  return files
    .map((f) => f as DeclarationHead)
    .filter((d) => d.kind === 'crud' && typeof d.path === 'string')
    .map((d) => d.path as string);
}

export function registerCrudScreens(): void {
  for (const path of crudPaths()) registerScreen(path, CrudScreen);
}

registerCrudScreens();

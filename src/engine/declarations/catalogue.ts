/**
 * The screen declarations the app registered (src/app/registerAll.ts registers the catalogue of
 * src/schemas), and the declared forms shown outside a screen (the account dialogs'). The engine reads them here and never imports the catalogue itself (issue 24).
 */
import type { FormFile, ScreenDeclaration } from '../../domain/declarations';

let files: readonly unknown[] = [];
let forms: readonly FormFile[] = [];

/** Replaces the registered declarations (the app, once, before the first section screen). */
export function registerDeclarations(list: readonly unknown[]): void {
  files = list;
}

/** The registered declaration files as they are (for the checks and the path lists). */
export function declarationFiles(): readonly unknown[] {
  return files;
}

/** The registered declarations. */
export function declarations(): readonly ScreenDeclaration[] {
  return files as readonly ScreenDeclaration[];
}

/** The declarations on a menu path. */
export function declarationsOn(path: string): ScreenDeclaration[] {
  return declarations().filter((d) => d.path === path);
}

/** Replaces the registered forms shown outside a screen (src/schemas FORM_FILES, the app, once). */
export function registerForms(list: readonly unknown[]): void {
  forms = list as readonly FormFile[];
}

/** The registered form declaration of this id ('session.profile'), or undefined. */
export function formFile(id: string): FormFile | undefined {
  return forms.find((f) => f.id === id);
}

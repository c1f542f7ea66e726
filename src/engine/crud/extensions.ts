/**
 * Declaration features the engine reads beyond the types of src/domain/declarations.ts
 * (screen.schema.json holds them all). Without React.
 *  - a row action's `input`: a small form asked after the confirmation, whose data is the
 *    body of the call (e.g. the reason of a deletion); `danger`: a destructive action;
 *  - a screen's `reloadConfig`: read the tenant config again after a successful write.
 */
import type { FormDeclarationJson, RowActionDeclaration, ScreenDeclaration } from '../../domain/declarations';

export interface ActionInputDeclaration extends FormDeclarationJson {
  /** i18n key of the dialog title; default the action's label. */
  title?: string;
}

export interface EngineRowAction extends RowActionDeclaration {
  input?: ActionInputDeclaration;
  /** A destructive action: warning confirmation, buttons in the error colour. */
  danger?: boolean;
}

export function rowActionsOf(decl: Pick<ScreenDeclaration, 'grid'>): EngineRowAction[] {
  return (decl.grid?.rowActions ?? []) as EngineRowAction[];
}

/** True when the screen's writes change what the tenant config publishes. */
export function reloadsConfig(decl: ScreenDeclaration): boolean {
  return (decl as ScreenDeclaration & { reloadConfig?: unknown }).reloadConfig === true;
}

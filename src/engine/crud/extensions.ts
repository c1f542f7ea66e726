/**
 * Row actions (with `input` and `danger`) and `reloadConfig` of a declaration; the types are
 * generated from screen.schema.json (src/domain/declarations.ts). Without React.
 */
import type { ActionInputDeclaration, RowActionDeclaration, ScreenDeclaration } from '../../domain/declarations';

export type { ActionInputDeclaration };
export type EngineRowAction = RowActionDeclaration;

export function rowActionsOf(decl: Pick<ScreenDeclaration, 'grid'>): EngineRowAction[] {
  return decl.grid?.rowActions ?? [];
}

/** True when the screen's writes change what the tenant config publishes. */
export function reloadsConfig(decl: ScreenDeclaration): boolean {
  return decl.reloadConfig === true;
}

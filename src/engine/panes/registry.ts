/**
 * The pane registry: the parts of a screen that no declaration can express (`kind: "custom"`
 * or `"wizard"` declarations name one with `"pane": "<name>"`). A pane is registered by name,
 * usually as a lazy component so its code loads only when its screen opens, and receives the
 * declaration (its api calls, form, texts) and the menu node.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ScreenDeclaration } from '../../domain/declarations';
import type { MenuNode } from '../../domain/menu';

export interface PaneProps {
  decl: ScreenDeclaration;
  node: MenuNode;
}

export type PaneComponent = ComponentType<PaneProps> | LazyExoticComponent<ComponentType<PaneProps>>;

const panes = new Map<string, PaneComponent>();

/** Registers (or replaces) the pane of a name. */
export function registerPane(name: string, component: PaneComponent): void {
  panes.set(name, component);
}

export function paneFor(name: string | undefined): PaneComponent | undefined {
  return name ? panes.get(name) : undefined;
}

export function registeredPaneNames(): string[] {
  return [...panes.keys()];
}

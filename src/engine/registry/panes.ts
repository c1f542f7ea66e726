/**
 * Panes: the parts of a screen that no declaration can express (`kind: "custom"`
 * declarations name one with `"pane": "<name>"`). The app registers them as lazy loaders
 * (registry.ts, kind `pane`; src/panes/index.ts); a pane's code loads only when its screen opens,
 * and receives the declaration (its api calls, form, texts) and the menu node.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { ScreenDeclaration } from '../../domain/declarations';
import type { MenuNode } from '../../domain/menu';
import { lazyChunk } from '../lazy/lazyChunk';
import { partLoader, partNames } from './registry';

export interface PaneProps {
  decl: ScreenDeclaration;
  node: MenuNode;
}

export type PaneComponent = ComponentType<PaneProps> | LazyExoticComponent<ComponentType<PaneProps>>;

const components = new Map<string, PaneComponent>();

/** The lazy component of a registered pane (one per name), or undefined. */
export function paneFor(name: string | undefined): PaneComponent | undefined {
  const load = partLoader<{ default: ComponentType<PaneProps> }>('pane', name);
  if (!name || !load) return undefined;
  let component = components.get(name);
  if (!component) {
    component = lazyChunk(load);
    components.set(name, component);
  }
  return component;
}

export function registeredPaneNames(): string[] {
  return partNames('pane');
}

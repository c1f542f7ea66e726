/**
 * Which screen renders a menu route. Screens register here as they are built (lazily loaded);
 * every other function shows the 'coming soon' panel naming it.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { MenuNode } from '../../domain/menu';

export type ScreenComponent = ComponentType<{ node: MenuNode }> | LazyExoticComponent<ComponentType<{ node: MenuNode }>>;

const registry = new Map<string, ScreenComponent>();

export function registerScreen(path: string, component: ScreenComponent): void {
  registry.set(path, component);
}

export function screenFor(path: string): ScreenComponent | undefined {
  return registry.get(path);
}

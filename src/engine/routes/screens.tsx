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

let registrar: (() => Promise<unknown>) | null = null;
let registered: Promise<unknown> | null = null;

/**
 * The app registers its screens in a chunk of its own (src/main.tsx: crud/registerAll with the
 * declarations), loaded with the first section route, so the sign-in page loads none of them.
 */
export function registerScreensWith(load: () => Promise<unknown>): void {
  registrar = load;
  registered = null;
}

/** Resolves once the registrar (if any) has run. */
export function screensReady(): Promise<unknown> {
  registered ??= registrar ? registrar() : Promise.resolve();
  return registered;
}

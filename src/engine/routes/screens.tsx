/**
 * When the screens are there: the app hands the loader of its registrations (declarations and
 * parts, src/app/registerAll.ts); the section screen waits for it, then asks
 * declaredScreens.ts which screen renders a menu route ('coming soon' for none).
 */
let registrar: (() => Promise<unknown>) | null = null;
let registered: Promise<unknown> | null = null;

/**
 * The app registers its screens in a chunk of its own (src/app/boot.tsx: src/app/registerAll with the
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

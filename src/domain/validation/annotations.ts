/**
 * The non-validating keywords declarations may carry for the form renderer, apart from Ajv
 * (ajv.ts adds them to its instances): the declarations registry registers its own without
 * loading the validator, so a list screen does not load Ajv before its rows.
 */
export const annotations = new Set<string>(['enumNames']);
const listeners = new Set<(name: string) => void>();

/** `listener` hears every annotation registered from now on. */
export function onAnnotation(listener: (name: string) => void): void {
  listeners.add(listener);
}

/** Lets declarations carry extra annotation keywords (no validation) for the renderer. */
export function registerAnnotations(...names: string[]): void {
  for (const name of names) {
    annotations.add(name);
    for (const listener of listeners) listener(name);
  }
}

/**
 * The declaration files as they are on disk (their exact text, for the screen playground's
 * editor and diff), keyed by the path under src/schemas ('system/role.json'). The app registers
 * this module as the playground's lazy part, so it lands in the playground's chunk only.
 */
export const DECLARATION_RAW: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(import.meta.glob<string>('./*/*.json', { query: '?raw', import: 'default', eager: true })).map(([k, v]) => [k.slice(2), v]),
);

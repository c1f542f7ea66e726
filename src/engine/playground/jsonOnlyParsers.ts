/**
 * Stands in for codemirror-json-schema's YAML and JSON5 parsers (the `yaml` and `json5`
 * packages, ~90 kB gzip) through the resolver in vite.config.ts: the playground edits JSON only.
 */
const jsonOnly = (): never => {
  throw new Error('the playground edits JSON only');
};

export const parseYAMLDocumentState = jsonOnly;
export const parseJSON5DocumentState = jsonOnly;

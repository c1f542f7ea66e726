/**
 * The label of a field of a logged change (the transaction log's detail): the change names its
 * resource (a declaration's `resource`, camel or kebab case) and the field's key; the label is
 * what the screens declaring that resource call the field (form title, list column label, a key
 * of the screen's own texts), else the log's own names of fields no screen declares (id,
 * createdAt, ...). Returns i18n keys, best first: the caller takes the first that exists.
 */
import { loadDeclarations, type ScreenDeclaration } from '../domain/declarations';

const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_all, c: string) => c.toUpperCase());

type Props = Record<string, { title?: unknown; 'x-enum'?: unknown }>;

function declaredKeys(d: ScreenDeclaration, field: string): string[] {
  const keys: string[] = [];
  const title = (d.form?.schema as { properties?: Props } | undefined)?.properties?.[field]?.title;
  if (typeof title === 'string') keys.push(title);
  const column = d.grid?.columns?.find((c) => c.key === field);
  if (column?.label) keys.push(column.label);
  // The screen's own texts: 'screens.lottery.title' -> 'screens.lottery.<field>'.
  if (/\.title$/.test(d.title)) keys.push(d.title.replace(/\.title$/, `.${field}`));
  return keys;
}

const declsOf = (resource: string) => {
  const name = camel(resource);
  return loadDeclarations().filter((d) => d.resource === resource || d.resource === name);
};

/** The enum (src/domain/enums.ts) whose labels the field's values take, if a screen declares one. */
export function changeFieldEnum(resource: string, field: string): string | undefined {
  for (const d of declsOf(resource)) {
    const e = (d.form?.schema as { properties?: Props } | undefined)?.properties?.[field]?.['x-enum'] ?? d.grid?.columns?.find((c) => c.key === field)?.enum;
    if (typeof e === 'string') return e;
  }
  return undefined;
}

export function changeFieldLabelKeys(resource: string, field: string): string[] {
  const decls = declsOf(resource);
  return [...decls.flatMap((d) => declaredKeys(d, field)), `screens.transactionLog.fieldNames.${field}`, `screens.crud.${field}`];
}

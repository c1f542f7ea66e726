/**
 * The required marker and the validator come from one schema fact: every field the form marks
 * required (its parents' `required` lists, as RJSF reads them) is flagged on its own path when
 * it is left empty, nested fields included, and a flag field with no flag counts as empty.
 */
import { describe, expect, it } from 'vitest';
import { loadDeclarations, resolveForm } from '../../src/domain/declarations';
import { FLAG_ENUMS, isEnumName } from '../../src/domain/enums';
import { createValidator } from '../../src/domain/validation/index';
import { schemaDefaults } from '../../src/engine/crud/schemaForm';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** Dot paths of the fields marked required, through required objects only. */
function requiredLeaves(schema: Node, prefix = ''): { path: string; flags: boolean }[] {
  const props = isNode(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return required.flatMap((key) => {
    const sub = props[key];
    const path = prefix ? `${prefix}.${key}` : key;
    if (isNode(sub) && isNode(sub.properties) && Array.isArray(sub.required) && sub.required.length) return requiredLeaves(sub, path);
    const name = isNode(sub) ? sub['x-enum'] : undefined;
    return [{ path, flags: typeof name === 'string' && isEnumName(name) && FLAG_ENUMS.includes(name) }];
  });
}

function emptied(data: Node, path: string, flags: boolean): Node {
  const copy = structuredClone(data);
  const parts = path.split('.');
  let node: Node = copy;
  for (const part of parts.slice(0, -1)) {
    if (!isNode(node[part])) return copy;
    node = node[part] as Node;
  }
  const last = parts[parts.length - 1];
  if (flags) node[last] = 0;
  else delete node[last];
  return copy;
}

const forms = loadDeclarations().filter((d) => d.form).map((d) => [d.id, resolveForm(d.form!)] as const);

describe('required fields', () => {
  it.each(forms)('%s: every field marked required is flagged on its own path when empty', (_id, form) => {
    const validate = createValidator(form);
    const defaults = schemaDefaults(form.schema);
    for (const { path, flags } of requiredLeaves(form.schema as Node)) {
      const errors = validate(emptied(defaults, path, flags));
      expect(Object.keys(errors), `${path} left empty`).toContain(path);
    }
  });

  it('an empty client form flags the primary contact fields, not the contacts object', () => {
    const client = forms.find(([id]) => id === 'system.client')![1];
    const errors = createValidator(client)({});
    expect(Object.keys(errors)).toEqual(expect.arrayContaining([
      'contacts.primary.name', 'contacts.primary.email', 'contacts.primary.phoneCountryCode', 'contacts.primary.phone', 'names.zh_TW',
    ]));
    expect(errors.contacts).toBeUndefined();
    expect(Object.keys(errors).some((p) => p.startsWith('contacts.secondary'))).toBe(false);
  });
});
